"""Multiple Fibonacci Nim, Section 2: monotonicity in x, extensions of P-positions, the
first move (Theorem 2.6) and the cap of Theorem 2.7."""

from __future__ import annotations

import numpy as np

from nimlab.claims.checks import Cases, Region
from nimlab.claims.registry import Claim, holds, register
from nimlab.papers.fibonacci.computed import (BIG, PAPER, block_point, boxes, first_move_block,
                                              is_p, line_reaches, outcome, positions,
                                              table_is_p, unfolded_is_p)
from nimlab.papers.fibonacci.formulas import bump, cap, show, thm262_says


def p_extensions(bound: int) -> list[tuple]:
    """``(a, x, i, j, y)``: ``(a; x)`` a P-position, pile i grown by j, new previous removal y."""
    out = []
    for p, x in positions((1, 2, 3), bound - 1):
        if not any(p) or not is_p(p, x):
            continue
        for i in range(len(p)):
            for j in range(1, bound - p[i] + 1):
                for y in range(1, cap(bump(p, i, j)) + 2):
                    out.append((p, x, i, j, y))
    return out


def extension(c) -> str:
    p, x, i, j, y = c
    return f"{show(p, x)} P; pile {i + 1} + {j}, y={y}: {show(bump(p, i, j), y)}"


def first_move_blocks(smallest: int):
    """``bound -> {a: first_move_block(a, smallest, bound)}`` for a = smallest..bound."""
    return lambda bound: {a: first_move_block(a, smallest, bound)
                          for a in range(smallest, bound + 1)}


def thm262_data(bound: int):
    """The reaches of the kernel's lines and the first-move blocks of piles >= 2."""
    reach = line_reaches(bound)
    return reach, first_move_blocks(2)(bound)


def thm262_blocks(data, bound):
    reach, blocks = data
    for a, ((b, c), last, first) in blocks.items():
        t = 2 * np.minimum(last, cap((a,))) + 1  # 2x* + 1
        says_n = reach.winning(a, b, c, t)
        yield (a,), last >= 1, says_n == (first == 1)


def thm27_cases(bound: int) -> list[tuple]:
    cases = [(p, x, y) for n in (1, 2, 3) for p in boxes(n, bound) if any(p)
             for x in range(cap(p), cap(p) + 2) for y in range(x, 2 * bound + 2)]
    cases.sort(key=lambda c: (c[0][0], c))
    return cases


CLAIMS = register(PAPER, [
    Claim("fib.thm2.1", "Section 2, Theorem 2.1", "theorem",
          "(0, ..., 0; x) is a P-position for every x > 0.",
          Cases(lambda bound: [((0,) * n, x) for x in range(1, bound + 1) for n in (1, 2, 3)],
                lambda c: "P", lambda c: outcome(*c), show=lambda c: show(*c),
                note=lambda bound: f"1-3 piles, x <= {bound}"),
          bound=50, bound_help="x <=", expect=holds(30)),
    Claim("fib.thm2.2", "Section 2, Theorem 2.2", "theorem",
          "Monotonicity in x: if (a; x) is a P-position (x > 0, piles not all empty), so is "
          "(a; y) for every 0 < y <= x.",
          Cases(lambda bound: [(p, x, y) for p, x in positions((1, 2, 3), bound)
                               if any(p) and is_p(p, x) for y in range(1, x)],
                lambda c: "P", lambda c: outcome(c[0], c[2]),
                show=lambda c: f"{show(c[0], c[1])} is P; {show(c[0], c[2])}",
                note=lambda bound: f"1-3 piles <= {bound}"),
          bound=16, bound_help="piles <=", expect=holds(8)),
    Claim("fib.cor2.3", "Section 2, Corollary 2.3", "corollary",
          "If (a; y) is an N-position (y > 0, piles not all empty), so is (a; x) for every "
          "x >= y.",
          Cases(lambda bound: [(p, y, x) for p, y in positions((1, 2, 3), bound)
                               if any(p) and not is_p(p, y) for x in range(y + 1, cap(p) + 2)],
                lambda c: "N", lambda c: outcome(c[0], c[2]),
                show=lambda c: f"{show(c[0], c[1])} is N; {show(c[0], c[2])}",
                note=lambda bound: f"1-3 piles <= {bound}, x up to the Theorem 2.7 cap + 1"),
          bound=16, bound_help="piles <=", expect=holds(8)),
    Claim("fib.thm2.4", "Section 2, Theorem 2.4", "theorem",
          "If (a; x) is a P-position (x > 0, piles not all empty), then adding 0 < j <= x chips "
          "to one pile and setting the previous removal to any y with 2y >= j gives an "
          "N-position.",
          Cases(lambda bound: [c for c in p_extensions(bound)
                               if c[3] <= c[1] and 2 * c[4] >= c[3]],
                lambda c: "N", lambda c: outcome(bump(c[0], c[2], c[3]), c[4]),
                show=extension, note=lambda bound: f"1-3 piles, grown piles <= {bound}"),
          bound=11, bound_help="piles <=", expect=holds(8)),
    Claim("fib.cor2.5", "Section 2, Corollary 2.5 (first sentence)", "corollary",
          "If (a; x) and (a + j e_i; y) are both P-positions (x, y, j > 0), then j > x or "
          "j > 2y.",
          Cases(lambda bound: [c for c in p_extensions(bound)
                               if is_p(bump(c[0], c[2], c[3]), c[4])],
                lambda c: True, lambda c: c[3] > c[1] or c[3] > 2 * c[4], show=extension,
                note=lambda bound: f"every pair of P-positions found, piles <= {bound}"),
          bound=11, bound_help="piles <=", expect=holds(8)),
    Claim("fib.cor2.5.1", "Section 2, Corollary 2.5 (second sentence)", "corollary",
          "If (a; 1) and (a + j e_i; 1) are both P-positions, then j >= 2.",
          Cases(lambda bound: [c for c in p_extensions(bound) if c[1] == 1 and c[4] == 1
                               and is_p(bump(c[0], c[2], c[3]), 1)],
                lambda c: True, lambda c: c[3] >= 2, show=extension,
                note=lambda bound: f"piles <= {bound}"),
          bound=14, bound_help="piles <=", expect=holds(8)),
    Claim("fib.thm2.6.1", "Section 2, Theorem 2.6(1)", "theorem",
          "If every pile exceeds 2 and (a; 1) is an N-position, then the first-move position "
          "(a; 0) is an N-position.",
          Region(first_move_blocks(3),
                 lambda blocks, bound: (((a,), last == 0, first == 1)
                                        for a, (_, last, first) in blocks.items()),
                 claimed=lambda blocks, c: "N",
                 computed=lambda blocks, c: "P" if blocks[c[0]][2][c[1]] else "N",
                 show=lambda c: show(block_point(c[0], 3, c[1]), 0),
                 note=lambda bound: f"1-3 piles in 3..{bound}, on the kernel's tables"),
          bound=BIG, bound_help="piles <=", expect=holds(8)),
    Claim("fib.thm2.6.2", "Section 2, Theorem 2.6(2)", "theorem",
          "Let every pile exceed 1 and (a; 1) be a P-position, x* the largest x > 0 with (a; x) "
          "P. Then (a; 0) is P iff for every pile a_i > 2x* + 1 the positions reached by taking "
          "2x*+1, ..., a_i - 1 chips from it (with that removal as x) are all N-positions.",
          Region(thm262_data, thm262_blocks,
                 claimed=lambda data, c: thm262_says(block_point(c[0], 2, c[1]), table_is_p),
                 computed=lambda data, c: "P" if data[1][c[0]][2][c[1]] else "N",
                 show=lambda c: show(block_point(c[0], 2, c[1]), 0),
                 note=lambda bound: f"1-3 piles in 2..{bound} with (a; 1) P, on the kernel's "
                                    "tables"),
          bound=BIG, bound_help="piles <=", expect=holds(8)),
    Claim("fib.thm2.7", "Section 2, Theorem 2.7", "theorem",
          "If 2x >= the largest pile (piles not all empty), then (a; y) and (a; x) have the "
          "same outcome for every y >= x. (Checked with a solver that does not fold x.)",
          Cases(thm27_cases, lambda c: unfolded_is_p(c[0], c[1]),
                lambda c: unfolded_is_p(c[0], c[2]),
                show=lambda c: f"{show(c[0], c[1])} vs {show(c[0], c[2])} (P?)",
                note=lambda bound: f"1-3 piles <= {bound}, y up to {2 * bound + 1}"),
          bound=10, bound_help="piles <=", expect=holds(7)),
])

"""Multiple Fibonacci Nim, the abstract and Section 1: the classic game, Zeckendorf's strategy,
the count of positions and the rules."""

from __future__ import annotations

from math import comb, factorial

from nimlab.claims.checks import Cases
from nimlab.claims.registry import Claim, fails, holds, register
from nimlab.papers.fibonacci.computed import GAME, PAPER, boxes, is_p, outcome, positions
from nimlab.papers.fibonacci.formulas import (bump, fib_numbers, position_count,
                                              position_count_closed, show, zeckendorf_smallest)


def zeckendorf_says(c) -> bool:
    """The introduction's strategy: (n; x) is N iff z <= 2x (first move: z < n)."""
    n, x = c
    z = zeckendorf_smallest(n)
    return z < n if x == 0 else z <= 2 * x


def zeckendorf_wins(c) -> bool:
    """Computed: (n; x) is N and removing z reaches a P-position."""
    n, x = c
    if is_p((n,), x):
        return False
    z = zeckendorf_smallest(n)
    return is_p((n - z,), z)  # True only when removing z is a winning move


def count_falls(c) -> bool:
    """The count is C(N+n-1, n) * N, and its ratio to N^(n+1)/n! is below the one at N - 1."""
    n, N = c
    ratio = position_count(n, N) * factorial(n) / N ** (n + 1)
    previous = comb(N + n - 2, n) * (N - 1) * factorial(n) / (N - 1) ** (n + 1)
    return position_count(n, N) == position_count_closed(n, N) and ratio < previous


def rules_cases(bound: int) -> list[tuple]:
    cases = [(p, x) for p, x in positions((1, 2, 3), bound, extra=2)]
    return cases + [(p, 0) for n in (1, 2, 3) for p in boxes(n, bound, 1)]


def rules_moves(c) -> list:
    """The followers of ``(piles; x)`` by the paper's definition of a move."""
    piles, x = c
    out = set()
    for i, a in enumerate(piles):
        most = a - 1 if x == 0 else min(a, 2 * x)
        out |= {(bump(piles, i, -j), j) for j in range(1, most + 1)}
    return sorted(out)


CLAIMS = register(PAPER, [
    Claim("fib.intro.classic", "Section 1 (Introduction)", "claim",
          "Single-pile Fibonacci Nim (the first move may not take the whole pile, later moves "
          "at most twice the previous one): the first-move position with n >= 1 chips is a "
          "P-position iff n is a Fibonacci number.",
          Cases(lambda bound: range(1, bound + 1),
                lambda n: "P" if n in fib_numbers(n) else "N", lambda n: outcome((n,), 0),
                show=lambda n: show((n,), 0), note=lambda bound: f"1 <= n <= {bound}"),
          bound=150, bound_help="n <=", expect=holds(30)),
    Claim("fib.intro.zeckendorf", "Section 1 (Introduction)", "claim",
          "The Zeckendorf representation gives the winning strategy of single-pile Fibonacci "
          "Nim: (n; x) with x > 0 is N iff the smallest Zeckendorf term z of n is at most 2x, "
          "and then removing z chips wins (the first move (n; 0) likewise when z < n).",
          Cases(lambda bound: [(n, x) for n in range(1, bound + 1) for x in range(0, n + 1)],
                zeckendorf_says, zeckendorf_wins, show=lambda c: show((c[0],), c[1]),
                note=lambda bound: f"single pile n <= {bound}, every x <= n; computed: the "
                                   "position is N and removing z reaches a P-position"),
          bound=60, bound_help="n <=", expect=holds(30)),
    Claim("fib.intro.count", "Section 1 (Introduction)", "remark",
          "With at most N chips per pile there are at most N^(n+1)/n! different positions "
          "(a_1..a_n; x) up to the order of the piles. (Counted with piles 1..N and x in 1..N, "
          "the reading most favourable to the bound.)",
          Cases(lambda bound: [(n, N) for N in range(1, bound + 1) for n in (2, 3)],
                lambda c: True,
                lambda c: position_count(*c) * factorial(c[0]) <= c[1] ** (c[0] + 1),
                show=lambda c: f"n={c[0]} piles, N={c[1]}: count <= N^(n+1)/n!",
                note=lambda bound: f"N <= {bound}, 2 and 3 piles"),
          bound=30, bound_help="N <=",
          expect=fails(30, "n=2 piles, N=1: count <= N^(n+1)/n!", True, False)),
    Claim("fib.intro.count.corrected", "Section 1 (Introduction)", "remark",
          "Corrected: the count is C(N+n-1, n) * N (piles 1..N, x in 1..N), which exceeds "
          "N^(n+1)/n! for n >= 2 but by a factor that falls towards 1 as N grows.",
          Cases(lambda bound: [(n, N) for N in range(2, bound + 1) for n in (2, 3)],
                lambda c: True, count_falls, show=lambda c: f"n={c[0]}, N={c[1]}",
                note=lambda bound: f"2 <= N <= {bound}"),
          bound=30, bound_help="N <=", corrects="fib.intro.count", expect=holds(30)),
    Claim("fib.def.rules", "Abstract and Section 1 (definition)", "definition",
          "The game: n > 1 piles of more than one chip; a move takes chips from one pile; the "
          "first move may take any number but not the whole pile; afterwards at most twice the "
          "previous removal (a whole pile may go); taking the last chip wins. (Checked: "
          "nimlab's moves are exactly these, also on the single-pile and 0/1-chip positions "
          "Sections 3-4 use.)",
          Cases(rules_cases, rules_moves, lambda c: sorted(set(GAME.successors(c))),
                show=lambda c: show(*c), note=lambda bound: f"1-3 piles <= {bound}, every x"),
          bound=9, bound_help="piles <=", expect=holds(6)),
])

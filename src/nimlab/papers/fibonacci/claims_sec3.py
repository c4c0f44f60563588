"""Multiple Fibonacci Nim, Section 3: two piles (Theorem 3.1, Corollary 3.2, Mult2FibGame), a
single pile (Lemma 3.3, Theorem 3.4), Theorem 3.5 and the procedures PPos1 and PPos2."""

from __future__ import annotations

import numpy as np

from nimlab.claims.artifacts import printed
from nimlab.claims.checks import Cases, Facts, Region
from nimlab.claims.registry import Claim, fails, holds, register
from nimlab.papers.fibonacci.algorithms import (mult2fib, p1_lookup, p2_lookup, ppos1,
                                                tables12)
from nimlab.papers.fibonacci.computed import (BIG, GAME, PAPER, SINGLE, is_p, kernel, outcome,
                                              two_cells)
from nimlab.papers.fibonacci.formulas import cap, forms, show, thm35_says_n


# ---------------------------------------------------------------------- the kernel's tables
def last_p_of(piles: int):
    """``bound -> last_p`` of the kernel's table of ``piles`` piles, as int64."""
    return lambda bound: kernel(piles, bound).last_p.astype(np.int64)


def thm311_blocks(last, bound):
    return (((m,), np.ones(m + 2, bool), np.arange(1, m + 3) > last[two_cells(m, m)])
            for m in range(bound + 1))


def thm312_blocks(last, bound):
    for s in range(1, bound + 1):  # rows m = 0..s-1 (k = s - m), columns x = 0..s+1
        m = np.arange(s)[:, None]
        x = np.arange(s + 2)[None, :]
        box = np.broadcast_to((x >= (s - m + 1) // 2) & (x > 0), (s, s + 2))  # x >= ceil(k/2)
        yield (s,), box, x <= last[two_cells(s, m)]


def cor32_blocks(first, bound):
    for s in range(3, bound + 1):
        m = np.arange(2, s)
        yield (s,), np.ones(len(m), bool), first[two_cells(s, m)] == 1


def lemma33_blocks(last, bound):
    return (((m,), np.ones(m + 2 - (m + 1) // 2, bool),
             np.arange((m + 1) // 2, m + 2) <= last[m]) for m in range(1, bound + 1))


def thm34_says_n(last, m):
    """Theorem 3.4 for (m; x), x = 1, 2, ... while m > 2x: some i <= 2x with 3i < m and
    (m - i; i) P, read from the kernel's ``last_p``."""
    i = np.arange(1, m + 1)
    some = np.logical_or.accumulate((3 * i < m) & (last[m - i] >= i))
    return some[np.minimum(2 * np.arange(1, (m + 1) // 2), m) - 1]


def thm34_blocks(last, bound):
    for m in range(1, bound + 1):
        x = np.arange(1, (m + 1) // 2)  # m > 2x
        yield (m,), np.ones(len(x), bool), thm34_says_n(last, m) != (last[m] < x)


# ------------------------------------------------------------------------------ the example
def example_facts(bound: int) -> list[tuple]:
    data = printed(PAPER, "example-3.2")
    start, after = data["initial"], data["after"]
    piles, x = tuple(start[:-1]), start[-1]
    follower = (tuple(after[:-1]), after[-1])
    big, small = follower[0]
    return [
        ("(12, 4; 1) is a follower of (12, 5; 0)", True,
         any(q == follower for q in GAME.successors((piles, x)))),
        ("m, k, x of (12, 4; 1)", [data["m"], data["k"], data["x"]],
         [small, big - small, follower[1]]),
        ("k > 2x", True, big - small > 2 * follower[1]),
        ("outcome of (12, 5; 0)", "N", outcome(piles, x)),
    ]


def example_note(bound: int) -> str:
    after = printed(PAPER, "example-3.2")["after"]
    follower = (tuple(after[:-1]), after[-1])
    return (f"(12, 4; 1) is {outcome(*follower)}: the paper's question whether Left still "
            f"wins after this move is answered {'yes' if is_p(*follower) else 'no'}")


def two_pile_k_cases(bound: int) -> list[tuple[int, int, int]]:
    """``(m, k, x)`` with m >= 1, m + k <= bound and k > 2x > 0."""
    return [(m, k, x) for s in range(2, bound + 1) for m in range(1, s) for k in [s - m]
            for x in range(1, (k + 1) // 2) if k > 2 * x]


# ---------------------------------------------------------------------- PPos1 and PPos2
# The procedures' arrays ride along with each case: ``(piles, x, arrays)``.
def ppos1_cases(loop_back: bool):
    def cases(bound):
        table = ppos1(bound, loop_back)
        return [((m,), x, table) for m in range(bound + 1) for x in range(1, bound + 1)]
    return cases


def ppos1_check(loop_back: bool) -> Cases:
    return Cases(ppos1_cases(loop_back),
                 lambda c: "P" if p1_lookup(c[2], c[0][0], c[1]) else "N",
                 lambda c: outcome(c[0], c[1]), show=lambda c: show(c[0], c[1]),
                 note=lambda bound: f"every (m; x), m, x <= {bound}")


def ppos2_cases(bound: int) -> list[tuple]:
    t1, t2 = tables12(bound)
    return [((a, b), x, (t1, t2)) for a in range(bound + 1) for b in range(a + 1)
            for x in range(1, cap((a,)) + 2)]


def ppos1_array_cases(bound: int) -> list[tuple]:
    table = ppos1(bound)
    return [(N, table) for N in range(1, bound + 1)]


def ppos2_array_cases(bound: int) -> list[tuple]:
    _, t2 = tables12(bound)
    return [(m, bound, t2) for m in range(1, bound)]


CLAIMS = register(PAPER, [
    Claim("fib.thm3.1.1", "Section 3.1, Theorem 3.1(1)", "theorem",
          "(m, m; x) is a P-position for every m >= 0 and x > 0.",
          Region(last_p_of(2), thm311_blocks, claimed=lambda last, c: "P",
                 computed=lambda last, c: "P" if last[two_cells(c[0], c[0])] >= c[1] + 1
                 else "N",
                 show=lambda c: show((c[0], c[0]), c[1] + 1),
                 note=lambda bound: f"m <= {bound}, every x <= m + 2, on the kernel's 2-pile "
                                    "table"),
          bound=BIG, bound_help="m <=", expect=holds(30)),
    Claim("fib.thm3.1.2", "Section 3.1, Theorem 3.1(2)", "theorem",
          "(m + k, m; x) is an N-position for m >= 0, x > 0 and 0 < k <= 2x.",
          Region(last_p_of(2), thm312_blocks, claimed=lambda last, c: "N",
                 computed=lambda last, c: "P" if last[two_cells(*c[:2])] >= c[2] else "N",
                 show=lambda c: show((c[0], c[1]), c[2]),
                 note=lambda bound: f"m + k <= {bound}, on the kernel's 2-pile table"),
          bound=BIG, bound_help="m + k <=", expect=holds(8)),
    Claim("fib.cor3.2", "Section 3.1, Corollary 3.2", "corollary",
          "(m + k, m; 0) is an N-position for m > 1 and k > 0.",
          Region(lambda bound: kernel(2, bound).first, cor32_blocks,
                 claimed=lambda first, c: "N",
                 computed=lambda first, c: "P" if first[two_cells(c[0], c[1] + 2)] else "N",
                 show=lambda c: show((c[0], c[1] + 2), 0),
                 note=lambda bound: f"m + k <= {bound}, on the kernel's 2-pile table"),
          bound=BIG, bound_help="m + k <=", expect=holds(20)),
    Claim("fib.alg.mult2fib", "Section 3.1, Algorithm Mult2FibGame", "algorithm",
          "Algorithm Mult2FibGame, for its stated input m >= 0 and k > 0: from (m + k, m; 0) "
          "Left removes k from the larger pile and afterwards repeats Right's removal R on the "
          "other pile; this wins against every reply.",
          Cases(lambda bound: [(m, s - m) for s in range(1, bound + 1) for m in range(0, s)],
                lambda c: "Left wins", lambda c: mult2fib(*c),
                show=lambda c: f"m={c[0]}, k={c[1]}: {show((c[0] + c[1], c[0]), 0)}",
                note=lambda bound: f"m + k <= {bound}, every line of Right's replies"),
          bound=20, bound_help="m + k <=",
          expect=fails(8, "m=0, k=1: (1, 0; 0)", "Left wins",
                       "first move takes the whole pile of 1 (not allowed on the first move)")),
    Claim("fib.alg.mult2fib.corrected", "Section 3.1, Algorithm Mult2FibGame", "algorithm",
          "Corrected input range m >= 1 (Corollary 3.2 has m > 1; the game's piles exceed 1): "
          "then Algorithm Mult2FibGame wins from (m + k, m; 0) against every reply.",
          Cases(lambda bound: [(m, s - m) for s in range(2, bound + 1) for m in range(1, s)],
                lambda c: "Left wins", lambda c: mult2fib(*c),
                show=lambda c: f"m={c[0]}, k={c[1]}",
                note=lambda bound: f"1 <= m, m + k <= {bound}"),
          bound=24, bound_help="m + k <=", corrects="fib.alg.mult2fib", expect=holds(8)),
    Claim("fib.ex3.2", "Section 3.2, example (12, 5; 0)", "example",
          "From (12, 5; 0), removing 1 chip from the pile of 5 gives (12, 4; 1), a position "
          "(m + k, m; x) with m = 4, k = 8, x = 1 and k > 2x, outside Theorem 3.1; (12, 5; 0) "
          "itself is an N-position (Corollary 3.2).",
          Facts(example_facts, note=example_note),
          bound=0, bound_help="(fixed example)", expect=holds(0)),
    Claim("fib.sec3.2.forms", "Section 3.2, Forms 1-3", "claim",
          "The followers of (m + k, m; x) with k > 2x are exactly Form1 (take i <= min(m-1, 2x) "
          "from the smaller pile), Form2 (empty the smaller pile, m <= 2x) and Form3 (take "
          "i <= 2x from the larger pile).",
          Cases(two_pile_k_cases, lambda c: {GAME.key(q) for q in forms(*c)},
                lambda c: {GAME.key(q) for q in GAME.successors(((c[0] + c[1], c[0]), c[2]))},
                show=lambda c: show((c[0] + c[1], c[0]), c[2]),
                note=lambda bound: f"m + k <= {bound}"),
          bound=20, bound_help="m + k <=", expect=holds(8)),
    Claim("fib.lemma3.3", "Section 3.2, Lemma 3.3", "lemma",
          "A single pile (m; x) with 0 < m <= 2x is an N-position.",
          Region(last_p_of(1), lemma33_blocks, claimed=lambda last, c: "N",
                 computed=lambda last, c: "P" if last[c[0]] >= c[1] + (c[0] + 1) // 2 else "N",
                 show=lambda c: show((c[0],), c[1] + (c[0] + 1) // 2),
                 note=lambda bound: f"m <= {bound}, on the kernel's 1-pile table"),
          bound=SINGLE, bound_help="m <=", expect=holds(30)),
    Claim("fib.thm3.4", "Section 3.2, Theorem 3.4", "theorem",
          "For a single pile with m > 2x > 0: (m; x) is N iff some i with 1 <= i <= 2x and "
          "3i < m makes (m - i; i) a P-position.",
          Region(last_p_of(1), thm34_blocks,
                 claimed=lambda last, c: "N" if thm34_says_n(last, c[0])[c[1]] else "P",
                 computed=lambda last, c: "N" if last[c[0]] < c[1] + 1 else "P",
                 show=lambda c: show((c[0],), c[1] + 1),
                 note=lambda bound: f"m <= {bound}, on the kernel's 1-pile table"),
          bound=SINGLE, bound_help="m <=", expect=holds(30)),
    Claim("fib.thm3.5", "Section 3.2, Theorem 3.5", "theorem",
          "For m, k, x > 0 with k > 2x: (m + k, m; x) is N iff some 1 <= i <= 2x has i < m and "
          "(m + k, m - i; i) P, or i = m and (m + k; i) P, or 3i < k and (m + k - i, m; i) P.",
          Cases(two_pile_k_cases, lambda c: "N" if thm35_says_n(*c, is_p) else "P",
                lambda c: outcome((c[0] + c[1], c[0]), c[2]),
                show=lambda c: show((c[0] + c[1], c[0]), c[2]),
                note=lambda bound: f"m + k <= {bound}"),
          bound=30, bound_help="m + k <=", expect=holds(8)),
    Claim("fib.alg.ppos1", "Section 3.2, Algorithm PPos1", "algorithm",
          "Algorithm PPos1 as its steps are listed ((12) m = m + 1, then (13) End) computes "
          "IsPPos1(m; x) for m up to N.",
          ppos1_check(loop_back=False), bound=60, bound_help="N =",
          expect=fails(30, "(5; 1)", "N", "P")),
    Claim("fib.alg.ppos1.corrected", "Section 3.2, Algorithm PPos1 and its C code", "algorithm",
          "With step (12) jumping back to step (2) (as the C code's loop does), Algorithm PPos1 "
          "computes IsPPos1(m; x) correctly for all m, x <= N.",
          ppos1_check(loop_back=True), bound=150, bound_help="N =", corrects="fib.alg.ppos1",
          expect=holds(30)),
    Claim("fib.alg.ppos1.array", "Section 3.2, PPos1Arr[(N+1)/2]", "claim",
          "The array PPos1Arr needs at most (N+1)/2 entries (integer division): the number of "
          "m <= N with (m; 1) a P-position, one entry each, is at most (N+1)/2 (by Corollary "
          "2.5).",
          Cases(ppos1_array_cases, lambda c: True,
                lambda c: sum(1 for m in c[1] if 1 <= m <= c[0]) <= (c[0] + 1) // 2,
                show=lambda c: f"N={c[0]}",
                note=lambda bound: f"N <= {bound} (the C code has N = 51)"),
          bound=150, bound_help="N <=", expect=holds(30)),
    Claim("fib.alg.ppos2", "Section 3.2, PPos2 (C code)", "algorithm",
          "The PPos2 procedure (Theorem 3.5 over m, then k, then x, storing (m + k, m; x*) for "
          "k > 2x), together with PPos1 and Theorem 3.1, classifies every two-pile position "
          "(a, b; x), x > 0, correctly.",
          Cases(ppos2_cases, lambda c: "P" if p2_lookup(*c[2], c[0][0], c[0][1], c[1]) else "N",
                lambda c: outcome(c[0], c[1]), show=lambda c: show(c[0], c[1]),
                note=lambda bound: f"piles <= {bound}"),
          bound=40, bound_help="N =", expect=holds(8)),
    Claim("fib.alg.ppos2.array", "Section 3.2, PPos2Arr[m] of (N-m)/2 entries", "claim",
          "Each dynamic array PPos2Arr[m] needs at most (N-m)/2 entries (integer division): the "
          "number of k <= N-m with (m + k, m; 1) P and k > 2 is at most (N-m)/2.",
          Cases(ppos2_array_cases,
                lambda c: True,
                lambda c: sum(1 for (mm, k) in c[2] if mm == c[0]) <= (c[1] - c[0]) // 2,
                show=lambda c: f"N={c[1]}, m={c[0]}", note=lambda bound: f"N = {bound}"),
          bound=40, bound_help="N =", expect=holds(8)),
])

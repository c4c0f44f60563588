"""Multiple Fibonacci Nim, Section 4: three piles (Theorems 4.1 and 4.2), Algorithm PPos3 with
its storage (i)-(ii), its Note and its memory bound, and Algorithm mFib3Win."""

from __future__ import annotations

from fractions import Fraction as Q

from nimlab.claims.checks import Cases
from nimlab.claims.registry import Claim, fails, holds, register
from nimlab.papers.fibonacci.algorithms import PPos3, mfib3win, ppos3
from nimlab.papers.fibonacci.computed import PAPER, boxes, is_p, outcome, positions
from nimlab.papers.fibonacci.formulas import show, thm41_says_n, thm42_says


def three_piles(bound: int) -> list[tuple]:
    """``(piles, x)`` with three non-empty piles <= bound, x up to the Theorem 2.7 cap + 1."""
    return [(p, x) for p, x in positions((3,), bound) if min(p) > 0]


# PPos3's output rides along with each case: ``(..., alg)``.
def ppos3_cases(bound: int) -> list[tuple]:
    alg = ppos3(bound)
    return [(p, x, alg) for p, x in three_piles(bound)]


def ppos3_first_cases(bound: int) -> list[tuple]:
    alg = ppos3(bound)
    return [(p, alg) for p in boxes(3, bound, 1)]


def stored(alg: PPos3, N: int) -> list[tuple[int, int, int]]:
    return [t for t in alg.stored if t[0] <= N]


def memory_cases(bound: int) -> list[tuple]:
    alg = ppos3(bound)
    return [(N, len(stored(alg, N))) for N in range(1, bound + 1)]


def array_cases(bound: int) -> list[tuple]:
    """``(N, m, count)``: the positions PPos3Arr[m] stores for piles <= N."""
    alg = ppos3(bound)
    return [(N, m, sum(1 for t in stored(alg, N) if t[2] == m))
            for N in range(1, bound + 1) for m in range(1, N + 1)]


def mfib_cases(bound: int) -> list[tuple[int, int, int]]:
    return [p for p in boxes(3, bound, 2) if not is_p(p, 0)]


CLAIMS = register(PAPER, [
    Claim("fib.thm4.1", "Section 4, Theorem 4.1", "theorem",
          "For three non-empty piles and x > 0: (h, k, m; x) is N iff some i <= 2x empties a "
          "pile leaving a P-position of two piles (equal piles count as P) or takes i from a "
          "larger pile leaving a three-pile P-position (h, k, m - i; i), (h, k - i, m; i) or "
          "(h - i, k, m; i).",
          Cases(three_piles, lambda c: "N" if thm41_says_n(*c[0], c[1], is_p) else "P",
                lambda c: outcome(*c), show=lambda c: show(*c),
                note=lambda bound: f"three piles in 1..{bound}"),
          bound=16, bound_help="piles <=", expect=holds(8)),
    Claim("fib.thm4.2", "Section 4, Theorem 4.2", "theorem",
          "For three non-empty piles: the first-move position (h, k, m; 0) is N iff some i "
          "smaller than a pile, taken from it, leaves a P-position with previous removal i.",
          Cases(lambda bound: list(boxes(3, bound, 1)), lambda p: thm42_says(p, is_p),
                lambda p: outcome(p, 0), show=lambda p: show(p, 0),
                note=lambda bound: f"three piles in 1..{bound}"),
          bound=20, bound_help="piles <=", expect=holds(8)),
    Claim("fib.alg.ppos3", "Section 4, Algorithm PPos3 with (i)-(ii)", "algorithm",
          "Algorithm PPos3 (steps (1)-(20), storing per (h, k, m) only the largest x of a "
          "P-position) classifies every three-pile position (h, k, m; x) with h, k, m, x > 0 "
          "correctly.",
          Cases(ppos3_cases, lambda c: "P" if c[2].p(c[0], c[1]) else "N",
                lambda c: outcome(c[0], c[1]), show=lambda c: show(c[0], c[1]),
                note=lambda bound: f"three piles in 1..{bound}"),
          bound=18, bound_help="N =", expect=holds(8)),
    Claim("fib.alg.ppos3.first", "Section 4, Note after Algorithm PPos3", "algorithm",
          "PPos3 changed as the Note says for x = 0 (no x loop, bd = h - 1, '<' for '<=') "
          "classifies every first-move position (h, k, m; 0) correctly.",
          Cases(ppos3_first_cases, lambda c: "P" if c[0] in c[1].first else "N",
                lambda c: outcome(c[0], 0), show=lambda c: show(c[0], 0),
                note=lambda bound: f"three piles in 1..{bound}"),
          bound=18, bound_help="N =", expect=holds(8)),
    Claim("fib.alg.ppos3.memory", "Section 4, memory bound of (i)-(ii)", "claim",
          "With (i)-(ii) PPos3 stores at most 3 * sum_{m=1..N} ((N+1-m)/2)^2 = N(N+1)(2N+1)/8 "
          "integers, three per stored position (h, k, m; x*), piles <= N.",
          Cases(memory_cases, lambda c: True,
                lambda c: 8 * 3 * c[1] <= c[0] * (c[0] + 1) * (2 * c[0] + 1),
                show=lambda c: f"N={c[0]}: 3 x {c[1]} stored integers vs N(N+1)(2N+1)/8 = "
                               f"{c[0] * (c[0] + 1) * (2 * c[0] + 1) / 8:g}",
                note=lambda bound: f"N <= {bound}"),
          bound=18, bound_help="N <=", expect=holds(8)),
    Claim("fib.alg.ppos3.array", "Section 4, memory bound of (i)-(ii)", "claim",
          "The summands of the bound: for each m, the array PPos3Arr[m] holds at most "
          "((N+1-m)/2)^2 positions (h, k, m; x*) with N >= h >= k >= m.",
          Cases(array_cases, lambda c: True, lambda c: 4 * c[2] <= (c[0] + 1 - c[1]) ** 2,
                show=lambda c: f"N={c[0]}, PPos3Arr[{c[1]}]: {c[2]} stored vs "
                               f"((N+1-m)/2)^2 = {((c[0] + 1 - c[1]) / 2) ** 2:g}",
                note=lambda bound: f"N <= {bound}; the arrays for m near N are too small (e.g. "
                                   "(3, 3, 3; 1) is P), although the total N(N+1)(2N+1)/8 "
                                   "holds (fib.alg.ppos3.memory)"),
          bound=18, bound_help="N <=",
          expect=fails(8, "N=3, PPos3Arr[3]: 1 stored vs ((N+1-m)/2)^2 = 0.25", True, False)),
    Claim("fib.alg.ppos3.sum", "Section 4, memory bound of (i)-(ii)", "claim",
          "The identity 3 * sum_{m=1..N} ((N+1-m)/2)^2 = N(N+1)(2N+1)/8 (exact arithmetic).",
          Cases(lambda bound: range(1, bound + 1), lambda N: Q(N * (N + 1) * (2 * N + 1), 8),
                lambda N: 3 * sum(Q(N + 1 - m, 2) ** 2 for m in range(1, N + 1)),
                show=lambda N: f"N={N}", note=lambda bound: f"N <= {bound}"),
          bound=200, bound_help="N <=", expect=holds(30)),
    Claim("fib.alg.mfib3win", "Section 4, Algorithm mFib3Win and its modules", "algorithm",
          "Algorithm mFib3Win with modules search0, search, search_1 and search_2 as printed "
          "wins for Left from every first-move N-position (h, k, m; 0), h, k, m > 1.",
          Cases(mfib_cases, lambda p: "Left wins", lambda p: mfib3win(p, False),
                show=lambda p: show(p, 0),
                note=lambda bound: f"piles in 2..{bound}, every reply of Right. As printed, "
                "'found' is never reset after Left's first move (so later turns try only the "
                "first non-empty pile), and search/search_1/search_2 inherit search0's test "
                "'i >= t: stop', so a removal of exactly t = min(pile, 2R) - often the only "
                "winning one, e.g. taking a whole small pile - is never tried"),
          bound=10, bound_help="piles <=",
          expect=fails(6, "(3, 3, 2; 0)", "Left wins", "Left finds no move at (1, 3, 2; 1)")),
    Claim("fib.alg.mfib3win.corrected", "Section 4, Algorithm mFib3Win", "algorithm",
          "Repaired mFib3Win (found reset before each of Left's turns; search, search_1 and "
          "search_2 try every i from 1 to t = min(pile, 2R); search_2 tests the pile minus i, "
          "and taking the last chip) wins for Left from every first-move N-position with piles "
          "> 1.",
          Cases(mfib_cases, lambda p: "Left wins", lambda p: mfib3win(p, True),
                show=lambda p: show(p, 0),
                note=lambda bound: f"piles in 2..{bound}, every reply of Right"),
          bound=10, bound_help="piles <=", corrects="fib.alg.mfib3win", expect=holds(7)),
])

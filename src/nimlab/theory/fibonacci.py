"""Claims and artifacts of C. Zhou, "Computer Implementation of Multiple Fibonacci Nim"
(multiple-fibonacci-nim.txt).

A position ``(a_1, ..., a_n; x)`` lists the piles and the previous removal ``x`` (``x = 0``: the
first move, which may not take a whole pile).  The computed side of every claim is the generic
solver on :class:`nimlab.games.FibonacciNim` (factor 2).  That game folds ``x`` by Theorem 2.7 in
its canonical key; the check of Theorem 2.7 itself uses :class:`UnfoldedFibonacci`, whose key keeps
``x`` as it is.  The paper's algorithms (PPos1, PPos2, PPos3, Mult2FibGame, mFib3Win) are written
here in Python from their descriptions and compared with the solver.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial
from pathlib import Path
from typing import Iterable, Iterator, Sequence

import numpy as np

from nimlab.engine.solver import solver_for
from nimlab.games import FibonacciNim
from nimlab.tables import fibonacci_first_move_p_positions
from nimlab.theory.artifacts import Difference, Outcome, artifact, printed
from nimlab.theory.registry import Evidence, claim, compare
from nimlab.theory.sharing import compare_blocks

PAPER = "fibonacci"
GAME = FibonacciNim()


class UnfoldedFibonacci(FibonacciNim):
    """Fibonacci Nim whose canonical key does not use Theorem 2.7 (``x`` is kept as given)."""

    def key(self, position):
        piles, last = position
        return tuple(sorted((p for p in piles if p), reverse=True)), last

    def params(self) -> dict:
        return {**super().params(), "fold": "none"}


def is_p(piles: Sequence[int], x: int) -> bool:
    """Whether ``(piles; x)`` is a P-position (previous player wins), by the solver."""
    return solver_for(GAME).value((tuple(piles), x)) == 0


def outcome(piles: Sequence[int], x: int) -> str:
    return "P" if is_p(piles, x) else "N"


# ---------------------------------------------------------------------- the kernel's tables
#: Default bounds of the claims checked on the Fibonacci kernel's tables (2-3 piles, 1 pile).
BIG, SINGLE = 300, 1000
_TABLES: dict[int, object] = {}


def kernel(piles: int, bound: int):
    """The kernel's table (:func:`nimlab.kernels.fibonacci.last_p_table`, factor 2) of ``piles``
    piles in ``0..bound``: ``last_p[t]``, the largest x with (t; x) P (Theorem 2.2: the
    P-positions among x = 1, 2, ... form a prefix), and the first-move flags (piles >= 2)."""
    have = _TABLES.get(piles)
    if have is None or have.bound < bound:
        from nimlab.kernels.fibonacci import last_p_table

        have = _TABLES[piles] = last_p_table(piles, bound)
    return have


def table_is_p(piles: Sequence[int], x: int) -> bool:
    """Whether ``(piles; x)`` (x > 0, or x = 0 with every pile >= 2) is a P-position, read from
    the kernel's table of that many piles (computed on first use up to the largest pile)."""
    table = kernel(len(piles), max(max(piles), 1))
    return table.is_p(tuple(piles), x)


def last_p(piles: Sequence[int]) -> int:
    """The kernel's ``last_p`` of a pile tuple (any order)."""
    table = kernel(len(piles), max(max(piles), 1))
    return int(table.last_p[table.index(tuple(piles))])


def two_cells(a, b):
    """Flat index of the 2-pile tuples ``a >= b`` (ints or arrays) in the kernel's table."""
    return a * (a + 1) // 2 + b


def first_move_block(a: int, smallest: int, bound: int) -> tuple[list, np.ndarray, np.ndarray]:
    """The 1-3 pile tuples with largest pile ``a`` and every pile >= ``smallest``, in the order
    of :func:`boxes` merged and sorted by ``(a, tuple)``: (a), (a, b), (a, b, c) for c = smallest..b,
    b = smallest..a.  Returns the tuples (a list of ``(b, c)``, -1 for a missing pile, built
    lazily by :func:`block_tuple`) with the kernel's ``last_p`` and first-move flags."""
    t1, t2, t3 = (kernel(k, bound) for k in (1, 2, 3))
    lasts, firsts, bs, cs = [t1.last_p[a:a + 1]], [t1.first[a:a + 1]], [[-1]], [[-1]]
    for b in range(smallest, a + 1):
        c = np.arange(smallest, b + 1)
        cells = a * (a + 1) * (a + 2) // 6 + b * (b + 1) // 2 + c
        lasts += [t2.last_p[two_cells(a, b): two_cells(a, b) + 1], t3.last_p[cells]]
        firsts += [t2.first[two_cells(a, b): two_cells(a, b) + 1], t3.first[cells]]
        bs += [[b], np.full(len(c), b)]
        cs += [[-1], c]
    return ([np.concatenate(bs), np.concatenate(cs)], np.concatenate(lasts).astype(np.int64),
            np.concatenate(firsts))


def block_tuple(a: int, rows: list, i: int) -> tuple[int, ...]:
    return tuple(int(x) for x in (a, rows[0][i], rows[1][i]) if x >= 0)


def show(piles: Sequence[int], x: int) -> str:
    return f"({', '.join(map(str, piles))}; {x})"


def cap(piles: Sequence[int]) -> int:
    """The least ``x`` from which ``(piles; x)`` allows every removal (Theorem 2.7)."""
    return max(1, (max(piles, default=0) + 1) // 2)


def boxes(count: int, bound: int, smallest: int = 0) -> Iterator[tuple[int, ...]]:
    """Pile tuples ``a_1 >= ... >= a_count`` in ``smallest..bound``, by largest pile first."""
    tuples = [tuple(sorted(c, reverse=True))
              for c in combinations_with_replacement(range(smallest, bound + 1), count)]
    tuples.sort(key=lambda t: (t[0], t))
    return iter(tuples)


def positions(counts: Iterable[int], bound: int, extra: int = 1) -> list[tuple[tuple, int]]:
    """``(piles, x)`` with ``x`` from 1 to ``cap + extra`` for every tuple in the box."""
    out = []
    for count in counts:
        for piles in boxes(count, bound):
            out += [(piles, x) for x in range(1, cap(piles) + extra + 1)]
    out.sort(key=lambda c: (c[0][0], len(c[0]), c))
    return out


def bump(piles: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    out = list(piles)
    out[i] += delta
    return tuple(out)


def fib_numbers(limit: int) -> list[int]:
    out, a, b = [], 1, 2
    while a <= limit:
        out.append(a)
        a, b = b, a + b
    return out


def _pred(cases, claimed, computed, note="", label=None) -> Evidence:
    return compare(cases, claimed, computed, note=note,
                   show=label or (lambda c: show(*c)))


# ============================================================================ Introduction


@claim("fib.intro.classic", PAPER, "Section 1 (Introduction)", "claim",
       "Single-pile Fibonacci Nim (the first move may not take the whole pile, later moves at "
       "most twice the previous one): the first-move position with n >= 1 chips is a P-position "
       "iff n is a Fibonacci number.", bound=150, bound_help="n <=")
def _classic(bound: int) -> Evidence:
    fibs = set(fib_numbers(bound))
    return _pred(range(1, bound + 1), lambda n: "P" if n in fibs else "N",
                 lambda n: outcome((n,), 0), label=lambda n: show((n,), 0),
                 note=f"1 <= n <= {bound}")


def zeckendorf_smallest(n: int) -> int:
    """The smallest term of the Zeckendorf representation of ``n >= 1`` (greedy)."""
    smallest = n
    for f in reversed(fib_numbers(n)):
        if f <= n:
            n -= f
            smallest = f
    return smallest


@claim("fib.intro.zeckendorf", PAPER, "Section 1 (Introduction)", "claim",
       "The Zeckendorf representation gives the winning strategy of single-pile Fibonacci Nim: "
       "(n; x) with x > 0 is N iff the smallest Zeckendorf term z of n is at most 2x, and then "
       "removing z chips wins (the first move (n; 0) likewise when z < n).", bound=60,
       bound_help="n <=")
def _zeckendorf(bound: int) -> Evidence:
    cases = [(n, x) for n in range(1, bound + 1) for x in range(0, n + 1)]

    def claimed(c):
        n, x = c
        z = zeckendorf_smallest(n)
        return z < n if x == 0 else z <= 2 * x

    def computed(c):
        n, x = c
        if is_p((n,), x):
            return False
        z = zeckendorf_smallest(n)
        return is_p((n - z,), z)  # True only when removing z is a winning move

    return compare(cases, claimed, computed, show=lambda c: show((c[0],), c[1]),
                   note=f"single pile n <= {bound}, every x <= n; computed: the position is N "
                        "and removing z reaches a P-position")


def position_count(count: int, N: int) -> int:
    """Positions up to permutation with piles ``1..N`` and previous removal ``x`` in ``1..N``."""
    return sum(1 for _ in combinations_with_replacement(range(1, N + 1), count)) * N


@claim("fib.intro.count", PAPER, "Section 1 (Introduction)", "remark",
       "With at most N chips per pile there are at most N^(n+1)/n! different positions "
       "(a_1..a_n; x) up to the order of the piles. (Counted with piles 1..N and x in 1..N, the "
       "reading most favourable to the bound.)", bound=30, bound_help="N <=")
def _count(bound: int) -> Evidence:
    cases = [(n, N) for N in range(1, bound + 1) for n in (2, 3)]
    return compare(cases, lambda c: True,
                   lambda c: position_count(*c) * factorial(c[0]) <= c[1] ** (c[0] + 1),
                   show=lambda c: f"n={c[0]} piles, N={c[1]}: count <= N^(n+1)/n!",
                   note=f"N <= {bound}, 2 and 3 piles")


@claim("fib.intro.count.corrected", PAPER, "Section 1 (Introduction)", "remark",
       "Corrected: the count is C(N+n-1, n) * N (piles 1..N, x in 1..N), which exceeds "
       "N^(n+1)/n! for n >= 2 but by a factor that falls towards 1 as N grows.", bound=30,
       bound_help="N <=", corrects="fib.intro.count")
def _count_fixed(bound: int) -> Evidence:
    cases = [(n, N) for N in range(2, bound + 1) for n in (2, 3)]

    def computed(c):
        n, N = c
        ratio = position_count(n, N) * factorial(n) / N ** (n + 1)
        previous = comb(N + n - 2, n) * (N - 1) * factorial(n) / (N - 1) ** (n + 1)
        return position_count(n, N) == comb(N + n - 1, n) * N and ratio < previous
    return compare(cases, lambda c: True, computed,
                   show=lambda c: f"n={c[0]}, N={c[1]}", note=f"2 <= N <= {bound}")


@claim("fib.def.rules", PAPER, "Abstract and Section 1 (definition)", "definition",
       "The game: n > 1 piles of more than one chip; a move takes chips from one pile; the first "
       "move may take any number but not the whole pile; afterwards at most twice the previous "
       "removal (a whole pile may go); taking the last chip wins. (Checked: nimlab's moves are "
       "exactly these, also on the single-pile and 0/1-chip positions Sections 3-4 use.)",
       bound=9, bound_help="piles <=")
def _rules(bound: int) -> Evidence:
    cases = [(p, x) for p, x in positions((1, 2, 3), bound, extra=2)]
    cases += [(p, 0) for n in (1, 2, 3) for p in boxes(n, bound, 1)]

    def expected(c):
        piles, x = c
        out = set()
        for i, a in enumerate(piles):
            most = a - 1 if x == 0 else min(a, 2 * x)
            out |= {(bump(piles, i, -j), j) for j in range(1, most + 1)}
        return sorted(out)

    return compare(cases, expected, lambda c: sorted(set(GAME.successors(c))),
                   show=lambda c: show(*c), note=f"1-3 piles <= {bound}, every x")


# ================================================================================ Section 2


@claim("fib.thm2.1", PAPER, "Section 2, Theorem 2.1", "theorem",
       "(0, ..., 0; x) is a P-position for every x > 0.", bound=50, bound_help="x <=")
def _thm21(bound: int) -> Evidence:
    cases = [((0,) * n, x) for x in range(1, bound + 1) for n in (1, 2, 3)]
    return _pred(cases, lambda c: "P", lambda c: outcome(*c), note=f"1-3 piles, x <= {bound}")


@claim("fib.thm2.2", PAPER, "Section 2, Theorem 2.2", "theorem",
       "Monotonicity in x: if (a; x) is a P-position (x > 0, piles not all empty), so is (a; y) "
       "for every 0 < y <= x.", bound=16, bound_help="piles <=")
def _thm22(bound: int) -> Evidence:
    cases = [(p, x, y) for p, x in positions((1, 2, 3), bound) if any(p) and is_p(p, x)
             for y in range(1, x)]
    return compare(cases, lambda c: "P", lambda c: outcome(c[0], c[2]),
                   show=lambda c: f"{show(c[0], c[1])} is P; {show(c[0], c[2])}",
                   note=f"1-3 piles <= {bound}")


@claim("fib.cor2.3", PAPER, "Section 2, Corollary 2.3", "corollary",
       "If (a; y) is an N-position (y > 0, piles not all empty), so is (a; x) for every x >= y.",
       bound=16, bound_help="piles <=")
def _cor23(bound: int) -> Evidence:
    cases = [(p, y, x) for p, y in positions((1, 2, 3), bound) if any(p) and not is_p(p, y)
             for x in range(y + 1, cap(p) + 2)]
    return compare(cases, lambda c: "N", lambda c: outcome(c[0], c[2]),
                   show=lambda c: f"{show(c[0], c[1])} is N; {show(c[0], c[2])}",
                   note=f"1-3 piles <= {bound}, x up to the Theorem 2.7 cap + 1")


def _p_extensions(bound: int) -> list[tuple]:
    """``(xi, i, j, y)``: ``xi = (a; x)`` a P-position, pile i grown by j, new previous removal y."""
    out = []
    for p, x in positions((1, 2, 3), bound - 1):
        if not any(p) or not is_p(p, x):
            continue
        for i in range(len(p)):
            for j in range(1, bound - p[i] + 1):
                for y in range(1, cap(bump(p, i, j)) + 2):
                    out.append((p, x, i, j, y))
    return out


def _ext_label(c) -> str:
    p, x, i, j, y = c
    return f"{show(p, x)} P; pile {i + 1} + {j}, y={y}: {show(bump(p, i, j), y)}"


@claim("fib.thm2.4", PAPER, "Section 2, Theorem 2.4", "theorem",
       "If (a; x) is a P-position (x > 0, piles not all empty), then adding 0 < j <= x chips to "
       "one pile and setting the previous removal to any y with 2y >= j gives an N-position.",
       bound=11, bound_help="piles <=")
def _thm24(bound: int) -> Evidence:
    cases = [c for c in _p_extensions(bound) if c[3] <= c[1] and 2 * c[4] >= c[3]]
    return compare(cases, lambda c: "N", lambda c: outcome(bump(c[0], c[2], c[3]), c[4]),
                   show=_ext_label, note=f"1-3 piles, grown piles <= {bound}")


@claim("fib.cor2.5", PAPER, "Section 2, Corollary 2.5 (first sentence)", "corollary",
       "If (a; x) and (a + j e_i; y) are both P-positions (x, y, j > 0), then j > x or j > 2y.",
       bound=11, bound_help="piles <=")
def _cor25(bound: int) -> Evidence:
    cases = [c for c in _p_extensions(bound) if is_p(bump(c[0], c[2], c[3]), c[4])]
    return compare(cases, lambda c: True, lambda c: c[3] > c[1] or c[3] > 2 * c[4],
                   show=_ext_label, note=f"every pair of P-positions found, piles <= {bound}")


@claim("fib.cor2.5.1", PAPER, "Section 2, Corollary 2.5 (second sentence)", "corollary",
       "If (a; 1) and (a + j e_i; 1) are both P-positions, then j >= 2.", bound=14,
       bound_help="piles <=")
def _cor251(bound: int) -> Evidence:
    cases = [c for c in _p_extensions(bound) if c[1] == 1 and c[4] == 1
             and is_p(bump(c[0], c[2], c[3]), 1)]
    return compare(cases, lambda c: True, lambda c: c[3] >= 2, show=_ext_label,
                   note=f"piles <= {bound}")


@claim("fib.thm2.6.1", PAPER, "Section 2, Theorem 2.6(1)", "theorem",
       "If every pile exceeds 2 and (a; 1) is an N-position, then the first-move position (a; 0) "
       "is an N-position.", bound=BIG, bound_help="piles <=")
def _thm261(bound: int) -> Evidence:
    blocks = {a: first_move_block(a, 3, bound) for a in range(3, bound + 1)}

    def point(c):
        return block_tuple(c[0], blocks[c[0]][0], c[1])

    return compare_blocks((((a,), last == 0, first == 1) for a, (_, last, first) in
                           blocks.items()), lambda c: "N",
                          lambda c: "P" if blocks[c[0]][2][c[1]] else "N",
                          show=lambda c: show(point(c), 0),
                          note=f"1-3 piles in 3..{bound}, on the kernel's tables")


def x_star(piles: tuple[int, ...], P=is_p) -> int:
    """The largest x > 0 with (piles; x) a P-position (outcomes ``P``); the Theorem 2.7 cap if
    P up to it."""
    best = 0
    for x in range(1, cap(piles) + 1):
        if not P(piles, x):
            break
        best = x
    return best


@claim("fib.thm2.6.2", PAPER, "Section 2, Theorem 2.6(2)", "theorem",
       "Let every pile exceed 1 and (a; 1) be a P-position, x* the largest x > 0 with (a; x) P. "
       "Then (a; 0) is P iff for every pile a_i > 2x* + 1 the positions reached by taking "
       "2x*+1, ..., a_i - 1 chips from it (with that removal as x) are all N-positions.",
       bound=BIG, bound_help="piles <=")
def _thm262(bound: int) -> Evidence:
    reach = line_reaches(bound)
    blocks = {a: first_move_block(a, 2, bound) for a in range(2, bound + 1)}

    def block(a):
        (b, c), last, first = blocks[a]
        t = 2 * np.minimum(last, cap((a,))) + 1  # 2x* + 1
        says_n = reach.winning(a, b, c, t)
        return (a,), last >= 1, says_n == (first == 1)

    def point(c):
        return block_tuple(c[0], blocks[c[0]][0], c[1])

    return compare_blocks((block(a) for a in blocks),
                          lambda c: thm262_says(point(c), table_is_p),
                          lambda c: "P" if blocks[c[0]][2][c[1]] else "N",
                          show=lambda c: show(point(c), 0),
                          note=f"1-3 piles in 2..{bound} with (a; 1) P, on the kernel's tables")


def thm262_says(p: tuple[int, ...], P=is_p) -> str:
    """Theorem 2.6(2)'s verdict on (p; 0), with the outcomes ``P(piles, x)`` of the followers."""
    xs = x_star(p, P)
    ok = all(not P(bump(p, i, -j), j) for i, a in enumerate(p) if a > 2 * xs + 1
             for j in range(2 * xs + 1, a))
    return "P" if ok else "N"


class LineReaches:
    """For each line of the kernel's tables (all piles fixed but one, which holds u chips) the
    prefix maxima of the reach ``u + last_p``: some removal j >= t from a pile of v chips
    leaves a P-position (previous removal j) iff the largest reach over 1 <= u <= v - t is
    at least v (then j = v - u works)."""

    def __init__(self, bound: int):
        self.bound = bound
        u = np.arange(bound + 1)
        last = [kernel(k, bound).last_p.astype(np.int64) for k in (1, 2, 3)]
        self.one = self._prefix(u + last[0][u])
        w = u[:, None]
        self.two = self._prefix(u + last[1][two_cells(np.maximum(u, w), np.minimum(u, w))])
        self.three = np.empty((two_cells(bound, bound) + 1, bound + 1), np.int64)
        for q in range(bound + 1):
            r = np.arange(q + 1)[:, None]
            hi, lo = np.maximum(u, q), np.minimum(u, q)  # sort (u, q, r): r <= q
            mid, low = np.maximum(lo, r), np.minimum(lo, r)
            cells = hi * (hi + 1) * (hi + 2) // 6 + mid * (mid + 1) // 2 + low
            self.three[two_cells(q, 0): two_cells(q, q) + 1] = self._prefix(u + last[2][cells])

    @staticmethod
    def _prefix(reach: np.ndarray) -> np.ndarray:
        reach = np.array(reach, dtype=np.int64, ndmin=2)
        reach[:, 0] = -1  # u = 0 would be j = v (emptying the pile): only j <= v - 1 counts
        return np.maximum.accumulate(reach, axis=1)

    def winning(self, a: int, b: np.ndarray, c: np.ndarray, t: np.ndarray) -> np.ndarray:
        """For the tuples (a), (a, b) (c < 0) and (a, b, c) (b, c < 0: one pile): whether some
        pile v > t has a removal j in t..v-1 to a P-position (previous removal j)."""
        one, two = b < 0, (b >= 0) & (c < 0)
        three = c >= 0

        def hit(table, line, v):
            where = np.clip(v - t, 0, self.bound)
            return (v > t) & (table[line, where] >= v)

        bb, cc = np.maximum(b, 0), np.maximum(c, 0)
        out = one & hit(self.one, 0, a)
        out |= two & (hit(self.two, bb, a) | hit(self.two, a, bb))
        out |= three & (hit(self.three, two_cells(bb, cc), a) |
                        hit(self.three, two_cells(a, cc), bb) |
                        hit(self.three, two_cells(a, bb), cc))
        return out


_REACHES: dict[int, LineReaches] = {}


def line_reaches(bound: int) -> LineReaches:
    if bound not in _REACHES:
        _REACHES.clear()
        _REACHES[bound] = LineReaches(bound)
    return _REACHES[bound]


@claim("fib.thm2.7", PAPER, "Section 2, Theorem 2.7", "theorem",
       "If 2x >= the largest pile (piles not all empty), then (a; y) and (a; x) have the same "
       "outcome for every y >= x. (Checked with a solver that does not fold x.)", bound=10,
       bound_help="piles <=")
def _thm27(bound: int) -> Evidence:
    raw = solver_for(UnfoldedFibonacci())
    cases = [(p, x, y) for n in (1, 2, 3) for p in boxes(n, bound) if any(p)
             for x in range(cap(p), cap(p) + 2) for y in range(x, 2 * bound + 2)]
    cases.sort(key=lambda c: (c[0][0], c))
    return compare(cases, lambda c: raw.value((c[0], c[1])) == 0,
                   lambda c: raw.value((c[0], c[2])) == 0,
                   show=lambda c: f"{show(c[0], c[1])} vs {show(c[0], c[2])} (P?)",
                   note=f"1-3 piles <= {bound}, y up to {2 * bound + 1}")


# ================================================================================ Section 3


@claim("fib.thm3.1.1", PAPER, "Section 3.1, Theorem 3.1(1)", "theorem",
       "(m, m; x) is a P-position for every m >= 0 and x > 0.", bound=BIG, bound_help="m <=")
def _thm311(bound: int) -> Evidence:
    last = kernel(2, bound).last_p.astype(np.int64)
    blocks = (((m,), np.ones(m + 2, bool), np.arange(1, m + 3) > last[two_cells(m, m)])
              for m in range(bound + 1))
    return compare_blocks(blocks, lambda c: "P",
                          lambda c: "P" if last[two_cells(c[0], c[0])] >= c[1] + 1 else "N",
                          show=lambda c: show((c[0], c[0]), c[1] + 1),
                          note=f"m <= {bound}, every x <= m + 2, on the kernel's 2-pile table")


@claim("fib.thm3.1.2", PAPER, "Section 3.1, Theorem 3.1(2)", "theorem",
       "(m + k, m; x) is an N-position for m >= 0, x > 0 and 0 < k <= 2x.", bound=BIG,
       bound_help="m + k <=")
def _thm312(bound: int) -> Evidence:
    last = kernel(2, bound).last_p.astype(np.int64)

    def block(s):  # rows m = 0..s-1 (k = s - m), columns x = 0..s+1; cases x >= ceil(k/2)
        m = np.arange(s)[:, None]
        x = np.arange(s + 2)[None, :]
        box = np.broadcast_to((x >= (s - m + 1) // 2) & (x > 0), (s, s + 2))
        return (s,), box, x <= last[two_cells(s, m)]

    return compare_blocks((block(s) for s in range(1, bound + 1)), lambda c: "N",
                          lambda c: "P" if last[two_cells(*c[:2])] >= c[2] else "N",
                          show=lambda c: show((c[0], c[1]), c[2]),
                          note=f"m + k <= {bound}, on the kernel's 2-pile table")


@claim("fib.cor3.2", PAPER, "Section 3.1, Corollary 3.2", "corollary",
       "(m + k, m; 0) is an N-position for m > 1 and k > 0.", bound=BIG, bound_help="m + k <=")
def _cor32(bound: int) -> Evidence:
    first = kernel(2, bound).first

    def block(s):
        m = np.arange(2, s)
        return (s,), np.ones(len(m), bool), first[two_cells(s, m)] == 1

    return compare_blocks((block(s) for s in range(3, bound + 1)), lambda c: "N",
                          lambda c: "P" if first[two_cells(c[0], c[1] + 2)] else "N",
                          show=lambda c: show((c[0], c[1] + 2), 0),
                          note=f"m + k <= {bound}, on the kernel's 2-pile table")


def mult2fib(m: int, k: int) -> str:
    """Play Algorithm Mult2FibGame for Left from (m + k, m; 0) against every reply of Right.

    Left removes k from the pile of m + k; Right removes R (0 < R <= min(m, 2L)) from a pile;
    Left then removes R from the other pile, and so on.  Returns "Left wins" or what goes wrong
    first.  Every position Left leaves must be a P-position (the solver decides).
    """
    if k >= m + k:
        return f"first move takes the whole pile of {m + k} (not allowed on the first move)"
    position = ((m, m), k)
    if not is_p(*position):
        return f"Left leaves {show(*position)}, an N-position"
    # After Left's move the position is (m, m; L); Right takes R, Left mirrors to (m-R, m-R; R).
    todo, seen = [(m, k)], set()
    while todo:
        size, last = todo.pop()
        if (size, last) in seen:
            continue
        seen.add((size, last))
        for r in range(1, min(size, 2 * last) + 1):
            after = ((size - r, size - r), r)
            if not is_p(*after):
                return f"Left leaves {show(*after)}, an N-position"
            if size - r:
                todo.append((size - r, r))
    return "Left wins"


@claim("fib.alg.mult2fib", PAPER, "Section 3.1, Algorithm Mult2FibGame", "algorithm",
       "Algorithm Mult2FibGame, for its stated input m >= 0 and k > 0: from (m + k, m; 0) Left "
       "removes k from the larger pile and afterwards repeats Right's removal R on the other pile; "
       "this wins against every reply.", bound=20, bound_help="m + k <=")
def _mult2fib(bound: int) -> Evidence:
    cases = [(m, s - m) for s in range(1, bound + 1) for m in range(0, s)]
    return compare(cases, lambda c: "Left wins", lambda c: mult2fib(*c),
                   show=lambda c: f"m={c[0]}, k={c[1]}: {show((c[0] + c[1], c[0]), 0)}",
                   note=f"m + k <= {bound}, every line of Right's replies")


@claim("fib.alg.mult2fib.corrected", PAPER, "Section 3.1, Algorithm Mult2FibGame", "algorithm",
       "Corrected input range m >= 1 (Corollary 3.2 has m > 1; the game's piles exceed 1): then "
       "Algorithm Mult2FibGame wins from (m + k, m; 0) against every reply.", bound=24,
       bound_help="m + k <=", corrects="fib.alg.mult2fib")
def _mult2fib_fixed(bound: int) -> Evidence:
    cases = [(m, s - m) for s in range(2, bound + 1) for m in range(1, s)]
    return compare(cases, lambda c: "Left wins", lambda c: mult2fib(*c),
                   show=lambda c: f"m={c[0]}, k={c[1]}", note=f"1 <= m, m + k <= {bound}")


@claim("fib.ex3.2", PAPER, "Section 3.2, example (12, 5; 0)", "example",
       "From (12, 5; 0), removing 1 chip from the pile of 5 gives (12, 4; 1), a position "
       "(m + k, m; x) with m = 4, k = 8, x = 1 and k > 2x, outside Theorem 3.1; (12, 5; 0) itself "
       "is an N-position (Corollary 3.2).", bound=0, bound_help="(fixed example)")
def _ex32(bound: int) -> Evidence:
    data = printed(PAPER, "example-3.2")
    start, after = data["initial"], data["after"]
    piles, x = tuple(start[:-1]), start[-1]
    follower = (tuple(after[:-1]), after[-1])
    big, small = follower[0]
    items = [
        ("(12, 4; 1) is a follower of (12, 5; 0)", True,
         any(q == follower for q in GAME.successors((piles, x)))),
        ("m, k, x of (12, 4; 1)", [data["m"], data["k"], data["x"]],
         [small, big - small, follower[1]]),
        ("k > 2x", True, big - small > 2 * follower[1]),
        ("outcome of (12, 5; 0)", "N", outcome(piles, x)),
    ]
    ev = compare(items, lambda c: c[1], lambda c: c[2], show=lambda c: c[0])
    ev.note = (f"(12, 4; 1) is {outcome(*follower)}: the paper's question whether Left still "
               f"wins after this move is answered {'yes' if is_p(*follower) else 'no'}")
    return ev


def forms(m: int, k: int, x: int) -> set:
    """Form1, Form2 and Form3 of Section 3.2 for (m + k, m; x), k > 2x."""
    out = {((m + k, m - i), i) for i in range(1, min(m - 1, 2 * x) + 1)}
    if m <= 2 * x:
        out.add(((m + k, 0), m))
    out |= {((m + k - i, m), i) for i in range(1, 2 * x + 1)}
    return {GAME.key(q) for q in out}


@claim("fib.sec3.2.forms", PAPER, "Section 3.2, Forms 1-3", "claim",
       "The followers of (m + k, m; x) with k > 2x are exactly Form1 (take i <= min(m-1, 2x) from "
       "the smaller pile), Form2 (empty the smaller pile, m <= 2x) and Form3 (take i <= 2x from "
       "the larger pile).", bound=20, bound_help="m + k <=")
def _forms(bound: int) -> Evidence:
    cases = [(m, k, x) for s in range(2, bound + 1) for m in range(1, s) for k in [s - m]
             for x in range(1, (k + 1) // 2) if k > 2 * x]
    return compare(cases, lambda c: forms(*c),
                   lambda c: {GAME.key(q) for q in GAME.successors(((c[0] + c[1], c[0]), c[2]))},
                   show=lambda c: show((c[0] + c[1], c[0]), c[2]), note=f"m + k <= {bound}")


@claim("fib.lemma3.3", PAPER, "Section 3.2, Lemma 3.3", "lemma",
       "A single pile (m; x) with 0 < m <= 2x is an N-position.", bound=SINGLE,
       bound_help="m <=")
def _lemma33(bound: int) -> Evidence:
    last = kernel(1, bound).last_p.astype(np.int64)
    blocks = (((m,), np.ones(m + 2 - (m + 1) // 2, bool),
               np.arange((m + 1) // 2, m + 2) <= last[m]) for m in range(1, bound + 1))
    return compare_blocks(blocks, lambda c: "N",
                          lambda c: "P" if last[c[0]] >= c[1] + (c[0] + 1) // 2 else "N",
                          show=lambda c: show((c[0],), c[1] + (c[0] + 1) // 2),
                          note=f"m <= {bound}, on the kernel's 1-pile table")


@claim("fib.thm3.4", PAPER, "Section 3.2, Theorem 3.4", "theorem",
       "For a single pile with m > 2x > 0: (m; x) is N iff some i with 1 <= i <= 2x and 3i < m "
       "makes (m - i; i) a P-position.", bound=SINGLE, bound_help="m <=")
def _thm34(bound: int) -> Evidence:
    last = kernel(1, bound).last_p.astype(np.int64)

    def says_n(m):  # for x = 1, 2, ...: some i <= 2x with 3i < m and (m - i; i) P
        i = np.arange(1, m + 1)
        some = np.logical_or.accumulate((3 * i < m) & (last[m - i] >= i))
        return some[np.minimum(2 * np.arange(1, (m + 1) // 2), m) - 1]

    def block(m):
        x = np.arange(1, (m + 1) // 2)  # m > 2x
        return (m,), np.ones(len(x), bool), says_n(m) != (last[m] < x)

    return compare_blocks((block(m) for m in range(1, bound + 1)),
                          lambda c: "N" if says_n(c[0])[c[1]] else "P",
                          lambda c: "N" if last[c[0]] < c[1] + 1 else "P",
                          show=lambda c: show((c[0],), c[1] + 1),
                          note=f"m <= {bound}, on the kernel's 1-pile table")


def thm35_says_n(m: int, k: int, x: int) -> bool:
    return any((i < m and is_p((m + k, m - i), i)) or (i == m and is_p((m + k,), i))
               or (3 * i < k and is_p((m + k - i, m), i)) for i in range(1, 2 * x + 1))


@claim("fib.thm3.5", PAPER, "Section 3.2, Theorem 3.5", "theorem",
       "For m, k, x > 0 with k > 2x: (m + k, m; x) is N iff some 1 <= i <= 2x has i < m and "
       "(m + k, m - i; i) P, or i = m and (m + k; i) P, or 3i < k and (m + k - i, m; i) P.",
       bound=30, bound_help="m + k <=")
def _thm35(bound: int) -> Evidence:
    cases = [(m, k, x) for s in range(2, bound + 1) for m in range(1, s) for k in [s - m]
             for x in range(1, (k + 1) // 2) if k > 2 * x]
    return compare(cases, lambda c: "N" if thm35_says_n(*c) else "P",
                   lambda c: outcome((c[0] + c[1], c[0]), c[2]),
                   show=lambda c: show((c[0] + c[1], c[0]), c[2]), note=f"m + k <= {bound}")


# ------------------------------------------------------------------------ PPos1 and PPos2


def ppos1(N: int, loop_back: bool = True) -> dict[int, int]:
    """Algorithm PPos1: the array PPos1Arr as a map ``m -> x*`` (``(m; x)`` P for ``x <= x*``).

    The steps as listed: (1) m = 3; (2) stop if m > N; (3) x = 1; (4) if 2x >= m go to (12);
    (5)-(8) look for i <= 2x with 3i < m and (m - i; i) P; (9) none: (m; x) is P, x += 1, back
    to (4); (10) found: (m; x) is N; (12) m += 1.  As printed, step (12) is followed by step
    (13) End - there is no jump back to (2); ``loop_back=False`` runs it that way.
    """
    table: dict[int, int] = {}

    def p1(m: int, x: int) -> bool:
        return m == 0 or table.get(m, 0) >= x

    m = 3
    while m <= N:
        x = 1
        while 2 * x < m:
            if any(p1(m - i, i) for i in range(1, 2 * x + 1) if 3 * i < m):
                break
            table[m] = x
            x += 1
        m += 1
        if not loop_back:
            break
    return table


def p1_lookup(table: dict[int, int], m: int, x: int) -> bool:
    return m == 0 or table.get(m, 0) >= x


def ppos2(N: int, table1: dict[int, int]) -> dict[tuple[int, int], int]:
    """PPos2 of Section 3.2: ``(m, k) -> x*`` for the P-positions (m + k, m; x), k > 2x > 0."""
    table: dict[tuple[int, int], int] = {}

    def in2(a: int, b: int, x: int) -> bool:
        return table.get((b, a - b), 0) >= x

    for m in range(1, N):
        for k in range(1, N - m + 1):
            x = 1
            while 2 * x < k:
                if any((i < m and in2(m + k, m - i, i)) or (i == m and p1_lookup(table1, m + k, i))
                       or (3 * i < k and in2(m + k - i, m, i)) for i in range(1, 2 * x + 1)):
                    break
                table[(m, k)] = x
                x += 1
    return table


def p2_lookup(table1: dict, table2: dict, a: int, b: int, x: int) -> bool:
    """Whether (a, b; x), x > 0, is P by the PPos1/PPos2 arrays and Theorem 3.1."""
    a, b = max(a, b), min(a, b)
    if b == 0:
        return p1_lookup(table1, a, x)
    if a == b:
        return True
    if a - b <= 2 * x:
        return False
    return table2.get((b, a - b), 0) >= x


@lru_cache(maxsize=None)
def tables12(N: int) -> tuple[dict, dict]:
    t1 = ppos1(N)
    return t1, ppos2(N, t1)


def _ppos1_evidence(bound: int, loop_back: bool) -> Evidence:
    table = ppos1(bound, loop_back)
    cases = [((m,), x) for m in range(bound + 1) for x in range(1, bound + 1)]
    return _pred(cases, lambda c: "P" if p1_lookup(table, c[0][0], c[1]) else "N",
                 lambda c: outcome(*c), note=f"every (m; x), m, x <= {bound}")


@claim("fib.alg.ppos1", PAPER, "Section 3.2, Algorithm PPos1", "algorithm",
       "Algorithm PPos1 as its steps are listed ((12) m = m + 1, then (13) End) computes "
       "IsPPos1(m; x) for m up to N.", bound=60, bound_help="N =")
def _ppos1_printed(bound: int) -> Evidence:
    return _ppos1_evidence(bound, loop_back=False)


@claim("fib.alg.ppos1.corrected", PAPER, "Section 3.2, Algorithm PPos1 and its C code",
       "algorithm",
       "With step (12) jumping back to step (2) (as the C code's loop does), Algorithm PPos1 "
       "computes IsPPos1(m; x) correctly for all m, x <= N.", bound=150, bound_help="N =",
       corrects="fib.alg.ppos1")
def _ppos1_fixed(bound: int) -> Evidence:
    return _ppos1_evidence(bound, loop_back=True)


@claim("fib.alg.ppos1.array", PAPER, "Section 3.2, PPos1Arr[(N+1)/2]", "claim",
       "The array PPos1Arr needs at most (N+1)/2 entries (integer division): the number of m <= N "
       "with (m; 1) a P-position, one entry each, is at most (N+1)/2 (by Corollary 2.5).",
       bound=150, bound_help="N <=")
def _ppos1_array(bound: int) -> Evidence:
    table = ppos1(bound)
    return compare(range(1, bound + 1), lambda N: True,
                   lambda N: sum(1 for m in table if 1 <= m <= N) <= (N + 1) // 2,
                   show=lambda N: f"N={N}", note=f"N <= {bound} (the C code has N = 51)")


@claim("fib.alg.ppos2", PAPER, "Section 3.2, PPos2 (C code)", "algorithm",
       "The PPos2 procedure (Theorem 3.5 over m, then k, then x, storing (m + k, m; x*) for "
       "k > 2x), together with PPos1 and Theorem 3.1, classifies every two-pile position "
       "(a, b; x), x > 0, correctly.", bound=40, bound_help="N =")
def _ppos2(bound: int) -> Evidence:
    t1, t2 = tables12(bound)
    cases = [((a, b), x) for a in range(bound + 1) for b in range(a + 1)
             for x in range(1, cap((a,)) + 2)]
    return _pred(cases, lambda c: "P" if p2_lookup(t1, t2, c[0][0], c[0][1], c[1]) else "N",
                 lambda c: outcome(*c), note=f"piles <= {bound}")


@claim("fib.alg.ppos2.array", PAPER, "Section 3.2, PPos2Arr[m] of (N-m)/2 entries", "claim",
       "Each dynamic array PPos2Arr[m] needs at most (N-m)/2 entries (integer division): the "
       "number of k <= N-m with (m + k, m; 1) P and k > 2 is at most (N-m)/2.", bound=40,
       bound_help="N =")
def _ppos2_array(bound: int) -> Evidence:
    _, t2 = tables12(bound)
    cases = list(range(1, bound))
    return compare(cases, lambda m: True,
                   lambda m: sum(1 for (mm, k) in t2 if mm == m) <= (bound - m) // 2,
                   show=lambda m: f"N={bound}, m={m}", note=f"N = {bound}")


# ================================================================================ Section 4


def thm41_says_n(h: int, k: int, m: int, x: int) -> bool:
    """Theorem 4.1's six conditions for (h, k, m; x), hkm != 0, x > 0."""
    for i in range(1, 2 * x + 1):
        if i == m and (h == k or is_p((h, k), i)):
            return True
        if i == k and (h == m or is_p((h, m), i)):
            return True
        if i == h and (k == m or is_p((k, m), i)):
            return True
        if (i < m and is_p((h, k, m - i), i)) or (i < k and is_p((h, k - i, m), i)) \
                or (i < h and is_p((h - i, k, m), i)):
            return True
    return False


@claim("fib.thm4.1", PAPER, "Section 4, Theorem 4.1", "theorem",
       "For three non-empty piles and x > 0: (h, k, m; x) is N iff some i <= 2x empties a pile "
       "leaving a P-position of two piles (equal piles count as P) or takes i from a larger pile "
       "leaving a three-pile P-position (h, k, m - i; i), (h, k - i, m; i) or (h - i, k, m; i).",
       bound=16, bound_help="piles <=")
def _thm41(bound: int) -> Evidence:
    cases = [(p, x) for p, x in positions((3,), bound) if min(p) > 0]
    return _pred(cases, lambda c: "N" if thm41_says_n(*c[0], c[1]) else "P",
                 lambda c: outcome(*c), note=f"three piles in 1..{bound}")


@claim("fib.thm4.2", PAPER, "Section 4, Theorem 4.2", "theorem",
       "For three non-empty piles: the first-move position (h, k, m; 0) is N iff some i smaller "
       "than a pile, taken from it, leaves a P-position with previous removal i.",
       bound=20, bound_help="piles <=")
def _thm42(bound: int) -> Evidence:
    cases = list(boxes(3, bound, 1))

    def says(p):
        h, k, m = p
        return "N" if any((i < m and is_p((h, k, m - i), i)) or (i < k and is_p((h, k - i, m), i))
                          or (i < h and is_p((h - i, k, m), i)) for i in range(1, h)) else "P"

    return _pred(cases, says, lambda p: outcome(p, 0), label=lambda p: show(p, 0),
                 note=f"three piles in 1..{bound}")


class PPos3:
    """Algorithm PPos3 with the storage of (i) and (ii): for h >= k >= m >= 1 keep only the
    P-positions and, per (h, k, m), the largest x (``stored``); the first-move variant of the Note
    in ``first``.  Positions with an empty pile come from PPos1/PPos2 (Section 3)."""

    def __init__(self, N: int):
        self.N = N
        self.t1, self.t2 = tables12(N)
        self.stored: dict[tuple[int, int, int], int] = {}
        self.first: set[tuple[int, int, int]] = set()
        self._run()

    def p(self, piles: Sequence[int], x: int) -> bool:
        """IsPPos3 for any three piles and x > 0."""
        h, k, m = sorted(piles, reverse=True)
        if k == 0:
            return p1_lookup(self.t1, h, x)
        if m == 0:
            return p2_lookup(self.t1, self.t2, h, k, x)
        best = self.stored.get((h, k, m), 0)
        return best >= min(x, (h + 1) // 2)  # from x = ceil(h/2) on, Theorem 2.7

    def _run(self) -> None:
        N, p = self.N, self.p
        for m in range(1, N + 1):              # steps (1)-(2), (19)
            for k in range(m, N + 1):          # steps (3)-(4), (18)
                for h in range(k, N + 1):      # steps (5)-(6), (17)
                    x = 1                      # step (7)
                    while 2 * x <= h + 1:      # step (8)
                        bd = min(h, 2 * x)     # step (9)
                        if any((i <= m and p((h, k, m - i), i)) or (i <= k and p((h, k - i, m), i))
                               or p((h - i, k, m), i) for i in range(1, bd + 1)):
                            break              # steps (12), (14)
                        self.stored[(h, k, m)] = x   # step (15)
                        x += 1                 # step (16)
        for m in range(1, N + 1):              # the Note: x = 0
            for k in range(m, N + 1):
                for h in range(k, N + 1):
                    if not any((i < m and p((h, k, m - i), i)) or (i < k and p((h, k - i, m), i))
                               or p((h - i, k, m), i) for i in range(1, h)):
                        self.first.add((h, k, m))


@lru_cache(maxsize=None)
def ppos3(N: int) -> PPos3:
    return PPos3(N)


@claim("fib.alg.ppos3", PAPER, "Section 4, Algorithm PPos3 with (i)-(ii)", "algorithm",
       "Algorithm PPos3 (steps (1)-(20), storing per (h, k, m) only the largest x of a "
       "P-position) classifies every three-pile position (h, k, m; x) with h, k, m, x > 0 "
       "correctly.", bound=18, bound_help="N =")
def _ppos3(bound: int) -> Evidence:
    alg = ppos3(bound)
    cases = [(p, x) for p, x in positions((3,), bound) if min(p) > 0]
    return _pred(cases, lambda c: "P" if alg.p(*c) else "N", lambda c: outcome(*c),
                 note=f"three piles in 1..{bound}")


@claim("fib.alg.ppos3.first", PAPER, "Section 4, Note after Algorithm PPos3", "algorithm",
       "PPos3 changed as the Note says for x = 0 (no x loop, bd = h - 1, '<' for '<=') classifies "
       "every first-move position (h, k, m; 0) correctly.", bound=18, bound_help="N =")
def _ppos3_first(bound: int) -> Evidence:
    alg = ppos3(bound)
    cases = list(boxes(3, bound, 1))
    return _pred(cases, lambda p: "P" if p in alg.first else "N", lambda p: outcome(p, 0),
                 label=lambda p: show(p, 0), note=f"three piles in 1..{bound}")


def _stored(alg: PPos3, N: int) -> list[tuple[int, int, int]]:
    return [t for t in alg.stored if t[0] <= N]


@claim("fib.alg.ppos3.memory", PAPER, "Section 4, memory bound of (i)-(ii)", "claim",
       "With (i)-(ii) PPos3 stores at most 3 * sum_{m=1..N} ((N+1-m)/2)^2 = N(N+1)(2N+1)/8 "
       "integers, three per stored position (h, k, m; x*), piles <= N.", bound=18,
       bound_help="N <=")
def _ppos3_memory(bound: int) -> Evidence:
    alg = ppos3(bound)
    return compare(range(1, bound + 1), lambda N: True,
                   lambda N: 8 * 3 * len(_stored(alg, N)) <= N * (N + 1) * (2 * N + 1),
                   show=lambda N: f"N={N}: 3 x {len(_stored(alg, N))} stored integers vs "
                                  f"N(N+1)(2N+1)/8 = {N * (N + 1) * (2 * N + 1) / 8:g}",
                   note=f"N <= {bound}")


@claim("fib.alg.ppos3.array", PAPER, "Section 4, memory bound of (i)-(ii)", "claim",
       "The summands of the bound: for each m, the array PPos3Arr[m] holds at most "
       "((N+1-m)/2)^2 positions (h, k, m; x*) with N >= h >= k >= m.", bound=18,
       bound_help="N <=")
def _ppos3_array(bound: int) -> Evidence:
    alg = ppos3(bound)
    cases = [(N, m) for N in range(1, bound + 1) for m in range(1, N + 1)]
    count = lambda c: sum(1 for t in _stored(alg, c[0]) if t[2] == c[1])
    return compare(cases, lambda c: True, lambda c: 4 * count(c) <= (c[0] + 1 - c[1]) ** 2,
                   show=lambda c: f"N={c[0]}, PPos3Arr[{c[1]}]: {count(c)} stored vs "
                                  f"((N+1-m)/2)^2 = {((c[0] + 1 - c[1]) / 2) ** 2:g}",
                   note=f"N <= {bound}; the arrays for m near N are too small (e.g. (3, 3, 3; 1) "
                        "is P), although the total N(N+1)(2N+1)/8 holds (fib.alg.ppos3.memory)")


@claim("fib.alg.ppos3.sum", PAPER, "Section 4, memory bound of (i)-(ii)", "claim",
       "The identity 3 * sum_{m=1..N} ((N+1-m)/2)^2 = N(N+1)(2N+1)/8 (exact arithmetic).",
       bound=200, bound_help="N <=")
def _ppos3_sum(bound: int) -> Evidence:
    from fractions import Fraction as Q
    return compare(range(1, bound + 1),
                   lambda N: Q(N * (N + 1) * (2 * N + 1), 8),
                   lambda N: 3 * sum(Q(N + 1 - m, 2) ** 2 for m in range(1, N + 1)),
                   show=lambda N: f"N={N}", note=f"N <= {bound}")


# --------------------------------------------------------------------------------- mFib3Win


def mfib3win(start: tuple[int, int, int], repaired: bool) -> str:
    """Play Algorithm mFib3Win for Left from the first-move N-position ``start`` against every
    reply of Right; return "Left wins" or the first failure.

    As printed: ``found`` is set to 0 only in step (1), so after Left's first move only
    search(1) (search_1 of the first candidate pile) is ever tried; the modules search, search_1
    and search_2 reuse search0's test "i >= t: stop", so they never try i = t = min(pile, 2R);
    and search_2 tests IsPPos1(t - i, i) with t = min(pile, 2R) rather than the pile.
    ``repaired`` resets ``found`` each turn, lets i reach t and tests the pile itself.
    P-tests come from the solver.
    """
    def search(piles, ords, limit, first):
        for o in ords:
            size = piles[o]
            t = size if first else min(size, limit)
            top = t - 1 if first or not repaired else t
            for i in range(1, top + 1):
                after = bump(piles, o, -i)
                if not repaired and sum(1 for q in piles if q) == 1 and not first:
                    rest = t - i  # search_2 as printed tests (t - i; i)
                    if is_p((rest,), i):
                        return o, i
                    continue
                if is_p(after, i):
                    return o, i
        return None

    def ords_for(piles, found):
        live = [o for o in range(3) if piles[o]]
        if not repaired and found:
            return live[:1]
        return live

    first = search(start, [0, 1, 2], 0, True)
    if first is None:
        return f"no first move found from {show(start, 0)}"
    o, i = first
    todo = [(bump(start, o, -i), i)]
    seen = set()
    while todo:
        piles, last = todo.pop()
        if (piles, last) in seen:
            continue
        seen.add((piles, last))
        for o2 in range(3):
            for r in range(1, min(piles[o2], 2 * last) + 1):
                after = bump(piles, o2, -r)
                if not any(after):
                    return f"Right takes the last chip: {show(piles, last)} -> {show(after, r)}"
                move = search(after, ords_for(after, True), 2 * r, False)
                if move is None:
                    return f"Left finds no move at {show(after, r)}"
                o3, j = move
                nxt = bump(after, o3, -j)
                if any(nxt):
                    todo.append((nxt, j))
    return "Left wins"


def _mfib_cases(bound: int) -> list[tuple[int, int, int]]:
    return [p for p in boxes(3, bound, 2) if not is_p(p, 0)]


@claim("fib.alg.mfib3win", PAPER, "Section 4, Algorithm mFib3Win and its modules", "algorithm",
       "Algorithm mFib3Win with modules search0, search, search_1 and search_2 as printed wins "
       "for Left from every first-move N-position (h, k, m; 0), h, k, m > 1.", bound=10,
       bound_help="piles <=")
def _mfib(bound: int) -> Evidence:
    return compare(_mfib_cases(bound), lambda p: "Left wins", lambda p: mfib3win(p, False),
                   show=lambda p: show(p, 0),
                   note=f"piles in 2..{bound}, every reply of Right. As printed, 'found' is never "
                        "reset after Left's first move (so later turns try only the first "
                        "non-empty pile), and search/search_1/search_2 inherit search0's test "
                        "'i >= t: stop', so a removal of exactly t = min(pile, 2R) - often the only "
                        "winning one, e.g. taking a whole small pile - is never tried")


@claim("fib.alg.mfib3win.corrected", PAPER, "Section 4, Algorithm mFib3Win", "algorithm",
       "Repaired mFib3Win (found reset before each of Left's turns; search, search_1 and "
       "search_2 try every i from 1 to t = min(pile, 2R); search_2 tests the pile minus i, and "
       "taking the last chip) wins for Left from every first-move N-position with piles > 1.",
       bound=10, bound_help="piles <=", corrects="fib.alg.mfib3win")
def _mfib_fixed(bound: int) -> Evidence:
    return compare(_mfib_cases(bound), lambda p: "Left wins", lambda p: mfib3win(p, True),
                   show=lambda p: show(p, 0), note=f"piles in 2..{bound}, every reply of Right")


# ================================================================================ artifacts


def _write(directory: Path, name: str, columns: list[str], rows: list[list]) -> str:
    from nimlab.theory.cash import write_csv

    return write_csv(directory, name, columns, rows)


def _diff_lists(where: str, printed_items: list, computed_items: list) -> list[Difference]:
    a, b = set(map(tuple, printed_items)), set(map(tuple, computed_items))
    return ([Difference(f"{where}: {list(x)}", "listed", "not P") for x in sorted(a - b)]
            + [Difference(f"{where}: {list(x)}", "not listed", "P") for x in sorted(b - a)])


P1_N, P2_N, P3_N, P3_FIRST = 200, 40, 14, 30


@artifact("fib.p1", PAPER, "Section 1 and Algorithm PPos1 (Section 3.2)",
          "Single-pile P-positions: first-move positions (n; 0) up to 200 against the Fibonacci "
          "numbers, and PPos1Arr (m; x*) against the solver")
def _art_p1(directory: Path) -> Outcome:
    first = [(n,) for n in range(1, P1_N + 1) if is_p((n,), 0)]
    fibs = [(n,) for n in fib_numbers(P1_N)]
    table = ppos1(P1_N)
    solved = [(m, x_star((m,))) for m in range(1, P1_N + 1) if is_p((m,), 1)]
    files = [_write(directory, "fib_p1_first_move.csv", ["n"], [list(p) for p in first]),
             _write(directory, "fib_p1_ppos1arr.csv", ["m", "x_star"],
                    [[m, x] for m, x in solved])]
    diffs = _diff_lists("first-move P-position", fibs, first)
    diffs += _diff_lists("PPos1Arr entry (m, x*)", sorted(table.items()), solved)
    return Outcome(files, len(first) + len(solved), diffs,
                   "" if not diffs else "the listed positions differ from the solver")


@artifact("fib.p2", PAPER, "Theorem 3.1, Corollary 3.2 and PPos2 (Section 3)",
          "Two-pile P-positions: first-move positions with piles in 2..40 against (m, m), "
          "PPos2Arr (m+k, m; x*), k > 2x*, against the solver")
def _art_p2(directory: Path) -> Outcome:
    first = fibonacci_first_move_p_positions(2, P2_N, cache=False)
    expected = [(m, m) for m in range(2, P2_N + 1)]
    _, t2 = tables12(P2_N)
    algorithm = sorted((m + k, m, x) for (m, k), x in t2.items())
    solved = sorted((a, b, x_star((a, b))) for b in range(1, P2_N) for a in range(b + 1, P2_N + 1)
                    if a - b > 2 and is_p((a, b), 1))
    files = [_write(directory, "fib_p2_first_move.csv", ["pile1", "pile2"],
                    [list(p) for p in first]),
             _write(directory, "fib_p2_ppos2arr.csv", ["m+k", "m", "x_star"],
                    [list(r) for r in solved])]
    diffs = _diff_lists("first-move P-position", expected, first)
    diffs += _diff_lists("PPos2Arr entry (m+k, m, x*)", algorithm, solved)
    return Outcome(files, len(first) + len(solved), diffs,
                   "The paper prints no two-pile list; the first-move P-positions are compared "
                   "with (m, m), m >= 2, which Theorem 3.1 and Corollary 3.2 imply, and PPos2Arr "
                   "(this module's PPos2) with the solver.")


@artifact("fib.p3", PAPER, "Section 4, PPos3 and its Note",
          "Three-pile P-positions: first-move positions with piles in 2..30 (kernel) and "
          "PPos3Arr (h, k, m; x*) with piles <= 14, against the paper's algorithm PPos3")
def _art_p3(directory: Path) -> Outcome:
    first = fibonacci_first_move_p_positions(3, P3_FIRST, cache=False)
    alg = ppos3(P3_N)
    from_alg = sorted(p for p in alg.first if min(p) >= 2)
    small = [p for p in first if p[0] <= P3_N]
    stored = sorted((h, k, m, x) for (h, k, m), x in alg.stored.items())
    solved = sorted((h, k, m, x_star((h, k, m))) for h, k, m in boxes(3, P3_N, 1)
                    if is_p((h, k, m), 1))
    files = [_write(directory, "fib_p3_first_move.csv", ["pile1", "pile2", "pile3"],
                    [list(p) for p in first]),
             _write(directory, "fib_p3_ppos3arr.csv", ["h", "k", "m", "x_star"],
                    [list(r) for r in solved])]
    diffs = _diff_lists(f"first-move P-position (piles <= {P3_N})", from_alg, small)
    diffs += _diff_lists("PPos3Arr entry (h, k, m, x*)", stored, solved)
    return Outcome(files, len(small) + len(solved), diffs,
                   "The paper prints no three-pile list: the lists are compared with the output "
                   "of its algorithm PPos3 (with the Note for x = 0), run here.")

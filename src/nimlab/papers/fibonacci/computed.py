"""The computed side of Multiple Fibonacci Nim's claims: the generic solver on
:class:`nimlab.games.FibonacciNim` (factor 2), the Fibonacci kernel's tables
(:func:`nimlab.kernels.fibonacci.last_p_table`) read a whole block at a time, and the boxes of
positions the claims check.

The game folds ``x`` by Theorem 2.7 in its canonical key; the check of Theorem 2.7 itself uses
:class:`UnfoldedFibonacci`, whose key keeps ``x`` as it is.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Iterable, Iterator, Sequence

import numpy as np

from nimlab.engine.solver import solver_for
from nimlab.games import FibonacciNim
from nimlab.papers.fibonacci.formulas import cap

PAPER = "fibonacci"
GAME = FibonacciNim()


class UnfoldedFibonacci(FibonacciNim):
    """Fibonacci Nim whose canonical key does not use Theorem 2.7 (``x`` is kept as given)."""

    def key(self, position):
        piles, last = position
        return tuple(sorted((p for p in piles if p), reverse=True)), last

    def params(self) -> dict:
        return {**super().params(), "fold": "none"}


UNFOLDED = UnfoldedFibonacci()


def is_p(piles: Sequence[int], x: int) -> bool:
    """Whether ``(piles; x)`` is a P-position (previous player wins), by the solver."""
    return solver_for(GAME).value((tuple(piles), x)) == 0


def outcome(piles: Sequence[int], x: int) -> str:
    return "P" if is_p(piles, x) else "N"


def unfolded_is_p(piles: Sequence[int], x: int) -> bool:
    """:func:`is_p` by a solver that does not fold ``x`` (Theorem 2.7 not assumed)."""
    return solver_for(UNFOLDED).value((tuple(piles), x)) == 0


# ---------------------------------------------------------------------------------- boxes
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
    of :func:`boxes` merged and sorted by ``(a, tuple)``: (a), (a, b), (a, b, c) for
    c = smallest..b, b = smallest..a.  Returns the tuples (a list of ``(b, c)``, -1 for a missing pile, built
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


def block_point(a: int, smallest: int, i: int) -> tuple[int, ...]:
    """The ``i``-th tuple of :func:`first_move_block` ``(a, smallest)``, without the tables."""
    order = [(a,)]
    for b in range(smallest, a + 1):
        order += [(a, b)] + [(a, b, c) for c in range(smallest, b + 1)]
        if len(order) > i:
            break
    return order[i]


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

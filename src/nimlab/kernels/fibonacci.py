"""Multiple Fibonacci Nim on 1 to 4 piles, any rational factor ``R`` (Zhou's paper, Section 2).

A position is ``(piles; x)`` with ``x`` the previous removal; after ``x > 0`` a move takes
``1..floor(R x)`` chips from one pile.  By Theorem 2.2 the P-positions among ``(p; 1), (p; 2), ...``
form a prefix, so one number per sorted pile tuple ``p`` describes them all:

``last_p[p]`` = the largest ``x >= 1`` with ``(p; x)`` a P-position, ``0`` if ``(p; 1)`` is an
N-position, and :attr:`FibonacciTable.cap` if ``(p; x)`` is P for every ``x`` (Theorem 2.7: only
``floor(R x) >= max(p)`` matters from some ``x`` on).

**Fast kernel** (:func:`last_p_table`).  Fix all piles but one, which holds ``v`` chips: along this
*line*, ``(p; x)`` (the varying pile holding ``p``) has a winning move taking ``i = p - v`` chips
exactly when ``v + last_p[v] >= p``.  So the smallest winning removal on the line is ``p - v*``
with ``v*`` the largest ``v < p`` whose *reach* ``v + last_p[v]`` is at least ``p``, and
``(p; x)`` is N iff ``floor(R x) >= t``, ``t`` the least such removal over the lines through the
point: ``last_p = ceil(t / R) - 1``, or the cap when there is no P follower.  Each line keeps its
candidates as a monotone stack (``v`` increasing, reach decreasing), stored as a linked list
through the table (one ``uint16`` link per point and line), so a point costs amortised O(1) per
line: no rescanning.  Points are visited in lexicographic order of their sorted tuples, which
puts every follower first.  A first-move position (``x = 0``: every pile >= 2, a whole pile may
not be taken) is P iff no line has ``v* >= 1`` - the direct check, done in the same pass.

Memory: the canonical tuples ``a >= b >= c`` number ``(N+1)(N+2)(N+3)/6`` (about ``N**3/6``);
per tuple 2 bytes of ``last_p``, 1 byte of first-move flag and 2 bytes of link per line (3 lines).

**Reference** (:func:`reference_status`): the full status table over ``(p, x)`` straight from the
rules, from which ``last_p`` and the first-move P-positions are read off.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Any

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.jit import njit, prange
from nimlab.parsing import parse_positive_rational
from nimlab.progress import Progress, quiet

NONE = 0xFFFF  # "no link" in the uint16 link arrays


def _factor(factor: Any) -> Fraction:
    return parse_positive_rational(factor, "--factor")


def cell_count(piles: int, bound: int) -> int:
    """The number of sorted tuples of ``piles`` piles in ``0..bound``."""
    return cell_count4(piles, bound)


@njit(cache=True, inline="always")
def cell(piles, a, b, c):
    """Index of the sorted tuple ``a >= b >= c`` (unused piles are 0) in the flat table."""
    if piles == 3:
        return a * (a + 1) * (a + 2) // 6 + b * (b + 1) // 2 + c
    if piles == 2:
        return a * (a + 1) // 2 + b
    return a


@dataclass
class FibonacciTable:
    """``last_p`` (and first-move flags) of every sorted tuple of ``piles`` piles in ``0..bound``."""

    piles: int
    bound: int
    factor: Fraction
    last_p: np.ndarray  # flat, indexed by :func:`index`
    #: 1 where (p; 0) is a first-move P-position (every pile >= 2); 2 where a pile is below 2
    #: and no move that leaves its pile non-empty (the first move's rule) reaches a P-position
    #: (discovery reads ``(p; 0)`` for every tuple: ``first != 0``); else 0
    first: np.ndarray

    @property
    def cap(self) -> int:
        return int(np.iinfo(self.last_p.dtype).max)

    def index(self, piles: tuple[int, ...]) -> int:
        p = sorted(piles, reverse=True) + [0] * (3 - len(piles))
        return int(cell(self.piles, p[0], p[1], p[2]))

    def is_p(self, piles: tuple[int, ...], last: int) -> bool:
        """Whether ``(piles; last)`` is a P-position (``last = 0``: the first move)."""
        if last == 0:
            return int(self.first[self.index(piles)]) == 1
        return int(self.last_p[self.index(piles)]) >= last

    def first_move_p_positions(self) -> list[tuple[int, ...]]:
        """The first-move P-positions, descending piles, sorted."""
        return tuples_of(self.piles, np.flatnonzero(self.first == 1))


def tuples_of(piles: int, indices: np.ndarray) -> list[tuple[int, ...]]:
    """The sorted tuples at flat ``indices`` (in increasing order), as a sorted list."""
    found, want, i = [], set(int(x) for x in indices), 0
    if not want:
        return found
    top = max(want)
    a = 0
    while True:
        for b in range(a + 1 if piles >= 2 else 1):
            for c in range(b + 1 if piles == 3 else 1):
                if i in want:
                    found.append((a, b, c)[:piles])
                i += 1
                if i > top:
                    return sorted(found)
        a += 1


def _dtype_for(bound: int, factor: Fraction) -> np.dtype:
    largest = (bound * factor.denominator) // factor.numerator + 1
    if max(largest, bound) < np.iinfo(np.uint16).max:
        return np.dtype(np.uint16)
    return np.dtype(np.uint32)


def last_p_table(piles: int, bound: int, factor: Any = 2,
                 progress: Progress = quiet) -> FibonacciTable:
    """The fast kernel: ``last_p`` and first-move flags for ``piles`` (1-4) piles in ``0..bound``
    (one kernel for every pile count: :func:`last_p_table4`)."""
    return last_p_table4(piles, bound, factor, progress)


def first_move_p_positions(piles: int, bound: int, factor: Any = 2,
                           progress: Progress = quiet) -> list[tuple[int, ...]]:
    """First-move P-positions with ``piles`` piles in ``2..bound``, as
    :func:`nimlab.tables.fibonacci_first_move_p_positions` lists them (descending piles, sorted)."""
    return last_p_table(piles, bound, factor, progress).first_move_p_positions()


# --------------------------------------------------------------------------- reference
def reference_status(piles: int, bound: int, factor: Any = 2) -> tuple[dict, dict, int]:
    """Straight from the rules: ``status[(p, x)]`` (True = P) for sorted tuples ``p`` with piles
    in ``0..bound`` and ``1 <= x <= top``, where ``top`` is the least ``x`` with
    ``floor(R x) >= bound`` (larger ``x`` allow the same moves), and the first-move statuses
    ``first[p]`` for tuples with every pile >= 2.  Returns ``(status, first, top)``."""
    factor = _factor(factor)
    top = 1
    while floor(factor * top) < bound:
        top += 1
    top = max(top, bound)
    tuples = sorted({tuple(sorted(t, reverse=True)) for t in np.ndindex(*(bound + 1,) * piles)},
                    key=lambda t: (sum(t), t))
    status: dict[tuple, bool] = {}

    def follower_p(p: tuple, j: int, i: int) -> bool:
        q = list(p)
        q[j] -= i
        return status[(tuple(sorted(q, reverse=True)), i)]

    for p in tuples:
        for x in range(1, top + 1):
            limit = floor(factor * x)
            status[(p, x)] = not any(follower_p(p, j, i) for j in range(piles)
                                     for i in range(1, min(p[j], limit) + 1))
    first = {p: not any(follower_p(p, j, i) for j in range(piles) for i in range(1, p[j]))
             for p in tuples if min(p) >= 2}
    return status, first, top


# --------------------------------------------------------------------------- 1 to 4 piles
# The same algorithm for up to 4 piles, written over 4-tuples ``a >= b >= c >= d`` (unused piles
# are 0).  Two drivers visit the tuples: in lexicographic order (sequential), or level by level of
# the pile total (parallel: a move lowers the total, so the tuples of one total depend only on
# smaller totals; two tuples of one total never share a line, so the per-line stacks are touched
# by one thread at a time, and every line still sees its points in increasing order).  Both give
# the same table, bit for bit.
MAX_PILES = 4


@njit(cache=True, inline="always")
def cell4(piles, a, b, c, d):
    """Index of the sorted tuple ``a >= b >= c >= d`` of ``piles`` piles in the flat table."""
    if piles == 4:
        return (a * (a + 1) * (a + 2) * (a + 3) // 24 + b * (b + 1) * (b + 2) // 6
                + c * (c + 1) // 2 + d)
    if piles == 3:
        return a * (a + 1) * (a + 2) // 6 + b * (b + 1) // 2 + c
    if piles == 2:
        return a * (a + 1) // 2 + b
    if piles == 1:
        return a
    return 0


def cell_count4(piles: int, bound: int) -> int:
    """The number of sorted tuples of ``piles`` (0-4) piles in ``0..bound``."""
    n, count = bound + 1, 1
    for i in range(piles):
        count = count * (n + i) // (i + 1)
    return count


@njit(cache=True, inline="always")
def _line_of(pos, role):
    """The other three piles of ``pos`` (sorted, descending) when pile ``role`` varies."""
    if role == 0:
        return pos[1], pos[2], pos[3]
    if role == 1:
        return pos[0], pos[2], pos[3]
    if role == 2:
        return pos[0], pos[1], pos[3]
    return pos[0], pos[1], pos[2]


@njit(cache=True, inline="always")
def _place(u, q, r, s):
    """The sorted tuple with ``u`` put on the line ``q >= r >= s``, and ``u``'s role there
    (the first of equal piles)."""
    if u >= q:
        return u, q, r, s, 0
    if u >= r:
        return q, u, r, s, 1
    if u >= s:
        return q, r, u, s, 2
    return q, r, s, u, 3


@njit(cache=True, inline="always")
def _point(piles, a, b, c, d, num, den, cap, last, first, links, tops):
    pos = (a, b, c, d)
    here = cell4(piles, a, b, c, d)
    best = -1
    deep = False
    for role in range(piles):
        if role > 0 and pos[role] == pos[role - 1]:
            continue  # the same line as the previous role
        v = pos[role]
        q, r, s = _line_of(pos, role)
        line = cell4(piles - 1, q, r, s, 0)
        top = tops[line]
        while top != NONE:  # drop candidates that no longer reach v
            x1, x2, x3, x4, rr = _place(top, q, r, s)
            idx = cell4(piles, x1, x2, x3, x4)
            if top + np.int64(last[idx]) >= v:
                break
            top = links[rr, idx]
        tops[line] = top
        if top != NONE:
            if best < 0 or v - top < best:
                best = v - top
            if top >= 1:
                deep = True
    if best < 0:
        value = cap
    else:
        value = (best * den - 1) // num  # largest x with floor(R x) < best
    last[here] = value
    if not deep:  # no winning move that leaves its pile non-empty
        first[here] = 1 if pos[piles - 1] >= 2 else 2  # 1: a first move (every pile >= 2)
    if value >= 1:  # a candidate for the points above it on its lines
        for role in range(piles):
            if role > 0 and pos[role] == pos[role - 1]:
                continue
            v = pos[role]
            q, r, s = _line_of(pos, role)
            reach = v + np.int64(value)
            line = cell4(piles - 1, q, r, s, 0)
            top = tops[line]
            while top != NONE:
                x1, x2, x3, x4, rr = _place(top, q, r, s)
                idx = cell4(piles, x1, x2, x3, x4)
                if top + np.int64(last[idx]) > reach:
                    break
                top = links[rr, idx]
            links[role, here] = top
            tops[line] = v


@njit(cache=True, aot=[f"i8, i8, i8, i8, i8, i8, {t}[::1], u1[::1], u2[:, ::1], u2[::1]"
                      for t in ("u2", "u4")])
def _rows4(piles, a_start, a_stop, num, den, cap, last, first, links, tops):
    """Sequential: tuples with largest pile ``a_start <= a < a_stop``, lexicographic order."""
    for a in range(a_start, a_stop):
        for b in range(a + 1 if piles >= 2 else 1):
            for c in range(b + 1 if piles >= 3 else 1):
                for d in range(c + 1 if piles >= 4 else 1):
                    _point(piles, a, b, c, d, num, den, cap, last, first, links, tops)


@njit(cache=True, parallel=True)
def _levels4(piles, bound, s_start, s_stop, num, den, cap, last, first, links, tops):
    """Parallel: tuples of total ``s_start <= s < s_stop``, one total after the other."""
    for s in range(s_start, s_stop):
        lo = (s + piles - 1) // piles
        hi = min(s, bound)
        for a in prange(lo, hi + 1):
            rest = s - a
            if piles == 1:
                if rest == 0:
                    _point(piles, a, 0, 0, 0, num, den, cap, last, first, links, tops)
            elif piles == 2:
                if rest <= a:
                    _point(piles, a, rest, 0, 0, num, den, cap, last, first, links, tops)
            elif piles == 3:
                for b in range(min(a, rest) + 1):
                    c = rest - b
                    if c <= b:
                        _point(piles, a, b, c, 0, num, den, cap, last, first, links, tops)
            else:
                for b in range(min(a, rest) + 1):
                    for c in range(min(b, rest - b) + 1):
                        d = rest - b - c
                        if d <= c:
                            _point(piles, a, b, c, d, num, den, cap, last, first, links, tops)


@dataclass
class FibonacciTable4(FibonacciTable):
    """A :class:`FibonacciTable` of 1 to 4 piles (indexing by :func:`cell4`)."""

    def index(self, piles: tuple[int, ...]) -> int:
        p = sorted(piles, reverse=True) + [0] * (MAX_PILES - len(piles))
        return int(cell4(self.piles, p[0], p[1], p[2], p[3]))

    def first_move_p_positions(self) -> list[tuple[int, ...]]:
        return tuples_of4(self.piles, np.flatnonzero(self.first == 1))


def tuples_of4(piles: int, indices: np.ndarray) -> list[tuple[int, ...]]:
    """The sorted tuples (1-4 piles) at flat ``indices`` of :func:`cell4`, as a sorted list."""
    rest = np.sort(np.asarray(indices, dtype=np.int64))
    if rest.size == 0:
        return []
    columns = []
    for k in range(piles, 0, -1):
        # The tuples of k piles whose largest pile is a start at C(a + k - 1, k).
        top = 1
        while cell_count4(k, top - 1) <= int(rest.max()):
            top *= 2
        starts = np.array([cell_count4(k, a - 1) if a > 0 else 0 for a in range(top + 1)],
                          dtype=np.int64)
        a = np.searchsorted(starts, rest, side="right") - 1
        columns.append(a)
        rest = rest - starts[a]
    return sorted(zip(*(map(int, c) for c in columns)))


def last_p_table4(piles: int, bound: int, factor: Any = 2, progress: Progress = quiet,
                  parallel: bool = False) -> FibonacciTable4:
    """``last_p`` and first-move flags for 1 to 4 piles in ``0..bound`` (the kernel above).

    ``parallel=True`` visits the tuples level by level of the total with Numba ``prange`` (as
    many threads as ``NUMBA_NUM_THREADS`` allows); the table is the same as the sequential one.
    It stays off by default: its order is worse for the caches (slower than one thread at
    N = 120 even on two free cores), and the two orders cannot be mixed within a run, so the
    pace of :mod:`nimlab.kernels.pace` cannot switch between them.  Both run in short steps
    (Ctrl-C acts between two).
    """
    from nimlab.kernels.pace import run_paced

    if piles not in (1, 2, 3, 4):
        raise InputError(f"the Fibonacci kernel handles 1 to 4 piles, got {piles}")
    if not 0 <= bound < NONE:
        raise InputError(f"the largest pile must be in 0..{NONE - 1}, got {bound}")
    factor = _factor(factor)
    size = cell_count4(piles, bound)
    dtype = _dtype_for(bound, factor)
    check_memory(size * (dtype.itemsize + 1 + 2 * piles),
                 f"the {piles}-pile Fibonacci Nim table for N = {bound}")
    last = np.zeros(size, dtype=dtype)
    first = np.zeros(size, dtype=np.uint8)
    links = np.full((piles, size), NONE, dtype=np.uint16)
    tops = np.full(max(cell_count4(piles - 1, bound), 1), NONE, dtype=np.uint16)
    cap = np.iinfo(dtype).max
    num, den = factor.numerator, factor.denominator
    if parallel:  # the tuples of total s: about s ** (piles - 1) of them
        lines = piles * bound + 1

        def step(lo: int, hi: int, threads: bool) -> None:
            _levels4(piles, bound, lo, hi, num, den, cap, last, first, links, tops)
    else:  # the tuples of largest pile a: about a ** (piles - 1) of them
        lines = bound + 1

        def step(lo: int, hi: int, threads: bool) -> None:
            _rows4(piles, lo, hi, num, den, cap, last, first, links, tops)
    run_paced(0, lines, step, np.arange(lines + 1, dtype=np.float64) ** piles, False, progress)
    return FibonacciTable4(piles, bound, factor, last, first)


class FibonacciLookup:
    """Outcomes of Fibonacci Nim (game ``fibonacci``, any rational factor) for positions of at
    most ``piles`` (1-4) non-empty piles, each ``<= bound``; a first move (``x = 0``) must have
    exactly ``piles`` piles.  ``outcome(position)`` for a position ``(piles, last)`` as the game
    takes it (folded by the game's ``key``); ``value`` is not available (the kernel keeps P/N
    status only).  ``covers(position)`` decides cheaply; a position outside raises
    :class:`~nimlab.errors.InputError`.
    """

    def __init__(self, piles: int, bound: int, factor: Any = 2, parallel: bool = False):
        from nimlab.games import FibonacciNim

        self.piles, self.bound = piles, bound
        self.game = FibonacciNim(factor)
        self.table = last_p_table4(piles, bound, self.game.factor, parallel=parallel)

    def covers(self, position) -> bool:
        kept, last = self.game.key(position)
        if len(kept) > self.piles or (kept and kept[0] > self.bound):
            return False
        return last > 0 or len(position[0]) == self.piles

    def outcome(self, position) -> str:
        if not self.covers(position):
            raise InputError(f"{self.game.format(position)} lies outside the {self.piles}-pile "
                             f"Fibonacci table (piles up to {self.bound}); use a larger bound or "
                             "the generic solver")
        kept, last = self.game.key(position)
        if last == 0:
            return "P" if self.table.is_p(tuple(position[0]), 0) else "N"
        return "P" if self.table.is_p(kept or (0,), last) else "N"

    def value(self, position) -> int:
        raise InputError("the Fibonacci kernel keeps outcomes only: use outcome()")


# --------------------------------------------------------------------------- one pile, firsts
#: ``F[n, v]`` when no removal from ``n`` tokens reaches a position of value ``v``.
NO_REMOVAL = np.iinfo(np.int32).max


@njit(cache=True, aot=["i4[:, ::1], i8"])
def _one_pile_firsts(F, factor):
    size, count = F.shape
    for n in range(size):
        for v in range(count):
            F[n, v] = NO_REMOVAL
        for v in range(count):
            for c in range(1, n + 1):  # the least removal c to (n - c; c) of value v
                m = n - c
                low = 0  # c_v(m): the removals (m; c) needs for a value >= v
                for w in range(v):
                    if F[m, w] > low:
                        low = F[m, w]
                high = low if low > F[m, v] else F[m, v]  # c_(v+1)(m)
                reach = factor * c  # NO_REMOVAL stands for infinity, whatever K c is
                if low != NO_REMOVAL and low <= reach and (high == NO_REMOVAL or reach < high):
                    F[n, v] = c
                    break


def one_pile_firsts(bound: int, factor: int = 2, count: int = 1) -> np.ndarray:
    """``F[n, v]`` for ``n <= bound``, ``v < count``: the least removal ``c`` from a pile of
    ``n`` tokens to a position ``(n - c; c)`` of value ``v`` (:data:`NO_REMOVAL`: none), in
    one-pile Fibonacci Nim with a whole factor ``K``.

    A position's options only grow with the previous removal ``x``, so its value is a step
    function of ``x``: ``G(n; x) >= v`` exactly when the removals allowed, ``min(n, K x)``
    (``n - 1`` for the first move, ``x = 0``), reach ``c_v(n) = max(F[n, 0..v-1])``, every value
    below ``v`` among the options.  Then ``(n - c; c)`` has value ``v`` exactly when
    ``c_v(n - c) <= K c < c_(v+1)(n - c)`` (a removal ``c <= m`` reaches ``c_v(m)`` as ``K c``
    does, ``c_v(m)`` being at most ``m`` when finite), so row ``n`` needs only the rows below it:
    ``count`` numbers a pile instead of a square, and the scan for ``F[n, v]`` stops at the
    answer (a few removals as a rule: 2^20 tokens and three values in 0.1 s).  ``F[n, 0]`` is
    the least removal to a P-position (Schwenk's ``t(n)``, from the rules).
    :func:`firsts_values` reads the values; the tests compare them with
    :func:`one_pile_values` and a plain game search."""
    if isinstance(factor, bool) or not isinstance(factor, int) or not 2 <= factor <= 1 << 16:
        raise InputError(f"one-pile Fibonacci Nim takes a whole factor 2..65536, not {factor!r}")
    if not 0 <= bound < NO_REMOVAL or not 1 <= count <= 64:
        raise InputError(f"the one-pile Fibonacci removals table takes n < {NO_REMOVAL} and "
                         f"1..64 values, not n <= {bound} and {count}")
    check_memory(4 * (bound + 1) * count,
                 f"the one-pile Fibonacci removals table for n <= {bound}, {count} values")
    F = np.zeros((bound + 1, count), dtype=np.int32)
    _one_pile_firsts(F, factor)
    return F


def firsts_values(F: np.ndarray, factor: int, n, x) -> np.ndarray:
    """``G(n; x)`` read off :func:`one_pile_firsts` for arrays ``n`` (rows of ``F``) and ``x``;
    ``-1`` where the value is ``count`` or more (the table does not say which)."""
    n = np.asarray(n, dtype=np.int64)
    x = np.asarray(x, dtype=np.int64)
    limit = np.where(x == 0, n - 1, factor * x)
    value = np.zeros(n.shape, dtype=np.int64)
    reach = np.zeros(n.shape, dtype=np.int64)  # c_(v+1)(n), v = 0, 1, ...
    for v in range(F.shape[1]):
        reach = np.maximum(reach, F[n, v])
        value += (reach <= limit) & (reach != NO_REMOVAL)  # NO_REMOVAL: never
    return np.where(value == F.shape[1], -1, value)


# --------------------------------------------------------------------------- one pile, values
@njit(cache=True, aot=["i2[:, ::1], i8"])
def _one_pile_values(V, factor):
    size = V.shape[0]
    seen = np.zeros(size + 2, dtype=np.bool_)
    for n in range(size):
        # the first move (x = 0): any removal but the whole pile
        seen[:] = False
        mex = 0
        for c in range(1, n):
            seen[V[n - c, c]] = True
            while seen[mex]:
                mex += 1
        V[n, 0] = mex
        # x >= 1: removals 1..min(n, K x), the options' values only grow with x
        seen[:] = False
        mex = 0
        c = 0
        for x in range(1, size):
            limit = min(n, factor * x)
            while c < limit:
                c += 1
                seen[V[n - c, c]] = True
                while seen[mex]:
                    mex += 1
            V[n, x] = mex


def one_pile_values(bound: int, factor: int = 2) -> np.ndarray:
    """``V[n, x]``: the Sprague-Grundy value of one-pile Fibonacci Nim with a whole factor
    ``K`` (2: the papers' game) at ``(n; x)`` for ``n, x <= bound`` (``x = 0``: the first move,
    which may not take the whole pile; ``x >= 1``: removals of ``1..K x``).  A row is one pass over the removals with a running mex, as the
    options of ``(n; x)`` are those of ``(n; x - 1)`` and more."""
    if isinstance(factor, bool) or not isinstance(factor, int) or not 2 <= factor <= 1 << 16:
        raise InputError(f"the one-pile Fibonacci value table takes a whole factor 2..65536, "
                         f"not {factor!r}")
    if not 0 <= bound < 1 << 16:
        raise InputError(f"the one-pile Fibonacci value table takes n <= {(1 << 16) - 1}, "
                         f"not {bound}")
    check_memory(2 * (bound + 1) ** 2, f"the one-pile Fibonacci value table for n <= {bound}")
    V = np.zeros((bound + 1, bound + 1), dtype=np.int16)
    _one_pile_values(V, factor)
    return V

"""Fraenkel's a-Wythoff games: the Grundy table ``G[x, y]`` for ``0 <= x, y <= N``.

A move takes tokens from one pile, or ``s > 0`` from the first pile and ``t > 0`` from the
second with ``|s - t| < a`` (``a = 1``: Wythoff's game, :mod:`nimlab.kernels.wythoff`).  The
options of ``(x, y)`` are the earlier cells of its row and of its column, and the cells
``(x', y')`` with ``x' < x``, ``y' < y`` on the ``2a - 1`` diagonals ``d' = y' - x'`` with
``|d' - d| < a`` around its own diagonal ``d = y - x``.

**Kernel** (:func:`awythoff_table`).  The whole square is computed row by row (``x``), left to
right (``y``).  Row ``x``, every column and every diagonal keep the set of values of some of
their cells as a bitset (``uint64`` words) with the index of its first word that is not all
ones.  The row's holds the cells to its left, a column's the rows above.  The options of
``(x, y)`` on a diagonal ``e`` are its cells of the rows ``x' < x - max(0, e - d)`` (``x' < x``
and ``y' = x' + e < y``), so a diagonal's bitset holds its cells of the rows below a limit of
its own, moved to the limit each cell needs (:func:`_reach`): cells added, or taken out by
clearing their bits, since the values of one diagonal are distinct (each of its cells is an
option of the later ones, ``s = t``).  Along a row the limits only grow, and a diagonal meets
the band of ``2a - 1`` around the cell's own in one stretch of the row, so each diagonal moves
``O(a)`` cells a row.  The value is the lowest zero bit of the union of the row, the column and
the band, searched from the largest first-non-full index among them: ``O(a)`` word operations
for each word searched (a few), instead of ``O(a min(x, y))`` look-ups.

Values never exceed ``x + y`` (every move lowers ``x + y``, and a mex is at most one more than
the largest value it is taken of), so the table is ``uint16`` while ``2 N < 65535``, else
``int32``.

**Reference** (:func:`awythoff_reference`, plain Python): for every cell, every option looked
up, then the mex.
"""

from __future__ import annotations

import numpy as np

from nimlab.errors import InputError, about
from nimlab.kernels import check_memory, rows_final, table_array
from nimlab.kernels.jit import njit
from nimlab.kernels.sharing import _DEBRUIJN_INDEX, lowest_zero_bit
from nimlab.progress import Progress, quiet


def effective_a(a: int, bound: int) -> int:
    """``a`` as far as a table up to ``bound`` can tell: ``|s - t| <= bound - 1`` for any two
    counts taken, so every ``a >= bound`` allows the same moves as ``bound`` (at least 1)."""
    return max(1, min(a, bound))


def value_bound(bound: int) -> int:
    """The largest value a cell of the table can hold: ``x + y <= 2 bound`` (every move lowers
    ``x + y``, and a mex is at most one more than the largest value it is taken of)."""
    return 2 * bound


def value_dtype(bound: int) -> np.dtype:
    """``uint16`` while every value fits, else ``int32``."""
    return np.dtype(np.uint16) if value_bound(bound) < np.iinfo(np.uint16).max \
        else np.dtype(np.int32)


def _words(bound: int) -> int:
    return value_bound(bound) // 64 + 2


def table_bytes(bound: int, a: int) -> int:
    """The memory of a table up to ``bound``: the values, the bitsets of the columns, the
    diagonals and the row."""
    n = bound + 1
    return n * n * value_dtype(bound).itemsize + (3 * n) * _words(bound) * 8


def check(bound: int, a: int) -> None:
    """Refuse in one line a bound below 0 or a table larger than the machine's memory."""
    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    check_memory(table_bytes(bound, a), f"the a-Wythoff table for a = {a}, N = {bound}")


#: Seconds of one thread per unit of :func:`work` (measured on the 2-core machine, under load:
#: a = 2, N = 5,000 4.1 s; a = 10, N = 2,000 1.3 s; a = 100, N = 2,000 23 s).
SECONDS_PER_WORK = 1.5e-8
#: A table whose work would take longer than this (seconds) is refused up front.
MAX_SECONDS = 300


def work(bound: int, a: int) -> int:
    """The work of a table up to ``bound``, about: each cell ORs ``2a + 1`` lines over a few
    words, a few more as the table (and its values) grow."""
    n = bound + 1
    return n * n * (2 * effective_a(a, bound) + 3) * max(1, n // 1000)


def check_work(bound: int, a: int) -> None:
    """Refuse in one line, with the largest ``--max`` that fits, a table that would take more
    than :data:`MAX_SECONDS` (or more memory than the machine has)."""
    check(bound, a)
    seconds = work(bound, a) * SECONDS_PER_WORK
    if seconds <= MAX_SECONDS:
        return
    low, high = 0, bound
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if work(mid, a) * SECONDS_PER_WORK <= MAX_SECONDS else \
            (low, mid - 1)
    raise InputError(f"the a-Wythoff table for a = {a}, --max {bound} would take about "
                     f"{about(int(seconds))} seconds, over {MAX_SECONDS}; use --max {low} or "
                     "less")


# --------------------------------------------------------------------------- reference
def awythoff_reference(bound: int, a: int) -> np.ndarray:
    """Every option of every cell looked up, then the mex: plain Python, for tests on small
    ``bound``."""
    n = bound + 1
    G = np.zeros((n, n), dtype=np.int64)
    for x in range(n):
        for y in range(n):
            seen = set()
            for s in range(1, x + 1):
                seen.add(int(G[x - s, y]))
            for t in range(1, y + 1):
                seen.add(int(G[x, y - t]))
            for s in range(1, x + 1):
                for t in range(max(1, s - a + 1), min(y, s + a - 1) + 1):
                    seen.add(int(G[x - s, y - t]))
            g = 0
            while g in seen:
                g += 1
            G[x, y] = g
    return G


# --------------------------------------------------------------------------- kernel
@njit(cache=True, inline="always")
def _add(bits, ptr, line, g):
    """Put value ``g`` in bitset ``bits[line]`` and move its first-non-full pointer on."""
    full = ~np.uint64(0)
    k = g >> 6
    bits[line, k] |= np.uint64(1) << np.uint64(g & 63)
    p = ptr[line]
    while bits[line, p] == full:
        p += 1
    ptr[line] = p


@njit(cache=True, inline="always")
def _reach(G, diag, dptr, lim, e, target):
    """Make diagonal ``e`` (``y - x``) hold exactly its cells of the rows ``r < target``: add or
    take out cells one at a time from the rows it holds now (``lim[e]``).  Taking out is
    clearing the value's bit (the values of a diagonal are distinct), and the first-non-full
    pointer moves back to that word."""
    n = G.shape[0]
    line = e + n - 1
    c = lim[line]
    low = max(0, -e)
    while c < target:
        if c >= low and c + e < n:
            _add(diag, dptr, line, G[c, c + e])
        c += 1
    while c > target:
        c -= 1
        if c >= low and c + e < n:
            g = G[c, c + e]
            diag[line, g >> 6] &= ~(np.uint64(1) << np.uint64(g & 63))
            if dptr[line] > (g >> 6):
                dptr[line] = g >> 6
    lim[line] = c


@njit(cache=True)
def _awythoff_rows(G, col, cptr, diag, dptr, lim, row, rptr, a, lo, hi, index_table):
    """Rows ``lo <= x < hi`` of ``G`` (the rows above done, the columns' bitsets holding them):
    see the module's docstring.  ``a`` is at least 1 and at most the table's side; diagonal
    ``e`` holds its cells of the rows ``r < lim[e + n - 1]``; ``row[0]`` is the row's bitset,
    ``rptr[0]`` its pointer."""
    n = G.shape[0]
    words = col.shape[1]
    full = ~np.uint64(0)
    for x in range(lo, hi):
        for w in range(words):
            row[0, w] = 0
        rptr[0] = 0
        for y in range(n):
            d = y - x
            first = max(d - a + 1, -(n - 1))
            last = min(d + a - 1, n - 1)
            w = max(rptr[0], cptr[y])
            for e in range(first, last + 1):
                # the cells of diagonal e that are options: rows x' < x, and y' < y
                _reach(G, diag, dptr, lim, e, x - max(0, e - d))
                p = dptr[e + n - 1]
                if p > w:
                    w = p
            while True:
                u = row[0, w] | col[y, w]
                for e in range(first, last + 1):
                    u |= diag[e + n - 1, w]
                if u != full:
                    break
                w += 1
            g = w * 64 + lowest_zero_bit(u, index_table)
            G[x, y] = g
            _add(row, rptr, 0, g)
            _add(col, cptr, y, g)
    return 0


#: Cells a call of the compiled rows computes at most (a step between two progress reports).
STEP_CELLS = 1 << 20


def awythoff_table(bound: int, a: int, progress: Progress = quiet) -> np.ndarray:
    """``G[x, y]`` = the Grundy value of the a-Wythoff game at ``(x, y)``, ``0 <= x, y <=
    bound`` (``a >= 1``; any ``a`` above ``bound`` is ``bound``'s game here)."""
    if a < 1:
        raise InputError(f"--a must be at least 1, got {a}")
    check(bound, a)
    n, eff = bound + 1, effective_a(a, bound)
    words = _words(bound)
    G = table_array((n, n), value_dtype(bound))
    col = np.zeros((n, words), dtype=np.uint64)
    diag = np.zeros((2 * n - 1, words), dtype=np.uint64)
    row = np.zeros((1, words), dtype=np.uint64)
    cptr = np.zeros(n, dtype=np.int64)
    dptr = np.zeros(2 * n - 1, dtype=np.int64)
    lim = np.zeros(2 * n - 1, dtype=np.int64)
    rptr = np.zeros(1, dtype=np.int64)
    step = max(1, STEP_CELLS // n)
    for lo in range(0, n, step):
        hi = min(lo + step, n)
        _awythoff_rows(G, col, cptr, diag, dptr, lim, row, rptr, eff, lo, hi, _DEBRUIJN_INDEX)
        rows_final(G, hi)
        progress(hi, n)
    return G


class AWythoffLookup:
    """Values of the a-Wythoff game for positions with both piles ``<= bound``, from the table
    of :func:`awythoff_table` (or one given, e.g. from the store)."""

    def __init__(self, bound: int, a: int, table: np.ndarray | None = None):
        self.bound, self.a = bound, a
        self.table = awythoff_table(bound, a) if table is None else table
        if self.table.shape[0] < bound + 1:
            raise InputError(f"the given a-Wythoff table stops at {self.table.shape[0] - 1}")

    def covers(self, position) -> bool:
        return len(position) == 2 and 0 <= min(position) and max(position) <= self.bound

    def value(self, position) -> int:
        if not self.covers(position):
            raise InputError(f"{','.join(map(str, position))} lies outside the a-Wythoff table "
                             f"(a = {self.a}, piles up to {self.bound}); use a larger bound or "
                             "the generic solver")
        x, y = position
        return int(self.table[x, y])

"""Wythoff's game: the Grundy table ``G[a, b]`` for ``0 <= a, b <= N``.

A move takes tokens from one pile, or the same number from both, so the options of ``(a, b)`` are
the earlier cells of its row, of its column and of its diagonal: ``G(a, b)`` is the mex of three
*prefixes of lines* (the same situation as the Sharing Nim kernel, :mod:`nimlab.kernels.sharing`).

**Fast kernel** (:func:`wythoff_table`).  The table is symmetric, so only ``a <= b`` is computed
(row by row) and mirrored.  Every column ``b`` and every diagonal ``b - a`` keeps the set of
values met so far as a bitset (``uint64`` words).  The row of ``a`` starts from the column ``a``
(``G(a, b') = G(b', a)`` for ``b' < a``, already known) and gathers the values of its own cells.
A value is the lowest zero bit of the OR of the three bitsets.  Each bitset also keeps the index
of its first word that is not all ones; no value below ``64 * max(those indices)`` can be free,
so the search starts there: each cell costs a few word operations instead of ``a + b`` look-ups.

Values never exceed ``a + b`` (a cell has ``a + b + min(a, b)`` options but they include the
values of a row, which are distinct), so the table is ``uint16`` while ``2 N < 65535``
(``N <= 32766``), ``int32`` beyond.

**Reference** (:func:`wythoff_reference` in Python, :func:`wythoff_reference_compiled` with
Numba): for every cell, look up every option and take the mex - the straightforward triple loop.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.progress import Progress, quiet
from nimlab.kernels.sharing import _DEBRUIJN_INDEX, lowest_zero_bit


def value_dtype(bound: int) -> np.dtype:
    """``uint16`` while every value (at most ``2 * bound``) fits, else ``int32``."""
    return np.dtype(np.uint16) if 2 * bound < np.iinfo(np.uint16).max else np.dtype(np.int32)


# --------------------------------------------------------------------------- reference
def _reference_fill(G):
    n = G.shape[0]
    seen = np.zeros(3 * n + 1, np.bool_)
    for a in range(n):
        for b in range(n):
            seen[:] = False
            for k in range(1, a + 1):  # take k from the first pile
                seen[G[a - k, b]] = True
            for k in range(1, b + 1):  # take k from the second pile
                seen[G[a, b - k]] = True
            for k in range(1, min(a, b) + 1):  # take k from both
                seen[G[a - k, b - k]] = True
            g = 0
            while seen[g]:
                g += 1
            G[a, b] = g
    return G


def wythoff_reference(bound: int) -> np.ndarray:
    """The triple loop in plain Python (slow; for tests on small ``bound``)."""
    G = np.zeros((bound + 1, bound + 1), dtype=np.int64)
    return _reference_fill(G)


_reference_fill_compiled = njit(cache=True)(_reference_fill)


def wythoff_reference_compiled(bound: int) -> np.ndarray:
    """The same triple loop compiled with Numba: the benchmark's baseline."""
    G = np.zeros((bound + 1, bound + 1), dtype=value_dtype(bound))
    return _reference_fill_compiled(G)


# --------------------------------------------------------------------------- fast kernel
@njit(cache=True)
def _add(bits, ptr, line, g):
    """Put value ``g`` in bitset ``bits[line]`` and move its first-non-full pointer on."""
    full = ~np.uint64(0)
    bits[line, g >> 6] |= np.uint64(1) << np.uint64(g & 63)
    p = ptr[line]
    while bits[line, p] == full:
        p += 1
    ptr[line] = p


@njit(cache=True)
def _wythoff_rows(G, col, cptr, diag, dptr, row, a_start, a_stop, index_table):
    """Rows ``a_start <= a < a_stop`` of the upper half (``b >= a``), mirrored into ``G``."""
    n = G.shape[0]
    full = ~np.uint64(0)
    words = col.shape[1]
    rptr = np.zeros(1, dtype=np.int64)
    for a in range(a_start, a_stop):
        # The row of a, before (a, a): the values of column a so far (G(b', a), b' < a).
        for w in range(words):
            row[0, w] = col[a, w]
        rptr[0] = cptr[a]
        for b in range(a, n):
            d = b - a
            w = max(rptr[0], cptr[b], dptr[d])
            while True:
                x = row[0, w] | col[b, w] | diag[d, w]
                if x != full:
                    break
                w += 1
            g = w * 64 + lowest_zero_bit(x, index_table)
            G[a, b] = g
            G[b, a] = g
            _add(row, rptr, 0, g)
            _add(col, cptr, b, g)
            _add(diag, dptr, d, g)


def _words(bound: int) -> int:
    return (2 * bound + 2) // 64 + 2


def _check(bound: int) -> None:
    check_memory((bound + 1) ** 2 * value_dtype(bound).itemsize
                 + 2 * (bound + 1) * _words(bound) * 8, f"the Wythoff table for N = {bound}")


def wythoff_table(bound: int, progress: Progress = quiet) -> np.ndarray:
    """``G[a, b]`` = the Grundy value of Wythoff's game at ``(a, b)``, ``0 <= a, b <= bound``."""
    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    _check(bound)
    n, words = bound + 1, _words(bound)
    G = np.zeros((n, n), dtype=value_dtype(bound))
    col = np.zeros((n, words), dtype=np.uint64)
    diag = np.zeros((n, words), dtype=np.uint64)
    row = np.zeros((1, words), dtype=np.uint64)
    cptr = np.zeros(n, dtype=np.int64)
    dptr = np.zeros(n, dtype=np.int64)
    # Row a costs about (n - a) cells: chunks of equal work.
    edges = sorted({0, n} | {int(n - n * np.sqrt(1 - i / 50)) for i in range(1, 50)})
    for lo, hi in zip(edges, edges[1:]):
        _wythoff_rows(G, col, cptr, diag, dptr, row, lo, hi, _DEBRUIJN_INDEX)
        progress(hi, n)
    return G


class WythoffLookup:
    """Values of Wythoff's game (game ``wythoff``) for positions ``(a, b)`` with both piles
    ``<= bound``, from the table of :func:`wythoff_table` (or one given, e.g. from the store).

    ``value(position)`` / ``outcome(position)``; a position outside raises
    :class:`~nimlab.errors.InputError`.  ``covers(position)`` decides cheaply.
    """

    def __init__(self, bound: int, table: np.ndarray | None = None):
        self.bound = bound
        self.table = wythoff_table(bound) if table is None else table
        if self.table.shape[0] < bound + 1:
            raise InputError(f"the given Wythoff table stops at {self.table.shape[0] - 1}")

    def covers(self, position) -> bool:
        return len(position) == 2 and 0 <= min(position) and max(position) <= self.bound

    def value(self, position) -> int:
        if not self.covers(position):
            raise InputError(f"{','.join(map(str, position))} lies outside the Wythoff table "
                             f"(piles up to {self.bound}); use a larger bound or the generic "
                             "solver")
        a, b = position
        return int(self.table[a, b])

    def outcome(self, position) -> str:
        return "P" if self.value(position) == 0 else "N"

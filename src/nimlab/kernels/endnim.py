"""End-Nim values (Cairns and Ho, "Some Remarks on End-Nim"), 1 to 3 piles, three variants.

The rules are those of :mod:`nimlab.games.endnim`: a move takes coins from the leftmost or the
rightmost pile; an emptied end pile leaves the row.  ``normal``: the empty row ends the game;
``misere``: the moves into the empty row are removed (nimlab's misere convention, the paper's
misere values); ``loop``: a row of one pile ends the game.

**Layout.**  Index 0 means "this pile is gone", so the arrays also hold the shorter rows a move
can reach:

* 1 pile: ``V[c]`` = value of the row ``(c)``; ``V[0]`` = the empty row (0 for ``normal``, -1
  where it is not a position of the game).
* 2 piles: ``V[a, b]`` = value of ``(a, b)``; ``V[0, b] = V1[b]``, ``V[a, 0] = V1[a]``,
  ``V[0, 0] = V1[0]``.
* 3 piles: ``V[a, b, c]`` for ``b >= 1``; ``V[0, b, c] = V2[b, c]``, ``V[a, b, 0] = V2[a, b]``,
  ``V[0, b, 0] = V1[b]``; the slice ``b = 0`` is -1 (the middle pile is never emptied).

**Fast kernel.**  With the middle pile fixed, the options of ``(a, b, c)`` are the cells
``(a', b, c)``, ``a' < a``, and ``(a, b, c')``, ``c' < c``, of one grid whose row and column 0
hold the 2-pile values: prefixes of a row and of a column.  The kernel carries the union of each
column's values as a bitset and the running union along the row, so a cell costs one OR-and-mex
over a few words.  The same grid routine, with 1-pile boundaries, gives the 2-pile table.

**Reference** (:func:`reference_values`): memoised recursion over rows, straight from the rules.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.jit import njit
from nimlab.kernels.sharing import _DEBRUIJN_INDEX, lowest_zero_bit
from nimlab.progress import Progress, quiet

VARIANTS = ("normal", "misere", "loop")


def single_pile_values(bound: int, variant: str) -> np.ndarray:
    """``V1[c]``: ``c`` (normal: any number may be taken), ``c - 1`` (misere: the pile may not be
    emptied), ``0`` (loop: one pile is already the end); ``V1[0]`` as in the module docstring."""
    c = np.arange(bound + 1, dtype=np.int64)
    if variant == "normal":
        return c
    values = c - 1 if variant == "misere" else np.zeros_like(c)
    values[0] = -1
    return values


@njit(cache=True, aot=["i8[:, ::1], i8[::1]"])
def _fill_grid(G, index_table):
    """Fill ``G[i, j]`` (``i, j >= 1``) with the mex of ``G[i', j]`` (``i' < i``) and ``G[i, j']``
    (``j' < j``); row 0 and column 0 hold the boundary values."""
    n = G.shape[0] - 1
    m = G.shape[1] - 1
    words = (n + m + 2) // 64 + 1  # a cell has at most i + j options
    one = np.uint64(1)
    full = ~np.uint64(0)
    columns = np.zeros((m + 1, words), dtype=np.uint64)
    for j in range(1, m + 1):
        g = G[0, j]
        columns[j, g >> 6] |= one << np.uint64(g & 63)
    row = np.zeros(words, dtype=np.uint64)
    for i in range(1, n + 1):
        row[:] = 0
        g = G[i, 0]
        row[g >> 6] |= one << np.uint64(g & 63)
        for j in range(1, m + 1):
            w = 0
            while True:
                x = row[w] | columns[j, w]
                if x != full:
                    break
                w += 1
            g = w * 64 + lowest_zero_bit(x, index_table)
            G[i, j] = g
            bit = one << np.uint64(g & 63)
            row[g >> 6] |= bit
            columns[j, g >> 6] |= bit


def _two_pile(single: np.ndarray) -> np.ndarray:
    bound = len(single) - 1
    V = np.full((bound + 1, bound + 1), -1, dtype=np.int64)
    V[0, :] = single
    V[:, 0] = single
    _fill_grid(V, _DEBRUIJN_INDEX)
    return V


def endnim_values(piles: int, bound: int, variant: str = "normal",
                  progress: Progress = quiet) -> np.ndarray:
    """Values of End-Nim rows of ``piles`` (1-3) piles in ``0..bound`` (layout: module docstring)."""
    if variant not in VARIANTS:
        raise InputError(f"unknown End-Nim variant {variant!r}; allowed: {', '.join(VARIANTS)}")
    if piles not in (1, 2, 3, 4):
        raise InputError(f"the End-Nim kernel handles 1 to 4 piles, got {piles}")
    if piles == 4:
        return endnim_values4(bound, variant, progress)
    dtype = np.dtype(np.int16 if 2 * bound + 2 < np.iinfo(np.int16).max else np.int32)
    side = bound + 1
    # Checked before anything is allocated: the 2-pile grid (int64), and for 3 piles the cube
    # and one more grid.
    if piles >= 2:
        check_memory(side * side * 8 + (side ** 3 * dtype.itemsize + side * side * 8
                                        if piles == 3 else 0),
                     f"the {piles}-pile End-Nim table for N = {bound}")
    single = single_pile_values(bound, variant)
    if piles == 1:
        return single
    two = _two_pile(single)
    if piles == 2:
        return two
    V = np.full((bound + 1, bound + 1, bound + 1), -1, dtype=dtype)
    grid = np.empty((bound + 1, bound + 1), dtype=np.int64)
    for b in range(1, bound + 1):
        grid[0, :] = two[b, :]  # (b, c): the left pile is gone
        grid[:, 0] = two[:, b]  # (a, b): the right pile is gone
        grid[0, 0] = single[b]
        _fill_grid(grid, _DEBRUIJN_INDEX)
        V[:, b, :] = grid
        progress(b, bound)
    return V


def endnim_values4(bound: int, variant: str = "normal",
                   progress: Progress = quiet) -> np.ndarray:
    """Values of 4-pile End-Nim rows with piles in ``0..bound``: ``V[a, b, c, d]`` for
    ``b, c >= 1``; ``V[0, b, c, d]`` = the row ``(b, c, d)`` (3-pile layout: ``d = 0`` is the
    row ``(b, c)``), ``V[a, b, c, 0]`` = the row ``(a, b, c)``; slices ``b = 0`` or ``c = 0``
    are -1 (the middle piles are never emptied).

    With the middle piles ``(b, c)`` fixed the options of ``(a, b, c, d)`` are the prefixes of a
    row and of a column of one grid, whose row and column 0 hold 3-pile values: the 3-pile
    routine, once per pair ``(b, c)``.
    """
    if variant not in VARIANTS:
        raise InputError(f"unknown End-Nim variant {variant!r}; allowed: {', '.join(VARIANTS)}")
    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    dtype = np.dtype(np.int16 if 3 * bound + 3 < np.iinfo(np.int16).max else np.int32)
    check_memory((bound + 1) ** 4 * dtype.itemsize + (bound + 1) ** 3 * 2,
                 f"the 4-pile End-Nim table for N = {bound}")
    three = endnim_values(3, bound, variant)
    V = np.full((bound + 1,) * 4, -1, dtype=dtype)
    grid = np.empty((bound + 1, bound + 1), dtype=np.int64)
    for b in range(1, bound + 1):
        for c in range(1, bound + 1):
            grid[0, :] = three[b, c, :]  # (b, c, d): the left pile is gone
            grid[:, 0] = three[:, b, c]  # (a, b, c): the right pile is gone
            grid[0, 0] = three[b, c, 0]  # (b, c)
            _fill_grid(grid, _DEBRUIJN_INDEX)
            V[:, b, c, :] = grid
        progress(b, bound)
    return V


class EndNimLookup:
    """Values of End-Nim (game ``end-nim``, the given variant) for rows of 1 to ``piles`` (<= 4)
    piles, each ``<= bound``, from :func:`endnim_values` (layouts in this module).  ``value`` /
    ``outcome``; ``covers`` decides cheaply; a row outside raises
    :class:`~nimlab.errors.InputError`."""

    def __init__(self, piles: int, bound: int, variant: str = "normal",
                 table: np.ndarray | None = None):
        self.piles, self.bound, self.variant = piles, bound, variant
        self.table = endnim_values(piles, bound, variant) if table is None else table
        self.single = single_pile_values(bound, variant)

    def covers(self, row) -> bool:
        return 1 <= len(row) <= self.piles and min(row) >= 1 and max(row) <= self.bound

    def value(self, row) -> int:
        if not self.covers(row):
            raise InputError(f"{','.join(map(str, row))} lies outside the End-Nim table (rows "
                             f"of 1 to {self.piles} piles, each in 1..{self.bound}); use a "
                             "larger bound or the generic solver")
        if len(row) == 1:
            return int(self.single[row[0]])
        if self.piles == 2:
            return int(self.table[tuple(row)])
        if self.piles == 3:
            return int(self.table[(0, *row) if len(row) == 2 else tuple(row)])
        index = {2: (0, *row, 0), 3: (0, *row), 4: tuple(row)}[len(row)]
        return int(self.table[index])

    def outcome(self, row) -> str:
        return "P" if self.value(row) == 0 else "N"


# --------------------------------------------------------------------------- reference
def reference_values(variant: str):
    """A function ``row -> value`` (rows are tuples of positive piles), straight from the rules."""

    def over(row: tuple) -> bool:
        return len(row) <= (1 if variant == "loop" else 0)

    def options(row: tuple):
        if over(row):
            return
        ends = [0] if len(row) == 1 else [0, len(row) - 1]
        for end in ends:
            for take in range(1, row[end] + 1):
                rest = list(row)
                rest[end] -= take
                if rest[end] == 0:
                    del rest[end]
                if variant == "misere" and over(tuple(rest)):
                    continue
                yield tuple(rest)

    @lru_cache(maxsize=None)
    def value(row: tuple) -> int:
        seen = {value(q) for q in options(row)}
        g = 0
        while g in seen:
            g += 1
        return g

    return value

"""End-Nim values for rows of any number of piles (the tables of ``nimlab table end-nim
--piles K``), built on the grid routine of :mod:`nimlab.kernels.endnim`.

**Layout** (that of :mod:`nimlab.kernels.endnim`, continued): ``V[p1, ..., pk]`` over
``0..bound`` in every axis, where index 0 at an end means "this pile is gone":
``V[0, p2, ..., pk]`` is the ``(k-1)``-pile row ``(p2, ..., pk)`` in its own layout and
``V[p1, ..., p(k-1), 0]`` the row ``(p1, ..., p(k-1))``; cells with a middle pile 0 are -1 (a
middle pile is never emptied).  1 to 4 piles are :func:`nimlab.kernels.endnim.endnim_values`.

**Kernel.**  With the middle piles fixed, the options of ``(a, m..., d)`` are ``(a', m..., d)``,
``a' < a``, and ``(a, m..., d')``, ``d' < d``: the prefixes of a row and of a column of one
grid whose row and column 0 hold the ``(k-1)``-pile values (``_fill_grid``, compiled ahead of
time), once per tuple of middle piles.  The work is about ``(bound + 1) ** k`` cells.

**Reference**: :func:`nimlab.kernels.endnim.reference_values` (the rules, memoised), and the
plain brute force of ``tests/brute.py`` in the tests.
"""

from __future__ import annotations

from itertools import product

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory, endnim
from nimlab.kernels.endnim import VARIANTS, _fill_grid
from nimlab.kernels.sharing import _DEBRUIJN_INDEX
from nimlab.progress import Progress, quiet


def value_dtype(piles: int, bound: int) -> np.dtype:
    """The smallest integer type of the values: a row has at most ``2 * bound`` options, so
    its value is at most that."""
    return np.dtype(np.int16 if 2 * bound + 2 < np.iinfo(np.int16).max else np.int32)


def table_bytes(piles: int, bound: int) -> int:
    """The memory :func:`row_values` needs at most: its table, the ``(k-1)``-pile table it
    reads, and a work grid."""
    side, size = bound + 1, value_dtype(piles, bound).itemsize
    return side ** piles * size + side ** (piles - 1) * 8 + side * side * 8


def row_values(piles: int, bound: int, variant: str = "normal",
               progress: Progress = quiet) -> np.ndarray:
    """Values of End-Nim rows of ``piles`` (>= 1) piles in ``0..bound`` (layout: module
    docstring)."""
    if variant not in VARIANTS:
        raise InputError(f"unknown End-Nim variant {variant!r}; allowed: {', '.join(VARIANTS)}")
    if piles < 1:
        raise InputError(f"an End-Nim row has at least one pile, got {piles}")
    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    if piles <= 4:
        return endnim.endnim_values(piles, bound, variant, progress)
    check_memory(table_bytes(piles, bound), f"the {piles}-pile End-Nim table for N = {bound}")
    shorter = row_values(piles - 1, bound, variant)
    side = bound + 1
    V = np.full((side,) * piles, -1, dtype=value_dtype(piles, bound))
    grid = np.empty((side, side), dtype=np.int64)
    everything = slice(None)
    for first in range(1, side):
        for rest in product(range(1, side), repeat=piles - 3):
            middle = (first, *rest)
            grid[0, :] = shorter[middle]  # (m..., d): the left pile is gone
            grid[:, 0] = shorter[(everything, *middle)]  # (a, m...): the right pile is gone
            _fill_grid(grid, _DEBRUIJN_INDEX)
            V[(everything, *middle, everything)] = grid
        progress(first, bound)
    return V

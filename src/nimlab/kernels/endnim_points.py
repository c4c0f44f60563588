"""End-Nim rows of four piles, the positions of values ``0..G`` without the table of values.

With the middle piles ``(b, c)`` fixed, the options of ``(a, b, c, d)`` are the earlier cells of
its row and of its column in one grid whose row and column 0 hold the 3-pile values
(:mod:`nimlab.kernels.endnim_rows`).  A value up to ``G`` needs only the bits ``0..G`` of the
values met along the row and the column: when they hold every value ``0..G`` the cell's value
is above ``G`` and adds no bit; otherwise it is the least value missing.  A row of a grid holds at
most one cell of each value (two cells of one row are a move apart), so what is kept is, for
each value ``g <= G`` and each ``(b, c, a)``, the ``d`` of that cell: ``(G + 1) side^3`` small
numbers where the table of values takes ``side^4``.

* :func:`four_pile_points` ``(G, V3)`` (``V3`` the 3-pile table): ``D[g, b, c, a]`` (``int16``/``int32``, -1
  for none) with ``V(a, b, c, d) = g`` exactly when ``D[g, b, c, a] = d`` (``a, b, c, d >= 1``);
* :func:`point_values` the value of rows of four piles when at most ``G``, else ``G + 1``;
  :func:`cut_points` the points of a smaller bound.
"""

from __future__ import annotations

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.jit import njit, prange
from nimlab.progress import Progress, quiet

#: The largest value asked: the bits of a row fit one word.
MAX_TOP = 62


def points_dtype(bound: int) -> np.dtype:
    return np.dtype(np.int16 if bound < np.iinfo(np.int16).max else np.int32)


def points_nbytes(top: int, bound: int) -> int:
    """The memory of :func:`four_pile_points`: its numbers and the 3-pile table it reads."""
    side = bound + 1
    return (top + 1) * side ** 3 * points_dtype(bound).itemsize + side ** 3 * 4


@njit(cache=True, parallel=True)
def _grids(top, V3, D, b_lo, b_hi):
    """The grids of middle piles ``b_lo <= b < b_hi`` (and every ``c >= 1``), a thread a
    ``b``."""
    side = V3.shape[0]
    one = np.uint64(1)
    full = (one << np.uint64(top + 1)) - one
    for b in prange(b_lo, b_hi):
        columns = np.zeros(side, dtype=np.uint64)
        for c in range(1, side):
            for d in range(1, side):  # column d starts with the row (b, c, d)
                v = V3[b, c, d]
                columns[d] = (one << np.uint64(v)) if v <= top else np.uint64(0)
            for a in range(1, side):
                for g in range(top + 1):
                    D[g, b, c, a] = -1
                v = V3[a, b, c]  # row a starts with the row (a, b, c)
                row = (one << np.uint64(v)) if v <= top else np.uint64(0)
                for d in range(1, side):
                    x = (row | columns[d]) & full
                    if x == full:
                        continue  # a value above top
                    g = 0
                    while (x >> np.uint64(g)) & one:
                        g += 1
                    bit = one << np.uint64(g)
                    row |= bit
                    columns[d] |= bit
                    D[g, b, c, a] = d


def four_pile_points(top: int, three_piles: np.ndarray, progress: Progress = quiet
                     ) -> np.ndarray:
    """``D[g, b, c, a]``: the ``d`` with ``V(a, b, c, d) = g`` for the rows of four piles in
    ``1..bound`` (-1: none up to ``bound``), ``g = 0..top``; ``three_piles`` the 3-pile table
    of the variant for ``bound`` (:func:`nimlab.kernels.endnim_rows.row_values` layout)."""
    if not 0 <= top <= MAX_TOP:
        raise InputError(f"the values asked are 0..G with 0 <= G <= {MAX_TOP}, got {top}")
    side = three_piles.shape[0]
    if three_piles.shape != (side, side, side) or side < 1:
        raise InputError(f"the 3-pile table is a cube, got shape {three_piles.shape}")
    bound = side - 1
    check_memory(points_nbytes(top, bound), f"End-Nim's 4-pile positions of values 0..{top} "
                                            f"for N = {bound}")
    V3 = np.ascontiguousarray(three_piles)
    D = np.full((top + 1, side, side, side), -1, dtype=points_dtype(bound))
    step = max(2, side // 64)
    for lo in range(1, side, step):
        hi = min(lo + step, side)
        _grids(top, V3, D, lo, hi)
        progress(hi - 1, bound)
    return D


def cut_points(D: np.ndarray, bound: int) -> np.ndarray:
    """The points of ``bound`` from those of a larger bound (a cell's value does not depend on
    the bound: the grids are filled in order; a cell past ``bound`` is none)."""
    out = D[:, :bound + 1, :bound + 1, :bound + 1].copy()
    out[out > bound] = -1
    return out


def point_values(D: np.ndarray, P) -> np.ndarray:
    """The values of the rows ``(a, b, c, d)`` of ``P`` (every pile ``1..bound``) when at most
    ``G``, else ``G + 1``."""
    P = np.asarray(P, dtype=np.int64)
    a, b, c, d = P.T
    top = D.shape[0] - 1
    out = np.full(len(P), top + 1, dtype=np.int64)
    for g in range(top, -1, -1):
        out[D[g, b, c, a] == d] = g
    return out

"""Wythoff's game, the positions of values ``0..G`` row by row: a few numbers a pile, not a square.

Two positions of one line (a row, a column, a diagonal) are a move apart, so a line holds at
most one position of each value; a row of Wythoff's game holds exactly one (its values are a
permutation of the naturals).  And ``G(x, y) = g`` exactly when ``G(x, y)`` is none of
``0..g-1`` and no option has value ``g`` (then the options miss ``g`` and, as the value is not
below ``g``, hold ``0..g-1``).  So the ``g``-positions come from the rules by a greedy pass
(the greedy algorithm of Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
2009, after Blass and Fraenkel 1990 for ``g = 1``): row by row, the row's ``g``-position is its
mirror ``(x, x')`` when an earlier row ``x'`` has its ``g``-position in column ``x``; otherwise
it is the first cell ``(x, y)``, ``y >= x``, whose column and diagonal hold no ``g``-position
in an earlier row and whose value is not below ``g``.

Cells are tried by diagonal ``d = y - x``, through the diagonals that hold no ``g``-position
yet (a union-find of the used ones): the ``g``-positions lie within a bounded distance of the
P-positions (Nivasch), so the used diagonals are nearly all those below ``0.618 x`` and a row
tries a few cells.  ``partners[g, x]`` is the ``y`` with ``G(x, y) = g``, for every row
``x`` below ``side`` (the mirrors of the rows below ``side`` are kept to about ``1.62 side``).

* :func:`wythoff_partners` ``(G, side)``: the ``(G + 1, columns)`` table, ``int32``;
  :func:`partners_nbytes` its memory; :func:`partner_values` ``(partners, x, y)`` the value of
  each position when it is at most ``G``, ``G + 1`` (more) otherwise;
  :func:`reference_partners` the same from a plain mex square, for tests.
"""

from __future__ import annotations

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.jit import njit
from nimlab.progress import Progress, quiet

#: The most rows: partners and columns stay within ``int32``.
MAX_SIDE = 1 << 29


def columns(side: int) -> int:
    """The columns kept for ``side`` rows: the partners of the rows below ``side`` are below
    ``phi * side`` plus a bounded distance (Nivasch); twice the side and a margin."""
    return 2 * side + 64


def partners_nbytes(top: int, side: int) -> int:
    """Memory of :func:`wythoff_partners`: the table and the diagonals' union-find."""
    return 4 * (top + 2) * columns(side)


@njit(cache=True)
def _find(nxt, d):
    """The first unused diagonal ``>= d`` (path halving)."""
    while nxt[d] != d:
        nxt[d] = nxt[nxt[d]]
        d = nxt[d]
    return d


@njit(cache=True)
def _value_rows(partners, g, nxt, x_start, x_stop):
    """Rows ``x_start..x_stop-1`` of value ``g``; 0, or the first row whose partner would pass
    the columns kept (then the table is too narrow)."""
    cols = partners.shape[1]
    for x in range(x_start, x_stop):
        if partners[g, x] >= 0:  # its mirror, from an earlier row
            continue
        d = _find(nxt, 0)
        while True:
            y = x + d
            if y >= cols:
                return x + 1
            free = partners[g, y] < 0  # no g-position above, in column y
            if free:
                for h in range(g):
                    if partners[h, x] == y:  # a smaller value sits here
                        free = False
                        break
            if free:
                partners[g, x] = y
                partners[g, y] = x
                nxt[d] = d + 1  # the diagonal is used from now on
                break
            d = _find(nxt, d + 1)
    return 0


def wythoff_partners(top: int, side: int, progress: Progress = quiet) -> np.ndarray:
    """``partners[g, x]`` (``int32``): the ``y`` with ``G(x, y) = g``, for ``g = 0..top`` and
    every row ``x < side`` (columns past ``side`` hold the mirrors that fit, else ``-1``)."""
    if top < 0 or side < 1:
        raise InputError(f"the values are 0..G with G >= 0 and the rows at least 1, got "
                         f"G = {top}, side = {side}")
    if side > MAX_SIDE:
        raise InputError(f"Wythoff's rows by value reach piles below {MAX_SIDE:,}, not {side:,}")
    check_memory(partners_nbytes(top, side), f"Wythoff's positions of values 0..{top} below "
                                             f"{side:,}")
    cols = columns(side)
    partners = np.full((top + 1, cols), -1, dtype=np.int32)
    nxt = np.empty(cols + 1, dtype=np.int32)
    step = max(1, side // 64)
    for g in range(top + 1):
        nxt[:] = np.arange(cols + 1, dtype=np.int32)
        for lo in range(0, side, step):
            hi = min(lo + step, side)
            failed = _value_rows(partners, g, nxt, lo, hi)
            if failed:  # pragma: no cover - the bounded distance keeps partners below 2 side
                raise InputError(f"row {failed - 1} of value {g} has no partner below "
                                 f"{cols:,}")
            progress(g * side + hi, (top + 1) * side)
    return partners


def partner_values(partners: np.ndarray, x, y) -> np.ndarray:
    """The value of each position ``(x, y)`` (rows below the table's side) when it is at most
    the table's ``G``, else ``G + 1``."""
    x, y = np.asarray(x, dtype=np.int64), np.asarray(y, dtype=np.int64)
    top = partners.shape[0] - 1
    out = np.full(np.broadcast(x, y).shape, top + 1, dtype=np.int64)
    for g in range(top, -1, -1):
        out[partners[g, x] == y] = g
    return out


def reference_partners(top: int, side: int) -> np.ndarray:
    """The same rows read off the plain mex square of :func:`nimlab.kernels.wythoff.
    wythoff_reference` (``columns(side)`` wide; small sides only)."""
    from nimlab.kernels.wythoff import wythoff_reference

    width = columns(side)
    G = wythoff_reference(width - 1)
    out = np.full((top + 1, width), -1, dtype=np.int32)
    for g in range(top + 1):
        for x in range(width):
            hits = np.flatnonzero(G[x] == g)
            if hits.size and (x < side or hits[0] < side):
                out[g, x] = hits[0]
    return out

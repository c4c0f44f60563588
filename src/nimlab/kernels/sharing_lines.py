"""3-pile Sharing Nim, the positions of values ``0..G`` without the table of values.

The kernel of :mod:`nimlab.kernels.sharing` finds each value ``V[a, b] = G(0, a, b)`` as the mex
of four prefixes of lines through the point (the paper's moves, Lemma 1 and Theorem 1), keeping
for each line the set of values met so far.  A value up to ``G`` needs only the bits ``0..G`` of
those sets: when the four lines meet every value ``0..G`` the point's value is above ``G`` and
adds nothing to the bits kept; otherwise it is the least value missing.  So one word a line, no
table: ``O(B)`` memory for ``B`` stones where the table takes ``B^2`` numbers, and the same
``B^2 / 4`` points visited, column by column.  What is kept is the points of values ``0..G``, a
few per line.

* :func:`sharing_value_points` ``(G, B)``: the points ``(a, b)`` (``0 <= a <= b <= B``) of value
  ``g``, for each ``g <= G``, with their mirrors ``(b - a, b)`` (Theorem 1);
* :func:`point_table` the points as a sorted lookup (:func:`cut_point_table` for a smaller
  bound), :func:`point_values` at points and :func:`position_values` at any positions of three
  piles (translated and sorted, Lemma 1), ``G + 1`` meaning above ``G``.
"""

from __future__ import annotations

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.jit import njit
from nimlab.progress import Progress, quiet

#: The largest value asked: the line's bits fit one word.
MAX_TOP = 62


def points_nbytes(top: int, bound: int) -> int:
    """About the memory of :func:`sharing_value_points`: the line words and the points (three
    a line, mirrored, at most, per value; two numbers each) and their lookup."""
    return 8 * 4 * (bound + 2) + (top + 1) * 6 * (bound + 1) * 3 * 8


@njit(cache=True)
def _columns(top, PA, PB, b_start, b_stop, out_a, out_b, count):
    """Columns ``b_start..b_stop-1`` (the earlier ones done); the points of value ``g <= top``
    appended to ``out_a[g], out_b[g]`` (``count[g]`` of them).  Returns 0, or 1 when a list is
    full (the caller makes room and goes on from the column it reports in ``count[top + 1]``)."""
    full = (np.uint64(1) << np.uint64(top + 1)) - np.uint64(1)
    cap = out_a.shape[1]
    for b in range(b_start, b_stop):
        for g in range(top + 1):
            if count[g] + b + 2 > cap:  # a column adds at most b + 2 points of a value
                count[top + 1] = b
                return 1
        for a in range(b // 2 + 1):
            s = b - 2 * a
            own, mirror = 2 * b - a, b + a
            x = (PA[own] | PA[mirror] | PB[s] | PA[s]) & full
            if x == full:
                continue  # a value above top: no bit of 0..top to add
            g = 0
            while (x >> np.uint64(g)) & np.uint64(1):
                g += 1
            bit = np.uint64(1) << np.uint64(g)
            if a < b:
                PA[own] |= bit
            if a > 0:
                PA[mirror] |= bit
            PB[s] |= bit
            out_a[g, count[g]] = a
            out_b[g, count[g]] = b
            count[g] += 1
            if b - a != a:  # Theorem 1: the mirror point has the same value
                out_a[g, count[g]] = b - a
                out_b[g, count[g]] = b
                count[g] += 1
    count[top + 1] = b_stop
    return 0


def _room(bound: int) -> int:
    """The points a value's list holds at first (three a column, mirrors counted; it doubles
    when a value has more)."""
    return max(64, 3 * (bound + 1))


def sharing_value_points(top: int, bound: int, progress: Progress = quiet
                         ) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each ``g = 0..top``, the arrays ``(a, b)`` of the points ``0 <= a <= b <= bound``
    with ``G(0, a, b) = g``, in column order."""
    if not 0 <= top <= MAX_TOP:
        raise InputError(f"the values asked are 0..G with 0 <= G <= {MAX_TOP}, got {top}")
    if bound < 0:
        raise InputError(f"the largest pile must be >= 0, got {bound}")
    check_memory(points_nbytes(top, bound), f"Sharing Nim's positions of values 0..{top} for "
                                            f"B = {bound}")
    PA = np.zeros(2 * bound + 2, dtype=np.uint64)
    PB = np.zeros(bound + 2, dtype=np.uint64)
    cap = _room(bound)
    out_a = np.empty((top + 1, cap), dtype=np.int64)
    out_b = np.empty((top + 1, cap), dtype=np.int64)
    count = np.zeros(top + 2, dtype=np.int64)
    step = max(64, (bound + 1) // 64)
    b = 0
    while b <= bound:
        stop = min(b + step, bound + 1)
        if _columns(top, PA, PB, b, stop, out_a, out_b, count):
            cap *= 2  # more points than expected: room, and on from that column
            out_a = np.concatenate([out_a, np.empty_like(out_a)], axis=1)
            out_b = np.concatenate([out_b, np.empty_like(out_b)], axis=1)
        b = int(count[top + 1])
        progress(b, bound + 1)
    return [(out_a[g, :count[g]].copy(), out_b[g, :count[g]].copy()) for g in range(top + 1)]


def point_table(top: int, bound: int, progress: Progress = quiet) -> np.ndarray:
    """The points of values ``0..top`` as a lookup: row 0 the sorted keys ``b (bound + 1) + a``
    (mirrors included), row 1 their values."""
    parts = sharing_value_points(top, bound, progress)
    keys = np.concatenate([b * (bound + 1) + a for a, b in parts])
    value = np.concatenate([np.full(len(a), g, dtype=np.int64) for g, (a, _) in enumerate(parts)])
    order = np.argsort(keys, kind="stable")
    return np.stack([keys[order], value[order]])


def cut_point_table(T: np.ndarray, stored: int, bound: int) -> np.ndarray:
    """The lookup of ``bound <= stored`` from that of ``stored`` (a point's value does not
    depend on the bound: the columns are computed in order)."""
    b, a = np.divmod(T[0], stored + 1)
    keep = b <= bound
    return np.stack([b[keep] * (bound + 1) + a[keep], T[1][keep]])


def point_values(T: np.ndarray, bound: int, top: int, a, b) -> np.ndarray:
    """``G(0, a, b)`` where it is at most ``top``, else ``top + 1`` (``a <= b <= bound``; ``T``
    the :func:`point_table` of ``bound``)."""
    key = np.asarray(b, dtype=np.int64) * (bound + 1) + np.asarray(a, dtype=np.int64)
    keys, value = T[0], T[1]
    if not len(keys):
        return np.full(key.shape, top + 1, dtype=np.int64)
    at = np.minimum(np.searchsorted(keys, key), len(keys) - 1)
    return np.where(keys[at] == key, value[at], top + 1)


def position_values(T: np.ndarray, bound: int, top: int, P) -> np.ndarray:
    """The values of positions of three piles (rows of ``P``, each at most ``bound``) when at
    most ``top``, else ``top + 1``: Lemma 1 (subtract the smallest, sort)."""
    S = np.sort(np.asarray(P, dtype=np.int64), axis=1)
    return point_values(T, bound, top, S[:, 1] - S[:, 0], S[:, 2] - S[:, 0])

"""NIM(A) with cash (Gasarch and Purtilo, "NIM with Cash", Def 1.4) as a threshold table.

More money never hurts its holder and never helps the opponent (docs/DISCOVERIES.md, "Thresholds
of NIM with cash"), and money above the stones is worth the stones (a player spends at most
``n`` in all).  So the mover, holding ``d1`` against ``d2`` with ``n`` stones, wins exactly when

    ``min(d1, n) >= T[n, min(d2, n)]``

``T[n, d2]`` the least money with which the mover wins, at most ``n``, or :data:`NEVER` when no
money wins.  A mover without money cannot move, so ``T >= 1``: what is stored is the *loss
limit* ``L[n, d2] = T[n, d2] - 1`` (the most money with which the mover still loses), ``n`` when
no money wins, a number in ``0..n``, and the mover wins exactly when

    ``min(d1, n) > L[n, min(d2, n)]``.

Only ``d2 <= n`` is kept (columns ``d2 > n`` repeat ``d2 = n``): the table of ``N`` is the lower
triangle, flat, row ``n`` holding ``L[n, 0..n]`` from offset ``n (n + 1) / 2``, so
``(N + 1)(N + 2) / 2`` numbers, the first ``(N' + 1)(N' + 2) / 2`` of them the table of
``N' <= N``.  The type is the smallest unsigned one holding ``0..N``: ``uint16`` up to
``N = 65,535`` (side 65,536: 4 GiB, a quarter of the ``int32`` square), ``uint32`` above.  It
replaces the cube ``W[n, d1, d2]`` of :mod:`nimlab.kernels.cash`.

The recurrence.  A removal of ``a`` (``a <= n``, ``a <= d1``) leads to ``(m, d2, d1 - a)`` with
``m = n - a``, lost for the new mover exactly when ``min(d2, m) <= L[m, min(d1 - a, m)]``.  The
row ``L[m, 0..m]`` never decreases, so with ``c = min(d2, m)`` the removal wins exactly from
``d1 = a + e`` on, ``e`` the least index ``<= m`` with ``L[m, e] >= c`` (none: never); and
``L[n, d2]`` is the least such ``a + e``, minus one, over ``A``.  As ``d2`` grows ``c`` grows and
``e`` with it, so one pass along the row ``m`` finds every ``e``: ``O(N^2 |A|)`` time in all.

* :func:`cash_thresholds` ``(A, N)``: the table, compiled; :func:`extend_cash_thresholds` grows
  one, :func:`cut_thresholds` cuts one; :func:`table_nbytes` its size, :func:`table_bound` its N.
* :func:`threshold_member` ``(L, n, d1, d2)``: ``W[n, d1, d2]`` (1: the mover wins), for numbers
  or arrays; :func:`threshold_slab` the cube's layers ``lo..hi-1``.
* :func:`to_square` / :func:`from_square`: the ``int32`` square ``T[n, d2]`` (``NEVER``) and back,
  for small tables; :func:`thresholds_from_winners` ``(W)``: the table read off a cube;
  :func:`reference_thresholds` the plain Python recurrence.
"""

from __future__ import annotations

from math import isqrt
from typing import Sequence

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.cash import _set_array
from nimlab.kernels.jit import njit
from nimlab.progress import Progress, quiet

#: ``T[n, d2]`` of the square :func:`to_square` when the mover loses with any money.
NEVER = np.iinfo(np.int32).max

#: The largest bound whose table is ``uint16`` (its numbers are ``0..bound``).
UINT16_BOUND = int(np.iinfo(np.uint16).max)


def table_dtype(bound: int) -> np.dtype:
    """The smallest unsigned type holding ``0..bound``."""
    return np.dtype(np.uint16 if bound <= UINT16_BOUND else np.uint32)


def table_size(bound: int) -> int:
    """The numbers in the table of ``bound``: ``(bound + 1)(bound + 2) / 2``."""
    return (bound + 1) * (bound + 2) // 2


def table_nbytes(bound: int) -> int:
    """The table's bytes for ``bound`` (side ``bound + 1``)."""
    return table_size(bound) * table_dtype(bound).itemsize


def table_bound(L: np.ndarray) -> int:
    """The bound ``N`` of a table (its length is ``(N + 1)(N + 2) / 2``)."""
    size = int(L.size)
    side = (isqrt(8 * size + 1) - 1) // 2
    if L.ndim != 1 or size < 1 or side * (side + 1) // 2 != size:
        raise InputError(f"a threshold table is a flat triangle of (N + 1)(N + 2) / 2 numbers, "
                         f"got shape {L.shape}")
    return side - 1


def cut_thresholds(L: np.ndarray, bound: int) -> np.ndarray:
    """The table of ``bound <= N`` (a view: its first rows)."""
    return L[:table_size(bound)]


@njit(cache=True)
def _loss_rows(A, L, n_start, n_stop):
    for n in range(n_start, n_stop):
        base = n * (n + 1) // 2
        for d2 in range(n + 1):
            L[base + d2] = n  # never
        for a in A:  # sorted
            if a > n:
                break
            m = n - a
            below = m * (m + 1) // 2
            e = 0
            for d2 in range(n + 1):
                c = d2 if d2 < m else m
                while e <= m and L[below + e] < c:
                    e += 1
                if e > m:  # e only grows with d2: the removal of a never wins from here on
                    break
                v = a + e - 1
                if v < L[base + d2]:
                    L[base + d2] = v


def _fill(A: np.ndarray, L: np.ndarray, start: int, progress: Progress) -> np.ndarray:
    rows = table_bound(L) + 1
    step = max(1, (rows - start) // 50)
    for lo in range(start, rows, step):
        hi = min(lo + step, rows)
        _loss_rows(A, L, lo, hi)
        progress(hi - start, rows - start)
    return L


def _check(bound: int) -> None:
    if bound < 0:
        raise InputError(f"the bound must be >= 0, got {bound}")
    if bound > np.iinfo(np.uint32).max - 1:
        raise InputError(f"the bound must be < {np.iinfo(np.uint32).max:,}, got {bound:,}")
    check_memory(table_nbytes(bound), f"the cash threshold table for N = {bound}")


def cash_thresholds(subtraction_set: Sequence[int], bound: int,
                    progress: Progress = quiet) -> np.ndarray:
    """``L[n, d2]`` for ``0 <= d2 <= n <= bound``, the flat triangle (see the module)."""
    _check(bound)
    A = _set_array(subtraction_set, bound)
    L = np.empty(table_size(bound), dtype=table_dtype(bound))
    return _fill(A, L, 0, progress)


def extend_cash_thresholds(subtraction_set: Sequence[int], table: np.ndarray, bound: int,
                           progress: Progress = quiet) -> np.ndarray:
    """The table of ``bound`` from ``table``, the table of a smaller bound (its rows copied, the
    new rows computed).  The caller may drop ``table`` once this returns; only the new table is
    allocated here."""
    _check(bound)
    old = table_bound(table)
    if old > bound:
        raise InputError(f"a table of N = {old} does not extend to N = {bound}")
    A = _set_array(subtraction_set, bound)
    L = np.empty(table_size(bound), dtype=table_dtype(bound))
    L[:table.size] = table
    return _fill(A, L, old + 1, progress)


# --------------------------------------------------------------------------- membership
def threshold_member(L: np.ndarray, n, d1, d2):
    """``W[n, d1, d2]``: 1 when the mover (``d1`` dollars, against ``d2``) wins from ``n``
    stones, else 0; numbers give an int, arrays (broadcast) a uint8 array.  Any money ``>= 0``;
    ``n`` at most the table's bound."""
    bound = table_bound(L)
    n, d1, d2 = np.asarray(n), np.asarray(d1), np.asarray(d2)
    if n.size and (n.min() < 0 or n.max() > bound):
        raise InputError(f"the threshold table covers n = 0..{bound}")
    if (d1.size and d1.min() < 0) or (d2.size and d2.min() < 0):
        raise InputError("money must be >= 0")
    n = n.astype(np.int64)
    won = np.minimum(d1, n) > L[n * (n + 1) // 2 + np.minimum(d2, n)]
    return int(won) if won.ndim == 0 else won.astype(np.uint8)


def threshold_slab(L: np.ndarray, lo: int, hi: int, budget: int) -> np.ndarray:
    """``W[lo:hi, 0..budget, 0..budget]`` (uint8), the cube's layers, from the thresholds."""
    n = np.arange(lo, hi)[:, None, None]
    d = np.arange(budget + 1)
    return threshold_member(L, n, d[None, :, None], d[None, None, :])


# --------------------------------------------------------------------------- other forms
def to_square(L: np.ndarray) -> np.ndarray:
    """The ``int32`` square ``T[n, d2]`` (``n, d2 = 0..N``; ``NEVER``; ``d2 > n`` as ``d2 = n``):
    the mover wins exactly when ``min(d1, n) >= T[n, min(d2, n)]``.  For small tables."""
    bound = table_bound(L)
    check_memory(4 * (bound + 1) ** 2, f"the square threshold table for N = {bound}")
    T = np.empty((bound + 1, bound + 1), dtype=np.int32)
    for n in range(bound + 1):
        row = L[n * (n + 1) // 2: (n + 1) * (n + 2) // 2].astype(np.int64)
        T[n, :n + 1] = np.where(row >= n, NEVER, row + 1)
        T[n, n + 1:] = T[n, n]
    return T


def from_square(T: np.ndarray) -> np.ndarray:
    """The flat triangle of a square ``T[n, d2]`` (``n = 0..N``, ``d2 = 0..`` at least ``N``)."""
    bound = T.shape[0] - 1
    if T.ndim != 2 or T.shape[1] < bound + 1:
        raise InputError(f"a square threshold table has at least as many columns as rows, "
                         f"got shape {T.shape}")
    L = np.empty(table_size(bound), dtype=table_dtype(bound))
    for n in range(bound + 1):
        row = np.asarray(T[n, :n + 1], dtype=np.int64)
        if ((row < 1) | ((row > n) & (row != NEVER))).any():
            raise InputError(f"row {n} of the square table is not 1..{n} or NEVER")
        L[n * (n + 1) // 2: (n + 1) * (n + 2) // 2] = np.where(row == NEVER, n, row - 1)
    return L


def thresholds_from_winners(W: np.ndarray) -> np.ndarray:
    """The table read off a cube ``W[n, d1, d2]`` whose budget is at least its stones (``T``:
    the least ``d1 <= n`` with ``W[n, d1, d2] = 1``)."""
    stones, budget = W.shape[0] - 1, W.shape[1] - 1
    if budget < stones or W.shape[2] < stones + 1:
        raise InputError("the cube's budget must be at least its stones")
    T = np.full((stones + 1, stones + 1), NEVER, dtype=np.int32)
    for n in range(stones + 1):
        wins = W[n, :n + 1, :stones + 1] != 0
        T[n] = np.where(wins.any(axis=0), wins.argmax(axis=0), NEVER)
    return from_square(T)


# --------------------------------------------------------------------------- reference
def reference_thresholds(subtraction_set: Sequence[int], bound: int) -> np.ndarray:
    """The table by the recurrence in plain Python, money ``d1`` tried one by one (slow)."""
    A = sorted(int(a) for a in subtraction_set)
    T = [[NEVER] * (bound + 1) for _ in range(bound + 1)]

    def loses(m: int, mover: int, other: int) -> bool:
        return min(mover, m) < T[m][min(other, m)]

    for n in range(bound + 1):
        for d2 in range(n + 1):
            T[n][d2] = next((d1 for d1 in range(n + 1)
                             if any(a <= n and a <= d1 and loses(n - a, d2, d1 - a) for a in A)),
                            NEVER)
        T[n][n + 1:] = [T[n][n]] * (bound - n)
    return from_square(np.array(T, dtype=np.int32))

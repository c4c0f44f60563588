"""NIM(A) with cash (Gasarch and Purtilo, "NIM with Cash", Def 1.4) as a threshold table.

More money never hurts its holder and never helps the opponent (docs/DISCOVERIES.md, "Thresholds
of NIM with cash"), and money above the stones is worth the stones (a player spends at most
``n`` in all).  So the mover, holding ``d1`` against ``d2`` with ``n`` stones, wins exactly when

    ``min(d1, n) >= T[n, min(d2, n)]``

and the table ``T[n, d2]`` (``int32``, ``n, d2 = 0..N``) replaces the cube ``W[n, d1, d2]`` of
:mod:`nimlab.kernels.cash`: ``(N + 1)^2`` cells instead of ``(N + 1)^3``.  ``T[n, d2]`` is the
least money with which the mover wins, at most ``n``, or :data:`NEVER` when no money wins; the
columns ``d2 > n`` repeat ``T[n, n]``, so a table cut to ``N' <= N`` is the table of ``N'``.

The recurrence.  A removal of ``a`` (``a <= n``, ``a <= d1``) leads to ``(m, d2, d1 - a)`` with
``m = n - a``, lost for the new mover exactly when ``min(d2, m) < T[m, min(d1 - a, m)]``.  The
row ``T[m, 0..m]`` never decreases, so with ``c = min(d2, m)`` the removal wins exactly from
``d1 = a + e`` on, ``e`` the least index ``<= m`` with ``T[m, e] > c`` (none: never); and
``T[n, d2]`` is the least such ``a + e`` over ``A``.  As ``d2`` grows ``c`` grows and ``e`` with
it, so one pass along the row ``m`` finds every ``e``: ``O(N^2 |A|)`` time in all.

* :func:`cash_thresholds` ``(A, N)``: the table, compiled; :func:`extend_cash_thresholds` grows one.
* :func:`threshold_member` ``(T, n, d1, d2)``: ``W[n, d1, d2]`` (1: the mover wins), for numbers
  or arrays; :func:`threshold_slab` the cube's layers ``lo..hi-1``.
* :func:`thresholds_from_winners` ``(W)``: the table read off a cube; :func:`reference_thresholds`
  the plain Python recurrence.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.cash import _set_array
from nimlab.kernels.jit import njit
from nimlab.progress import Progress, quiet

#: ``T[n, d2]`` when the mover loses with any money.
NEVER = np.iinfo(np.int32).max


@njit(cache=True)
def _threshold_rows(A, T, n_start, n_stop):
    top = T.shape[1] - 1
    never = np.int32(2147483647)
    for n in range(n_start, n_stop):
        row = T[n]
        for d2 in range(n + 1):
            row[d2] = never
        for a in A:  # sorted
            if a > n:
                break
            m = n - a
            below = T[m]
            e = 0
            for d2 in range(n + 1):
                c = d2 if d2 < m else m
                while e <= m and below[e] <= c:
                    e += 1
                if e > m:  # e only grows with d2: the removal of a never wins from here on
                    break
                if a + e < row[d2]:
                    row[d2] = a + e
        for d2 in range(n + 1, top + 1):
            row[d2] = row[n]


def _fill(A: np.ndarray, T: np.ndarray, start: int, progress: Progress) -> np.ndarray:
    rows = T.shape[0]
    step = max(1, (rows - start) // 50)
    for lo in range(start, rows, step):
        hi = min(lo + step, rows)
        _threshold_rows(A, T, lo, hi)
        progress(hi - start, rows - start)
    return T


def _check(bound: int) -> None:
    if bound < 0:
        raise InputError(f"the bound must be >= 0, got {bound}")
    if bound >= NEVER:
        raise InputError(f"the bound must be < {NEVER:,}, got {bound:,}")
    check_memory(4 * (bound + 1) ** 2, f"the cash threshold table for N = {bound}")


def cash_thresholds(subtraction_set: Sequence[int], bound: int,
                    progress: Progress = quiet) -> np.ndarray:
    """``T[n, d2]`` (int32) for ``0 <= n, d2 <= bound``."""
    _check(bound)
    A = _set_array(subtraction_set, bound)
    T = np.empty((bound + 1, bound + 1), dtype=np.int32)
    return _fill(A, T, 0, progress)


def extend_cash_thresholds(subtraction_set: Sequence[int], table: np.ndarray, bound: int,
                           progress: Progress = quiet) -> np.ndarray:
    """The table of ``bound`` from ``table``, the table of a smaller bound (its rows kept, the
    new rows computed)."""
    _check(bound)
    old = table.shape[0] - 1
    if table.shape != (old + 1, old + 1) or old > bound:
        raise InputError(f"a table of shape {table.shape} does not extend to N = {bound}")
    A = _set_array(subtraction_set, bound)
    T = np.empty((bound + 1, bound + 1), dtype=np.int32)
    T[:old + 1, :old + 1] = table
    T[:old + 1, old + 1:] = np.diagonal(table)[:, None]  # d2 > n: as d2 = n
    return _fill(A, T, old + 1, progress)


# --------------------------------------------------------------------------- membership
def threshold_member(T: np.ndarray, n, d1, d2):
    """``W[n, d1, d2]``: 1 when the mover (``d1`` dollars, against ``d2``) wins from ``n``
    stones, else 0; numbers give an int, arrays (broadcast) a uint8 array.  Any money ``>= 0``;
    ``n`` at most the table's bound."""
    n, d1, d2 = np.asarray(n), np.asarray(d1), np.asarray(d2)
    if n.size and (n.min() < 0 or n.max() >= T.shape[0]):
        raise InputError(f"the threshold table covers n = 0..{T.shape[0] - 1}")
    if (d1.size and d1.min() < 0) or (d2.size and d2.min() < 0):
        raise InputError("money must be >= 0")
    won = np.minimum(d1, n) >= T[n, np.minimum(d2, n)]
    return int(won) if won.ndim == 0 else won.astype(np.uint8)


def threshold_slab(T: np.ndarray, lo: int, hi: int, budget: int) -> np.ndarray:
    """``W[lo:hi, 0..budget, 0..budget]`` (uint8), the cube's layers, from the thresholds."""
    n = np.arange(lo, hi)[:, None, None]
    d = np.arange(budget + 1)
    return threshold_member(T, n, d[None, :, None], d[None, None, :])


def thresholds_from_winners(W: np.ndarray) -> np.ndarray:
    """``T`` read off a cube ``W[n, d1, d2]`` whose budget is at least its stones: the least
    ``d1 <= n`` with ``W[n, d1, d2] = 1`` (``NEVER`` if none), ``d2`` up to the budget."""
    stones, budget = W.shape[0] - 1, W.shape[1] - 1
    if budget < stones:
        raise InputError("the cube's budget must be at least its stones")
    T = np.full((stones + 1, budget + 1), NEVER, dtype=np.int32)
    for n in range(stones + 1):
        wins = W[n, :n + 1, :] != 0
        T[n] = np.where(wins.any(axis=0), wins.argmax(axis=0), NEVER)
    return T


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
    return np.array(T, dtype=np.int32)

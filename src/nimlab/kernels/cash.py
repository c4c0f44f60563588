"""NIM(A) and NIM(A) with cash (Gasarch and Purtilo, "NIM with Cash"), as in
:mod:`nimlab.games.subtraction`.

* :func:`subtraction_values` ``(A, n)``: ``G[m]`` of NIM(A) for ``m = 0..n`` (Def 1.1).
* :func:`cash_winners` ``(A, n, d)``: ``W[m, d1, d2] = 1`` when the player to move, holding
  ``d1`` dollars against ``d2``, wins NIM(A) with cash from ``m`` stones (Def 1.4, Def 2.1); so
  Player I wins ``(m; d1, d2)`` exactly when ``W[m, d1, d2] = 1``.  A removal of ``a`` costs ``a``
  dollars: ``(m, d1, d2) -> (m - a, d2, d1 - a)``.

The kernels are plain compiled loops over the table, layer ``m`` from layer ``m - a``; the
references are memoised recursions in Python, straight from the definitions.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.jit import njit
from nimlab.progress import Progress, quiet


def _set_array(subtraction_set: Sequence[int], largest: int) -> np.ndarray:
    """The moves of the set that can apply in a table whose moves are at most ``largest`` (a
    larger one never does, and may not fit a machine integer), sorted."""
    values = sorted(int(a) for a in subtraction_set)
    if not values or values[0] <= 0 or len(set(values)) != len(values):
        raise InputError("a subtraction set holds distinct positive integers, e.g. 1,3,4")
    return np.array([a for a in values if a <= largest], dtype=np.int64)


@njit(cache=True, aot=["i8[::1], i8"])
def _subtraction(A, n):
    G = np.zeros(n + 1, dtype=np.int64)
    seen = np.zeros(len(A) + 2, dtype=np.bool_)
    for m in range(n + 1):
        seen[:] = False
        for a in A:
            if a > m:
                break
            seen[G[m - a]] = True
        g = 0
        while seen[g]:
            g += 1
        G[m] = g
    return G


def subtraction_values(subtraction_set: Sequence[int], bound: int) -> np.ndarray:
    """The nim-sequence ``G[0..bound]`` of NIM(A)."""
    return _subtraction(_set_array(subtraction_set, bound), bound)


@njit(cache=True, aot=["i8[::1], u1[:, :, ::1], i8, i8"])
def _cash_layers(A, W, m_start, m_stop):
    d = W.shape[1] - 1
    for m in range(m_start, m_stop):
        for d1 in range(d + 1):
            for d2 in range(d + 1):
                win = 0
                for a in A:
                    if a > m or a > d1:
                        break
                    if W[m - a, d2, d1 - a] == 0:
                        win = 1
                        break
                W[m, d1, d2] = win


def cash_winners(subtraction_set: Sequence[int], stones: int, budget: int,
                 progress: Progress = quiet) -> np.ndarray:
    """``W[m, d1, d2]`` (uint8) for ``0 <= m <= stones`` and ``0 <= d1, d2 <= budget``."""
    A = _set_array(subtraction_set, min(stones, budget))
    check_memory((stones + 1) * (budget + 1) ** 2, f"the cash table for n = {stones}, d = {budget}")
    W = np.zeros((stones + 1, budget + 1, budget + 1), dtype=np.uint8)
    step = max(1, (stones + 1) // 50)
    for lo in range(0, stones + 1, step):
        hi = min(lo + step, stones + 1)
        _cash_layers(A, W, lo, hi)
        progress(hi, stones + 1)
    return W


# --------------------------------------------------------------------------- references
def reference_subtraction(subtraction_set: Sequence[int]):
    """``m -> G(m)`` of NIM(A), memoised recursion (Def 1.1)."""
    A = sorted(subtraction_set)

    @lru_cache(maxsize=None)
    def value(m: int) -> int:
        seen = {value(m - a) for a in A if a <= m}
        g = 0
        while g in seen:
            g += 1
        return g

    return value


def reference_cash(subtraction_set: Sequence[int]):
    """``(m, d1, d2) -> True`` when the player to move wins NIM(A) with cash (Def 1.4)."""
    A = sorted(subtraction_set)

    @lru_cache(maxsize=None)
    def wins(m: int, d1: int, d2: int) -> bool:
        return any(not wins(m - a, d2, d1 - a) for a in A if a <= m and a <= d1)

    return wins

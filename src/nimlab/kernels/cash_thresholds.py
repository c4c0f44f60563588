"""NIM(A) with cash (Gasarch and Purtilo, "NIM with Cash", Def 1.4) as a packed threshold table.

More money never hurts its holder and never helps the opponent (docs/DISCOVERIES.md, "Thresholds
of NIM with cash"), and money above the stones is worth the stones (a player spends at most
``n`` in all).  So the mover, holding ``d1`` against ``d2`` with ``n`` stones, wins exactly when

    ``min(d1, n) > L[n, min(d2, n)]``

``L[n, d2]`` the *loss limit*: the most money with which the mover still loses, ``n`` when no
money wins (a mover without money cannot move, so the threshold ``T = L + 1`` is at least 1).
Only ``d2 <= n`` is kept (columns ``d2 > n`` repeat ``d2 = n``).

The row ``L[n, 0..n]`` never decreases (more money for the other never helps the mover) and
stays in ``0..n``, so it is kept in unary: cell ``e`` writes ``L[n, e] - L[n, e - 1]`` one-bits
(``L[n, -1] = 0``) and then a zero-bit, at most ``2 (n + 1)`` bits a row, whatever the numbers:
about 2 bits a cell where a ``uint16`` triangle takes 16 and a ``uint32`` one (past 65,535) 32.
The zero-bit of cell ``e`` sits at bit ``e + L[n, e]``: the value is read back from where the
``e``-th zero is, found from a sample kept every :data:`BLOCK` cells (the bit where that block's
code starts), so a lookup reads about ``2 BLOCK`` bits.

Layout, all ``int64`` words, rows one after the other (the table of ``N' <= N`` is the first
:func:`table_words` ``(N')`` words of the table of ``N``): row ``n`` holds ``1 + n // 512``
sample words (two 32-bit samples each, low half first) and then ``1 + n // 32`` words of bits
(bit ``i`` of the row in word ``i // 64``, bit ``i % 64``).  :func:`row_offset` is closed form.

The recurrence.  A removal of ``a`` (``a <= n``, ``a <= d1``) leads to ``(m, d2, d1 - a)`` with
``m = n - a``, lost for the new mover exactly when ``min(d2, m) <= L[m, min(d1 - a, m)]``.  With
``c = min(d2, m)`` the removal wins exactly from ``d1 = a + e`` on, ``e`` the least index
``<= m`` with ``L[m, e] >= c`` (none: never); and ``L[n, d2]`` is the least such ``a + e``,
minus one, over ``A``.  As ``d2`` grows ``c`` grows and ``e`` with it, so one pass along the row
``m`` finds every ``e``: ``O(N^2 |A|)`` time in all.  Rows are computed plain in a ring of the
last ``max(A) + 1`` rows and packed as they are done.

* :func:`cash_thresholds` ``(A, N)``: the table, compiled; :func:`extend_cash_thresholds` grows
  one, :func:`cut_thresholds` cuts one; :func:`table_nbytes` its size, :func:`table_bound` its N;
  :func:`loss_row` one row, plain.
* :func:`threshold_member` ``(T, n, d1, d2)``: ``W[n, d1, d2]`` (1: the mover wins), for numbers
  or arrays; :func:`threshold_slab` the cube's layers ``lo..hi-1``.
* :func:`to_square` / :func:`from_square`: the ``int32`` square of thresholds ``T[n, d2]``
  (:data:`NEVER`) and back, for small tables; :func:`thresholds_from_winners` ``(W)``: the table
  read off a cube; :func:`reference_thresholds` the plain Python recurrence.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from nimlab.errors import InputError
from nimlab.kernels import check_memory
from nimlab.kernels.cash import _set_array
from nimlab.kernels.jit import njit
from nimlab.progress import Progress, quiet

#: ``T[n, d2]`` of the square :func:`to_square` when the mover loses with any money.
NEVER = np.iinfo(np.int32).max

#: Cells a sample covers: a lookup reads about twice this many bits.
BLOCK = 256

#: The largest bound: a row's bit positions fit the 32-bit samples.
MAX_BOUND = (1 << 30) - 1


@njit(cache=True)
def _below(n, size):
    """``sum(k // size for k < n)``."""
    q = n // size
    return size * q * (q - 1) // 2 + q * (n - q * size)


@njit(cache=True)
def _row_offset(n):
    return 2 * n + _below(n, 32) + _below(n, 512)


def row_offset(n: int) -> int:
    """The words before row ``n``: rows ``k < n`` take ``2 + k // 32 + k // 512`` words."""
    def below(size: int) -> int:
        q = n // size
        return size * q * (q - 1) // 2 + q * (n - q * size)
    return 2 * n + below(32) + below(512)


def table_words(bound: int) -> int:
    """The words of the table of ``bound`` (rows ``0..bound``)."""
    return row_offset(bound + 1)


def table_nbytes(bound: int) -> int:
    """The table's bytes for ``bound``: about ``(bound + 1)^2 / 4``."""
    return 8 * table_words(bound)


def work_nbytes(subtraction_set: Sequence[int], bound: int) -> int:
    """The bytes of the ring of plain rows the computation holds beside the table."""
    top = min(max(int(a) for a in subtraction_set), bound) if bound >= 0 else 0
    return 4 * (top + 1) * (bound + 1)


def table_bound(T: np.ndarray) -> int:
    """The bound ``N`` of a table (its length is :func:`table_words` ``(N)``)."""
    size = int(T.size)
    lo, hi = 0, MAX_BOUND + 1  # table_words(lo - 1) <= size; the answer below hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if row_offset(mid) <= size:
            lo = mid
        else:
            hi = mid
    if T.ndim != 1 or T.dtype != np.int64 or lo < 1 or row_offset(lo) != size:
        raise InputError(f"a packed threshold table is the int64 words of whole rows, got "
                         f"{T.dtype} of shape {T.shape}")
    return lo - 1


def cut_thresholds(T: np.ndarray, bound: int) -> np.ndarray:
    """The table of ``bound <= N`` (a view: its first rows)."""
    return T[:table_words(bound)]


# --------------------------------------------------------------------------- packing
@njit(cache=True)
def _pack_row(T, n, row):
    """Write row ``n`` (``row[0..n]``, never decreasing, in ``0..n``) into its words."""
    o = _row_offset(n)
    samples = 1 + n // 512
    end = _row_offset(n + 1)
    for i in range(o, end):
        T[i] = 0
    bits = o + samples
    pos = 0
    prev = 0
    for e in range(n + 1):
        if e % 256 == 0:
            j = e // 256
            if j % 2 == 0:
                T[o + j // 2] |= pos
            else:
                T[o + j // 2] |= pos << 32
        for _ in range(row[e] - prev):
            T[bits + pos // 64] |= 1 << (pos % 64)
            pos += 1
        prev = row[e]
        pos += 1  # the zero-bit


@njit(cache=True)
def _unpack_row(T, n, row):
    """Row ``n`` read back into ``row[0..n]``."""
    bits = _row_offset(n) + 1 + n // 512
    pos = 0
    value = 0
    e = 0
    while e <= n:
        if (T[bits + pos // 64] >> (pos % 64)) & 1:
            value += 1
        else:
            row[e] = value
            e += 1
        pos += 1


@njit(cache=True)
def _loss_at(T, n, c):
    """``L[n, c]`` for ``0 <= c <= n``: the bit of the ``c``-th zero, minus ``c``."""
    o = _row_offset(n)
    bits = o + 1 + n // 512
    j = c // 256
    pos = (T[o + j // 2] >> (32 * (j % 2))) & 0xFFFFFFFF
    skip = c - 256 * j  # zeros to pass before the one of cell c
    while True:
        word = T[bits + pos // 64]
        if pos % 64 == 0 and word == -1:  # 64 one-bits: a jump of the values
            pos += 64
            continue
        if (word >> (pos % 64)) & 1 == 0:
            if skip == 0:
                return pos - c
            skip -= 1
        pos += 1


@njit(cache=True)
def _member_many(T, n, d1, d2, out):
    for i in range(n.size):
        m = n[i]
        c = d2[i] if d2[i] < m else m
        money = d1[i] if d1[i] < m else m
        out[i] = 1 if money > _loss_at(T, m, c) else 0


# --------------------------------------------------------------------------- the recurrence
@njit(cache=True)
def _loss_rows(A, T, ring, n_start, n_stop):
    R = ring.shape[0]
    for n in range(n_start, n_stop):
        cur = ring[n % R]
        for d2 in range(n + 1):
            cur[d2] = n  # never
        for a in A:  # sorted
            if a > n:
                break
            m = n - a
            below = ring[m % R]
            e = 0
            for d2 in range(n + 1):
                c = d2 if d2 < m else m
                while e <= m and below[e] < c:
                    e += 1
                if e > m:  # e only grows with d2: the removal of a never wins from here on
                    break
                v = a + e - 1
                if v < cur[d2]:
                    cur[d2] = v
        _pack_row(T, n, cur)


def _fill(A: np.ndarray, T: np.ndarray, start: int, progress: Progress) -> np.ndarray:
    bound = table_bound(T)
    rows = bound + 1
    top = int(A[-1]) if A.size else 0
    ring = np.zeros((min(top, bound) + 1, bound + 1), dtype=np.int32)
    R = ring.shape[0]
    for m in range(max(0, start - R + 1), start):  # the rows the first new ones read
        _unpack_row(T, m, ring[m % R])
    step = max(1, (rows - start) // 50)
    for lo in range(start, rows, step):
        hi = min(lo + step, rows)
        _loss_rows(A, T, ring, lo, hi)
        progress(hi - start, rows - start)
    return T


def _check(subtraction_set: Sequence[int], bound: int) -> None:
    if bound < 0:
        raise InputError(f"the bound must be >= 0, got {bound}")
    if bound > MAX_BOUND:
        raise InputError(f"the bound must be at most {MAX_BOUND:,}, got {bound:,}")
    check_memory(table_nbytes(bound) + work_nbytes(subtraction_set, bound),
                 f"the cash threshold table for N = {bound}")


def cash_thresholds(subtraction_set: Sequence[int], bound: int,
                    progress: Progress = quiet) -> np.ndarray:
    """``L[n, d2]`` for ``0 <= d2 <= n <= bound``, packed (see the module)."""
    _check(subtraction_set, bound)
    A = _set_array(subtraction_set, bound)
    T = np.empty(table_words(bound), dtype=np.int64)
    return _fill(A, T, 0, progress)


def extend_cash_thresholds(subtraction_set: Sequence[int], table: np.ndarray, bound: int,
                           progress: Progress = quiet) -> np.ndarray:
    """The table of ``bound`` from ``table``, the table of a smaller bound (its rows copied, the
    new rows computed).  The caller may drop ``table`` once this returns; only the new table is
    allocated here."""
    _check(subtraction_set, bound)
    old = table_bound(table)
    if old > bound:
        raise InputError(f"a table of N = {old} does not extend to N = {bound}")
    A = _set_array(subtraction_set, bound)
    T = np.empty(table_words(bound), dtype=np.int64)
    T[:table.size] = table
    return _fill(A, T, old + 1, progress)


def loss_row(T: np.ndarray, n: int) -> np.ndarray:
    """``L[n, 0..n]`` (int64), read back from the table."""
    bound = table_bound(T)
    if not 0 <= n <= bound:
        raise InputError(f"the threshold table covers n = 0..{bound}")
    row = np.empty(n + 1, dtype=np.int64)
    _unpack_row(T, n, row)
    return row


# --------------------------------------------------------------------------- membership
def threshold_member(T: np.ndarray, n, d1, d2):
    """``W[n, d1, d2]``: 1 when the mover (``d1`` dollars, against ``d2``) wins from ``n``
    stones, else 0; numbers give an int, arrays (broadcast) a uint8 array.  Any money ``>= 0``;
    ``n`` at most the table's bound."""
    bound = table_bound(T)
    n, d1, d2 = np.asarray(n), np.asarray(d1), np.asarray(d2)
    if n.size and (n.min() < 0 or n.max() > bound):
        raise InputError(f"the threshold table covers n = 0..{bound}")
    if (d1.size and d1.min() < 0) or (d2.size and d2.min() < 0):
        raise InputError("money must be >= 0")
    n, d1, d2 = np.broadcast_arrays(n, d1, d2)
    shape = n.shape
    flat = [np.ascontiguousarray(np.minimum(x, bound).astype(np.int64).ravel())
            for x in (n, d1, d2)]  # money past the bound is worth the stones: capped
    out = np.empty(flat[0].size, dtype=np.uint8)
    _member_many(T, flat[0], flat[1], flat[2], out)
    return int(out[0]) if len(shape) == 0 else out.reshape(shape)


def threshold_slab(T: np.ndarray, lo: int, hi: int, budget: int) -> np.ndarray:
    """``W[lo:hi, 0..budget, 0..budget]`` (uint8), the cube's layers, from the thresholds."""
    W = np.empty((max(0, hi - lo), budget + 1, budget + 1), dtype=np.uint8)
    d = np.arange(budget + 1)
    for n in range(lo, hi):
        row = loss_row(T, n)
        capped = np.minimum(d, n)
        W[n - lo] = capped[:, None] > row[capped][None, :]
    return W


# --------------------------------------------------------------------------- other forms
def to_square(T: np.ndarray) -> np.ndarray:
    """The ``int32`` square ``T[n, d2]`` (``n, d2 = 0..N``; ``NEVER``; ``d2 > n`` as ``d2 = n``):
    the mover wins exactly when ``min(d1, n) >= T[n, min(d2, n)]``.  For small tables."""
    bound = table_bound(T)
    check_memory(4 * (bound + 1) ** 2, f"the square threshold table for N = {bound}")
    S = np.empty((bound + 1, bound + 1), dtype=np.int32)
    for n in range(bound + 1):
        row = loss_row(T, n)
        S[n, :n + 1] = np.where(row >= n, NEVER, row + 1)
        S[n, n + 1:] = S[n, n]
    return S


def from_square(S: np.ndarray) -> np.ndarray:
    """The packed table of a square ``T[n, d2]`` (``n = 0..N``, ``d2 = 0..`` at least ``N``)."""
    bound = S.shape[0] - 1
    if S.ndim != 2 or S.shape[1] < bound + 1:
        raise InputError(f"a square threshold table has at least as many columns as rows, "
                         f"got shape {S.shape}")
    T = np.empty(table_words(bound), dtype=np.int64)
    for n in range(bound + 1):
        row = np.asarray(S[n, :n + 1], dtype=np.int64)
        if ((row < 1) | ((row > n) & (row != NEVER))).any():
            raise InputError(f"row {n} of the square table is not 1..{n} or NEVER")
        loss = np.where(row == NEVER, n, row - 1)
        if (np.diff(loss) < 0).any():
            raise InputError(f"row {n} of the square table decreases: not a threshold table")
        _pack_row(T, n, loss)
    return T


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

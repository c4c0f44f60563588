"""Passive learning of an automaton from a whole box of positions (residual classes).

Words are read most significant digit first, one digit per variable per letter (letter
``sum d_t 2**t`` over the variables in order, as in :mod:`nimlab.prove.automata`).  The box of
``L`` digits holds every word of length ``<= L`` (leading zeros do not change a number).  In
the Fibonacci numeration the words of length ``n`` of one variable are the Zeckendorf words,
which are exactly the numbers ``0 .. W_n - 1`` (``W_n`` = 1, 2, 3, 5, 8, ...); other words are
rejected (a dead state), as the prover reads valid words only.

**Residuals.**  For a prefix ``u`` (one word per variable, all of length ``i``) and a length
``j`` with ``i + j <= L``, the *row* of ``u`` at ``j`` is the membership of ``u v`` for every
suffix ``v`` of length ``j``.  Rows at one ``j`` are compared across all prefix lengths (exact
comparison of packed bits), so each prefix gets an id per ``j``; the *class* of ``u`` with
suffix depth ``m`` is its tuple of ids for ``j = 0..m`` (Myhill-Nerode with suffixes of bounded
length, as in the "guessing" of automatic sequences).

**Hypothesis** (:func:`hypothesis`, depth ``m``, ``n = L - m - 1``): the states are the classes
of the prefixes of length ``<= n``; a class's transitions are those of its first (shortest)
prefix; the table must be closed (every class at length ``n + 1`` is a state).  It is kept only
if it agrees with the whole box (:func:`agrees`), then handed to the prover.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nimlab.prove import automata as am


# ------------------------------------------------------------------ numerations
def _greedy(base: str):
    """The numeration object of a greedy numeration other than base 2 and Zeckendorf (``fibK``:
    Fibonacci Nim with factor K; Ostrowski numerations, whose digits go past 1)."""
    from nimlab.prove.numerations import get

    return get(base)


def radix(base: str) -> int:
    """The digits of the numeration's words run from 0 to ``radix - 1``."""
    return 2 if base in ("2", "fib") else _greedy(base).radix


def box_learnable(base: str) -> bool:
    """Whether the box learner reads the numeration: binary words whose prefixes are words of
    numbers too, so that the prefixes of a box of ``L`` digits are the numbers below a width
    (base 2, Zeckendorf, and the greedy numerations fibK, checked in
    tests/test_discover_fibk.py).  An Ostrowski word's prefix need not be a word (sqrt 2's
    ``20`` writes 4; ``2`` writes nothing): the active learner reads those, word by word."""
    import re

    return base in ("2", "fib") or re.fullmatch(r"fib\d+", base) is not None


def width(n: int, base: str) -> int:
    """Number of words of length ``n`` of one variable (= the numbers they write)."""
    if base == "2":
        return 1 << n
    if base == "fib":
        return am.fib_weights(n + 1)[n]
    return _greedy(base).weight(n)


def digits(n: int, base: str) -> np.ndarray:
    """``D[v, t]``: digit ``t`` (most significant first) of the length-``n`` word of ``v``."""
    count = width(n, base)
    if n == 0:
        return np.zeros((count, 0), dtype=np.int64)
    if base == "2":
        v = np.arange(count, dtype=np.int64)
        return (v[:, None] >> np.arange(n - 1, -1, -1)[None, :]) & 1
    return digits_of(np.arange(count, dtype=np.int64), n, base)


def digits_of(values: np.ndarray, n: int, base: str) -> np.ndarray:
    """``D[i, t]``: digit ``t`` (most significant first) of the length-``n`` greedy word of
    ``values[i]`` (each below ``width(n, base)``): each weight taken as often as it fits."""
    rest = np.asarray(values, dtype=np.int64).copy()
    out = np.empty((len(rest), n), dtype=np.int64)
    for t, w in enumerate(weights(n, base)):
        out[:, t], rest = np.divmod(rest, w)
    return out


def weights(n: int, base: str) -> np.ndarray:
    """Weights of the ``n`` digit positions, most significant first."""
    if base == "2":
        return np.array([1 << (n - 1 - t) for t in range(n)], dtype=np.int64)
    if base == "fib":
        return np.array(am.fib_weights(n)[::-1], dtype=np.int64) if n else np.zeros(0, np.int64)
    return np.array(_greedy(base).weights(n)[::-1], dtype=np.int64) if n else \
        np.zeros(0, np.int64)


def valid_rows(d: np.ndarray, base: str) -> np.ndarray:
    """Whether each row of digits ``d`` (most significant first) is a valid word: in a greedy
    numeration, every suffix is worth less than the weight just above it."""
    n = d.shape[1]
    ok = np.ones(d.shape[0], dtype=bool)
    if base == "2" or n == 0 or (n < 2 and radix(base) == 2):
        return ok
    w = weights(n, base)
    tail = np.zeros(d.shape[0], dtype=np.int64)
    for t in range(n - 1, -1, -1):  # the suffix from digit t, against W(n - t)
        tail += d[:, t].astype(np.int64) * w[t]
        ok &= tail < width(n - t, base)
    return ok


def concat(i: int, j: int, base: str) -> np.ndarray:
    """``C[u, v]``: the number written by ``u`` (length i) followed by ``v`` (length j), or -1
    when that word is not valid (Fibonacci: two adjacent 1s)."""
    wi, wj = width(i, base), width(j, base)
    u = np.arange(wi, dtype=np.int64)[:, None]
    v = np.arange(wj, dtype=np.int64)[None, :]
    if base == "2":
        return (u << j) + v
    d = digits(i, base)
    high = d @ weights(i + j, base)[:i]  # u's digits at the top of a word of length i + j
    out = high[:, None] + v
    if i and j and base == "fib":
        top = am.fib_weights(j)[-1]
        bad = (d[:, -1] == 1)[:, None] & (v >= top)
        out = np.where(bad, -1, out)
    elif i and j:  # a greedy numeration: every suffix reaching into u worth less than its weight
        w = weights(i + j, base)
        tail = np.broadcast_to(v, (wi, wj)).astype(np.int64)
        bad = np.zeros((wi, wj), dtype=bool)
        for t in range(i - 1, -1, -1):
            tail = tail + (d[:, t] * w[t])[:, None]
            bad |= tail >= width(i + j - t, base)
        out = np.where(bad, -1, out)
    return out


# ------------------------------------------------------------------ rows and classes
def _rows(M: np.ndarray, i: int, j: int, base: str) -> np.ndarray:
    """The rows (prefixes of length i, flat C order) of the suffixes of length j, as bools."""
    k = M.ndim
    wi, wj = width(i, base), width(j, base)
    if base == "2":
        side = 1 << (i + j)
        sub = M[(slice(0, side),) * k].reshape((wi, wj) * k)
    else:
        C = concat(i, j, base)
        index = []
        for t in range(k):
            shape = [1] * (2 * k)
            shape[2 * t], shape[2 * t + 1] = wi, wj
            index.append(C.reshape(shape))
        padded = np.zeros(tuple(s + 1 for s in M.shape), dtype=bool)
        padded[(slice(0, M.shape[0]),) * k] = M
        sub = padded[tuple(index)]  # -1 hits the padding: an invalid word is rejected
    order = list(range(0, 2 * k, 2)) + list(range(1, 2 * k, 2))
    return sub.transpose(order).reshape(wi ** k, wj ** k)


def _unique_rows(rows: np.ndarray) -> np.ndarray:
    """Ids of the rows: equal ids exactly for equal rows (the row's bits themselves when it has
    at most 16 columns, else dense ids), in the smallest integer type that holds them (a box of
    three numbers of 10 digits has 2^30 rows of one column: one byte each, not eight)."""
    columns = rows.shape[1]
    if columns <= 16:
        kind = np.uint8 if columns <= 8 else np.uint16
        if columns == 1:
            return rows[:, 0].astype(kind)
        out = np.zeros(rows.shape[0], dtype=kind)
        for c in range(columns):  # one column at a time: no (rows x columns) integer copy
            out |= rows[:, c].astype(kind) << kind(c)
        return out
    packed = np.packbits(rows, axis=1)
    packed = np.ascontiguousarray(packed)
    keys = packed.view(np.dtype((np.void, packed.shape[1]))).ravel()
    _, inverse = np.unique(keys, return_inverse=True)
    inverse = inverse.reshape(-1)
    return inverse.astype(np.int32) if inverse.size < 2**31 else inverse


@dataclass
class Residuals:
    """Row ids of every prefix of a box of ``L`` digits (see the module docstring)."""

    base: str
    tracks: int
    L: int
    ids: list[np.ndarray]  # ids[j]: ids of the prefixes of lengths 0..L-j, stacked by length
    offsets: list[int]  # offsets[i]: first flat position of the prefixes of length i
    member: np.ndarray  # membership of every prefix read as a whole word (the ids at j = 0)

    def classes(self, m: int) -> np.ndarray:
        """Class ids (depth ``m``) of the prefixes of lengths ``0..L-m``, stacked."""
        stop = self.offsets[self.L - m + 1]
        cls = self.ids[0][:stop].astype(np.int64)
        for j in range(1, m + 1):
            ids = self.ids[j][:stop]
            pair = cls * (int(ids.max()) + 1) + ids.astype(np.int64)
            del cls
            _, cls = np.unique(pair, return_inverse=True)
            cls = cls.reshape(-1)
        return cls

    def counts(self, m: int) -> list[int]:
        """Distinct classes (depth ``m``) among the prefixes of length <= n, n = 0..L-m."""
        cls = self.classes(m)
        out = []
        for n in range(self.L - m + 1):
            out.append(int(np.unique(cls[:self.offsets[n + 1]]).size))
        return out


def residuals(M: np.ndarray, base: str, L: int, progress=None) -> Residuals:
    """Row ids of every prefix of the box ``M`` (membership of all words of length <= L)."""
    k = M.ndim
    offsets = [0]
    for i in range(L + 1):
        offsets.append(offsets[-1] + width(i, base) ** k)
    ids = []
    for j in range(L + 1):
        wj = width(j, base) ** k
        stacked = np.empty((offsets[L - j + 1], wj), dtype=bool)  # filled piece by piece
        for i in range(L - j + 1):
            stacked[offsets[i]:offsets[i + 1]] = _rows(M, i, j, base)
        ids.append(_unique_rows(stacked))
        del stacked
        if progress:
            progress(j + 1, L + 1)
    return Residuals(base, k, L, ids, offsets, ids[0].view(bool))  # ids[0]: 0 or 1, uint8


# ------------------------------------------------------------------ hypotheses
def _child_tables(i: int, base: str) -> np.ndarray:
    """``E[u, d]``: the number of u (length i) followed by digit d, or -1 if invalid."""
    return concat(i, 1, base)


def hypothesis(res: Residuals, m: int, max_states: int) -> am.DFA | None:
    """The automaton of the classes at depth ``m`` (None if not closed or too large)."""
    L, k, base = res.L, res.tracks, res.base
    n = L - m - 1
    if n < 0:
        return None
    cls = res.classes(m)
    inner = cls[:res.offsets[n + 1]]
    states, first = np.unique(inner, return_index=True)
    if states.size > max_states:
        return None
    outer = cls[res.offsets[n + 1]:res.offsets[n + 2]]
    if not np.isin(outer, states).all():
        return None  # not closed: a longer prefix shows a new class
    # renumber: the class of the empty prefix is state 0, others by first occurrence
    order = np.argsort(first)
    states, first = states[order], first[order]
    number = {int(c): s for s, c in enumerate(states)}
    dead = len(states)
    letters = 1 << k
    trans = np.full((dead + 1, letters), dead, dtype=np.int32)
    accept = np.zeros(dead + 1, dtype=bool)
    length = np.searchsorted(np.array(res.offsets), first, side="right") - 1
    for s, (pos, i) in enumerate(zip(first, length)):
        w = width(i, base)
        flat = int(pos - res.offsets[i])
        u = np.unravel_index(flat, (w,) * k) if k else ()
        accept[s] = bool(res.member[pos])
        child = _child_tables(i, base)
        w1 = width(i + 1, base)
        for letter in range(letters):
            parts = [int(child[u[t], (letter >> t) & 1]) for t in range(k)]
            if min(parts) < 0:
                continue  # invalid word: the dead state
            flat1 = int(np.ravel_multi_index(parts, (w1,) * k))
            target = int(cls[res.offsets[i + 1] + flat1])
            trans[s, letter] = number[target]
    return am.DFA(tuple(), trans, accept)


def states_on_box(dfa: am.DFA, L: int, base: str, tracks: int) -> np.ndarray:
    """The state reached by every word of length L (box ``(W_L,) * tracks``)."""
    S = np.zeros((1,) * tracks, dtype=np.int32)
    for i in range(L):
        w1 = width(i + 1, base)
        d = digits(i + 1, base)
        parent = d[:, :-1] @ weights(i, base) if i else np.zeros(w1, dtype=np.int64)
        last = d[:, -1]
        index, letter = [], np.zeros((w1,) * tracks, dtype=np.int64)
        for t in range(tracks):
            shape = [1] * tracks
            shape[t] = w1
            index.append(parent.reshape(shape))
            letter = letter + (last.reshape(shape) << t)
        S = dfa.trans[S[tuple(index)], letter]
    return S


def agrees(dfa: am.DFA, M: np.ndarray, L: int, base: str) -> bool:
    """Whether the automaton accepts exactly the members of the box (all words of length L)."""
    if base != "2" or L == 0:
        S = states_on_box(dfa, L, base, M.ndim)
        return bool(np.array_equal(dfa.accept[S], M))
    # base 2: the last letter one at a time (an eighth of the box at once for three numbers)
    k = M.ndim
    S = states_on_box(dfa, L - 1, base, k)
    for letter in range(1 << k):
        part = M[tuple(slice((letter >> t) & 1, None, 2) for t in range(k))]
        if not np.array_equal(dfa.accept[dfa.trans[S, letter]], part):
            return False
    return True

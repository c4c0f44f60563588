"""Running an automaton on every position of a range of a box: the box checks of discovery.

:func:`accepted` reads, for each flat index ``lo..hi-1`` of the box ``(side,) * tracks`` (C
order), the position's numbers, their digits from ``D`` (``D[v, i]``: digit ``i``, most
significant first, of the ``L``-digit word of ``v``) one letter at a time, and returns whether the
automaton ends in an accepting state.  :func:`reference_accepted` is the same with NumPy, one
gather per letter; the tests compare the two.
"""

from __future__ import annotations

import numpy as np

from nimlab.kernels.jit import njit


@njit(cache=True, aot=["i4[:, ::1], b1[::1], u1[:, ::1], i8, i8, i8, i8, i8, b1[::1]"])
def _accepted(trans, accept, D, side, tracks, radix, lo, hi, out):
    L = D.shape[1]
    coords = np.empty(tracks, dtype=np.int64)
    for k in range(hi - lo):
        flat = lo + k
        for t in range(tracks - 1, -1, -1):
            coords[t] = flat % side
            flat //= side
        state = 0
        for i in range(L):
            letter = 0
            for t in range(tracks - 1, -1, -1):  # sum of d_t * radix**t
                letter = letter * radix + np.int64(D[coords[t], i])
            state = trans[state, letter]
        out[k] = accept[state]


def accepted(trans: np.ndarray, accept: np.ndarray, D: np.ndarray, tracks: int, lo: int,
             hi: int, radix: int = 2) -> np.ndarray:
    """Acceptance of the positions ``lo..hi-1`` of the box of side ``len(D)`` (a letter is
    ``sum(d_t * radix**t)`` over the tracks, as :mod:`nimlab.prove.automata` reads them)."""
    out = np.empty(hi - lo, dtype=np.bool_)
    _accepted(np.ascontiguousarray(trans, dtype=np.int32), np.ascontiguousarray(accept),
              np.ascontiguousarray(D, dtype=np.uint8), len(D), tracks, radix, lo, hi, out)
    return out


def reference_accepted(trans, accept, D, tracks: int, lo: int, hi: int,
                       radix: int = 2) -> np.ndarray:
    """The same, one NumPy gather per letter."""
    side, L = D.shape
    flat = np.arange(lo, hi, dtype=np.int64)
    P = np.empty((hi - lo, tracks), dtype=np.int64)
    for t in range(tracks - 1, -1, -1):
        flat, P[:, t] = np.divmod(flat, side)
    state = np.zeros(hi - lo, dtype=np.int64)
    for i in range(L):
        letter = np.zeros(hi - lo, dtype=np.int64)
        for t in range(tracks):
            letter += D[P[:, t], i].astype(np.int64) * radix ** t
        state = trans[state, letter]
    return accept[state]

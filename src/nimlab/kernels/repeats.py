"""Where a long sequence repeats itself: the candidate periods of its tail, and how far back a
period holds; compiled, for sequences of hundreds of millions of terms (an octal game's
nim-sequence: :func:`nimlab.research.octal.octal_period`).

* :func:`tail_matches` - the places ``i`` where the last ``w`` terms occur again
  (``G[i:i + w] == G[L - w:L]``, ``L = len(G)``), nearest first: each gives the candidate
  period ``L - w - i``.  A polynomial hash rolls backwards over the sequence (one pass, no
  memory beyond the answer); a hash that matches by chance is not told apart here, which
  :func:`last_mismatch` does at once (the mismatch lies inside the window).
* :func:`last_mismatch` - the last ``i >= floor`` with ``G[i] != G[i + p]``: the sequence repeats
  with period ``p`` from ``i + 1`` on.

:func:`reference_tail_matches` and :func:`reference_last_mismatch` are the same in plain
Python, for the tests.
"""

from __future__ import annotations

import numpy as np

from nimlab.kernels.jit import njit

__all__ = ["tail_matches", "last_mismatch", "reference_tail_matches", "reference_last_mismatch",
           "HASH_BASE"]

#: The hash's base (odd; arithmetic modulo 2^64).
HASH_BASE = 0x9E3779B97F4A7C15


@njit(cache=True, aot=["i4[::1], i8, i8, i8[::1]"])
def _tail_matches(G, w, below, out):
    """Fill ``out`` with the places ``i < below`` whose window hashes as the last one, from
    ``below - 1`` down; returns how many (``len(out)``: there may be more below the last)."""
    n = G.shape[0]
    base = np.uint64(HASH_BASE)
    top = np.uint64(1)  # base ** (w - 1)
    for _ in range(w - 1):
        top *= base
    target = np.uint64(0)  # sum over j of G[n - w + j] * base ** j
    for j in range(w - 1, -1, -1):
        target = target * base + np.uint64(G[n - w + j] & 0xFFFFFFFF)
    start = below - 1
    if start < 0:
        return 0
    h = np.uint64(0)  # the hash of the window at `start`
    for j in range(w - 1, -1, -1):
        h = h * base + np.uint64(G[start + j] & 0xFFFFFFFF)
    found = 0
    i = start
    while True:
        if h == target:
            out[found] = i
            found += 1
            if found == out.shape[0]:
                return found
        if i == 0:
            return found
        # the window at i - 1: drop G[i + w - 1] (weight base ** (w - 1)), shift, add G[i - 1]
        h = (h - np.uint64(G[i + w - 1] & 0xFFFFFFFF) * top) * base + \
            np.uint64(G[i - 1] & 0xFFFFFFFF)
        i -= 1


def tail_matches(G: np.ndarray, w: int, below: int, out: np.ndarray) -> int:
    """The places ``i < below`` (nearest first) where ``G[i:i + w]`` may equal the last ``w``
    terms, into ``out``; how many (as many as ``out`` holds at most: call again below the
    last).  ``G``: ``int32``; ``1 <= w <= len(G)``; ``below <= len(G) - w``."""
    if not 1 <= w <= G.shape[0] or below > G.shape[0] - w:
        raise ValueError("a window of 1..len(G) terms, and places below len(G) - w")
    return int(_tail_matches(G, w, below, out))


@njit(cache=True, aot=["i4[::1], i8, i8, i8"])
def _last_mismatch(G, p, floor, start):
    for i in range(start, floor - 1, -1):
        if G[i] != G[i + p]:
            return i
    return floor - 1


def last_mismatch(G: np.ndarray, p: int, floor: int = 0, start: int | None = None) -> int:
    """The last ``i`` with ``floor <= i <= start`` (default: the last place, ``len(G) - p -
    1``) and ``G[i] != G[i + p]``, or ``floor - 1`` if none: ``G`` repeats with period ``p``
    from ``i + 1`` on (down to ``floor`` at least)."""
    last = G.shape[0] - p - 1
    start = last if start is None else min(start, last)
    if p < 1 or floor < 0:
        raise ValueError("a period of at least 1 and a floor of at least 0")
    return int(_last_mismatch(G, p, floor, start))


def reference_tail_matches(G, w: int) -> list[int]:
    """Every ``i <= len(G) - w - 1`` with ``G[i:i + w] == G[-w:]``, nearest first (plain
    Python)."""
    G = [int(v) for v in G]
    tail = G[len(G) - w:]
    return [i for i in range(len(G) - w - 1, -1, -1) if G[i:i + w] == tail]


def reference_last_mismatch(G, p: int, floor: int = 0) -> int:
    G = [int(v) for v in G]
    for i in range(len(G) - p - 1, floor - 1, -1):
        if G[i] != G[i + p]:
            return i
    return floor - 1

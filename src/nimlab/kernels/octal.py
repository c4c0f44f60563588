"""The nim-sequence of an octal (or hexadecimal) game, compiled: ``G(0..N)`` by a plain mex over
every move, each heap's options marked in a stamp array (no clearing between heaps).

``digits[k]`` is the code's digit for taking ``k`` tokens (1: nothing left, 2: one heap, 4: two
heaps, 8: three heaps; see :mod:`nimlab.games.octal`).  Splitting into two heaps visits every
split, so the work grows like ``N^2`` (three heaps: ``N^3``); :func:`reference_values` is the same
in plain Python, for the tests.

:func:`nimlab.kernels.octal_sparse.sparse_values` gives the same sequence by the sparse-space
method, on every core that pays; this module's plain kernel is its reference and the benchmarks'
"plain compiled quadratic loop".
"""

from __future__ import annotations

import numpy as np

from nimlab.kernels.jit import njit
from nimlab.progress import Progress, quiet

__all__ = ["octal_values", "reference_values", "work_of", "check_work", "MAX_WORK"]


@njit(cache=True, aot=["i4[::1], i8[::1], i8[::1], i8, i8"])
def _octal_step(G, stamp, digits, lo, hi):
    """Fill ``G[lo:hi]``; returns the first heap not filled: ``hi``, or a heap whose value could
    reach ``len(stamp)`` (the caller doubles ``stamp`` and calls again)."""
    cap = stamp.shape[0]
    for n in range(lo, hi):
        for k in range(digits.shape[0]):
            if k > n:
                break
            d = digits[k]
            rest = n - k
            if d & 1 and rest == 0 and k > 0:
                stamp[0] = n
            if d & 2 and rest >= 1 and k > 0:
                stamp[G[rest]] = n
            if d & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    stamp[G[a] ^ G[rest - a]] = n
            if d & 8 and rest >= 3:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        stamp[G[a] ^ G[b] ^ G[rest - a - b]] = n
        g = 0
        while g < cap and stamp[g] == n:
            g += 1
        if g >= cap // 2:  # a value this large could make XORs past the stamp array
            return n
        G[n] = g
    return hi


def work_of(digits: tuple[int, ...], bound: int) -> int:
    """About how many options the kernel visits for ``G(0..bound)``."""
    n = bound + 1
    work = n * len(digits)
    if any(d & 4 for d in digits):
        work += n * n // 4
    if any(d & 8 for d in digits):
        work += n ** 3 // 36
    return work


#: Moves the kernel visits in about a minute here (measured: 2.2 * 10^9 in 3.2 s); past it a
#: hexadecimal code's table is refused in one line, with the largest bound that fits.
MAX_WORK = 40_000_000_000
#: An octal code's table (two heaps at most) is bounded by time instead, as it is computed: the
#: sparse-space method's work depends on the rare heaps, which no bound known beforehand
#: limits (:class:`nimlab.progress.Projected` ends it once its pace passes this many seconds).
MAX_SECONDS = 60.0


def check_work(digits: tuple[int, ...], bound: int) -> None:
    """Refuse (one line) a hexadecimal code's table past :data:`MAX_WORK` (three heaps: the
    work grows like ``N^3``, and no sparse space is used).  An octal code's passes: its time is
    watched while it runs (:data:`MAX_SECONDS`)."""
    if not any(d & 8 for d in digits):
        return
    work = work_of(digits, bound)
    if work <= MAX_WORK:
        return
    low, high = 0, bound
    while low < high:  # the largest bound that fits
        mid = (low + high + 1) // 2
        low, high = (mid, high) if work_of(digits, mid) <= MAX_WORK else (low, mid - 1)
    from nimlab.errors import InputError, about

    raise InputError(f"the nim-sequence up to heap {bound:,} may visit about {about(work)} "
                     f"moves (three heaps), about {about(work * 60 // MAX_WORK)} seconds here; "
                     f"heaps up to {low:,} fit in a minute")


def octal_values(digits: tuple[int, ...], bound: int, progress: Progress = quiet) -> np.ndarray:
    """``G(0..bound)`` (int32) of the game with these code digits, in steps that report
    ``progress(done, total)`` (so Ctrl-C and deadlines act between them)."""
    G = np.zeros(bound + 1, dtype=np.int32)
    stamp = np.full(64, -1, dtype=np.int64)
    code = np.array(digits, dtype=np.int64)
    n = 0
    total = work_of(digits, bound)
    while n <= bound:
        # steps of about 20 million options: a fraction of a second each
        width = max(1, 20_000_000 // max(1, (n + 1) * (2 if any(d & 4 for d in digits) else 1)))
        stop = min(bound + 1, n + width)
        reached = _octal_step(G, stamp, code, n, stop)
        if reached < stop:
            grown = np.full(2 * stamp.shape[0], -1, dtype=np.int64)
            grown[:stamp.shape[0]] = stamp
            stamp = grown
        n = reached
        progress(work_of(digits, n - 1) if n else 0, total)
    return G


def reference_values(digits: tuple[int, ...], bound: int) -> list[int]:
    """The same sequence in plain Python (the tests' reference)."""
    G: list[int] = []
    for n in range(bound + 1):
        seen = set()
        for k, d in enumerate(digits):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0 and k > 0:
                seen.add(0)
            if d & 2 and rest >= 1 and k > 0:
                seen.add(G[rest])
            if d & 4:
                seen.update(G[a] ^ G[rest - a] for a in range(1, rest // 2 + 1))
            if d & 8:
                seen.update(G[a] ^ G[b] ^ G[rest - a - b] for a in range(1, rest // 3 + 1)
                            for b in range(a, (rest - a) // 2 + 1))
        g = 0
        while g in seen:
            g += 1
        G.append(g)
    return G

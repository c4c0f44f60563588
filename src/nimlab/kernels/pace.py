"""Running a kernel in short steps, on every core only while that pays.

A table kernel fills *lines* (Sharing Nim's columns, Wythoff's rows) in order.
:func:`run_paced` calls ``step(lo, hi, threads)`` over consecutive ranges of lines, each sized
to take about :data:`STEP_SECONDS` (from the speed measured so far and the kernel's work model),
so that Python regains control often: Ctrl-C acts within a fraction of a second, progress is
reported, and a checkpoint can be written between two steps.

Each step runs either the sequential kernel (``threads = False``) or the parallel one (``True``).
Which one is faster depends on the machine *now*: on an idle machine the parallel kernels are
nearly twice as fast on two cores, but when other processes compete for the cores a parallel
kernel waits for its descheduled threads.  So both speeds are measured (work per second, by the
work model) and the faster runs; the other is tried again with a short step after 4, 8, 16, up to
:data:`MAX_GAP` steps (doubling while it keeps losing), so a change of load is noticed and a
losing try costs at most a few per cent.  The table is the same either way, bit for bit.
"""

from __future__ import annotations

import time
from typing import Callable

import numpy as np

from nimlab.progress import Progress, quiet

#: The time one step should take (seconds).
STEP_SECONDS = 0.25
#: A try of the mode that is currently slower takes this fraction of a step (a parallel step
#: pays a fixed cost - waking the threads, filling the pipeline, joining - which a too short
#: try would overweight).
TRY_FRACTION = 0.5
#: The other mode takes over only when it is faster by this factor (measurements are noisy;
#: between nearly equal speeds the threads are kept, their short tries being pessimistic).
MARGIN = 1.1
#: The slower mode is tried again after at most this many steps.
MAX_GAP = 32


def threads_available() -> int:
    """The number of threads the parallel kernels may use (``NUMBA_NUM_THREADS``)."""
    import numba

    return int(numba.get_num_threads())


class Pace:
    """The measured speeds of both modes and the choice of the next step (see the module
    docstring); ``log`` records ``(lo, hi, threads, seconds)`` of every step."""

    def __init__(self, parallel: bool | str):
        """``parallel``: ``True`` (the faster mode, measured), ``False`` (one thread), or
        ``"always"`` (the parallel kernel for every step, even on one thread: for tests and
        benchmarks)."""
        if parallel not in (True, False, "always"):
            raise ValueError(f"parallel must be True, False or 'always', got {parallel!r}")
        self.always = parallel == "always"
        self.parallel = bool(parallel) and threads_available() > 1 and not self.always
        self.rate: dict[bool, float | None] = {False: None, True: None}
        self.best = False
        self.since_try = 0
        self.gap = 4
        self.log: list[tuple[int, int, bool, float]] = []

    def choose(self) -> tuple[bool, float]:
        """The mode of the next step and the seconds it should take."""
        if self.always:
            return True, STEP_SECONDS
        if not self.parallel:
            return False, STEP_SECONDS
        for mode in (False, True):  # one thread first: its speed sizes the first try
            if self.rate[mode] is None:
                return mode, STEP_SECONDS * TRY_FRACTION
        if self.since_try >= self.gap:
            return not self.best, STEP_SECONDS * TRY_FRACTION
        return self.best, STEP_SECONDS

    def record(self, mode: bool, work: float, seconds: float) -> None:
        self.rate[mode] = work / max(seconds, 1e-6)
        if not self.parallel:
            return
        if mode == self.best and self.rate[not mode] is not None:
            self.since_try += 1
            if MARGIN * self.rate[mode] < self.rate[not mode]:  # slowed down: try the other now
                self.since_try = max(self.since_try, self.gap)
            return
        measured = [m for m in (False, True) if self.rate[m] is not None]
        if len(measured) == 2:  # the threads unless one thread is clearly faster
            best = not self.rate[False] > MARGIN * self.rate[True]
        else:
            best = measured[0]
        if len(measured) == 2:
            self.gap = min(self.gap * 2, MAX_GAP) if best == self.best else 4
            self.since_try = 0
        self.best = best


def run_paced(start: int, stop: int, step: Callable[[int, int, bool], None],
              cumulative: np.ndarray, parallel: bool | str = True, progress: Progress = quiet,
              pace: Pace | None = None) -> Pace:
    """Run ``step(lo, hi, threads)`` over ``[start, stop)`` in short steps (module docstring).

    ``cumulative[i]`` is the work of lines ``0..i-1`` (any unit, increasing; length at least
    ``stop + 1``); ``progress(done, stop)`` is called after every step.
    """
    pace = pace or Pace(parallel)
    if pace.parallel:  # load both compiled kernels before anything is timed
        step(start, start, True)
        step(start, start, False)
    total = float(cumulative[stop] - cumulative[start]) or 1.0
    lo = start
    while lo < stop:
        mode, seconds = pace.choose()
        known = [r for r in pace.rate.values() if r is not None]
        rate = max(known) if known else None  # a try is sized by the faster mode
        want = total / 100_000 if rate is None else rate * seconds
        hi = int(np.searchsorted(cumulative, cumulative[lo] + want, side="right")) - 1
        hi = min(max(hi, lo + 1), stop)
        began = time.perf_counter()
        step(lo, hi, mode)
        took = time.perf_counter() - began
        pace.log.append((lo, hi, mode, took))
        pace.record(mode, float(cumulative[hi] - cumulative[lo]), took)
        lo = hi
        progress(hi, stop)
    return pace

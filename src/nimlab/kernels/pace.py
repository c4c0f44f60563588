"""Running a kernel in short steps, on every core only while that pays.

A table kernel fills *lines* (Sharing Nim's columns, Wythoff's rows) in order.
:func:`run_paced` calls ``step(lo, hi, threads)`` over consecutive ranges of lines, each sized
to take about :data:`STEP_SECONDS` (from the speed measured so far and the kernel's work model),
so that Python regains control often: Ctrl-C acts within a fraction of a second, progress is
reported, and a checkpoint can be written between two steps.

Each step runs either the sequential kernel (``threads = False``) or the parallel one (``True``).
Which one is faster depends on the machine *now*: on an idle machine the parallel kernels are
about twice as fast on two cores, but when other processes compete for the cores a pipelined
kernel waits for its descheduled threads.  Two measurements decide:

* the *share* of a core each thread got during a parallel step (the process's CPU time over the
  wall time, per thread): below :data:`MIN_SHARE`, other processes hold the cores, and one
  thread runs;
* the speeds of both modes (work per second, by the work model): the threads run only while
  they are faster by :data:`MARGIN`.

The threads start; one thread is tried with a short step after :data:`FIRST_TRY` steps, and
the mode that is behind is tried again after 4, 8, 16, up to :data:`MAX_GAP` steps (doubling
while it keeps losing), or at once when a step shows the lead is gone, so a change of load is
noticed and a losing try costs at most a few per cent.  The table is the same either way, bit
for bit.
"""

from __future__ import annotations

import time
from typing import Callable

import numpy as np
from numba import njit, prange

from nimlab.progress import Progress, quiet

#: The time one step should take (seconds).
STEP_SECONDS = 0.25
#: A try of the threads, when they are currently slower, takes this fraction of a step (a
#: parallel step pays a fixed cost - waking the threads, filling the pipeline, joining - which a
#: too short try would overweight).
TRY_FRACTION = 0.5
#: A try of one thread, when the threads are faster, takes this fraction of a step: it has no
#: fixed cost, and on an idle machine every second it runs is half a second lost.
ONE_THREAD_TRY = 0.2
#: The threads run only while they are faster than one thread by this factor: between nearly
#: equal speeds (a loaded machine) one thread does the same work on half the cores.
MARGIN = 1.1
#: The threads need at least this share of a core each (their process's CPU time over the
#: step's wall time, per thread): below it other processes hold the cores, and a pipelined
#: kernel whose threads take turns is no faster than one thread.
MIN_SHARE = 0.8
#: A share is measured only on steps at least this long (a shorter one is mostly start-up).
MIN_SHARE_STEP = 0.1
#: One thread is first tried after this many steps of the threads.
FIRST_TRY = 3
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
        self.workers = threads_available() if parallel else 1
        self.parallel = bool(parallel) and self.workers > 1 and not self.always
        self.rate: dict[bool, float | None] = {False: None, True: None}
        self.share: float | None = None  # the cores the threads last got, per thread
        self.best = self.parallel  # the threads, until one thread is measured faster
        self.since_try = 0
        self.gap = FIRST_TRY
        self.log: list[tuple[int, int, bool, float]] = []

    def choose(self) -> tuple[bool, float]:
        """The mode of the next step and the seconds it should take."""
        if self.always:
            return True, STEP_SECONDS
        if not self.parallel:
            return False, STEP_SECONDS
        if self.since_try >= self.gap:
            return not self.best, STEP_SECONDS * (ONE_THREAD_TRY if self.best else TRY_FRACTION)
        return self.best, STEP_SECONDS

    def sizing_rate(self, mode: bool) -> float | None:
        """The work per second that sizes a step of ``mode``: its own last speed; else, for a
        first try of one thread, the threads' speed shared out among them."""
        if self.rate[mode] is not None:
            return self.rate[mode]
        other = self.rate[not mode]
        return None if other is None else other / (self.workers if not mode else 1)

    def threads_win(self) -> bool:
        """The threads got their cores (:data:`MIN_SHARE`) and are faster than one thread by
        :data:`MARGIN` (when both are measured): only then are they worth a second core."""
        if self.share is not None and self.share < MIN_SHARE:
            return False
        if self.rate[False] is None or self.rate[True] is None:
            return self.rate[True] is not None
        return self.rate[True] > MARGIN * self.rate[False]

    def record(self, mode: bool, work: float, seconds: float,
               cpu_seconds: float | None = None) -> None:
        """A step of ``mode`` did ``work`` in ``seconds`` (``cpu_seconds``: the process's CPU
        time meanwhile, every thread counted)."""
        self.rate[mode] = work / max(seconds, 1e-6)
        if mode and cpu_seconds is not None and seconds >= MIN_SHARE_STEP:
            self.share = cpu_seconds / (seconds * self.workers)
        if not self.parallel:
            return
        if mode == self.best:
            self.since_try += 1
            if self.threads_win() != self.best:
                self.since_try = max(self.since_try, self.gap)  # the lead is gone: try now
            return
        # a try of the other mode has ended
        best = self.threads_win()
        self.gap = min(self.gap * 2, MAX_GAP) if best == self.best else FIRST_TRY * 2
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
        rate = pace.sizing_rate(mode)
        want = total / 100_000 if rate is None else rate * seconds
        hi = int(np.searchsorted(cumulative, cumulative[lo] + want, side="right")) - 1
        hi = min(max(hi, lo + 1), stop)
        began, cpu = time.perf_counter(), time.process_time()
        step(lo, hi, mode)
        took = time.perf_counter() - began
        pace.log.append((lo, hi, mode, took))
        pace.record(mode, float(cumulative[hi] - cumulative[lo]), took,
                    time.process_time() - cpu)
        lo = hi
        progress(hi, stop)
    return pace


@njit(cache=True, parallel=True)
def _fill_rows(array, value):
    for i in prange(array.shape[0]):
        array[i, :] = value


def filled(shape: tuple[int, int], value: int, dtype, parallel: bool | str = True) -> np.ndarray:
    """``np.full(shape, value, dtype)``, written by every thread when ``parallel``: a large
    table's first touch of fresh memory (page faults) costs as much as a step of the kernel."""
    if not parallel or threads_available() < 2 or shape[0] * shape[1] < 1 << 22:
        return np.full(shape, value, dtype=dtype)
    array = np.empty(shape, dtype=dtype)
    _fill_rows(array, value)
    return array

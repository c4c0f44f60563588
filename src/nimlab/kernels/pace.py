"""Running a kernel in short steps, on every core only while that pays.

A table kernel fills *lines* (Sharing Nim's columns, Wythoff's rows) in order.
:func:`run_paced` calls ``step(lo, hi, threads)`` over consecutive ranges of lines, each sized
to take about :data:`STEP_SECONDS` (from the speed measured so far and the kernel's work model),
so that Python regains control often: Ctrl-C acts within a step (a fraction of a second), progress
is reported, and a checkpoint can be written between two steps.  A kernel whose threads a signal
stops within a piece of their work (Wythoff's workers: :func:`nimlab.kernels.workers.run_workers`
with ``stop``) runs longer parallel steps (``stretch`` times as long): each step of the threads
ends with the last of its work done by one thread while the others wait.

Each step runs either the sequential kernel (``threads = False``) or the parallel one (``True``),
whichever measures faster now, by work per second (the kernel's work model).  On an idle machine
the parallel kernels are about twice as fast on two cores.  With other CPU-bound processes
running they still are faster, by less: their threads take their tiles as those become ready
(no thread waits for a fixed other one, so a thread that the system deschedules holds back only
the work that depends on its own), and the system shares the cores out by thread.  Where the
threads lose (a process confined to fewer cores than it has threads, say), one thread runs.

The threads start at once when their kernels run with nothing to load: compiled ahead of time
(the workers of :mod:`nimlab.kernels.workers`, run on threads of this process: no Numba), or
loaded by an earlier table of the process.  Without the extension (not built, stale, or
``NIMLAB_AOT=0``) loading them costs about half a second (importing Numba, reading their code
from its disk cache), so one thread starts, unless the kernel's own guess of the work
(``seconds_per_work``) says the table will last (:data:`EARLY_LOAD`): then they are loaded
first and the threads start.  Otherwise, once one thread has measured that at least
:data:`LOAD_WORTH` seconds of work are left, the parallel kernels are loaded, and the threads
are tried at once; a table shorter than that never pays for loading them.  On a first run,
where a parallel kernel is not compiled yet, another process compiles it on the other core
while one thread goes on, and the threads join if it is done in time (compiling takes 4 to 8
seconds; the next run finds it in the cache): the user never waits for a compilation.

Steps grow at most :data:`GROWTH`-fold from a tiny first one (each mode's from its own last
step).  The other mode is tried with a short step after :data:`FIRST_TRY` measured steps (at
least :data:`MIN_MEASURED_STEP` seconds), and the mode that is behind is tried again after 4,
8, 16, up to :data:`MAX_GAP` steps (doubling while it keeps losing), or at once when a step
shows the lead is gone (by a margin, :data:`LEAD_MARGIN`), so a change of load is noticed and a
losing try costs at most a few per cent; after a try of one thread lost by far
(:data:`BIG_LEAD`) the next comes :data:`MAX_GAP` steps later at once.  A try too short to
measure (its first step, sized from the other mode's speed) decides nothing: the next step tries
again, sized from its own.  A parallel step gives every thread the same number of whole blocks of lines (the kernel's
``block``; an odd block would run alone at the step's end); one that cannot, the last, measures
nothing about the threads, nor does the first step, which pays the one-time costs (the first
touch of a fresh table's memory, loading the compiled kernel).  A mode's kernel is loaded only
when the mode is first chosen.  The table is the same either way, bit for bit.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Callable

import numpy as np

from nimlab.progress import Progress, quiet

#: The time one step should take (seconds).
STEP_SECONDS = 0.25
#: A try of the threads, when they are currently slower, takes this fraction of a step (a
#: parallel step pays a fixed cost - waking the threads, filling the pipeline, joining - which a
#: too short try would overweight).
TRY_FRACTION = 0.5
#: A try of one thread, when the threads are faster, takes this fraction of a step: it has no
#: fixed cost, and on an idle machine every second it runs is half a second lost; but it must
#: last :data:`MIN_MEASURED_STEP` to be a measurement.
ONE_THREAD_TRY = 0.6
#: A step is a measurement only if it lasts at least this long (a shorter one is mostly
#: start-up and the noise of the system's scheduling).
MIN_MEASURED_STEP = 0.1
#: A step does at most this many times the work of the step before it (the first speeds,
#: measured on tiny steps, are unreliable).
GROWTH = 4
#: The other mode is first tried after this many steps of at least :data:`MIN_MEASURED_STEP` (about
#: a second): a shorter computation ends before and saves the try, which on an idle machine costs
#: a tenth of a one-second run.
FIRST_TRY = 4
#: The slower mode is tried again after at most this many steps.
MAX_GAP = 32
#: A try of one thread that leaves the threads this many times as fast sets the next try
#: :data:`MAX_GAP` steps away at once: on an idle machine the threads win by about 1.9 times and
#: each try of one thread costs half its length, while a change of load that could let one
#: thread win first shows as a fall of the threads' own speed (:data:`LEAD_MARGIN`), which calls
#: a try at once.  Not the other way round: a load that goes away makes one thread faster too,
#: so the threads' chance would not show, and one unlucky try of them would keep them out.
BIG_LEAD = 1.5
#: The running mode's lead counts as gone (the other is tried at once) when its speed falls
#: below this fraction of the other's last measured speed.  The margin keeps a speed that drifts
#: along the table (Wythoff's cells cost more in later rows than its work model says) from
#: calling tries that the other mode's older, faster figure would not deserve.
LEAD_MARGIN = 0.9
#: The parallel kernels are looked for once one thread has at least this many seconds of work
#: left (loading them costs about half a second: importing Numba and reading their code from its
#: disk cache); a shorter table runs on one thread, with the kernels compiled ahead of time.
LOAD_WORTH = 1.0
#: A table whose kernel guesses at least this many seconds of one thread's work (``run_paced``'s
#: ``seconds_per_work``) loads the parallel kernels before its first step, and the threads
#: start.
EARLY_LOAD = 2.0
#: At most this many parallel kernels are compiled by another process in one run (a first
#: run's; see :func:`_look_for_threads`).
COMPILE_ROUNDS = 4


def threads_available() -> int:
    """The number of threads the parallel kernels may use: Numba's (``NUMBA_NUM_THREADS``, or
    :func:`numba.set_num_threads`) once Numba is loaded; before that, what Numba would take (the
    variable, else the cores this process may run on), without loading it."""
    if "numba" in sys.modules:
        return int(sys.modules["numba"].get_num_threads())
    if os.environ.get("NUMBA_NUM_THREADS", "").strip().isdigit():
        return max(1, int(os.environ["NUMBA_NUM_THREADS"]))
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else os.cpu_count() or 1)


class Pace:
    """The measured speeds of both modes and the choice of the next step (see the module
    docstring); ``log`` records ``(lo, hi, threads, seconds)`` of every step."""

    def __init__(self, parallel: bool | str, block: int = 1, stretch: int = 1):
        """``parallel``: ``True`` (the faster mode, measured), ``False`` (one thread), or
        ``"always"`` (the parallel kernel for every step, even on one thread: for tests and
        benchmarks).  ``block``: the lines a thread of the parallel kernel takes at a time (a
        parallel step of fewer than ``block`` lines per thread is not a measurement).
        ``stretch``: a parallel step lasts this many times :data:`STEP_SECONDS`, for a kernel
        whose threads a signal stops at once (tries stay short)."""
        if parallel not in (True, False, "always"):
            raise ValueError(f"parallel must be True, False or 'always', got {parallel!r}")
        self.always = parallel == "always"
        self.workers = threads_available() if parallel else 1
        self.parallel = bool(parallel) and self.workers > 1 and not self.always
        self.rate: dict[bool, float | None] = {False: None, True: None}
        #: the parallel kernels are at hand (:func:`_look_for_threads`); until then one thread
        #: runs
        self.ready = False
        self.looking: str | None = None  # "compiling" (elsewhere), "no" (not in this run)
        self.compiler = None  # the process compiling a parallel kernel
        self.rounds = 0
        self.best = False  # the mode that runs, between tries of the other
        self.span = block * self.workers
        self.since_try = 0
        self.steps = 0  # steps recorded
        self.gap = FIRST_TRY
        self.stretch = stretch
        self.log: list[tuple[int, int, bool, float]] = []

    def choose(self) -> tuple[bool, float]:
        """The mode of the next step and the seconds it should take."""
        if self.always:
            return True, STEP_SECONDS * self.stretch
        if not (self.parallel and self.ready):
            return False, STEP_SECONDS
        if self.since_try >= self.gap:
            return not self.best, STEP_SECONDS * (ONE_THREAD_TRY if self.best else TRY_FRACTION)
        return self.best, STEP_SECONDS * (self.stretch if self.best else 1)

    def sizing_rate(self, mode: bool) -> float | None:
        """The work per second that sizes a step of ``mode``: its own last speed; else, for a
        first try of one thread, the threads' speed shared out among them."""
        if self.rate[mode] is not None:
            return self.rate[mode]
        other = self.rate[not mode]
        return None if other is None else other / (self.workers if not mode else 1)

    def threads_win(self) -> bool:
        """The threads are faster than one thread (when both are measured)."""
        if self.rate[False] is None or self.rate[True] is None:
            return self.rate[True] is not None
        return self.rate[True] > self.rate[False]

    def record(self, mode: bool, work: float, seconds: float, lines: int | None = None) -> None:
        """A step of ``mode`` over ``lines`` lines did ``work`` in ``seconds``."""
        self.rate[mode] = work / max(seconds, 1e-6)
        # a measurement: not the first step (it pays the one-time costs: the first touch of a
        # fresh table's memory), long enough, and on the threads, wide enough to occupy them all
        self.steps += 1
        measured = self.steps > 1 and seconds >= MIN_MEASURED_STEP and (
            not mode or lines is None or lines >= self.span)
        if not (self.parallel and self.ready):
            return
        if mode == self.best:
            self.since_try += measured  # tiny first steps do not count
            if not measured:
                return
            other = self.rate[not mode]
            if other is not None and self.rate[mode] < LEAD_MARGIN * other:
                self.since_try = max(self.since_try, self.gap)  # the lead is gone: try now
            return
        # a try of the other mode has ended
        if not measured:
            return  # too short to tell: the next step tries again, sized by this one's speed
        best = self.threads_win()
        if best != self.best:
            self.gap = FIRST_TRY
        elif best and self.rate[True] >= BIG_LEAD * self.rate[False]:
            self.gap = MAX_GAP  # far behind: the lead-gone check alone calls the next try sooner
        else:
            self.gap = min(max(self.gap * 2, FIRST_TRY), MAX_GAP)
        self.since_try = 0
        self.best = best


def run_paced(start: int, stop: int, step: Callable[[int, int, bool], None],
              cumulative: np.ndarray, parallel: bool | str = True, progress: Progress = quiet,
              pace: Pace | None = None, block: int = 1,
              seconds_per_work: float | None = None, stretch: int = 1) -> Pace:
    """Run ``step(lo, hi, threads)`` over ``[start, stop)`` in short steps (module docstring).

    ``cumulative[i]`` is the work of lines ``0..i-1`` (any unit, increasing; length at least
    ``stop + 1``); ``progress(done, stop)`` is called after every step; ``block``: the lines
    a thread of the parallel kernel takes at a time; ``seconds_per_work``: the kernel's own
    rough guess of one thread's seconds per unit of work (on the lower side), by which a table
    sure to last (:data:`EARLY_LOAD`) loads the parallel kernels before its first step;
    ``stretch``: a parallel step is that many steps long (:class:`Pace`).
    """
    pace = pace or Pace(parallel, block, stretch)
    loaded: set[bool] = set()  # the modes whose compiled kernel this run has loaded
    total = float(cumulative[stop] - cumulative[start]) or 1.0
    lo = start
    if pace.parallel and not pace.ready and _threads_at_hand(step, lo):
        pace.ready = pace.best = True  # no loading to pay for: the threads start
        loaded.add(True)
    guess = seconds_per_work and float(cumulative[stop] - cumulative[start]) * seconds_per_work
    if pace.parallel and not pace.ready and guess and guess >= EARLY_LOAD:
        if _look_for_threads(pace, step, lo, guess):  # a long table: the threads start
            pace.best, pace.since_try = True, 0
            loaded.add(True)
    while lo < stop:
        if (pace.parallel and not pace.ready and len(pace.log) > 1
                and pace.log[-1][3] >= MIN_MEASURED_STEP / 2):  # a speed to go by
            left = float(cumulative[stop] - cumulative[lo]) / pace.rate[False]
            if _look_for_threads(pace, step, lo, left):
                loaded.add(True)
        mode, seconds = pace.choose()
        rate = pace.sizing_rate(mode)
        want = total / 100_000 if rate is None else rate * seconds
        if pace.log:  # growth from this mode's last step (a short try of the other between)
            last_lo, last_hi = next((entry[:2] for entry in reversed(pace.log)
                                     if entry[2] == mode), pace.log[-1][:2])
            want = min(want, GROWTH * float(cumulative[last_hi] - cumulative[last_lo]))
        hi = int(np.searchsorted(cumulative, cumulative[lo] + want, side="right")) - 1
        if mode:  # whole blocks for every thread: an odd one would end the step on one thread
            hi = lo + -(-max(hi - lo, 1) // pace.span) * pace.span
        hi = min(max(hi, lo + 1), stop)
        if mode not in loaded:
            # a mode's kernel is loaded untimed before its first measured step (the run's first
            # step measures nothing anyway); a mode never chosen is never loaded
            if pace.log:
                step(lo, lo, mode)
            loaded.add(mode)
        began = time.perf_counter()
        step(lo, hi, mode)
        took = time.perf_counter() - began
        pace.log.append((lo, hi, mode, took))
        pace.record(mode, float(cumulative[hi] - cumulative[lo]), took, hi - lo)
        lo = hi
        progress(hi, stop)
    return pace


def _missing_threads(step: Callable[[int, int, bool], None], lo: int, disk: bool):
    """An empty step of the threads that may not compile: ``None`` if their kernels are at hand
    (in this process, or with ``disk`` now loaded from Numba's disk cache), else the
    :class:`~nimlab.kernels.jit.NeedsCompiling` of the first one missing."""
    from nimlab.kernels.jit import NeedsCompiling, loading_only

    try:
        with loading_only(disk):
            step(lo, lo, True)
    except NeedsCompiling as need:
        return need
    return None


def _threads_at_hand(step: Callable[[int, int, bool], None], lo: int) -> bool:
    """Whether the threads' kernels run at once, with nothing to load: compiled ahead of time
    (Wythoff's worker, :mod:`nimlab.kernels.workers`), or loaded by an earlier table of this
    process.  The look imports nothing (a kernel Numba has not made yet is not at hand)."""
    return _missing_threads(step, lo, disk=False) is None


def _look_for_threads(pace: Pace, step: Callable[[int, int, bool], None], lo: int,
                      left: float) -> bool:
    """With ``left`` seconds of one thread's work to go: load the parallel kernels if that
    pays (:data:`LOAD_WORTH`) and they are at hand (an empty step of the threads, which may not
    compile); if one is not compiled yet, have another process compile it (at most
    :data:`COMPILE_ROUNDS` of them a run), and look again once it is done.  Whether they are now
    loaded (``pace.ready``: the threads are tried at the next step)."""
    if pace.looking == "compiling":
        if pace.compiler.poll() is None:
            return False
        pace.looking = None if pace.compiler.returncode == 0 else "no"
    if pace.looking is not None or left < LOAD_WORTH:
        return False
    need = _missing_threads(step, lo, disk=True)
    if need is not None:
        # compiled in any case, on the other core, for this run if it is long enough (compiling
        # takes 4 to 8 seconds) and for the next ones
        if pace.rounds < COMPILE_ROUNDS:
            pace.rounds += 1
            pace.compiler = need.compile_elsewhere()
            pace.looking = "compiling"
        else:
            pace.looking = "no"
        return False
    pace.ready = True
    pace.since_try = pace.gap  # the threads are tried next
    return True


def fill_rows(array: np.ndarray, lo: int, hi: int, value: int, threads: bool) -> None:
    """``array[lo:hi] = value``, shared out among the threads (:func:`threads_available`) when
    ``threads`` (NumPy lets Python's other threads run while it fills): a kernel step that first
    writes its own lines of a fresh table (``np.empty``, ``np.zeros``) pays the first touch of
    that memory (page faults: on this virtual machine 0.03 to 0.6 s for 288 MB, more when the
    host has not given the memory lately) in the step, on the cores the step runs on, and the
    pace measures it with the step."""
    parts = min(threads_available() if threads else 1, max(hi - lo, 1))
    if parts <= 1:
        array[lo:hi] = value
        return
    bounds = np.linspace(lo, hi, parts + 1).astype(np.int64)
    workers = [threading.Thread(target=array.__setitem__, daemon=True, name="nimlab-fill",
                                args=(slice(int(a), int(b)), value))
               for a, b in zip(bounds[:-1], bounds[1:])]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()

"""The parallel kernels' workers on threads of the process (:mod:`nimlab.kernels.workers`):
they run at once, really (each lets go of Python's lock, ahead of time and under Numba alike),
an error in one reaches the caller, and a kernel is made ready on the calling thread first."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from nimlab.kernels import jit, wythoff
from nimlab.kernels.workers import run_workers

#: A worker that can only end once this thread gives it work: band 0 is held (by "another
#: worker", this thread) and band 1 is not ready before it.  The worker looks for work until
#: this thread puts band 0 down; if the worker kept Python's lock while it looks, this thread
#: could never do so and the process would hang (the test's timeout fails it).
LOCK = """
import sys, threading, time
import numpy as np
from nimlab.kernels import jit, wythoff
bound, rows = 7, 2
run = wythoff.WythoffRun(bound, workers=2, rows=rows)
G = np.zeros((bound + 1, bound + 1), dtype=np.uint16)
progress = np.arange(0, bound + 1, rows, dtype=np.int64)
holder = np.zeros(len(progress), dtype=np.int64)
holder[0] = 1
args = run.worker_args(G, -1, progress, holder, 0, bound + 1)
wythoff._wythoff_worker.prepare(args)
print(wythoff._wythoff_worker.ahead_of_time(args) is not None and jit.aot_status() == "current")
worker = threading.Thread(target=wythoff._wythoff_worker, args=args)
worker.start()
time.sleep(0.3)
holder[0] = 0  # Python code on this thread: runs only if the worker let go of the lock
worker.join()
print(np.array_equal(G, wythoff.wythoff_reference(bound)))
"""


@pytest.mark.parametrize("aot", ["1", "0"])
def test_a_worker_lets_go_of_pythons_lock_while_it_runs(aot):
    done = subprocess.run([sys.executable, "-c", LOCK], env={**os.environ, "NIMLAB_AOT": aot},
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    # the first line: whether the ahead-of-time code ran (only with the extension on)
    assert done.stdout.split() == [str(aot == "1" and jit.aot_status() == "current"), "True"]


def test_workers_run_at_once_and_an_error_in_one_reaches_the_caller():
    met = threading.Barrier(3, timeout=30)  # all three must be running at the same time

    def worker(value):
        met.wait()
        return value * 2

    assert run_workers(worker, (21,), 3) == [42, 42, 42]
    ended = []

    def failing(value):
        if threading.current_thread() is not threading.main_thread():
            raise ValueError("a worker failed")
        ended.append(value)
        return value

    with pytest.raises(ValueError, match="a worker failed"):
        run_workers(failing, (1,), 2)
    assert ended == [1]  # the caller's own worker ended first


def test_a_kernel_missing_inside_loading_only_is_refused_before_any_thread_starts(
        monkeypatch):
    """``loading_only`` holds for the calling thread only: the kernel is looked at there, so
    that no other thread compiles it meanwhile."""
    monkeypatch.setenv("NIMLAB_AOT", "0")
    calls = []
    kernel = wythoff._wythoff_worker
    monkeypatch.setattr(jit.Kernel, "load", lambda self, args, disk=True: False)
    monkeypatch.setattr(jit.Kernel, "argument_types", lambda self, args: ())
    monkeypatch.setattr(jit.Kernel, "__call__", lambda self, *args: calls.append(args))
    with jit.loading_only(), pytest.raises(jit.NeedsCompiling):
        run_workers(kernel, (np.zeros(3),), 2)
    assert calls == []


START = """
import sys
from nimlab.kernels import jit, pace, sharing, wythoff
runs = []
real = pace.run_paced
pace.run_paced = lambda *args, **options: runs.append(real(*args, **options)) or runs[-1]
wythoff.wythoff_table(300)
sharing.sharing_values(200)
print(jit.aot_status(), [run.log[0][2] for run in runs], "numba" in sys.modules)
"""


def test_a_table_starts_on_the_threads_whose_worker_is_compiled_ahead_of_time():
    """Wythoff's worker runs at once, so even a small table starts on the threads; Sharing
    Nim's parallel kernel is Numba's, not loaded, so its small table starts on one thread; and
    looking for them imports no Numba."""
    done = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "NUMBA_NUM_THREADS": "2"})
    assert done.returncode == 0, done.stderr
    status, *rest = done.stdout.strip().split(maxsplit=1)
    if status == "current":
        assert rest == ["[True, False] False"]
    else:  # no extension: nothing is loaded, and neither table looks for Numba
        assert rest == ["[False, False] False"]


class _Signalled(Exception):
    """Raised by the test's signal handler, in the thread that waits for the workers."""


@contextlib.contextmanager
def _signal_after(seconds):
    """SIGUSR1 to this (the main) thread ``seconds`` into the block, raising
    :class:`_Signalled` there."""
    def handler(number, frame):
        raise _Signalled(number)

    saved = signal.signal(signal.SIGUSR1, handler)
    timer = threading.Timer(seconds, signal.pthread_kill,
                            (threading.main_thread().ident, signal.SIGUSR1))
    try:
        timer.start()
        yield
    finally:
        timer.cancel()
        signal.signal(signal.SIGUSR1, saved)


def test_a_signal_stops_the_workers_and_is_raised_only_once_every_one_has_ended():
    """With ``stop``, every worker runs on a thread of its own and the caller's thread waits,
    in Python: a signal there sets the flag, the workers end their piece of work and return,
    and only then is the signal's exception raised (never while a worker still writes)."""
    stop = np.zeros(1, dtype=np.int64)
    ended = []

    def worker(flag):
        while flag[0] == 0:
            time.sleep(0.001)
        time.sleep(0.05)  # the piece of work in hand is finished
        ended.append(threading.current_thread() is threading.main_thread())
        return 1

    with _signal_after(0.1), pytest.raises(_Signalled):
        run_workers(worker, (stop,), 2, stop)
    assert stop[0] == 1 and ended == [False, False]


def test_the_waiting_thread_watches_the_workers_meanwhile():
    stop = np.zeros(1, dtype=np.int64)
    seen = []

    def worker(flag):
        time.sleep(0.3)
        return 2

    assert run_workers(worker, (stop,), 2, stop,
                       lambda: seen.append(threading.current_thread())) == [2, 2]
    assert len(seen) >= 2 and set(seen) == {threading.main_thread()}


def test_wythoff_rows_said_final_during_a_step_are_final(monkeypatch):
    """``settled(rows)`` comes while the threads work: the rows it names are the table's final
    rows already (snapshots compared with the finished table), whole bands, in order."""
    from nimlab.kernels import workers

    monkeypatch.setattr(workers, "WATCH_SECONDS", 0.001)
    bound = 3000
    run = wythoff.WythoffRun(bound, workers=2, rows=16)
    G = np.zeros((bound + 1, bound + 1), dtype=np.uint16)
    snapshots = []
    run.step(G, -1, 0, bound + 1, True, lambda rows: snapshots.append((rows, G[:rows].copy())))
    assert snapshots and snapshots[-1][0] <= bound + 1
    assert [rows for rows, _ in snapshots] == sorted(rows for rows, _ in snapshots)
    for rows, seen in snapshots:
        assert rows % 16 == 0 or rows == bound + 1
        assert np.array_equal(seen, G[:rows])
    assert np.array_equal(G, wythoff.wythoff_table(bound, parallel=False))


def test_a_signal_stops_a_wythoff_step_and_the_run_refuses_to_go_on():
    bound = 8000
    run = wythoff.WythoffRun(bound, workers=2)
    G = np.full((bound + 1, bound + 1), 65535, dtype=np.uint16)
    run.step(G, -1, 0, 256, True)  # the first rows, and the first touch of the bitsets
    with _signal_after(0.05), pytest.raises(_Signalled):
        run.step(G, -1, 256, bound + 1, True)
    assert (G == 65535).any()  # stopped before the end
    assert run.broken and run.done == 256
    with pytest.raises(RuntimeError, match="interrupted"):
        run.step(G, -1, 256, bound + 1, True)

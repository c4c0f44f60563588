"""The parallel kernels' workers on threads of the process (:mod:`nimlab.kernels.workers`):
they run at once, really (each lets go of Python's lock, ahead of time and under Numba alike),
an error in one reaches the caller, and a kernel is made ready on the calling thread first."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

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

"""Running a parallel kernel's workers on threads of this process.

A parallel kernel (Wythoff's) may be written as one *worker*: a sequential kernel,
``@njit(nogil=True, aot=[...])``, that takes pieces of the table as they become ready and
returns when none is left; its workers share the table and a few counters (arrays the caller
makes, updated with the atomics of :mod:`nimlab.kernels.atomics`).  :func:`run_workers` calls it
on as many threads at once.  The kernel lets go of Python's global lock while it runs, both in
its ahead-of-time form (the extension's wrapper releases it, :mod:`nimlab.kernels.aot`) and in
Numba's, so the threads run on every core.

So a process that uses the threads needs no Numba (neither its import nor its threading layer:
about half a second, and on a first run after install a compilation of several seconds), as
long as the extension is current.  The number of threads is
:func:`nimlab.kernels.pace.threads_available` (``NUMBA_NUM_THREADS``, else the cores).

Measure before moving a ``prange`` kernel here: Numba compiles the body of a parallel loop
better than the same code as a function of its own (it did for Sharing Nim's, which ran a
quarter slower as a worker, ahead of time and just in time alike, and so stays Numba's;
Wythoff's worker is as fast as its loop was).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any, Callable, Iterator

from nimlab.fileio import signals_held


def run_workers(worker: Callable, args: tuple, workers: int, stop: Any = None,
                watch: Callable[[], None] | None = None) -> list[Any]:
    """``worker(*args)`` on ``workers`` threads at once (this one and ``workers - 1`` of their
    own); their results.  An exception in any worker is raised here, after all have ended.

    ``stop``: a one-element integer array that the worker reads between two pieces of its
    work, and returns once it is not zero.  Then every worker runs on a thread of its own and
    this thread only waits for them, in Python, where signals are handled: Ctrl-C (or SIGTERM,
    with :func:`nimlab.fileio.terminate_as_exception`) arriving meanwhile sets ``stop[0]``, the
    workers return within a piece of work, and the signal's exception is raised once every
    thread has ended, never while one still writes to the table.  Without ``stop`` this thread
    works too, and a signal acts when its own worker returns.  ``watch`` (with ``stop``) is
    called every :data:`WATCH_SECONDS` meanwhile, on this thread (to pass the workers' progress
    on)."""
    prepare = getattr(worker, "prepare", None)
    if prepare is not None:  # a kernel: compiled (or found missing) here, not by every thread
        prepare(args)
    results: list[Any] = [None] * workers
    errors: list[BaseException] = []
    own = 1 if stop is None else 0  # the workers that run on this thread
    ended = [threading.Event() for _ in range(own, workers)]

    def work(k: int) -> None:
        try:
            results[k] = worker(*args)
        except BaseException as error:  # noqa: BLE001 - raised again by the caller's thread
            errors.append(error)
        finally:
            if k >= own:
                ended[k - own].set()

    threads = [threading.Thread(target=work, args=(k,), daemon=True, name=f"nimlab-worker-{k}")
               for k in range(own, workers)]
    try:
        with signals_held():  # a signal waits until every thread has started (and is raised
            for thread in threads:  # below, so that they are waited for)
                thread.start()
        if own:
            work(0)
    finally:
        _wait(ended, stop, watch if stop is not None else None)
        for thread in threads:  # their work is over: they are ending
            thread.join()
    if errors:
        raise errors[0]
    return results


#: How often the waiting thread calls ``watch`` (:func:`run_workers`).
WATCH_SECONDS = 0.05


def _wait(ended: list[threading.Event], stop: Any, watch: Callable[[], None] | None) -> None:
    """Wait until every worker has ended (calling ``watch`` now and then); the first exception
    raised while waiting (a signal's) sets ``stop[0]`` (if any) and is raised again once all
    have ended.  Not ``Thread.join``: interrupted by an exception, it may take a thread that
    still runs for ended (Python 3.11)."""
    interrupted: BaseException | None = None
    for event in ended:
        while not event.is_set():
            try:
                event.wait(WATCH_SECONDS if watch and not interrupted else None)
                if watch and not interrupted:
                    watch()
            except BaseException as error:  # noqa: BLE001 - raised again below
                if stop is not None:
                    stop[0] = 1
                interrupted = interrupted or error
    if interrupted is not None:
        raise interrupted

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

import threading
from typing import Any, Callable


def run_workers(worker: Callable, args: tuple, workers: int) -> list[Any]:
    """``worker(*args)`` on ``workers`` threads at once (this one and ``workers - 1`` of their
    own); their results.  An exception in any worker is
    raised here, after all have ended."""
    prepare = getattr(worker, "prepare", None)
    if prepare is not None:  # a kernel: compiled (or found missing) here, not by every thread
        prepare(args)
    results: list[Any] = [None] * workers
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            results[k] = worker(*args)
        except BaseException as error:  # noqa: BLE001 - raised again by the caller's thread
            errors.append(error)

    threads = [threading.Thread(target=work, args=(k,), daemon=True, name=f"nimlab-worker-{k}")
               for k in range(1, workers)]
    for thread in threads:
        thread.start()
    try:
        work(0)
    finally:
        for thread in threads:
            thread.join()
    if errors:
        raise errors[0]
    return results

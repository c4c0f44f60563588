"""The one Dask client maker: a cluster's scheduler by address, or a new local cluster.

Used by the sweeps (:mod:`nimlab.research.sweeps`) and by discovery's box checks
(:mod:`nimlab.discover.teacher`).  The local cluster's worker processes start with SIGINT
ignored, so that Ctrl-C (sent to the whole process group) is acted on by the calling process
alone, which stops its work and closes the cluster.  Dask's own log lines (CRITICAL ones too:
a scheduler closing under a client that left first logs its closed connections) are held back
from the cluster's start until its close has ended: nimlab reports in one line what happened.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import tempfile

from nimlab.errors import InputError


#: The most local Dask workers nimlab starts: four per core (each is a process of its own, with
#: its memory; thousands would exhaust the machine before the first one started).
MAX_WORKERS = min(64, 4 * (os.cpu_count() or 1))


def make_client(scheduler: str | None, workers: int, processes: bool):
    """A Dask client: of the cluster at ``scheduler``, or of a new local cluster."""
    from distributed import Client, LocalCluster

    if scheduler:
        return _connect(scheduler)
    if workers < 1:
        raise InputError(f"--workers must be at least 1, got {workers}")
    if workers > MAX_WORKERS:
        raise InputError(f"--workers {workers}: at most {MAX_WORKERS} local workers on this "
                         f"machine ({os.cpu_count()} cores); give --scheduler for a larger "
                         "cluster")
    # The worker processes are started with SIGINT ignored (the setting survives their start):
    # Ctrl-C reaches the whole process group, and only this process should act on it (it stops
    # the sweep and closes the cluster) - not every worker with a traceback of its own.  Dask's
    # own log lines (workers killed at shutdown, ...) are silenced: the sweep reports in one
    # line what happened.
    scratch = tempfile.mkdtemp(prefix="nimlab-dask-")  # the workers' files, removed at close
    import dask

    quiet = _DaskQuiet()
    try:
        with _workers_ignore_sigint(), dask.config.set({"temporary-directory": scratch}):
            cluster = LocalCluster(n_workers=workers if processes else 1,
                                   threads_per_worker=1 if processes else workers,
                                   processes=processes, dashboard_address=":0",
                                   silence_logs=_SILENT, local_directory=scratch)
        cluster.nimlab_scratch = scratch
        cluster.nimlab_quiet = quiet
        return Client(cluster)
    except BaseException:
        quiet.release()
        shutil.rmtree(scratch, ignore_errors=True)
        raise


#: Above every level of Python's logging: a handler at this level passes nothing.
_SILENT = logging.CRITICAL + 10


class _DaskQuiet(logging.Filter):
    """Drops every record of Dask's loggers at their handlers until :meth:`release`.

    Installed on the handlers of the ``distributed`` logger (and the root logger's, where Dask's
    records may propagate) in this process, where a local cluster's scheduler runs.
    """

    def __init__(self):
        super().__init__()
        self.handlers = [h for name in ("distributed", "")
                         for h in logging.getLogger(name or None).handlers]
        for handler in self.handlers:
            handler.addFilter(self)

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.name.startswith(("distributed", "tornado", "bokeh"))

    def release(self) -> None:
        for handler in self.handlers:
            handler.removeFilter(self)
        self.handlers = []


#: Seconds a scheduler has to answer nimlab's connection (Dask's own handshake waits for ever on
#: a server that accepts the connection and says nothing, such as a web server).
CONNECT_SECONDS = 20.0


def _connect(scheduler: str):
    """A client of the scheduler at ``scheduler``, or a one-line :class:`InputError`: for an
    address nobody listens at, one that is malformed, a server that is not a Dask scheduler
    (its bytes read as Dask's messages asked for absurd sizes: a ``MemoryError``), or one that
    does not answer within :data:`CONNECT_SECONDS` (the attempt is left to a daemon thread)."""
    import threading

    from distributed import Client

    outcome: dict = {}

    def attempt() -> None:
        try:
            outcome["client"] = Client(scheduler, timeout="10s")
        except BaseException as problem:  # handed to the caller's thread
            outcome["problem"] = problem

    thread = threading.Thread(target=attempt, name="nimlab-dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS)
    fix = "give the address of a Dask scheduler, like tcp://127.0.0.1:8786"
    if thread.is_alive():
        raise InputError(f"cannot reach the Dask scheduler at {scheduler}: nothing answered as "
                         f"a Dask scheduler within {CONNECT_SECONDS:.0f} s; {fix}")
    problem = outcome.get("problem")
    if problem is None:
        return outcome["client"]
    if isinstance(problem, (OSError, TimeoutError, ValueError)):  # ValueError: malformed
        raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {problem}; "
                         f"{fix}") from None
    if isinstance(problem, (MemoryError, Exception)):
        raise InputError(f"cannot reach the Dask scheduler at {scheduler}: what it sent is not "
                         f"Dask's protocol ({type(problem).__name__}); {fix}") from None
    raise problem


@contextlib.contextmanager
def _workers_ignore_sigint():
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, saved)


def close_client(client) -> None:
    """Close a client made by :func:`make_client`, and its local cluster if it has one."""
    cluster = getattr(client, "cluster", None)
    client.close()
    if cluster is not None:
        try:
            cluster.close()
        finally:
            quiet = getattr(cluster, "nimlab_quiet", None)
            if quiet is not None:
                quiet.release()
            scratch = getattr(cluster, "nimlab_scratch", None)
            if scratch:
                shutil.rmtree(scratch, ignore_errors=True)

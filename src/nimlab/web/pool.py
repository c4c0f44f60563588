"""Worker processes for the web lab, and the scheduler that keeps cheap answers fast.

Each worker is a spawned process that imports nimlab once, then answers one call at a time: a
function of :mod:`nimlab.api` (the Python API's answers as ``--json`` prints them) or of
:mod:`nimlab.web.calls`.  The server
awaits a call without blocking its event loop.

:class:`WorkerPool` is one set of workers with a bounded waiting line.  Every call carries a
*deadline counted from its arrival*: a call that cannot start in time is refused (503 with
``Retry-After``) instead of answered late; a started call gets the time left as its budget, and a
worker still busy one second past the deadline, or above its memory cap, is killed and
replaced.

:class:`Scheduler` has two pools: a *fast lane* whose workers first ask the dispatcher's own
estimate (:func:`nimlab.web.calls.cheap`: closed forms, tables in memory, small positions) and
answer at once what is cheap, handing the rest back; and the *slow lane* for that rest.  Slow
work never waits in front of a cheap answer.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import math
import multiprocessing
import os
import threading
import time
from typing import Any

from nimlab.api import ApiError

#: Seconds a freshly spawned worker may take to import nimlab and say it is ready.
START_LIMIT = 120.0
#: Seconds a worker may run past a call's deadline before it is killed.
GRACE = 1.0
#: Seconds of a timed call's budget kept back for sending its answer.
RESERVE = 0.3
#: A call is sent to a worker only with at least this much of its time left: the reserve
#: plus 0.2 s of work.  (Were it less than the reserve, a call waiting behind one that runs
#: to its budget could start with nothing left to work with.)
MIN_RUN = RESERVE + 0.2
#: How often (seconds) a running call's worker is checked (answer, memory).
POLL = 0.1
#: Calls run in the worker from nimlab.web.calls rather than nimlab.api.
WEB_CALLS = ("replay", "remoteness")


#: Seconds between a child process's looks at whether the server that started it still lives.
PARENT_POLL = 0.5


def exit_with_parent() -> None:
    """In a child process of the web lab (its workers, the claims process): end at once when
    the server that started it is gone, even by ``kill -9`` (which leaves it no time to stop its
    children): a daemon thread watches the parent's process id, which changes when the child is
    handed to another parent.  A worker busy in a long call, or the claims job, would otherwise
    run on for minutes, holding its memory, with the multiprocessing resource tracker beside
    it."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="nimlab-parent-watch", daemon=True).start()


def _worker_main(conn) -> None:
    exit_with_parent()
    from nimlab import api
    from nimlab.web import calls

    # Numba (about a second to import) before the first call, so that an answer from a quick
    # kernel table fits in the fast lane's seconds (compiled kernels are cached on disk)
    import nimlab.kernels.jit  # noqa: F401

    conn.send(("ready", None))
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if request is None:
            return
        name, kwargs, classify = request
        try:
            if classify and not calls.cheap(name, kwargs):
                conn.send(("slow", None))
                continue
            function = getattr(calls, name) if name in WEB_CALLS else getattr(api, name)
            conn.send(("ok", function(**kwargs)))
        except ApiError as refused:
            conn.send(("error", (str(refused), refused.status)))
        except (MemoryError, RecursionError) as problem:
            conn.send(("error", (f"out of resources ({type(problem).__name__}); try a smaller "
                                 "position or bound", 422)))
        except Exception as bug:  # noqa: BLE001 - reported as a 500 with its one line
            conn.send(("error", (f"internal error: {type(bug).__name__}: {bug}", 500)))


def resident_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` (0 when it cannot be read)."""
    try:
        with open(f"/proc/{pid}/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def refusal(message: str, retry_after: float) -> ApiError:
    """A 503 that says when to try again (``Retry-After``, whole seconds)."""
    error = ApiError(message, 503)
    error.retry_after = max(1, math.ceil(retry_after))
    return error


class Worker:
    def __init__(self, context) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_worker_main, args=(child,), daemon=True,
                                       name="nimlab-web-worker")
        self.process.start()
        child.close()

    def wait_ready(self) -> bool:
        if self.conn.poll(START_LIMIT):
            try:
                return self.conn.recv()[0] == "ready"
            except (EOFError, OSError):
                return False
        return False

    def call(self, name: str, kwargs: dict, limit: float, classify: bool = False,
             memory_cap: int | None = None) -> tuple[str, Any]:
        """Runs in a thread: send the call, wait at most ``limit`` seconds, watching memory."""
        try:
            self.conn.send((name, kwargs, classify))
            ends = time.monotonic() + limit
            while True:
                left = ends - time.monotonic()
                if self.conn.poll(max(0.0, min(POLL, left))):
                    return self.conn.recv()
                if memory_cap and resident_bytes(self.process.pid) > memory_cap:
                    return ("memory", None)
                if left <= 0:
                    return ("timeout", None)
        except (EOFError, OSError, BrokenPipeError):
            return ("dead", None)

    def kill(self) -> None:
        self.process.kill()
        self.process.join(5)
        self.conn.close()

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except (OSError, BrokenPipeError):
            pass
        self.process.join(2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(2)
        self.conn.close()


class HandBack(Exception):
    """The fast lane's worker says the call is not cheap (or ran out of the fast lane's time)."""


class WorkerPool:
    """``await pool.call("value", {...})`` runs ``nimlab.api.value(...)`` in a worker.

    ``queue`` calls at most wait for a worker (more are refused at once with a 503);
    ``memory_cap`` bytes is the most a worker may hold while it runs a call.
    """

    def __init__(self, size: int = 2, time_limit: float = 20.0, *, queue: int = 16,
                 memory_cap: int | None = None, name: str = "slow") -> None:
        if size < 1:
            raise ValueError("a pool needs at least one worker")
        self.size, self.time_limit, self.queue, self.memory_cap = size, time_limit, queue, \
            memory_cap
        self.name = name
        self.context = multiprocessing.get_context("spawn")
        self.workers: list[Worker] = []
        self.idle: asyncio.Queue[Worker] | None = None
        self.lock = threading.Lock()
        self.replaced = 0
        self.waiting = 0
        self.refused = 0
        # one waiting thread per worker, plus room for starting replacements
        self.threads = concurrent.futures.ThreadPoolExecutor(size + 2,
                                                             thread_name_prefix="nimlab-web")

    async def start(self) -> None:
        self.idle = asyncio.Queue()
        loop = asyncio.get_running_loop()
        started = [Worker(self.context) for _ in range(self.size)]
        for worker in started:
            if not await loop.run_in_executor(self.threads, worker.wait_ready):
                raise RuntimeError("a web worker process did not start")
            self.workers.append(worker)
            self.idle.put_nowait(worker)

    async def _replace(self, dead: Worker) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.threads, dead.kill)
        fresh = Worker(self.context)
        with self.lock:
            self.workers = [w for w in self.workers if w is not dead] + [fresh]
            self.replaced += 1
        if not await loop.run_in_executor(self.threads, fresh.wait_ready):
            fresh.kill()
            await self._replace(fresh)
            return
        self.idle.put_nowait(fresh)

    def _retry_after(self) -> float:
        """Seconds until a worker is likely free: the calls waiting, each half the time limit
        on average, shared by the workers; never more than one time limit."""
        return max(1.0, min(self.time_limit,
                            self.time_limit / 2 * (1 + self.waiting) / self.size))

    async def call(self, name: str, kwargs: dict, time_limit: float | None = None, *,
                   deadline: float | None = None, timed: bool = False,
                   classify: bool = False, budget_deadline: float | None = None) -> Any:
        """The result of ``<name>(**kwargs)``; :class:`ApiError` when refused.

        ``deadline`` (``time.monotonic()``) defaults to now plus ``time_limit`` (else the
        pool's).  A call that cannot start by then is refused (503, ``Retry-After``); with
        ``timed``, the call gets the time left as its ``time_limit`` argument; a worker past
        the deadline (plus :data:`GRACE`) or over the memory cap is replaced (503).  With
        ``classify``, a worker that finds the call not cheap raises :class:`HandBack`, and so
        does one past the deadline; ``budget_deadline`` (default ``deadline``) is what the
        ``time_limit`` argument counts to.
        """
        assert self.idle is not None, "start() the pool first"
        limit = self.time_limit if time_limit is None else time_limit
        if deadline is None:
            deadline = time.monotonic() + limit
        if self.waiting >= self.queue and self.idle.empty():
            self.refused += 1
            raise refusal(f"the server is busy ({self.waiting} requests waiting); try again "
                          "shortly", self._retry_after())
        self.waiting += 1
        try:
            worker = await asyncio.wait_for(self.idle.get(),
                                            max(0.0, deadline - time.monotonic() - MIN_RUN))
        except asyncio.TimeoutError:
            self.refused += 1
            if classify:
                raise HandBack() from None
            raise refusal(f"the server is busy: the request could not start within the time "
                          f"limit of {limit:g} s; try again shortly", self._retry_after()) \
                from None
        finally:
            self.waiting -= 1
        left = deadline - time.monotonic()
        if timed:
            budget = (budget_deadline or deadline) - time.monotonic()
            kwargs = {**kwargs, "time_limit": round(max(budget - RESERVE, 0.1), 2)}
        loop = asyncio.get_running_loop()
        try:
            kind, payload = await loop.run_in_executor(
                self.threads, worker.call, name, kwargs, max(left, 0.0) + GRACE, classify,
                self.memory_cap)
        except BaseException:
            # cancelled while the worker runs: it may still be busy, so replace it
            asyncio.ensure_future(self._replace(worker))
            raise
        if kind in ("timeout", "dead", "memory"):
            asyncio.ensure_future(self._replace(worker))
            if classify and kind == "timeout":
                raise HandBack()
            if kind == "timeout":
                raise refusal(f"the request passed the server's time limit of {limit:g} s; "
                              "try a smaller position or bound", self._retry_after())
            if kind == "memory":
                raise refusal(f"the request passed the memory cap of "
                              f"{self.memory_cap // 2**20:,} MB per worker; try a smaller "
                              "position or bound", self._retry_after())
            raise refusal("the worker process died (out of memory?); try a smaller position "
                          "or bound", self._retry_after())
        self.idle.put_nowait(worker)
        if kind == "slow":
            raise HandBack()
        if kind == "error":
            message, status = payload
            raise ApiError(message, status)
        return payload

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        for worker in list(self.workers):
            await loop.run_in_executor(self.threads, worker.stop)
        self.workers.clear()
        self.threads.shutdown(wait=False)


class Scheduler:
    """A fast lane for cheap answers and a slow lane with a bounded queue (module docstring)."""

    #: Seconds a call may wait for and run in the fast lane before it goes to the slow lane.
    FAST_LIMIT = 3.0

    def __init__(self, workers: int = 2, time_limit: float = 20.0, *, fast_workers: int = 2,
                 queue: int = 16, memory_cap: int | None = None) -> None:
        self.time_limit = time_limit
        self.fast = WorkerPool(fast_workers, self.FAST_LIMIT, queue=10**6,
                               memory_cap=memory_cap, name="fast")
        self.slow = WorkerPool(workers, time_limit, queue=queue, memory_cap=memory_cap)
        self.counts = {"fast": 0, "slow": 0}

    @property
    def size(self) -> int:
        return self.slow.size

    @property
    def replaced(self) -> int:
        return self.fast.replaced + self.slow.replaced

    async def start(self) -> None:
        await asyncio.gather(self.fast.start(), self.slow.start())

    async def call(self, name: str, kwargs: dict, *, timed: bool = False,
                   cheap: bool | None = None) -> Any:
        """``<name>(**kwargs)`` within the time limit counted from now (the arrival).
        ``cheap=True`` sends it to the fast lane without asking, ``False`` to the slow lane."""
        arrival = time.monotonic()
        deadline = arrival + self.time_limit
        if cheap is not False:
            try:
                result = await self.fast.call(
                    name, kwargs, deadline=min(deadline, arrival + self.FAST_LIMIT),
                    timed=timed, classify=cheap is None, budget_deadline=deadline)
                self.counts["fast"] += 1
                return result
            except HandBack:
                pass
        self.counts["slow"] += 1
        return await self.slow.call(name, kwargs, deadline=deadline, timed=timed)

    def status(self) -> dict:
        return {"workers": self.slow.size, "fast_workers": self.fast.size,
                "replaced": self.replaced, "waiting": self.slow.waiting,
                "queue": self.slow.queue, "refused": self.slow.refused,
                "answered": dict(self.counts)}

    async def close(self) -> None:
        await asyncio.gather(self.fast.close(), self.slow.close())

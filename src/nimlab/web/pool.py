"""A small pool of worker processes that run :mod:`nimlab.api` calls for the web lab.

Each worker is a spawned process that imports nimlab once, then answers one call at a time
(``nimlab.api`` calls the Python API directly and captures nothing).  The server
awaits a call without blocking its event loop; a worker that passes the call's time limit is
killed and replaced, so no request ties up the server for longer than the limit.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import threading
from typing import Any

from nimlab.api import ApiError

#: Seconds a freshly spawned worker may take to import nimlab and say it is ready.
START_LIMIT = 120.0


def _worker_main(conn) -> None:
    from nimlab import api

    conn.send(("ready", None))
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if request is None:
            return
        name, kwargs = request
        try:
            result = getattr(api, name)(**kwargs)
            conn.send(("ok", result))
        except ApiError as refused:
            conn.send(("error", (str(refused), refused.status)))
        except (MemoryError, RecursionError) as problem:
            conn.send(("error", (f"out of resources ({type(problem).__name__}); try a smaller "
                                 "position or bound", 422)))
        except Exception as bug:  # noqa: BLE001 - reported as a 500 with its one line
            conn.send(("error", (f"internal error: {type(bug).__name__}: {bug}", 500)))


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

    def call(self, name: str, kwargs: dict, limit: float) -> tuple[str, Any]:
        """Runs in a thread: send the call, wait at most ``limit`` seconds."""
        try:
            self.conn.send((name, kwargs))
            if self.conn.poll(limit):
                return self.conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            return ("dead", None)
        return ("timeout", None)

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


class WorkerPool:
    """``await pool.call("value", {...})`` runs ``nimlab.api.value(...)`` in a worker."""

    def __init__(self, size: int = 2, time_limit: float = 20.0) -> None:
        if size < 1:
            raise ValueError("a pool needs at least one worker")
        self.size = size
        self.time_limit = time_limit
        self.context = multiprocessing.get_context("spawn")
        self.workers: list[Worker] = []
        self.idle: asyncio.Queue[Worker] | None = None
        self.lock = threading.Lock()
        self.replaced = 0
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

    async def call(self, name: str, kwargs: dict, time_limit: float | None = None) -> Any:
        """The result of ``nimlab.api.<name>(**kwargs)``; :class:`ApiError` when refused or when
        it passes ``time_limit`` seconds (status 503)."""
        assert self.idle is not None, "start() the pool first"
        limit = self.time_limit if time_limit is None else time_limit
        worker = await self.idle.get()
        loop = asyncio.get_running_loop()
        try:
            kind, payload = await loop.run_in_executor(self.threads, worker.call, name, kwargs,
                                                       limit)
        except BaseException:
            # cancelled while the worker runs: it may still be busy, so replace it
            asyncio.ensure_future(self._replace(worker))
            raise
        if kind in ("timeout", "dead"):
            asyncio.ensure_future(self._replace(worker))
            if kind == "timeout":
                raise ApiError(f"the request passed the server's time limit of {limit:g} s; "
                               "try a smaller position or bound", 503)
            raise ApiError("the worker process died (out of memory?); try a smaller position "
                           "or bound", 503)
        self.idle.put_nowait(worker)
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

"""The web lab's ASGI application (Starlette): pages, the JSON API and the claims job.

Every ``/api/...`` answer comes from :mod:`nimlab.api` (what the CLI's ``--json`` prints) or
:mod:`nimlab.web.calls`, run by the :class:`~nimlab.web.pool.Scheduler` (a fast lane for cheap
answers, a bounded slow lane).  Every numeric parameter is read to a value and checked against
its limit (:func:`nimlab.parsing.parse_bounded_int`, as the CLI reads numbers); every error is
JSON ``{"error": "<one line>"}``; :class:`Guard` checks the ``Host`` header, answers ``HEAD``
as ``GET`` without the body, refuses other methods (405) and large requests (413), and adds the
security headers to every answer.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import html
import multiprocessing
import re
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from nimlab.api import GAME_OPTIONS, ApiError, with_made_by
from nimlab.errors import InputError
from nimlab.parsing import MAX_SEED, parse_bounded_int
from nimlab.provenance import version
from nimlab.web.pool import Scheduler

STATIC = resources.files("nimlab.web") / "static"
PAPER_GAMES = {"sharing": "sharing", "end-nim": "end-nim", "fibonacci": "fibonacci",
               "cash": "cash"}
#: Largest table window per (game, piles) the heatmaps ask for; more is the CLI's job.
TABLE_LIMITS = {("sharing", None): 400, ("end-nim", 2): 300, ("end-nim", 3): 40,
                ("cash", None): 300, ("fibonacci", 2): 400, ("fibonacci", 3): 80,
                ("subtraction", None): 5000, ("nim", None): 200, ("wythoff", None): 300}
DEFAULT_TABLE_LIMIT = 40
MAX_STONES = 5000
#: Largest request body and query string (bytes); the API takes GET parameters only.
MAX_BODY = 1024
MAX_QUERY = 16_384
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
     b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


@dataclass
class Settings:
    workers: int = 2
    time_limit: float = 20.0
    max_states: int = 2_000_000
    #: What the claims page checks: ``nimlab verify`` arguments (all claims by default).
    claim_ids: tuple[str, ...] = ()
    claim_paper: str | None = None
    claim_bound: int | None = None
    #: Host names the server answers to besides IP addresses and localhost; ``("*",)``: any.
    allowed_hosts: tuple[str, ...] = ()
    #: Slow requests that may wait for a worker (more are refused at once: 503).
    queue: int = 16
    #: Workers of the fast lane (cheap answers only).
    fast_workers: int = 2
    #: Memory (MB) a worker may hold while it answers; above it the worker is replaced.
    memory_limit: int = 2048


@dataclass
class ClaimsJob:
    started: float = 0.0
    finished: float | None = None
    results: list | None = None
    links: dict = field(default_factory=dict)
    error: str | None = None


def play_link(game: str, text: Any) -> str | None:
    """A /play link for a counterexample written as the claims write it (``(0,1,2)``,
    ``NIM(1,3,4) (1; 1, 2)``, ``(3, 3, 2; 0)``), or None when it is no position of ``game``."""
    from urllib.parse import urlencode

    from nimlab import load

    if not isinstance(text, str):
        return None
    options: dict[str, str] = {}
    if game == "cash":
        found = re.search(r"NIM\(([\d,.\s]+)\)", text)
        if not found:
            return None
        inside = found.group(1).replace(" ", "")
        if ".." in inside:
            low, _, high = inside.partition("..")
            if not (low.isdigit() and high.isdigit()) or int(high) - int(low) > 50:
                return None
            inside = ",".join(str(k) for k in range(int(low), int(high) + 1))
        options["set"] = inside
        text = text[found.end():]
    found = re.search(r"\(([\d,;\s]+)\)", text)
    position = (found.group(1) if found else text).replace(" ", "")
    if not re.fullmatch(r"[\d,;]+", position):
        return None
    try:
        load(game, position, **options)
    except Exception:  # noqa: BLE001 - a position of another kind: no link
        return None
    return f"/play/{game}?{urlencode({'position': position, **options})}"


def _ignore_interrupts() -> None:
    """In the claims process: Ctrl-C (sent to the terminal's whole process group) is the
    server's to handle; the server stops this process itself, and should the server be killed
    outright, the process ends by itself (:func:`nimlab.web.pool.exit_with_parent`)."""
    import signal

    from nimlab.web.pool import exit_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()


def _claims_job(ids: tuple[str, ...], paper: str | None, bound: int | None) -> tuple[list, dict]:
    """In its own process: ``nimlab verify --json``, and a /play link for every counterexample
    whose position parses in its paper's game."""
    from nimlab import api

    results = api.claims(ids, paper=paper, bound=bound)
    links = {}
    for result in results:
        game = PAPER_GAMES.get(result.get("paper"))
        links[result["id"]] = [play_link(game, x.get("position")) if game else None
                               for x in result.get("counterexamples") or []]
    return results, links


def _error(message: str, status: int, retry_after: int | None = None) -> JSONResponse:
    headers = {"Retry-After": str(retry_after)} if retry_after else None
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _refused(problem: ApiError) -> JSONResponse:
    return _error(str(problem), problem.status, getattr(problem, "retry_after", None))


def _made_by(request: Request) -> dict[str, str]:
    """An answer's ``made_by``: nimlab's version and the request's path and query (the URL that
    gives the answer again)."""
    query = request.url.query
    return {"version": version(), "command": "nimlab serve (web lab): " + request.url.path
            + (f"?{query}" if query else "")}


def host_allowed(host: str, allowed: tuple[str, ...]) -> bool:
    """Whether a ``Host`` header names this server: an IP address, localhost, or a name given
    with ``--allow-host`` (``*``: any).  A DNS-rebinding page reaches the server under a name of
    its own, which is refused."""
    import ipaddress

    if "*" in allowed:
        return True
    name = host.strip().lower()
    if name.startswith("["):
        name = name[1:].partition("]")[0]
    elif name.count(":") == 1:
        name = name.partition(":")[0]
    if name in ("localhost", *[a.lower() for a in allowed]):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """ASGI middleware: the Host check, 405 and 413 as JSON (a HEAD gets GET's status and
    headers, from the application), and the
    security headers on every answer."""

    def __init__(self, app, allowed_hosts: tuple[str, ...], api_paths: set[str]) -> None:
        self.app, self.allowed, self.api_paths = app, allowed_hosts, api_paths
        self.state = app.state

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in SECURITY_HEADERS if k not in names]
            await send(message)

        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        method, path = scope["method"], scope["path"]
        problem = None
        host = headers.get("host", "")
        if not host_allowed(host, self.allowed):
            problem = _error(f"this server does not answer to the host {host[:80]!r}; start "
                             "nimlab serve with --allow-host NAME to allow it", 400)
        elif method not in ("GET", "HEAD"):
            problem = _error(f"method {method[:20]} is not allowed: the web lab answers GET "
                             "and HEAD only", 405)
            problem.headers["Allow"] = "GET, HEAD"
        elif _length(headers) > MAX_BODY or len(scope.get("query_string", b"")) > MAX_QUERY:
            problem = _error(f"the request is too large (at most {MAX_QUERY:,} bytes of "
                             f"parameters and {MAX_BODY:,} of body)", 413)
        if problem is not None:
            if method == "HEAD":
                problem.body = b""
                problem.headers["content-length"] = "0"
            await problem(scope, receive, secured)
            return
        await self.app(scope, receive, secured)


def _length(headers: dict[str, str]) -> int:
    text = headers.get("content-length", "0").strip()
    if "transfer-encoding" in headers:
        return MAX_BODY + 1
    return int(text) if text.isdigit() and len(text) < 12 else (0 if not text else MAX_BODY + 1)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()
    pool = Scheduler(settings.workers, settings.time_limit, fast_workers=settings.fast_workers,
                     queue=settings.queue, memory_cap=settings.memory_limit * 2 ** 20)
    job = ClaimsJob()
    state: dict[str, Any] = {}

    async def run_claims() -> None:
        job.started = time.monotonic()
        executor = concurrent.futures.ProcessPoolExecutor(
            1, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_interrupts)
        state["claims_executor"] = executor
        try:
            loop = asyncio.get_running_loop()
            job.results, job.links = await loop.run_in_executor(
                executor, _claims_job, settings.claim_ids, settings.claim_paper,
                settings.claim_bound)
        except ApiError as problem:
            job.error = str(problem)
        except Exception as problem:  # noqa: BLE001 - shown on the page, never a crash
            job.error = f"{type(problem).__name__}: {problem}"
        except (KeyboardInterrupt, asyncio.CancelledError):  # the server is stopping
            job.error = "stopped with the server"
        finally:
            job.finished = time.monotonic()
            executor.shutdown(wait=False, cancel_futures=True)

    async def startup() -> None:
        await pool.start()
        state["claims_task"] = asyncio.ensure_future(run_claims())

    async def shutdown() -> None:
        task = state.get("claims_task")
        if task and not task.done():
            task.cancel()
            executor = state.get("claims_executor")
            if executor is not None:
                for process in list(getattr(executor, "_processes", {}).values()):
                    process.kill()
                executor.shutdown(wait=False, cancel_futures=True)
        await pool.close()

    # ------------------------------------------------------------ helpers
    def params(request: Request, allowed: tuple[str, ...], required: tuple[str, ...] = ()
               ) -> dict[str, str]:
        given = dict(request.query_params)
        unknown = sorted(set(given) - set(allowed))
        if unknown:
            raise ApiError(f"unknown parameter {unknown[0][:40]!r}; this endpoint takes: "
                           f"{', '.join(allowed)}" if allowed else
                           f"unknown parameter {unknown[0][:40]!r}; this endpoint takes none")
        for name in required:
            if not given.get(name, "").strip():
                raise ApiError(f"missing parameter {name!r}")
        return {k: v for k, v in given.items() if v.strip() != ""}

    def number(given: dict[str, str], name: str, *, minimum: int = 0, maximum: int,
               beyond: str = "") -> int | None:
        """The parameter ``name`` read to a value and checked against its limit."""
        if name not in given:
            return None
        try:
            return parse_bounded_int(given[name], name, minimum=minimum, maximum=maximum,
                                     beyond=beyond)
        except InputError as bad:
            raise ApiError(str(bad)) from None

    def max_states(given: dict[str, str]) -> int:
        asked = number(given, "max_states", minimum=1, maximum=settings.max_states,
                       beyond="the most this server allows; the command line takes more")
        given.pop("max_states", None)
        return settings.max_states if asked is None else asked

    def flag(given: dict[str, str], name: str) -> bool:
        text = given.pop(name, "0").strip().lower()
        if text not in ("0", "1", "true", "false", "yes", "no"):
            raise ApiError(f"{name} is 1 or 0 (true or false), not {text[:40]!r}")
        return text in ("1", "true", "yes")

    async def answer(request: Request, name: str, kwargs: dict, *, timed: bool = False,
                     cheap: bool | None = None) -> JSONResponse:
        try:
            found = await pool.call(name, kwargs, timed=timed, cheap=cheap)
            return JSONResponse(with_made_by(found, _made_by(request)))
        except ApiError as refused:
            return _refused(refused)

    def endpoint(name: str, extra: tuple[str, ...] = (), required=("game", "position")):
        async def handle(request: Request) -> Response:
            try:
                given = params(request, (*required, *GAME_OPTIONS, *extra, "max_states"),
                               required)
                kwargs: dict[str, Any] = {"max_states": max_states(given)}
                if "winning" in extra:
                    kwargs["winning"] = flag(given, "winning")
                kwargs.update(given)
            except ApiError as refused:
                return _refused(refused)
            return await answer(request, name, kwargs, timed=True)
        return handle

    def without_params(handle):
        """An endpoint that takes no parameter refuses any it is given."""
        async def checked(request: Request) -> Response:
            try:
                params(request, ())
            except ApiError as refused:
                return _refused(refused)
            return await handle(request)
        return checked

    async def api_games(request: Request) -> Response:
        return await answer(request, "games", {}, cheap=True)

    async def api_table(request: Request) -> Response:
        try:
            given = params(request, ("game", "max", "piles", "n", "variant", "set", "factor",
                                     "a"),
                           ("game",))
            game = given["game"]
            piles = number(given, "piles", minimum=1, maximum=3,
                           beyond=f"the web lab draws tables of 2 or 3 piles; use nimlab table "
                                  f"{game} --piles N --out FILE")
            stones = number(given, "n", maximum=MAX_STONES,
                            beyond="the web lab computes no more; use nimlab table cash --n N "
                                   "--out FILE")
            limit = TABLE_LIMITS.get((game, piles)) or TABLE_LIMITS.get((game, None)) or \
                DEFAULT_TABLE_LIMIT
            bound = number(given, "max", maximum=limit,
                           beyond=f"the web lab shows windows up to {limit} for this table; use "
                                  f"nimlab table {game} --max N --out FILE")
            for name, value in (("piles", piles), ("n", stones), ("max", bound)):
                if value is not None:
                    given[name] = str(value)
        except ApiError as refused:
            return _refused(refused)
        return await answer(request, "table", {"max_states": settings.max_states, **given},
                            timed=True, cheap=False)

    async def api_play_move(request: Request) -> Response:
        try:
            given = params(request, ("game", "position", "move", *GAME_OPTIONS, "max_states"),
                           ("game", "position", "move"))
            kwargs = {"max_states": max_states(given), **given}
        except ApiError as refused:
            return _refused(refused)
        return await answer(request, "play_move", kwargs)

    async def api_play_computer(request: Request) -> Response:
        try:
            given = params(request, ("game", "position", "level", "seed", *GAME_OPTIONS,
                                     "max_states"), ("game", "position"))
            kwargs: dict[str, Any] = {"max_states": max_states(given), **given}
            seed = number(given, "seed", maximum=MAX_SEED)
            if seed is not None:
                kwargs["seed"] = seed
            from nimlab.play import LEVELS

            if kwargs.get("level", "perfect") not in LEVELS:
                raise ApiError(f"level is one of {', '.join(LEVELS)}, not "
                               f"{kwargs['level'][:40]!r}")
        except ApiError as refused:
            return _refused(refused)
        return await answer(request, "computer_move", kwargs)

    async def api_play_over(request: Request) -> Response:
        try:
            given = params(request, ("game", "position", *GAME_OPTIONS), ("game", "position"))
        except ApiError as refused:
            return _refused(refused)
        return await answer(request, "over", given)

    async def api_play_game(request: Request) -> Response:
        """The game replayed on the server: every move checked from the position it is
        played in (an illegal one is a 422 naming it)."""
        try:
            given = params(request, ("game", "position", "moves", *GAME_OPTIONS),
                           ("game", "position"))
        except ApiError as refused:
            return _refused(refused)
        return await answer(request, "replay", given)

    async def api_remoteness(request: Request) -> Response:
        try:
            given = params(request, ("game", "position", *GAME_OPTIONS, "max_states"),
                           ("game", "position"))
            kwargs = {"max_states": max_states(given), **given}
        except ApiError as refused:
            return _refused(refused)
        return await answer(request, "remoteness", kwargs, timed=True)

    async def api_claims(request: Request) -> Response:
        if job.error:
            return _error(f"checking the claims failed: {job.error}", 500)
        if job.results is None:
            elapsed = time.monotonic() - job.started if job.started else 0.0
            return JSONResponse({"pending": True, "elapsed": round(elapsed, 1),
                                 "note": "checking every claim against exhaustive computation "
                                         "(about a minute, once per server)"},
                                status_code=202)
        return JSONResponse(with_made_by(job.results, _made_by(request)))

    async def api_claim_links(request: Request) -> Response:
        if job.results is None:
            return JSONResponse({"pending": True}, status_code=202)
        return JSONResponse(job.links)

    async def api_claims_list(request: Request) -> Response:
        return await answer(request, "claims", {"ids": settings.claim_ids,
                                                "paper": settings.claim_paper,
                                                "list_only": True}, cheap=False)

    async def api_status(request: Request) -> Response:
        return JSONResponse({**pool.status(), "time_limit": settings.time_limit,
                             "max_states": settings.max_states,
                             "claims_ready": job.results is not None})

    # ------------------------------------------------------------ pages
    def page(name: str):
        async def handle(request: Request) -> Response:
            return HTMLResponse((STATIC / name).read_text(encoding="utf-8"))
        return handle

    async def errata(request: Request) -> Response:
        from markdown_it import MarkdownIt

        text = (resources.files("nimlab.web") / "ERRATA.md").read_text(encoding="utf-8")
        body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
        shell = (STATIC / "errata.html").read_text(encoding="utf-8")
        return HTMLResponse(shell.replace("<!--ERRATA-->", body))

    async def not_found(request: Request, exc) -> Response:
        if request.url.path.startswith("/api/"):
            return _error(f"no such endpoint: {request.url.path}", 404)
        return HTMLResponse(
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            "<title>Not found · nimlab</title><link rel='stylesheet' href='/static/lab.css'>"
            "</head><body><main><h1>Not found</h1>"
            f"<p>There is no page <code>{html.escape(request.url.path)}</code>.</p>"
            "<p><a href='/'>The games of the nimlab web lab</a></p></main></body></html>",
            status_code=404)

    async def server_error(request: Request, exc) -> Response:
        return _error(f"internal error: {type(exc).__name__}", 500)

    async def http_error(request: Request, exc) -> Response:
        return _error(getattr(exc, "detail", None) or f"HTTP {exc.status_code}",
                      exc.status_code)

    routes = [
        Route("/", page("index.html")),
        Route("/play/{game}", page("play.html")),
        Route("/explore", page("explore.html")),
        Route("/explore/{game}", page("explore.html")),
        Route("/claims", page("claims.html")),
        Route("/errata", errata),
        Route("/api/games", without_params(api_games)),
        Route("/api/value", endpoint("value")),
        Route("/api/moves", endpoint("moves", ("winning",))),
        Route("/api/hint", endpoint("hint")),
        Route("/api/table", api_table),
        Route("/api/play/move", api_play_move),
        Route("/api/play/computer", api_play_computer),
        Route("/api/play/over", api_play_over),
        Route("/api/play/game", api_play_game),
        Route("/api/remoteness", api_remoteness),
        Route("/api/claims", without_params(api_claims)),
        Route("/api/claims/list", without_params(api_claims_list)),
        Route("/api/claims/links", without_params(api_claim_links)),
        Route("/api/status", without_params(api_status)),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        await startup()
        try:
            yield
        finally:
            await shutdown()

    from starlette.exceptions import HTTPException

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: not_found, 500: server_error,
                                        HTTPException: http_error})
    app.state.pool = pool
    app.state.claims = job
    app.state.settings = settings
    api_paths = {r.path for r in routes if isinstance(r, Route) and r.path.startswith("/api/")}
    return Guard(app, settings.allowed_hosts, api_paths)

"""The web lab's ASGI application (Starlette): pages, the JSON API and the claims job.

Every ``/api/...`` answer comes from :mod:`nimlab.api`, i.e. from the CLI's ``--json``, run in a
:class:`~nimlab.web.pool.WorkerPool`; bad input is a 4xx with ``{"error": "<the CLI's line>"}``.
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

from nimlab.api import GAME_OPTIONS, ApiError
from nimlab.web.pool import WorkerPool

STATIC = resources.files("nimlab.web") / "static"
PAPER_GAMES = {"sharing": "sharing", "end-nim": "end-nim", "fibonacci": "fibonacci",
               "cash": "cash"}
#: Largest table window per (game, piles) the heatmaps ask for; more is the CLI's job.
TABLE_LIMITS = {("sharing", None): 400, ("end-nim", 2): 300, ("end-nim", 3): 40,
                ("cash", None): 300, ("fibonacci", 2): 400, ("fibonacci", 3): 80,
                ("subtraction", None): 5000, ("nim", None): 200, ("wythoff", None): 300}
DEFAULT_TABLE_LIMIT = 40
MAX_STONES = 5000


@dataclass
class Settings:
    workers: int = 2
    time_limit: float = 20.0
    max_states: int = 2_000_000
    #: What the claims page checks: ``nimlab verify`` arguments (all claims by default).
    claim_ids: tuple[str, ...] = ()
    claim_paper: str | None = None
    claim_bound: int | None = None


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


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()
    pool = WorkerPool(settings.workers, settings.time_limit)
    job = ClaimsJob()
    state: dict[str, Any] = {}

    async def run_claims() -> None:
        job.started = time.monotonic()
        executor = concurrent.futures.ProcessPoolExecutor(
            1, mp_context=multiprocessing.get_context("spawn"))
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
            raise ApiError(f"unknown parameter {unknown[0]!r}; this endpoint takes: "
                           f"{', '.join(allowed)}")
        for name in required:
            if not given.get(name, "").strip():
                raise ApiError(f"missing parameter {name!r}")
        return {k: v for k, v in given.items() if v.strip() != ""}

    def max_states(given: dict[str, str]) -> int:
        text = given.pop("max_states", None)
        if text is None:
            return settings.max_states
        try:
            asked = int(text)
        except ValueError:
            raise ApiError(f"max_states must be an integer, not {text!r}") from None
        if asked < 1:
            raise ApiError("max_states must be at least 1")
        return min(asked, settings.max_states)

    async def answer(name: str, kwargs: dict) -> JSONResponse:
        try:
            return JSONResponse(await pool.call(name, kwargs))
        except ApiError as refused:
            return _error(str(refused), refused.status)

    def endpoint(name: str, extra: tuple[str, ...] = (), required=("game", "position")):
        async def handle(request: Request) -> Response:
            try:
                given = params(request, (*required, *GAME_OPTIONS, *extra, "max_states"),
                               required)
                kwargs: dict[str, Any] = {"max_states": max_states(given),
                                          "time_limit": settings.time_limit}
                if "winning" in given:
                    kwargs["winning"] = given.pop("winning").lower() in ("1", "true", "yes")
                kwargs.update(given)
            except ApiError as refused:
                return _error(str(refused), refused.status)
            return await answer(name, kwargs)
        return handle

    async def api_games(request: Request) -> Response:
        return await answer("games", {})

    async def api_table(request: Request) -> Response:
        try:
            given = params(request, ("game", "max", "piles", "n", "variant", "set", "factor"),
                           ("game",))
            piles = given.get("piles")
            if piles is not None and piles.isdigit() and int(piles) > 3:
                raise ApiError(f"the web lab draws tables of 2 or 3 piles, not {piles}; use "
                               f"nimlab table {given['game']} --piles {piles} --out FILE")
            stones = given.get("n")
            if stones is not None and stones.isdigit() and int(stones) > MAX_STONES:
                raise ApiError(f"n = {stones} is more than the web lab computes (at most "
                               f"{MAX_STONES}); use nimlab table cash --n {stones} --out FILE")
            key = (given["game"], int(piles) if piles and piles.isdigit() else None)
            limit = TABLE_LIMITS.get(key) or TABLE_LIMITS.get((given["game"], None)) or \
                DEFAULT_TABLE_LIMIT
            bound = given.get("max")
            if bound is not None and bound.isdigit() and int(bound) > limit:
                raise ApiError(f"a window up to max={bound} is more than the web lab shows "
                               f"(at most {limit} for this table); use nimlab table "
                               f"{given['game']} --max {bound} --out FILE")
        except ApiError as refused:
            return _error(str(refused), refused.status)
        return await answer("table", {"max_states": settings.max_states,
                                      "time_limit": settings.time_limit, **given})

    async def api_play_move(request: Request) -> Response:
        try:
            given = params(request, ("game", "position", "move", *GAME_OPTIONS, "max_states"),
                           ("game", "position", "move"))
            kwargs = {"max_states": max_states(given), **given}
        except ApiError as refused:
            return _error(str(refused), refused.status)
        return await answer("play_move", kwargs)

    async def api_play_computer(request: Request) -> Response:
        try:
            given = params(request, ("game", "position", "level", "seed", *GAME_OPTIONS,
                                     "max_states"), ("game", "position"))
            kwargs: dict[str, Any] = {"max_states": max_states(given), **given}
            if "seed" in kwargs:
                try:
                    kwargs["seed"] = int(kwargs["seed"])
                except ValueError:
                    raise ApiError(f"seed must be an integer, not {kwargs['seed']!r}") from None
        except ApiError as refused:
            return _error(str(refused), refused.status)
        return await answer("computer_move", kwargs)

    async def api_play_over(request: Request) -> Response:
        try:
            given = params(request, ("game", "position", *GAME_OPTIONS), ("game", "position"))
        except ApiError as refused:
            return _error(str(refused), refused.status)
        return await answer("over", given)

    async def api_claims(request: Request) -> Response:
        if job.error:
            return _error(f"checking the claims failed: {job.error}", 500)
        if job.results is None:
            elapsed = time.monotonic() - job.started if job.started else 0.0
            return JSONResponse({"pending": True, "elapsed": round(elapsed, 1),
                                 "note": "checking every claim against exhaustive computation "
                                         "(about a minute, once per server)"},
                                status_code=202)
        return JSONResponse(job.results)

    async def api_claim_links(request: Request) -> Response:
        if job.results is None:
            return JSONResponse({"pending": True}, status_code=202)
        return JSONResponse(job.links)

    async def api_claims_list(request: Request) -> Response:
        return await answer("claims", {"ids": settings.claim_ids,
                                       "paper": settings.claim_paper, "list_only": True})

    async def api_status(request: Request) -> Response:
        return JSONResponse({"workers": pool.size, "replaced": pool.replaced,
                             "time_limit": settings.time_limit,
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
        return HTMLResponse(f"<h1>Not found</h1><p>{html.escape(request.url.path)}</p>"
                            "<p><a href='/'>nimlab web lab</a></p>", status_code=404)

    async def server_error(request: Request, exc) -> Response:
        return _error(f"internal error: {type(exc).__name__}", 500)

    routes = [
        Route("/", page("index.html")),
        Route("/play/{game}", page("play.html")),
        Route("/explore", page("explore.html")),
        Route("/explore/{game}", page("explore.html")),
        Route("/claims", page("claims.html")),
        Route("/errata", errata),
        Route("/api/games", api_games),
        Route("/api/value", endpoint("value")),
        Route("/api/moves", endpoint("moves", ("winning",))),
        Route("/api/hint", endpoint("hint")),
        Route("/api/table", api_table),
        Route("/api/play/move", api_play_move),
        Route("/api/play/computer", api_play_computer),
        Route("/api/play/over", api_play_over),
        Route("/api/claims", api_claims),
        Route("/api/claims/list", api_claims_list),
        Route("/api/claims/links", api_claim_links),
        Route("/api/status", api_status),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        await startup()
        try:
            yield
        finally:
            await shutdown()

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: not_found, 500: server_error})
    app.state.pool = pool
    app.state.claims = job
    app.state.settings = settings
    return app

"""What the web lab's workers run besides :mod:`nimlab.api`: the scheduler's estimate of a
request's cost, a game replayed on the server, and remoteness.

Each function takes the web request's parameters (text, as the API does) and returns JSON-ready
data, or raises :class:`~nimlab.api.ApiError` with a one-line message.  They call library
functions only: :func:`nimlab.games.load`, :class:`nimlab.play.Match` (the rules of ``nimlab
play``), :func:`nimlab.solve.cost` and :func:`nimlab.lab.remoteness`.
"""

from __future__ import annotations

import re
from typing import Any

from nimlab.api import GAME_OPTIONS, ApiError
from nimlab.errors import NimlabError

#: Most moves a replayed game may have (a URL longer than this is refused, not replayed).
MAX_GAME_MOVES = 500
#: Positions a remoteness question may store (the web lab's share of the solver's budget).
REMOTENESS_STATES = 300_000
#: Options listed with their remoteness at most.
REMOTENESS_MOVES = 400


def _options(options: dict[str, Any]) -> dict[str, Any]:
    """The game options given (empty ones dropped), refusing unknown names."""
    unknown = sorted(set(options) - set(GAME_OPTIONS))
    if unknown:
        raise ApiError(f"unknown option {unknown[0]!r}; the game options are: "
                       f"{', '.join(GAME_OPTIONS)}")
    return {k: v for k, v in options.items() if v not in (None, "")}


def _load(game: str, position: str, options: dict[str, Any]):
    from nimlab import load

    try:
        return load(game, position, **_options(options))
    except NimlabError as problem:
        raise ApiError(str(problem)) from None


def cheap(name: str, kwargs: dict[str, Any]) -> bool:
    """Whether ``api.<name>(**kwargs)`` is cheap by construction, by the dispatcher's own
    estimate (:func:`nimlab.solve.cost`): a closed form, a table already in memory, a small
    position.  Bad input is cheap (its refusal is immediate)."""
    from nimlab import solve
    from nimlab.engine.solver import Budget

    if name in ("games", "over", "replay"):
        return True            # no solving: the rules only (a replay has at most 500 moves)
    if name == "table":
        return False
    if name not in ("value", "moves", "hint", "play_move", "computer_move", "remoteness"):
        return False
    kwargs = dict(kwargs)
    game_name, position = kwargs.pop("game", None), kwargs.pop("position", None)
    budget = Budget(int(kwargs.get("max_states") or Budget().max_states),
                    float(kwargs.get("time_limit") or Budget().time_limit))
    options = {k: v for k, v in kwargs.items() if k in GAME_OPTIONS}
    try:
        game, parsed = _load(game_name, position, options)
    except ApiError:
        return True
    if name == "remoteness":
        # small, or out of reach (answered "unknown" at once by the same estimate)
        states, work = solve.work_estimate(game, parsed)
        return states is None or states > REMOTENESS_STATES or (
            states <= solve.CHEAP_STATES and (work is None or work <= solve.CHEAP_WORK))
    listing = name == "moves"
    return solve.cost(game, parsed, moves=listing, budget=budget) == "cheap"


def replay(game: str, position: str, moves: str = "", **options: Any) -> dict:
    """The game from ``position`` after ``moves`` (comma-separated, in the game's notation),
    each checked against the rules from the position it is played in (as ``nimlab play``).

    Returns ``{"positions": [...], "steps": [{"notation", "move", "to"}], "over": None or
    {"winner": 0 or 1 (the player who moved first or second), "reason" with {0} and {1} for
    their names}}``; an illegal move is
    an :class:`ApiError` (422) naming its number, and the position stays as it was before it.
    """
    from nimlab.play import YOU, Match

    found, start = _load(game, position, options)
    texts = [m.strip() for m in str(moves or "").split(",") if m.strip()]
    if len(texts) > MAX_GAME_MOVES:
        raise ApiError(f"a game of {len(texts)} moves is longer than the web lab replays (at "
                       f"most {MAX_GAME_MOVES})")
    match = Match(found, start, to_move=YOU)
    positions, steps = [found.format(start)], []
    for number, text in enumerate(texts, 1):
        if match.over:
            raise ApiError(f"move {number} ({text}): the game is over: {match.reason}", 422)
        try:
            move = match.parse(text)
            match.play(move)
        except NimlabError as illegal:
            raise ApiError(f"move {number} ({text}) from {positions[-1] or '(empty)'} is "
                           f"illegal: {illegal}", 422) from None
        positions.append(found.format(match.position))
        steps.append({"notation": move.notation(), "move": move.describe(),
                      "to": positions[-1]})
    over = None
    if match.over:
        # "you" moved first: {0} names the first player, {1} the second, in the reason
        reason = re.sub(r"\b(you|computer)\b", lambda w: "{0}" if w.group(1) == YOU else "{1}",
                        match.reason)
        over = {"winner": 0 if match.winner == YOU else 1, "reason": reason}
    return {"positions": positions, "steps": steps, "over": over}


def remoteness(game: str, position: str, max_states: int | None = None,
               time_limit: float | None = None, **options: Any) -> dict:
    """:func:`nimlab.lab.remoteness` with the web lab's share of the budget (at most
    :data:`REMOTENESS_STATES` positions, :data:`REMOTENESS_MOVES` moves listed): exactly its
    ``to_json()`` (``remoteness: null`` with a ``note`` where it is out of the budget)."""
    from nimlab.lab import remoteness as search

    given = _options(options)
    states = min(int(max_states or REMOTENESS_STATES), REMOTENESS_STATES)
    try:
        found = search(game, position, max_states=states, time_limit=time_limit or 10.0,
                       max_moves=REMOTENESS_MOVES, **given)
    except NimlabError as problem:
        raise ApiError(str(problem)) from None
    return found.to_json()

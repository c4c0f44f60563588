"""The JSON face of nimlab's Python API, for the web lab: dicts in the form ``nimlab ... --json``
prints.

Every function here calls the typed API (:mod:`nimlab.lab`) and returns ``result.to_json()``,
so its answer is what the command prints with ``--json`` (the command is a shell over the same
function), less the ``made_by`` that the command and the web lab add (:func:`with_made_by`).
Arguments come as the web sends them: strings in the command line's form (``"0,4,8"``,
``set="1,3,4"``); an empty string means *not given*.  A refusal (bad input, work over a budget)
raises :class:`ApiError` with the CLI's one-line message and an HTTP status.
Nothing here prints or captures output, so one process may serve calls from many threads.

>>> value("sharing", "0,4,8")["value"]
3
>>> value("nim", "1,x")
Traceback (most recent call last):
...
nimlab.api.ApiError: nim position '1,x': 'x' is not an integer; write comma-separated ...
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterable

from nimlab.errors import NimlabError, TooManyStates

#: The game options the commands take (``--variant`` ...), by their CLI names.
GAME_OPTIONS = ("variant", "last", "factor", "set", "budgets", "edges", "code", "a")
#: The options of ``nimlab table``, by their keyword names.
TABLE_OPTIONS = ("max", "piles", "n", "variant", "set", "factor", "edges", "code", "a")
#: Words of a refusal over a budget (HTTP 422 rather than 400).
BUDGET_WORDS = ("max-states", "time limit", "time-limit", "budget of")


class ApiError(Exception):
    """A command refused: ``str(error)`` is the CLI's one-line message; ``status`` an HTTP code
    (400 for bad input, 422 for work over a budget, 500 for a bug)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(" ".join(str(message).split()) or "the command failed")
        self.status = status


def _refusals(function: Callable) -> Callable:
    """nimlab's errors as :class:`ApiError` with the CLI's one-line message and status."""
    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except ApiError:
            raise
        except NimlabError as refused:
            message = " ".join(str(refused).split())
            budget = isinstance(refused, TooManyStates) or \
                any(word in message for word in BUDGET_WORDS)  # not --budgets, an option
            raise ApiError(message, 422 if budget else 400) from None
        except OSError as problem:  # a file that cannot be read or written
            where = f" {problem.filename}" if problem.filename else ""
            raise ApiError(f"cannot use{where}: {problem.strerror or problem}", 400) from None
        except MemoryError:
            raise ApiError("out of memory; try a smaller position or bound", 422) from None
    return call


def _given(options: dict[str, Any], allowed: Iterable[str], what: str = "option") -> dict:
    """The options given (empty strings dropped), refusing unknown names."""
    allowed = tuple(allowed)
    for name in options:
        if name not in allowed:
            kind = "game options" if allowed == GAME_OPTIONS else "options"
            raise ApiError(f"unknown {what} {name!r}; the {kind} are: {', '.join(allowed)}")
    return {k: v for k, v in options.items() if v is not None and str(v).strip() != ""}


def with_made_by(data: Any, made_by: dict[str, str]) -> Any:
    """``data`` as ``--json`` and the web lab give it: an object gains the field ``made_by``
    (:func:`nimlab.provenance.made_by`: nimlab's version and the command); a list of objects
    keeps its shape, and each object gains it."""
    if isinstance(data, dict):
        return {**data, "made_by": made_by}
    if isinstance(data, list) and all(isinstance(row, dict) for row in data):
        return [{**row, "made_by": made_by} for row in data]
    raise TypeError(f"a JSON answer is an object or a list of objects, not {data!r:.60}")


# ---------------------------------------------------------------- the commands
@_refusals
def games() -> list[dict]:
    """``nimlab games --json``."""
    from nimlab.lab.catalogue import game_catalogue

    return game_catalogue()


@_refusals
def value(game: str, position: str, max_states: int | None = None,
          time_limit: float | None = None, **options: Any) -> dict:
    """``nimlab value GAME POSITION [--variant ...] --json``."""
    from nimlab.lab import answer

    return answer(game, position, max_states=max_states, time_limit=time_limit,
                  **_given(options, GAME_OPTIONS)).to_json()


@_refusals
def moves(game: str, position: str, winning: bool = False, max_states: int | None = None,
          time_limit: float | None = None, **options: Any) -> dict:
    """``nimlab moves GAME POSITION [--winning] --json``."""
    from nimlab.lab import moves as list_moves

    return list_moves(game, position, winning=bool(winning), max_states=max_states,
                      time_limit=time_limit, **_given(options, GAME_OPTIONS)).to_json()


@_refusals
def hint(game: str, position: str, max_states: int | None = None,
         time_limit: float | None = None, **options: Any) -> dict:
    """``nimlab hint GAME POSITION --json``."""
    from nimlab.lab import hint as advise

    return advise(game, position, max_states=max_states, time_limit=time_limit,
                  **_given(options, GAME_OPTIONS)).to_json()


@_refusals
def table(game: str, max_states: int | None = None, time_limit: float | None = None,
          **options: Any) -> dict:
    """``nimlab table GAME [--max B --piles K --n N --variant V --set A --factor R] --json``.

    ``time_limit`` is accepted for the web lab's uniform calls; the table command has none (its
    size is refused up front, and the web lab's worker is cut at its own time limit)."""
    from nimlab.lab import table as build

    return build(game, max_states=max_states,
                 **_given(options, TABLE_OPTIONS, "table option")).to_json()


@_refusals
def claims(ids: Iterable[str] = (), paper: str | None = None, bound: int | None = None,
           list_only: bool = False) -> list[dict]:
    """``nimlab verify [IDS] [--paper P] [--bound B] [--list] --json``; ``ids`` a list, or one
    string of ids separated by commas or spaces."""
    from nimlab.lab.papers import claim_rows, verify

    if isinstance(ids, str):  # not its letters
        ids = [part for part in ids.replace(",", " ").split() if part]
    if paper is not None:
        _check_paper(paper)
    if list_only:
        return claim_rows(*ids, paper=paper)
    return verify(*ids, paper=paper, bound=bound).to_json()


def _check_paper(paper: str) -> None:
    from nimlab.claims import PAPERS

    if paper not in (*PAPERS, "all"):
        raise ApiError(f"unknown paper {paper!r}; the papers are: {', '.join([*PAPERS, 'all'])}")


@_refusals
def play(game: str, position: str, lines: Iterable[str] = (), first: str = "me",
         level: str = "perfect", seed: int | None = None, max_states: int | None = None,
         **options: Any) -> list[dict]:
    """``nimlab play GAME POSITION --json`` fed ``lines`` then ``quit``: the events."""
    import json

    from nimlab.lab.inputs import budget, resolve, whole
    from nimlab.parsing import MAX_SEED
    from nimlab.play import COMPUTER, LEVELS, YOU, Match, run

    the_game, the_position = resolve(game, position, _given(options, GAME_OPTIONS),
                                     "nimlab play")
    if first not in ("me", "computer"):
        raise ApiError(f"first must be 'me' or 'computer', not {first!r}")
    if level not in LEVELS:
        raise ApiError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    limits = budget(max_states)
    match = Match(the_game, the_position, to_move=YOU if first == "me" else COMPUTER,
                  level=level, seed=whole(seed, "seed", 0, MAX_SEED),
                  max_states=limits.max_states, time_limit=limits.time_limit)
    fed = iter([*(f"{line}\n" for line in lines), "quit\n"])
    events: list[dict] = []
    run(match, lambda: next(fed, ""), lambda text: events.append(json.loads(text)),
        as_json=True)
    return events


def _after(events: list[dict], player: str, what: str) -> dict:
    """The ``move`` event of ``player`` with ``winner``: the ``winner`` event when that move
    ended the game (else None)."""
    for i, event in enumerate(events):
        if event["event"] == "illegal":
            raise ApiError(f"illegal move {what!r}: {event['reason']}")
        if event["event"] == "move" and event["player"] == player:
            # the game draws the position reached, then says who won if the move ended it
            for after in events[i + 1:]:
                if after["event"] == "winner":
                    return {**event, "winner": after}
                if after["event"] == "move":
                    break
            return {**event, "winner": None}
    ended = [e for e in events if e["event"] == "winner"]
    raise ApiError("the game is over: " + (ended[0]["reason"] if ended else "no move possible"))


def play_move(game: str, position: str, move: str, max_states: int | None = None,
              **options: Any) -> dict:
    """Your move ``move`` from ``position``: the ``move`` event of ``nimlab play`` (notation,
    move, ``to``) with ``winner`` (the ``winner`` event if the move ended the game, else None),
    or :class:`ApiError` with the CLI's reason when it is refused."""
    if "\n" in move or not move.strip():
        raise ApiError("a move is one line of the game's notation")
    events = play(game, position, [move.strip()], first="me", level="perfect",
                  max_states=max_states, **options)
    return _after(events, "you", move.strip())


def computer_move(game: str, position: str, level: str = "perfect", seed: int | None = None,
                  max_states: int | None = None, **options: Any) -> dict:
    """The computer's move from ``position`` at ``level`` (``nimlab play --first computer``):
    as :func:`play_move`."""
    events = play(game, position, [], first="computer", level=level, seed=seed,
                  max_states=max_states, **options)
    return _after(events, "computer", "")


def over(game: str, position: str, **options: Any) -> dict:
    """Whether ``position`` ends the game: ``{"over": bool, "reason": ...}`` from the events of
    ``nimlab play`` started there."""
    events = play(game, position, [], first="me", level="perfect", **options)
    ended = [e for e in events if e["event"] == "winner"]
    return {"over": bool(ended), "reason": ended[0]["reason"] if ended else None}

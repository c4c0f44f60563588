"""The command line as Python functions that return its ``--json`` answers.

Every function here builds the argument list of a ``nimlab`` command, runs the Click command in
this process with standard output captured, and returns the parsed JSON, so the answer is
exactly what ``nimlab ... --json`` prints, whatever the command does inside.  A command that
refuses (bad input, a budget it would pass) raises :class:`ApiError` with the CLI's one-line
message.  The web lab (``nimlab serve``) calls these functions in worker processes: standard
input and output are redirected per process, so one process must run one call at a time.

>>> value("sharing", "0,4,8")["value"]
3
"""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any, Iterable

#: The game options the commands take (``--variant`` ...), by their CLI names.
GAME_OPTIONS = ("variant", "last", "factor", "set", "budgets", "edges")
ERROR_PREFIX = "nimlab: error: "


class ApiError(Exception):
    """A command refused: ``str(error)`` is the CLI's one-line message; ``status`` an HTTP code
    (400 for bad input, 422 for work over a budget, 500 for a bug)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(" ".join(str(message).split()) or "the command failed")
        self.status = status


def _options(options: dict[str, Any]) -> list[str]:
    args = []
    for name, given in options.items():
        if name not in GAME_OPTIONS:
            raise ApiError(f"unknown option {name!r}; the game options are: "
                           f"{', '.join(GAME_OPTIONS)}")
        if given is None or str(given).strip() == "":
            continue
        args.append(f"--{name}={given}")
    return args


def _has_param(command: str, param: str) -> bool:
    from nimlab.cli import main

    found = main.commands.get(command)
    return found is not None and any(p.name == param for p in found.params)


def _budget(command: str, max_states: int | None, time_limit: float | None) -> list[str]:
    """``--max-states``/``--time-limit`` when the command takes them."""
    args = []
    if max_states is not None and _has_param(command, "max_states"):
        args.append(f"--max-states={int(max_states)}")
    if time_limit is not None and _has_param(command, "time_limit"):
        args.append(f"--time-limit={time_limit:g}")
    return args


def run(args: Iterable[str], stdin: str = "") -> str:
    """Run ``nimlab ARGS`` in this process; returns what it printed on standard output.

    Raises :class:`ApiError` with the CLI's one-line message when the command exits non-zero.
    """
    from nimlab.cli import main

    out, err = io.StringIO(), io.StringIO()
    code: Any = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            _stdin(io.StringIO(stdin)):
        try:
            main.main(list(args), prog_name="nimlab")
        except SystemExit as done:
            code = done.code
    if code not in (0, None):
        lines = [line for line in err.getvalue().splitlines() if line.strip()]
        message = lines[-1] if lines else f"exit code {code}"
        if message.startswith(ERROR_PREFIX):
            message = message[len(ERROR_PREFIX):]
        status = 422 if any(word in message for word in ("max-states", "time limit",
                                                         "time-limit", "budget")) else 400
        raise ApiError(message, status if code == 2 else 500)
    return out.getvalue()


@contextlib.contextmanager
def _stdin(stream):
    import sys

    saved = sys.stdin
    sys.stdin = stream
    try:
        yield
    finally:
        sys.stdin = saved


def run_json(args: Iterable[str], stdin: str = "") -> Any:
    text = run(args, stdin)
    try:
        return json.loads(text)
    except ValueError:
        raise ApiError(f"the command printed no JSON: {text[:200]!r}", 500) from None


def run_json_lines(args: Iterable[str], stdin: str = "") -> list[dict]:
    """For ``nimlab play --json``: one JSON object per line."""
    return [json.loads(line) for line in run(args, stdin).splitlines() if line.strip()]


def _solve(command: str, game: str, position: str, options: dict, extra: list[str],
           max_states: int | None, time_limit: float | None) -> Any:
    args = [command, *_options(options), *extra, *_budget(command, max_states, time_limit),
            "--json", "--", str(game), str(position)]
    return run_json(args)


# ---------------------------------------------------------------- the commands
def games() -> list[dict]:
    """``nimlab games --json``."""
    return run_json(["games", "--json"])


def value(game: str, position: str, max_states: int | None = None,
          time_limit: float | None = None, **options: Any) -> dict:
    """``nimlab value GAME POSITION [--variant ...] --json``."""
    return _solve("value", game, position, options, [], max_states, time_limit)


def moves(game: str, position: str, winning: bool = False, max_states: int | None = None,
          time_limit: float | None = None, **options: Any) -> dict:
    """``nimlab moves GAME POSITION [--winning] --json``."""
    return _solve("moves", game, position, options, ["--winning"] if winning else [],
                  max_states, time_limit)


def hint(game: str, position: str, max_states: int | None = None,
         time_limit: float | None = None, **options: Any) -> dict:
    """``nimlab hint GAME POSITION --json``."""
    return _solve("hint", game, position, options, [], max_states, time_limit)


TABLE_OPTIONS = {"max": "--max", "piles": "--piles", "n": "--n", "variant": "--variant",
                 "set": "--set", "factor": "--factor"}


def table(game: str, max_states: int | None = None, time_limit: float | None = None,
          **options: Any) -> dict:
    """``nimlab table GAME [--max B --piles K --n N --variant V --set A --factor R] --json``."""
    args = ["table"]
    for name, given in options.items():
        if name not in TABLE_OPTIONS:
            raise ApiError(f"unknown table option {name!r}; the options are: "
                           f"{', '.join(TABLE_OPTIONS)}")
        if given is not None and str(given).strip() != "":
            args.append(f"{TABLE_OPTIONS[name]}={given}")
    args += [*_budget("table", max_states, time_limit), "--json", "--", str(game)]
    return run_json(args)


def claims(ids: Iterable[str] = (), paper: str | None = None, bound: int | None = None,
           list_only: bool = False) -> list[dict]:
    """``nimlab verify [IDS] [--paper P] [--bound B] [--list] --json``."""
    args = ["verify", "--json"]
    if paper:
        args.append(f"--paper={paper}")
    if bound is not None:
        args.append(f"--bound={int(bound)}")
    if list_only:
        args.append("--list")
    return run_json([*args, "--", *ids])


def play(game: str, position: str, lines: Iterable[str] = (), first: str = "me",
         level: str = "perfect", seed: int | None = None, max_states: int | None = None,
         **options: Any) -> list[dict]:
    """``nimlab play GAME POSITION --json`` fed ``lines`` then ``quit``: the events."""
    args = ["play", *_options(options), f"--first={first}", f"--level={level}",
            *([f"--seed={int(seed)}"] if seed is not None else []),
            *_budget("play", max_states, None), "--json", "--", str(game), str(position)]
    return run_json_lines(args, "".join(f"{line}\n" for line in [*lines, "quit"]))


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

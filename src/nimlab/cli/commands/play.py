"""``nimlab play``: a game against the computer in the terminal (or through a pipe)."""

from __future__ import annotations

import json
import sys

import click

from nimlab.cli.common import (POSITION_SETTINGS, collect_options, game_argument, game_options,
                               json_option, budget_options)
from nimlab.api import with_made_by
from nimlab.games import load
from nimlab.play import COMPUTER, LEVELS, YOU, Match, run
from nimlab.provenance import made_by


def _line_reader(echo: bool):
    """Read one line of standard input; echo it when it does not come from a terminal, so that a
    piped game reads like a typed one."""
    def read_line() -> str:
        if sys.stdin is None or sys.stdin.closed:  # started with standard input closed: quit
            return ""
        line = sys.stdin.readline()
        if echo and line and not sys.stdin.isatty():
            click.echo(line.rstrip("\n"))
        return line
    return read_line


def _write(text: str) -> None:
    click.echo(text, nl=not text.endswith("> "))


def _json_writer():
    """Write the events of ``--json``, the first (``start``) with ``made_by``: nimlab's version
    and this command."""
    first = True

    def write(text: str) -> None:
        nonlocal first
        if first:
            first = False
            text = json.dumps(with_made_by(json.loads(text), made_by()))
        _write(text)
    return write


@click.command("play", context_settings=POSITION_SETTINGS)
@game_argument
@click.argument("position")
@game_options
@click.option("--first", type=click.Choice(["me", "computer"]), default="me", show_default=True,
              help="Who moves first.")
@click.option("--level", type=click.Choice(LEVELS), default="perfect", show_default=True,
              help="perfect: never gives away a win; errs-P: perfect but a random move with "
                   "probability P %; ahead-K: looks only K moves ahead; easy: random moves.")
@click.option("--seed", type=int, default=None, help="Seed of the easy computer's choices.")
@budget_options
@json_option
def command(game: str, position: str, first: str, level: str, seed: int | None,
            max_states: int, time_limit: float, as_json: bool, **options) -> None:
    """Play GAME from POSITION against the computer.

    Type moves in the game's short notation (P-K, U>V:K, L-K/R-K, K, both-K), or hint, undo,
    moves, help, quit.  End of input quits.  With --json every event (start, position, move,
    illegal, hint, moves, undo, thinking, winner, quit) is one JSON object per line; the first,
    start, says what made it (made_by).
    """
    the_game, the_position = load(game, position, **collect_options(**options))
    match = Match(the_game, the_position, to_move=YOU if first == "me" else COMPUTER,
                  level=level, seed=seed, max_states=max_states,
                  time_limit=time_limit)
    run(match, _line_reader(not as_json), _json_writer() if as_json else _write, as_json)

"""``nimlab hint``: the move to play from a position, and why it wins (a shell over
:func:`nimlab.lab.hint`)."""

from __future__ import annotations

import click

from nimlab.cli.common import (POSITION_SETTINGS, collect_options, emit_json,
                               game_argument, game_options, json_option, budget_options)
from nimlab.lab.solving import hint


@click.command("hint", context_settings=POSITION_SETTINGS)
@game_argument
@click.argument("position")
@game_options
@budget_options
@json_option
def command(game: str, position: str, max_states: int, time_limit: float, as_json: bool,
            **options) -> None:
    """The winning move from POSITION, the position it leads to, and why.

    Closed forms from the papers where they apply (Sharing Nim with 3 piles, End-Nim, 2-pile
    Fibonacci Nim, NIM with cash, Nim), the solver otherwise.  At a P-position there is no
    winning move; the hint then offers the stalling move (the smallest legal move).

    --json gives move, notation, to, explanation, outcome, source, method and value (null when
    the position is too large for the solver; value_note says why).
    """
    result = hint(game, position, max_states=max_states, time_limit=time_limit,
                  **collect_options(**options))
    data = result.to_json()
    if as_json:
        emit_json(data)
        return
    outcome = ("N-position: the player to move wins" if result.outcome == "N"
               else "P-position: the player to move loses")
    value = f", value {result.value}" if result.value is not None else ""
    winner = f", Player {data['winner']} wins" if "winner" in data else ""
    click.echo(f"{result.game.describe()} {data['position']}: {outcome}{value}{winner}")
    for line in result.lines():
        click.echo(line)

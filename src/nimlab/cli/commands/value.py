"""``nimlab value``: a shell over :func:`nimlab.lab.answer` (``nimlab moves`` is in
:mod:`nimlab.cli.commands.moves`, its own module, so that running it imports no other command)."""

from __future__ import annotations

import click

from nimlab.cli.common import (POSITION_SETTINGS, budget_options, collect_options, console,
                               emit_json, game_argument, game_options, json_option)
from nimlab.lab.solving import answer
from nimlab.results.answers import OUTCOME_WORDS, value_text


@click.command("value", context_settings=POSITION_SETTINGS)
@game_argument
@click.argument("position")
@game_options
@budget_options
@json_option
def value_command(game: str, position: str, max_states: int, time_limit: float, as_json: bool,
                  **options) -> None:
    """Sprague-Grundy value and outcome of POSITION (e.g. nimlab value sharing 0,4,8).

    Closed forms, proven periods and kernel tables answer first (any size); the solver
    otherwise, within --max-states and --time-limit.  When only the outcome is known the value
    is null (text: unknown).  --json adds method and source.
    """
    found = answer(game, position, max_states=max_states, time_limit=time_limit,
                   **collect_options(**options))
    if as_json:
        emit_json(found.to_json())
        return
    data = found.to_json()
    console.print(f"{found.game.describe()} {data['position']}: {value_text(found.value)}, "
                  f"{OUTCOME_WORDS[found.outcome]}", markup=False)
    if found.winner:
        console.print(f"Player {found.winner} wins (Player I is the player to move).")
    console.print(f"method: {found.method}; source: {found.source}", markup=False)


command = value_command

"""``nimlab value`` and ``nimlab moves``: solve one position (:mod:`nimlab.solve`)."""

from __future__ import annotations

import click
from rich.table import Table as RichTable

from nimlab.cli.common import (POSITION_SETTINGS, budget_of, collect_options, console, emit_json,
                               game_argument, game_options, json_option, budget_options)
from nimlab.engine.analysis import option_dict, position_summary
from nimlab.games import load
from nimlab.solve import analyse, answer

OUTCOME_WORDS = {"P": "P-position: the previous player wins (no winning move)",
                 "N": "N-position: the player to move wins"}


def _value_text(value) -> str:
    return "value unknown (outcome only)" if value is None else f"value {value}"


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
    the_game, the_position = load(game, position, **collect_options(**options))
    found = answer(the_game, the_position, budget_of(max_states, time_limit), need_move=False)
    data = {**position_summary(the_game, the_position, found.outcome), "value": found.value,
            "method": found.method, "source": found.source}
    if as_json:
        emit_json(data)
        return
    console.print(f"{the_game.describe()} {data['position']}: {_value_text(found.value)}, "
                  f"{OUTCOME_WORDS[data['outcome']]}")
    if "winner" in data:
        console.print(f"Player {data['winner']} wins (Player I is the player to move).")
    console.print(f"method: {found.method}; source: {found.source}")


@click.command("moves", context_settings=POSITION_SETTINGS)
@game_argument
@click.argument("position")
@game_options
@click.option("--winning", is_flag=True, help="List only the winning moves.")
@budget_options
@json_option
def moves_command(game: str, position: str, winning: bool, max_states: int, time_limit: float,
                  as_json: bool, **options) -> None:
    """The moves from POSITION with the value (or outcome) of the position each leads to."""
    the_game, the_position = load(game, position, **collect_options(**options))
    analysis = analyse(the_game, the_position, budget_of(max_states, time_limit),
                       winning_only=winning)
    chosen = analysis.options
    if as_json:
        data = analysis.to_dict(options=False)
        data["moves"] = [option_dict(analysis.game, o) for o in chosen]
        emit_json(data)
        return
    title = (f"{analysis.game.describe()} {analysis.game.format(analysis.position)}: "
             f"{_value_text(analysis.value)} ({analysis.outcome}; {analysis.method})")
    if not chosen:
        console.print(title)
        console.print("no winning move: every move leads to an N-position" if winning and
                      analysis.outcome == "P" else "no legal move: the game is over" if not
                      winning else "no moves")
        return
    table = RichTable(title=title)
    for col in ("move", "notation", "to", "value"):
        table.add_column(col, justify="right" if col == "value" else "left")
    for option in chosen:
        style = "bold green" if option.winning else ""
        shown = str(option.value) if option.value is not None else f"? ({option.outcome})"
        table.add_row(option.move.describe(), option.move.notation(),
                      analysis.game.format(option.position), shown, style=style)
    console.print(table)


commands = [value_command, moves_command]

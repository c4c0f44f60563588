"""``nimlab value`` and ``nimlab moves``: solve one position."""

from __future__ import annotations

import click
from rich.table import Table as RichTable

from nimlab.cli.common import (collect_options, console, emit_json, game_argument, game_options,
                               json_option, max_states_option)
from nimlab.engine.solver import Analysis, option_dict, solver_for_position
from nimlab.games import load

OUTCOME_WORDS = {"P": "P-position: the previous player wins (no winning move)",
                 "N": "N-position: the player to move wins"}


def solve(game_name: str, position_text: str, max_states: int, options: dict) -> Analysis:
    game, position = load(game_name, position_text, **options)
    return solver_for_position(game, position, max_states).analyse(position)


@click.command("value")
@game_argument
@click.argument("position")
@game_options
@max_states_option
@json_option
def value_command(game: str, position: str, max_states: int, as_json: bool, **options) -> None:
    """Sprague-Grundy value and outcome of POSITION (e.g. nimlab value sharing 0,4,8)."""
    analysis = solve(game, position, max_states, collect_options(**options))
    data = analysis.to_dict(options=False)
    if as_json:
        emit_json(data)
        return
    console.print(f"{analysis.game.describe()} {data['position']}: value {data['value']}, "
                  f"{OUTCOME_WORDS[data['outcome']]}")
    if "winner" in data:
        console.print(f"Player {data['winner']} wins (Player I is the player to move).")


@click.command("moves")
@game_argument
@click.argument("position")
@game_options
@click.option("--winning", is_flag=True, help="List only the winning moves.")
@max_states_option
@json_option
def moves_command(game: str, position: str, winning: bool, max_states: int, as_json: bool,
                  **options) -> None:
    """The moves from POSITION with the value of the position each leads to."""
    analysis = solve(game, position, max_states, collect_options(**options))
    chosen = analysis.winning_moves if winning else analysis.options
    if as_json:
        data = analysis.to_dict(options=False)
        data["moves"] = [option_dict(analysis.game, o) for o in chosen]
        emit_json(data)
        return
    title = (f"{analysis.game.describe()} {analysis.game.format(analysis.position)}: value "
             f"{analysis.value} ({analysis.outcome})")
    if not chosen:
        console.print(title)
        console.print("no winning move: every move leads to an N-position" if winning and
                      analysis.options else "no legal move: the game is over" if not
                      analysis.options else "no moves")
        return
    table = RichTable(title=title)
    for col in ("move", "notation", "to", "value"):
        table.add_column(col, justify="right" if col == "value" else "left")
    for option in chosen:
        style = "bold green" if option.winning else ""
        table.add_row(option.move.describe(), option.move.notation(),
                      analysis.game.format(option.position), str(option.value), style=style)
    console.print(table)


commands = [value_command, moves_command]

"""``nimlab moves``: a shell over :func:`nimlab.lab.moves`."""

from __future__ import annotations

import click

from nimlab.cli.common import (POSITION_SETTINGS, budget_options, collect_options, emit_json,
                               game_argument, game_options, json_option, output_width,
                               print_lines)
from nimlab.lab.solving import moves
from nimlab.results.answers import value_text
from nimlab.results.text import text_table, wrap


@click.command("moves", context_settings=POSITION_SETTINGS)
@game_argument
@click.argument("position")
@game_options
@click.option("--winning", is_flag=True, help="List only the winning moves.")
@click.option("--remoteness", is_flag=True,
              help="Add the remoteness (moves to the end under perfect play) of the position "
                   "and of the position each move leads to; unknown (?) past the budget.")
@budget_options
@json_option
def moves_command(game: str, position: str, winning: bool, remoteness: bool, max_states: int,
                  time_limit: float, as_json: bool, **options) -> None:
    """The moves from POSITION with the value (or outcome) of the position each leads to.

    Every number is printed in full: rows too wide for the terminal are printed one field a
    line.  With --remoteness, the column "remoteness" is that of the position the move leads
    to (the game then ends that many moves after it).
    """
    found = moves(game, position, winning=winning, remoteness=remoteness,
                  max_states=max_states, time_limit=time_limit, **collect_options(**options))
    if as_json:
        emit_json(found.to_json())
        return
    game_ = found.game
    title = (f"{game_.describe()} {game_.format(found.position)}: {value_text(found.value)} "
             f"({found.outcome}; {found.method})")
    width = output_width()
    head = wrap(title, width)
    if found.remoteness is not None:
        head += wrap(found.remoteness.line(), width, "  ")
        if found.remoteness.known and found.remoteness.note:
            head += wrap(found.remoteness.note, width, "  ")
    if not found.options:
        why = ("no winning move: every move leads to an N-position" if winning and
               found.outcome == "P" else "no legal move: the game is over" if not winning
               else "no moves")
        print_lines([*head, why])
        return
    headers = ["move", "notation", "to", "value", "winning"]
    rows = [[o.move.describe(), o.move.notation(), game_.format(o.position),
             str(o.value) if o.value is not None else f"? ({o.outcome})",
             "yes" if o.winning else ""] for o in found.options]
    if found.remoteness is not None:
        headers.append("remoteness")
        for row, data in zip(rows, found.rows()):
            row.append("?" if data["remoteness"] is None else str(data["remoteness"]))
    print_lines([*head, *text_table(headers, rows, width=width, right=(3, 5))])


command = moves_command

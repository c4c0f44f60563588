"""``nimlab games``: the games, their parameters and an example position each."""

from __future__ import annotations

import click
from rich.table import Table as RichTable

from nimlab.cli.common import console, emit_json, json_option
from nimlab.lab.catalogue import game_catalogue


@click.command("games")
@json_option
def command(as_json: bool) -> None:
    """List the games, their options and an example each."""
    rows = game_catalogue()
    if as_json:
        emit_json(rows)
        return
    table = RichTable(title="nimlab games", show_lines=True)
    for col in ("game", "rules", "options", "example"):
        table.add_column(col)
    for row in rows:
        table.add_row(row["name"], f"{row['rules']}\n[dim]{row['source']}[/dim]",
                      "\n".join(row["options"]) or "-", row["example"])
    console.print(table)

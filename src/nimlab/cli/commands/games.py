"""``nimlab games``: the games, their parameters and an example position each."""

from __future__ import annotations

import click
from rich.table import Table as RichTable

from nimlab.cli.common import console, styled, emit_json, json_option
from nimlab.games import GAMES, OPTIONS


def game_catalogue() -> list[dict]:
    rows = []
    for spec in GAMES.values():
        options = {f"--{o}": OPTIONS[o] for o in spec.options}
        example = " ".join([spec.example_position] +
                           [f"--{k} {v}" for k, v in spec.example_options.items()])
        rows.append({"name": spec.name, "rules": spec.cls.summary, "source": spec.cls.source,
                     "options": options, "required": [f"--{o}" for o in spec.required],
                     "example": f"nimlab value {spec.name} {example}",
                     "fast_paths": list(spec.cls.fast_paths)})
    return rows


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
        table.add_row(row["name"], styled(f"{row['rules']}\n", (row['source'], "dim")),
                      "\n".join(row["options"]) or "-", row["example"])
    console.print(table)

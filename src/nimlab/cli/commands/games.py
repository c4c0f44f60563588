"""``nimlab games``: the games, their parameters and an example position each."""

from __future__ import annotations

import click

from nimlab.cli.common import emit_json, json_option, output_width, print_lines
from nimlab.lab.catalogue import game_catalogue
from nimlab.results.text import wrap


@click.command("games")
@json_option
def command(as_json: bool) -> None:
    """List the games, their options and an example each."""
    rows = game_catalogue()
    if as_json:
        emit_json(rows)
        return
    width = output_width()
    lines = []
    for row in rows:
        lines += wrap(f"{row['name']}: {row['rules']}", width, "    ")
        fields = [("source", row["source"]),
                  *[(flag, text) for flag, text in row["options"].items()],
                  ("example", row["example"])]
        for name, text in fields:
            lines += ["  " + line for line in wrap(f"{name}: {text}", width - 2, "    ")]
        lines.append("")
    print_lines(lines[:-1])

"""``nimlab cache list|clear``: the result store of computed tables (see :mod:`nimlab.store`)."""

from __future__ import annotations

import click
from rich.table import Table as RichTable

from nimlab import store
from nimlab.cli.common import console, emit_json, json_option


@click.group("cache")
def command() -> None:
    """The result store: tables computed by nimlab table, kept for reuse.

    The store lives in the user's cache directory; set NIMLAB_CACHE to move it.
    """


@command.command("list")
@json_option
def list_command(as_json: bool) -> None:
    """List the stored tables: game, parameters, range, size, nimlab version (a table whose
    metadata cannot be read is shown as such, with its size)."""
    found = [e.to_dict() for e in store.listing()]
    directory = str(store.cache_dir())
    if as_json:
        emit_json({"directory": directory, "tables": found,
                   "bytes": sum(e["bytes"] for e in found)})
        return
    if not found:
        console.print(f"no stored tables in {directory}")
        return
    shown = RichTable(title=f"stored tables in {directory}", show_edge=False)
    for name in ("game", "parameters", "range", "size", "version"):
        shown.add_column(name, justify="right" if name in ("range", "size") else "left")
    for e in found:
        size = f"{e['bytes'] / 2**20:,.1f} MB"
        if e["problem"]:  # a data file whose sidecar cannot be read: listed, never used
            shown.add_row(e["game"] or "?", e["problem"], "?", size,
                          "unused")
            continue
        params = ", ".join(f"{k}={v}" for k, v in e["params"].items()) or "-"
        version = e["version"] + ("" if e["current"] else " (old, unused)")
        shown.add_row(e["game"], params, str(e["bound"]), size, version)
    console.print(shown)
    console.print(f"{len(found)} tables, {sum(e['bytes'] for e in found) / 2**20:,.1f} MB")


@command.command("clear")
@click.option("--game", default=None, help="Only the tables of this game (e.g. sharing).")
@json_option
def clear_command(game: str | None, as_json: bool) -> None:
    """Delete stored tables (all, or those of --game) and any leftovers of interrupted runs."""
    gone = store.clear(game)
    freed = sum(e.size for e in gone)
    if as_json:
        emit_json({"directory": str(store.cache_dir()), "removed": len(gone), "bytes": freed})
        return
    console.print(f"removed {len(gone)} stored tables ({freed / 2**20:,.1f} MB) from "
                  f"{store.cache_dir()}")

"""``nimlab cache list|clear``: the result store of computed tables (see :mod:`nimlab.store`)."""

from __future__ import annotations

import click
from rich.table import Table as RichTable

from nimlab import store
from nimlab.cli.common import console, emit_json, json_option


@click.group("cache", invoke_without_command=True)
@json_option
@click.pass_context
def command(ctx: click.Context, as_json: bool) -> None:
    """The result store: tables computed by nimlab table, kept for reuse.

    Alone, shows where the store is, its size and its cap.  The store lives in the user's
    cache directory (NIMLAB_CACHE moves it) and holds at most NIMLAB_CACHE_MAX bytes (default
    4G; the least recently used tables go first).
    """
    if ctx.invoked_subcommand is not None:
        return
    found = store.usage()
    if as_json:
        emit_json(found)
        return
    console.print(f"{found['directory']}: {found['tables']} stored tables, "
                  f"{store.describe_size(found['bytes'])} of at most "
                  f"{store.describe_size(found['max_bytes'])} ({found['max_env']})")


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
@click.option("--game", default=None,
              help="Only the tables of this game: " + ", ".join(store.TABLE_NAMES) + ".")
@click.option("--older-than", type=float, default=None, metavar="DAYS",
              help="Only the tables not used for DAYS days.")
@json_option
def clear_command(game: str | None, older_than: float | None, as_json: bool) -> None:
    """Delete stored tables (all, those of --game, those unused for --older-than DAYS) and any
    leftovers of interrupted runs."""
    gone = store.clear(game, older_than)
    freed = sum(e.size for e in gone)
    if as_json:
        emit_json({"directory": str(store.cache_dir()), "removed": len(gone), "bytes": freed})
        return
    console.print(f"removed {len(gone)} stored tables ({freed / 2**20:,.1f} MB) from "
                  f"{store.cache_dir()}")

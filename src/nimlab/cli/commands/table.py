"""``nimlab table``: tables of values, printed or written to .csv, .json or .npy."""

from __future__ import annotations

import click
from rich.table import Table as RichTable

from nimlab.cli.common import console, emit_json, json_option, max_states_option, progress_bar
from nimlab.errors import InputError
from nimlab.tables import Table, build_table, check_target, table_spec


def render(table: Table) -> RichTable:
    shown = RichTable(title=table.title, show_edge=False, pad_edge=False,
                      show_header=table.kind == "list")
    if table.kind == "list":
        for col in table.columns:
            shown.add_column(str(col), justify="right")
        for row in table.rows:
            shown.add_row(*map(str, row))
        return shown
    shown.add_column("", justify="right", style="bold")
    for col in table.columns:
        shown.add_column("", justify="right")
    pairs = list(zip(table.row_labels, table.rows))
    for label, row in (reversed(pairs) if table.descending else pairs):
        shown.add_row(str(label), *["" if c is None else str(c) for c in row])
    shown.add_row(table.corner, *map(str, table.columns), style="bold")
    return shown


#: Widest grid printed as text; wider ones go to a file (--out) or JSON.
MAX_PRINTED_COLUMNS = 200


@click.command("table")
@click.argument("game", metavar="GAME")
@click.option("--max", "bound", type=int, default=None,
              help="Largest pile (sharing: b; fibonacci, end-nim: every pile; cash: budgets; "
                   "subtraction: n).")
@click.option("--piles", type=int, default=None, help="fibonacci, end-nim: number of piles.")
@click.option("--n", "stones", type=click.IntRange(min=0), default=None,
              help="cash: the number of stones (default 14).")
@click.option("--variant", default=None, help="end-nim: normal, misere or loop.")
@click.option("--set", "subtraction_set", default=None, help="cash, subtraction: a1,...,ak.")
@click.option("--factor", default=None, help="fibonacci: the factor R (default 2).")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Write the table to FILE (.csv, .json or .npy) instead of printing it.")
@click.option("--no-cache", is_flag=True,
              help="Compute afresh: neither read nor write the result store (nimlab cache).")
@max_states_option
@json_option
def command(game: str, bound: int | None, piles: int | None, stones: int | None,
            variant: str | None, subtraction_set: str | None, factor: str | None,
            out: str | None, no_cache: bool, max_states: int, as_json: bool) -> None:
    """Tables of values: sharing (the paper's Table 1), fibonacci, end-nim, cash, subtraction,
    nim, wythoff.

    The papers' games run compiled kernels, and tables are kept in the result store (see
    nimlab cache) unless --no-cache is given.  Long runs show a progress bar; Ctrl-C leaves no
    partial file.
    """
    if out:
        check_target(out)  # a bad name or a missing directory fails now, not after computing
    elif not as_json and table_spec(game).grid and (bound or 0) + 1 > MAX_PRINTED_COLUMNS:
        raise InputError(f"a {game} table with --max {bound} has {bound + 1:,} columns, too wide "
                         f"to print (at most {MAX_PRINTED_COLUMNS}); write it with --out FILE "
                         "(.npy, .csv or .json) or ask for --json")
    with progress_bar(f"{game} table") as update:
        table = build_table(game, bound=bound, piles=piles, stones=stones, variant=variant,
                            subtraction_set=subtraction_set, factor=factor, progress=update,
                            max_states=max_states, cache=not no_cache)
    if out:
        path = table.write(out)
        if as_json:
            emit_json({"title": table.title, "out": str(path), "rows": len(table.rows)})
        else:
            console.print(f"wrote {path} ({len(table.rows)} rows): {table.title}")
        return
    if as_json:
        emit_json(table.to_dict())
        return
    console.print(render(table))

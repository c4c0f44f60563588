"""``nimlab table``: tables of values, printed or written to .csv, .json or .npy."""

from __future__ import annotations

import click
from rich.table import Table as RichTable

from nimlab.cli.common import console, emit_json, json_option, max_states_option, progress_bar
from nimlab.tables import GridRows, Table, build_table


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


def kernel_table(game: str, bound: int | None, piles: int | None, factor: str | None,
                 others: bool, progress, cache: bool) -> Table | None:
    """The tables the kernels of issue 12 answer (Wythoff; Fibonacci Nim with 4 piles), or
    ``None`` to let :func:`nimlab.tables.build_table` answer (and check the options)."""
    from nimlab import store
    from nimlab.errors import InputError

    if others or bound is None or bound < 0:
        return None
    if game == "wythoff" and piles is None and factor is None:
        if bound > 30000:  # N = 20,000 took 344 s on a loaded 2-core machine; time grows ~N**3
            raise InputError(f"the Wythoff table for --max {bound} would take about "
                             f"{344 * (bound / 20000) ** 3 / 60:,.0f} minutes and "
                             f"{(bound + 1) ** 2 * 2 / 2**30:,.1f} GB; use --max 30000 or less")
        values = store.wythoff_table(bound, progress, use_cache=cache)
        return Table(f"wythoff: Grundy values G(a, b) for 0 <= a, b <= {bound}", "grid",
                     list(range(bound + 1)), GridRows(values), list(range(bound + 1)), "a/b",
                     meta={"game": "wythoff", "max": bound}, array=values)
    if game == "fibonacci" and piles == 4:
        from nimlab.kernels.fibonacci import _factor

        rational = _factor(2 if factor is None else factor)
        cells = (bound + 1) * (bound + 2) * (bound + 3) * (bound + 4) // 24
        if cells > 450_000_000:  # N = 320: about 5 GB and 10 minutes on a 2-core machine
            raise InputError(f"the 4-pile Fibonacci table for --max {bound} has {cells:,} "
                             f"cells, about {cells * 11 / 2**30:,.0f} GB and hours of work; use "
                             "--max 320 or less")
        found = store.fibonacci_first_move(4, bound, rational, progress, use_cache=cache)
        shown = 2 if factor is None else factor
        return Table(f"Fibonacci Nim (factor {shown}): first-move P-positions, 4 piles in "
                     f"2..{bound}", "list", [f"pile{i + 1}" for i in range(4)],
                     [list(p) for p in found], header=False,
                     meta={"game": "fibonacci", "piles": 4, "max": bound, "factor": str(shown)})
    return None


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
    with progress_bar(f"{game} table") as update:
        others = any(x is not None for x in (stones, variant, subtraction_set))
        table = kernel_table(game, bound, piles, factor, others, update, not no_cache) or \
            build_table(game, bound=bound, piles=piles, stones=stones, variant=variant,
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

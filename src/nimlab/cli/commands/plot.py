"""``nimlab plot``: pictures of tables, sequences and sweeps (PDF, PNG or SVG)."""

from __future__ import annotations

import click

from nimlab.cli import common
from nimlab.cli.common import console, emit_json, json_option, progress_bar
from nimlab.research import plots

KINDS = {
    "sharing-heatmap": "G(0,a,b) of Sharing Nim for b <= --max (palindromic columns)",
    "sequence": "row --a of the Sharing Nim table, first --count values (paper's Figures 4, 5)",
    "g-distribution": "rows holding g-positions, g <= --g-max, b <= --max (Section 6)",
    "endnim-slice": "3-pile End-Nim values of (a, --middle, c), piles <= --max, --variant",
    "cash-grid": "winner of NIM(--set) with cash over budgets <= --max, --n stones",
    "sweep": "summary of a sweep's result table: --table FILE.csv",
}
_LIST = "\n".join(f"  {k:16} {v}" for k, v in KINDS.items())


@click.command("plot", help=f"""Draw a picture and write it to --out (.pdf, .png or .svg).

The same command writes the same bytes; the file's metadata name nimlab's version and
the command.

\b
KIND is one of:
{_LIST}

\b
Examples:
  nimlab plot sharing-heatmap --max 200 --out heatmap.png
  nimlab plot sequence --a 2 --count 500 --out figure4.png
  nimlab plot sequence --a 6 --count 800 --out figure5.svg
  nimlab plot cash-grid --set 1,3,4 --n 14 --max 20 --out cash.pdf
  nimlab plot g-distribution --max 600 --g-max 40 --out g.png
  nimlab plot endnim-slice --max 30 --middle 5 --variant misere --out slice.png
  nimlab plot cash-grid --set 1,3,4 --n 14 --max 20 --out cash.png
  nimlab plot sweep --table cash-conjecture.csv --out cash-sweep.png
""")
@click.argument("kind", metavar="KIND")
@click.option("--out", required=True, type=common.Path(dir_okay=False),
              help="The picture: FILE.pdf, FILE.png or FILE.svg.")
@click.option("--max", "bound", type=click.IntRange(min=1), default=None,
              help="Table size (defaults: heatmap 120, g-distribution 400, end-nim 24, cash 20).")
@click.option("--a", "row", type=click.IntRange(min=0), default=2, show_default=True,
              help="sequence: the row a.")
@click.option("--count", type=click.IntRange(min=1), default=500, show_default=True,
              help="sequence: how many values.")
@click.option("--g-max", type=click.IntRange(min=2), default=30, show_default=True,
              help="g-distribution: largest value shown.")
@click.option("--middle", type=click.IntRange(min=1), default=5, show_default=True,
              help="endnim-slice: the middle pile.")
@click.option("--variant", default="normal", show_default=True,
              help="endnim-slice: normal, misere or loop.")
@click.option("--set", "subtraction_set", default="1,3,4", show_default=True,
              help="cash-grid: the subtraction set.")
@click.option("--n", "stones", type=click.IntRange(min=0), default=14, show_default=True,
              help="cash-grid: the number of stones.")
@click.option("--table", type=common.Path(dir_okay=False), default=None,
              help="sweep: the result table of `nimlab sweep`.")
@json_option
def command(kind: str, out: str, bound: int | None, row: int, count: int, g_max: int,
            middle: int, variant: str, subtraction_set: str, stones: int, table: str | None,
            as_json: bool) -> None:
    if kind not in KINDS:
        raise click.UsageError(f"unknown plot {kind!r}; the kinds are: {', '.join(KINDS)}")
    if not out.lower().endswith(plots.FORMATS):
        raise click.UsageError(f"--out {out}: the picture's name must end in "
                               f"{', '.join(plots.FORMATS[:-1])} or {plots.FORMATS[-1]}")
    plots.check_target(out)  # a missing directory fails now, not after the computation
    with progress_bar(f"plot {kind}") as update:
        if kind == "sharing-heatmap":
            figure = plots.sharing_heatmap_figure(bound or 120, update)
        elif kind == "sequence":
            figure = plots.sequence_figure(row, count, update)
        elif kind == "g-distribution":
            figure = plots.g_distribution_figure(bound or 400, g_max, update)
        elif kind == "endnim-slice":
            figure = plots.endnim_slice_figure(bound or 24, middle, variant, update)
        elif kind == "cash-grid":
            figure = plots.cash_grid_figure(subtraction_set, stones, bound or 20, update)
        else:
            if table is None:
                raise click.UsageError("plot sweep needs --table FILE.csv (from nimlab sweep)")
            figure = plots.sweep_figure(table)
    path = plots.save(figure, out)
    if as_json:
        emit_json({"kind": kind, "out": str(path), "bytes": path.stat().st_size})
    else:
        console.print(f"wrote {path} ({path.stat().st_size:,} bytes)")

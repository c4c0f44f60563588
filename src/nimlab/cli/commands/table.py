"""``nimlab table``: tables of values, printed or written to .csv, .json or .npy (a shell over
:func:`nimlab.lab.table`).

Printed tables never hide a value: a grid wider than the terminal (or than 80 columns, in a
file or a pipe) is printed in blocks of whole columns, a list too wide as records.
"""

from __future__ import annotations

import click

from nimlab.cli import common
from nimlab.cli.common import (console, emit_json, json_option, max_states_option,
                               output_width, print_lines, progress_bar)
from nimlab.errors import InputError
from nimlab.lab.tables import PICTURES, table as build_table
from nimlab.tables import check_rows, check_target, table_spec


#: Widest grid printed as text; wider ones go to a file (--out) or JSON.
MAX_PRINTED_COLUMNS = 200


@click.command("table")
@click.argument("game", metavar="GAME")
@click.option("--max", "bound", type=int, default=None,
              help="Largest pile (sharing: b; fibonacci, end-nim, graph-nim: every pile; cash: "
                   "budgets; subtraction: n).")
@click.option("--piles", type=int, default=None,
              help="fibonacci, end-nim, nim (default 2: the grid): number of piles; sharing: "
                   "3 (the paper's G(0,a,b), the default) or 4; graph-nim: of vertices "
                   "(default: the largest in --edges).")
@click.option("--n", "stones", type=click.IntRange(min=0), default=None,
              help="cash: the number of stones (default 14).")
@click.option("--variant", default=None, help="end-nim: normal, misere or loop.")
@click.option("--set", "subtraction_set", default=None, help="cash, subtraction: a1,...,ak.")
@click.option("--factor", default=None, help="fibonacci: the factor R (default 2).")
@click.option("--code", default=None, help="octal: the game's code, e.g. 0.77 (Kayles).")
@click.option("--edges", default=None,
              help="graph-nim: the digraph's arcs u-v (tokens move from u to v), vertices "
                   "numbered from 1 like the piles, e.g. 1-2,2-3,3-1.")
@click.option("--a", "a_wythoff", default=None, metavar="A",
              help="wythoff: Fraenkel's a-Wythoff game, two-pile moves x, y with |x - y| < A "
                   "(default 1: Wythoff's game).")
@click.option("--out", type=common.Path(dir_okay=False), default=None,
              help="Write the table to FILE (.csv, .json, .npy, or .tex: LaTeX with booktabs) "
                   "instead of printing it; .pdf, .png or .svg draws it (a grid as a heat map, "
                   "a nim-sequence against n).")
@click.option("--no-cache", is_flag=True,
              help="Compute afresh: neither read nor write the result store (nimlab cache).")
@max_states_option
@json_option
def command(game: str, bound: int | None, piles: int | None, stones: int | None,
            variant: str | None, subtraction_set: str | None, factor: str | None,
            code: str | None, edges: str | None, a_wythoff: str | None, out: str | None,
            no_cache: bool,
            max_states: int,
            as_json: bool) -> None:
    """Tables of values: sharing (the paper's Table 1), fibonacci, end-nim, graph-nim
    (--edges), cash, subtraction, nim, wythoff (--a), octal (--code), and games of your own
    (--rules).

    end-nim with 2 piles is a grid; with 3 or more (--piles K), one row per position: the piles
    a1..aK, each 1..--max (an End-Nim pile is never empty), then the value.  graph-nim: one row
    per position p1..pn, each 0..--max, then the value: a digraph has no symmetry between its
    vertices, so no triangle G(0,a,b) like Sharing Nim's covers its positions.  Too big a table
    is refused at once with its size and the largest --max that fits.  nim with 3 or more
    piles, and sharing with 4, also give one row per position p1..pK, each 0..--max, then the
    value (the XOR; Sharing Nim's G(0,x,y,z) of the piles minus the smallest, sorted).

    The papers' games run compiled kernels, and tables are kept in the result store (see
    nimlab cache) unless --no-cache is given.  Long runs show a progress bar; Ctrl-C leaves no
    partial file.
    """
    picture = bool(out) and out.lower().endswith(PICTURES)
    if out and not picture:
        check_target(out)  # a bad name or a missing directory fails now, not after computing
    # a list too long to build, or to hold whole as text or JSON, is refused now
    held = not out or out.lower().endswith(".json") or picture
    form = "a picture" if picture else "JSON" if as_json or out else "text"
    check_rows(game, bound, piles, form if held else None,
               edges=edges)
    if not out and not as_json and table_spec(game).grid and (bound or 0) + 1 > MAX_PRINTED_COLUMNS:
        raise InputError(f"a {game} table with --max {bound} has {bound + 1:,} columns, too wide "
                         f"to print (at most {MAX_PRINTED_COLUMNS}); write it with --out FILE "
                         "(.npy, .csv or .json) or ask for --json")
    with progress_bar(f"{game} table") as update:
        result = build_table(game, bound, piles=piles, n=stones, variant=variant,
                             set=subtraction_set, factor=factor, code=code, edges=edges,
                             a=a_wythoff,
                             progress=update,
                             max_states=max_states, cache=not no_cache, out=out)
    table = result.table
    if out:
        path = result.saved
        if as_json:
            emit_json({"title": table.title, "out": str(path), "rows": len(table.rows)})
        else:
            what = "drew" if picture else "wrote"
            console.print(f"{what} {path} ({len(table.rows)} rows): {table.title}")
        return
    if as_json:
        emit_json(result.to_json())
        return
    print_lines(result.text(output_width()))

"""``nimlab sweep``: a claim check over a family of games, fanned out with Dask."""

from __future__ import annotations

import json

import click

from nimlab.cli import common
from nimlab.cli.common import console, styled, emit_json, json_option, progress_bar
from nimlab.research.families import SWEEPS, get_sweep
from nimlab.research.sweeps import run_sweep

_BOUNDS = sorted({key for sweep in SWEEPS.values() for key in sweep.bounds})
_LIST = "\n".join(
    f"  {name:20} {sweep.help}; bounds "
    + ", ".join(f"--{k.replace('_', '-')} (default {d})" for k, (d, _, _) in sweep.bounds.items())
    for name, sweep in SWEEPS.items())


def _bound_options(func):
    for key in reversed(_BOUNDS):
        helps = {s.bounds[key][1] for s in SWEEPS.values() if key in s.bounds}
        func = click.option(f"--{key.replace('_', '-')}", key, type=click.IntRange(min=0),
                            default=None, help="; ".join(sorted(helps)))(func)
    return func


@click.command("sweep", help=f"""Run the sweep NAME: one Dask job per member of a family of games.

\b
NAME is one of:
{_LIST}

\b
Results go to --out (CSV, default NAME.csv), one row per job, written atomically as each job
finishes; the job id holds the bounds, so a rerun skips finished jobs and an interrupted sweep
loses nothing finished.  Jobs run on a local Dask cluster (--workers processes, or threads with
--threads) or on an existing cluster (--scheduler tcp://HOST:PORT).

\b
Examples:
  nimlab sweep cash-conjecture --max-element 10 --n 150 --out cash.csv
  nimlab sweep sharing-conjectures --max 600 --rows 80 --out sharing.csv
  nimlab sweep graph-nim --tokens3 12 --tokens4 6 --out graphs.csv
  nimlab sweep sharing4 --total 40 --complement 14 --out sharing4.csv
""")
@click.argument("name", metavar="NAME")
@click.option("--out", type=common.Path(dir_okay=False), default=None,
              help="The result table (.csv); default NAME.csv.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Address of a running Dask scheduler (default: a local cluster).")
@click.option("--workers", type=click.IntRange(min=1), default=2, show_default=True,
              help="Local cluster: number of worker processes (or threads with --threads).")
@click.option("--threads", is_flag=True, help="Local cluster: threads in this process.")
@_bound_options
@json_option
def command(name: str, out: str | None, scheduler: str | None, workers: int, threads: bool,
            as_json: bool, **bounds) -> None:
    sweep = get_sweep(name)
    out = out or f"{name}.csv"
    if not out.lower().endswith(".csv"):
        raise click.UsageError(f"--out {out}: the result table is a .csv file")
    from nimlab import store

    before = store.usage()  # the workers store tables in their own processes
    with progress_bar(f"sweep {name}") as update:
        result = run_sweep(sweep, out, bounds, scheduler=scheduler, workers=workers,
                           processes=not threads, progress=update)
    note = store.growth_note(before) if scheduler or not threads else None  # else: the
    if note:  # process's own note (nimlab.cli) says what it stored
        click.echo(f"nimlab: note: {note}", err=True)
    if as_json:
        emit_json(result.to_dict())
        return
    console.print(styled((f"sweep {name}", "bold"), f" {result.bounds}: {result.jobs} jobs, "
                         f"{result.skipped} already in {result.out}, {result.ran} run now"))
    for job, error in result.failed:
        console.print(styled(("failed", "red"), f" {job}: {error}"))
    for key, value in result.summary.items():
        text = value if isinstance(value, str) else json.dumps(value)
        if len(text) > 400:
            text = text[:400] + f" ... ({len(text):,} characters; all of it with --json)"
        console.print(f"{key}: {text}", soft_wrap=True)

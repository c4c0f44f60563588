"""Sweeps: a computation or claim check over a family of games, one Dask job per member.

A :class:`Sweep` lists its jobs (an id and parameters each) for given bounds, runs one job into
one row of results, and summarises the rows.  :func:`run_sweep` fans the jobs out with
``dask.distributed`` - a :class:`~distributed.LocalCluster` by default, an existing cluster with
``scheduler="tcp://host:port"`` - and writes the rows to a CSV file:

* the job id is the first column and contains the bounds, so a rerun with the same bounds skips
  every finished job and a rerun with larger bounds adds new rows beside the old ones;
* each row is written as its job finishes, by rewriting the whole file through
  :mod:`nimlab.fileio` (atomically, with the user's umask), so an interrupted sweep keeps every
  finished row and never leaves a half-written file;
* a job that fails is reported and left out of the file, so the next run retries it.

Data every job needs (the Sharing Nim table) is computed once, in the calling process, through
the builders of :mod:`nimlab.tables`, and scattered to the workers.

This module knows no sweep by name: :func:`run_sweep` takes the :class:`Sweep` itself (the
sweeps nimlab ships are in :data:`nimlab.research.families.SWEEPS`).
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from nimlab import fileio
from nimlab.cluster import close_client, make_client
from nimlab.errors import InputError, about
from nimlab.progress import Progress, quiet

Row = dict[str, Any]


@dataclass
class Sweep:
    """A family of independent jobs and what to make of their rows."""

    name: str
    help: str
    columns: list[str]
    #: bound name -> (default, help, largest accepted: the jobs grow with it, some
    #: exponentially, so every sweep states where it stops)
    bounds: dict[str, tuple[int, str, int]]
    jobs: Callable[[dict], list[tuple[str, dict]]]
    run: Callable[[dict, Any], Row]
    summarize: Callable[[list[dict[str, str]], dict], dict]
    #: Computed once in the caller and shared by every job (None: nothing to share).
    shared: Callable[[dict, Progress], Any] | None = None


@dataclass
class SweepResult:
    name: str
    out: Path
    bounds: dict
    jobs: int
    skipped: int
    ran: int
    failed: list[tuple[str, str]] = field(default_factory=list)
    rows: list[dict[str, str]] = field(default_factory=list)
    summary: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"sweep": self.name, "out": str(self.out), "bounds": self.bounds,
                "jobs": self.jobs, "skipped": self.skipped, "ran": self.ran,
                "failed": [{"job": j, "error": e} for j, e in self.failed],
                "summary": self.summary}


# --------------------------------------------------------------------------- the file
def cell(value: Any) -> str:
    """How a value is written to the CSV: lists joined by ';', booleans as yes/no."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ";".join(cell(v) for v in value)
    return str(value)


class ResultFile:
    """The CSV of a sweep: read at start, rewritten atomically after every new row."""

    def __init__(self, path: str | os.PathLike, columns: list[str]):
        self.path = Path(path)
        self.columns = ["job", *columns]
        self.rows: list[dict[str, str]] = []
        if self.path.exists():
            with open(self.path, newline="") as handle:
                reader = csv.DictReader(handle)
                found = reader.fieldnames or []
                if found != self.columns:
                    raise InputError(f"{self.path} is not a result file of this sweep (its "
                                     f"columns are {','.join(found) or 'none'}); give another "
                                     "--out")
                self.rows = list(reader)

    @property
    def done(self) -> set[str]:
        return {row["job"] for row in self.rows}

    def add(self, job: str, row: Row) -> None:
        self.rows.append({"job": job, **{c: cell(row.get(c)) for c in self.columns[1:]}})
        self._write()

    def _write(self) -> None:
        fileio.write_csv(self.path, self.columns,
                         ([row[c] for c in self.columns] for row in self.rows))


# ------------------------------------------------------------------------------ running
def resolve_bounds(sweep: Sweep, given: dict) -> dict:
    bounds = {}
    for key, (default, _, most) in sweep.bounds.items():
        value = given.get(key)
        bounds[key] = default if value is None else value
        if not isinstance(bounds[key], int) or bounds[key] < 0:
            raise InputError(f"--{key.replace('_', '-')} must be a non-negative integer")
        if bounds[key] > most:
            raise InputError(f"{sweep.name}: --{key.replace('_', '-')} {about(bounds[key])} is "
                             f"past what this sweep takes (at most {most:,}; its jobs grow "
                             "with it)")
    unknown = [k for k, v in given.items() if v is not None and k not in sweep.bounds]
    if unknown:
        allowed = ", ".join(f"--{k.replace('_', '-')}" for k in sweep.bounds)
        raise InputError(f"--{unknown[0].replace('_', '-')} does not apply to {sweep.name} "
                         f"(its bounds: {allowed})")
    return bounds


def run_sweep(sweep: Sweep, out: str | os.PathLike, bounds: dict | None = None, *,
              scheduler: str | None = None, workers: int = 2, processes: bool = True,
              client=None, progress: Progress = quiet,
              on_row: Callable[[str, Row], None] | None = None) -> SweepResult:
    """Run the unfinished jobs of ``sweep`` and summarise every row of these bounds.

    ``client``: an existing ``distributed.Client`` to use (it is not closed).  ``on_row`` is
    called after each row is safely in the file.  The directory of ``out`` must exist.
    """
    name = sweep.name
    bounds = resolve_bounds(sweep, bounds or {})
    jobs = sweep.jobs(bounds)
    if not jobs:
        raise InputError(f"{name}: these bounds give no jobs; raise them")
    fileio.check_target(out)
    results = ResultFile(out, sweep.columns)
    done = results.done
    todo = [(job, params) for job, params in jobs if job not in done]
    outcome = SweepResult(name, results.path, bounds, len(jobs), len(jobs) - len(todo), 0)
    if todo:
        own = client is None
        if own:
            client = make_client(scheduler, workers, processes)
        try:
            _run(client, sweep, bounds, todo, results, outcome, progress, on_row, len(jobs),
                 outcome.skipped)
        finally:
            if own:
                close_client(client)
    wanted = {job for job, _ in jobs}
    outcome.rows = [row for row in results.rows if row["job"] in wanted]
    order = {job: i for i, (job, _) in enumerate(jobs)}
    outcome.rows.sort(key=lambda row: order[row["job"]])
    if len(outcome.rows) == len(jobs):
        outcome.summary = sweep.summarize(outcome.rows, bounds)
    else:
        outcome.summary = {"incomplete": f"{len(jobs) - len(outcome.rows)} of {len(jobs)} jobs "
                                         "have no row yet; run the sweep again"}
    return outcome


def _run(client, sweep: Sweep, bounds: dict, todo, results: ResultFile, outcome: SweepResult,
         progress: Progress, on_row, total: int, start: int) -> None:
    from distributed import as_completed

    shared = None
    if sweep.shared is not None:
        shared = client.scatter(sweep.shared(bounds, quiet), broadcast=True)
    # The job function itself goes to the workers (functions of a module travel by name).
    futures = {client.submit(sweep.run, params, shared, pure=False): job
               for job, params in todo}
    progress(start, total)
    try:
        for future in as_completed(futures):
            job = futures[future]
            try:
                row = future.result()
            except Exception as problem:  # a failed job is retried by the next run
                outcome.failed.append((job, f"{type(problem).__name__}: {problem}"))
                continue
            results.add(job, row)
            outcome.ran += 1
            progress(start + outcome.ran + len(outcome.failed), total)
            if on_row is not None:
                on_row(job, row)
    finally:
        client.cancel(list(futures))

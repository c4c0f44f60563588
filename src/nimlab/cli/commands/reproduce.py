"""``nimlab reproduce``: regenerate the papers' tables, lists and figures, with report and errata
(a shell over :func:`nimlab.lab.reproduce`)."""

from __future__ import annotations

import click

from nimlab.cli import common
from nimlab.cli.common import console, emit_json, json_option, progress_bar, styled
from nimlab.lab.papers import output_directory, reproduce

__all__ = ["command", "output_directory"]


@click.command("reproduce")
@click.argument("artifacts", nargs=-1)
@click.option("--out", "out_dir", type=common.Path(file_okay=False), required=True,
              help="Directory for the artifacts, report.md, report.json and errata.md.")
@click.option("--no-claims", is_flag=True,
              help="Regenerate the artifacts only; skip checking the claims for the errata.")
@click.option("--force", is_flag=True,
              help="Replace the reports in a non-empty --out directory.")
@json_option
def command(artifacts: tuple[str, ...], out_dir: str, no_claims: bool, force: bool,
            as_json: bool) -> None:
    """Regenerate ARTIFACTS (ids, a paper name, or all) into --out DIR and compare them with the
    papers; write DIR/report.md, DIR/report.json and DIR/errata.md.  The claims checked with
    them: all of a paper's when all its artifacts are chosen, else those at the artifacts'
    places."""
    with progress_bar("reproducing") as update:
        report = reproduce(*artifacts, out=out_dir, claims=not no_claims, force=force,
                           progress=update)
    summary = report.to_json()
    if as_json:
        emit_json(summary)
        return
    if report.replaced:
        console.print(f"replaced the reports in {summary['out']} (--force)")
    for (item_id, description), done in zip(report.described, report.artifacts):
        console.print(styled((item_id, "bold"), f": {description}"))
        state = "matches the paper" if done["matches"] else \
            f"{len(done['differences'])} difference(s) from the paper"
        console.print(f"  {', '.join(done['files'])}: {state}")
    console.print(f"wrote {summary['artifacts']} artifacts ({summary['matching']} match "
                  f"the papers), report.md, report.json and errata.md to {summary['out']}")

"""``nimlab reproduce``: regenerate the papers' tables, lists and figures, with report and errata."""

from __future__ import annotations

import datetime
from pathlib import Path

import click

from nimlab import __version__, fileio
from nimlab.cli.commands.verify import run_claims
from nimlab.cli.common import console, styled, emit_json, json_option
from nimlab.claims import select
from nimlab.claims.artifacts import select_artifacts
from nimlab.claims.report import errata_markdown, errata_proof_ids, report_markdown
from nimlab.errors import InputError
from nimlab.prove.registered import attach_proofs


def output_directory(path: str, force: bool = False) -> Path:
    """``--out DIR``, created now if missing (its parent must exist; nothing else is created).
    A directory that already holds files is refused unless ``force``: a second run never
    replaces the first one's reports silently."""
    directory = Path(path)
    if directory.exists() and not directory.is_dir():
        raise InputError(f"--out {path}: this is a file, not a directory")
    if directory.is_dir():
        held = sorted(p.name for p in directory.iterdir())
        if held and not force:
            shown = ", ".join(held[:3]) + (f" and {len(held) - 3} more" if len(held) > 3 else "")
            raise InputError(f"--out {path} is not empty ({shown}): nothing was overwritten; "
                             "give --force to replace its reports, or choose a new --out")
        return directory
    fileio.check_target(directory)  # its parent exists (nothing is created above it)
    directory.mkdir(exist_ok=True)
    return directory


@click.command("reproduce")
@click.argument("artifacts", nargs=-1)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), required=True,
              help="Directory for the artifacts, report.md, report.json and errata.md.")
@click.option("--no-claims", is_flag=True,
              help="Regenerate the artifacts only; skip checking the claims for the errata.")
@click.option("--force", is_flag=True,
              help="Replace the reports in a non-empty --out directory.")
@json_option
def command(artifacts: tuple[str, ...], out_dir: str, no_claims: bool, force: bool,
            as_json: bool) -> None:
    """Regenerate ARTIFACTS (ids, a paper name, or all) into --out DIR and compare them with the
    papers; write DIR/report.md, DIR/report.json and DIR/errata.md."""
    chosen = select_artifacts(artifacts)  # an unknown id fails before --out is created
    replacing = Path(out_dir).is_dir() and any(Path(out_dir).iterdir())
    directory = output_directory(out_dir, force)
    if replacing and not as_json:
        console.print(f"replacing the reports in {directory} (--force)")
    done = []
    for item in chosen:
        if not as_json:
            console.print(styled((item.id, "bold"), f": {item.description}"))
        done.append(item.run(directory))
        if not as_json:
            state = "matches the paper" if done[-1]["matches"] else \
                f"{len(done[-1]['differences'])} difference(s) from the paper"
            console.print(f"  {', '.join(done[-1]['files'])}: {state}")
    papers = sorted({a.paper for a in chosen})
    results = [] if no_claims else run_claims(
        [c for p in papers for c in select((), p)], None)
    # The errata cite a corrected statement as proven only from a proof run now.
    attach_proofs(results, prove=errata_proof_ids(results))
    fileio.write_text(directory / "report.md", report_markdown(results, done))
    fileio.write_json(directory / "report.json",
                      {"artifacts": done, "claims": [r.to_dict() for r in results]}, indent=1)
    stamp = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    fileio.write_text(directory / "errata.md", errata_markdown(results, done, __version__, stamp))
    summary = {"out": str(directory), "artifacts": len(done),
               "matching": sum(a["matches"] for a in done), "claims": len(results),
               "failing": sum(r.status in ("fails", "refuted") for r in results)}
    if as_json:
        emit_json(summary)
    else:
        console.print(f"wrote {len(done)} artifacts ({summary['matching']} match the papers), "
                      f"report.md, report.json and errata.md to {directory}")

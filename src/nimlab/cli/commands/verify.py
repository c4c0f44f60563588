"""``nimlab verify``: check the papers' claims against exhaustive computation (a shell over
:func:`nimlab.lab.verify`)."""

from __future__ import annotations

import sys

import click

from nimlab.cli.common import console, emit_json, json_option, progress_bar
from nimlab.claims import PAPERS
from nimlab.lab.papers import claim_rows, verify

STYLE = {"holds": "green", "supported": "green", "fails": "bold red", "refuted": "bold red"}


@click.command("verify")
@click.argument("claims", nargs=-1)
@click.option("--paper", type=click.Choice([*PAPERS, "all"]), default=None,
              help="Only the claims of one paper (default: all, or the CLAIMS named).")
@click.option("--bound", type=click.IntRange(min=0), default=None,
              help="Override every selected claim's box bound (at most 8 times its default).")
@click.option("--strict", is_flag=True, help="Exit 1 if a claim fails or is refuted.")
@click.option("--list", "list_only", is_flag=True, help="List the claims without checking.")
@click.option("--prove", "prove", is_flag=True,
              help="Also prove, for all positions, the selected claims the prover states "
                   "(`nimlab prove --list`); without it, proofs already recorded are shown.")
@json_option
def command(claims: tuple[str, ...], paper: str | None, bound: int | None, strict: bool,
            list_only: bool, prove: bool, as_json: bool) -> None:
    """Check the papers' claims (all, one paper's, or the CLAIMS named by id or id prefix)."""
    if list_only:
        rows = claim_rows(*claims, paper=paper)
        if as_json:
            emit_json(rows)
        else:
            for r in rows:
                console.print(f"{r['id']:<24} {r['place']:<28} {r['statement']}")
        return
    with progress_bar("verifying") as update:
        report = verify(*claims, paper=paper, bound=bound, prove=prove, progress=update)
    if as_json:
        emit_json(report.to_json())
    else:
        for check in report:
            console.print(check.line(), style=STYLE.get(check.status, ""))
        console.print(report.summary())
    if strict and report.failing:
        sys.exit(1)

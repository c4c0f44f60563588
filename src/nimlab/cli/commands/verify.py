"""``nimlab verify``: check the papers' claims against exhaustive computation."""

from __future__ import annotations

import sys

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from nimlab.cli.common import console, emit_json, err_console, json_option
from nimlab.errors import InputError
from nimlab.prove.registered import attach_proofs
from nimlab.claims import PAPERS, Result, select

STYLE = {"holds": "green", "supported": "green", "fails": "bold red", "refuted": "bold red"}


def run_claims(claims, bound: int | None, show_progress: bool = True) -> list[Result]:
    results = []
    enabled = show_progress and sys.stderr.isatty()
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err_console, transient=True,
                  disable=not enabled) as bar:
        task = bar.add_task("verifying", total=len(claims))
        for claim in claims:
            bar.update(task, description=claim.id)
            results.append(claim.run(bound))
            bar.advance(task)
    return results


@click.command("verify")
@click.argument("claims", nargs=-1)
@click.option("--paper", type=click.Choice([*PAPERS, "all"]), default=None,
              help="Only the claims of one paper (default: all, or the CLAIMS named).")
@click.option("--bound", type=click.IntRange(min=0), default=None,
              help="Override every selected claim's box bound.")
@click.option("--strict", is_flag=True, help="Exit 1 if a claim fails or is refuted.")
@click.option("--list", "list_only", is_flag=True, help="List the claims without checking.")
@click.option("--prove", "prove", is_flag=True,
              help="Also prove, for all positions, the selected claims the prover states "
                   "(`nimlab prove --list`); without it, proofs already recorded are shown.")
@json_option
def command(claims: tuple[str, ...], paper: str | None, bound: int | None, strict: bool,
            list_only: bool, prove: bool, as_json: bool) -> None:
    """Check the papers' claims (all, one paper's, or the CLAIMS named by id or id prefix)."""
    chosen = select(claims, paper)
    if not chosen:
        raise InputError("no claims selected")
    if list_only:
        rows = [{"id": c.id, "paper": c.paper, "place": c.place, "kind": c.kind,
                 "statement": c.statement, "default_bound": c.default_bound,
                 "bound_help": c.bound_help, "corrects": c.corrects} for c in chosen]
        if as_json:
            emit_json(rows)
        else:
            for r in rows:
                console.print(f"{r['id']:<24} {r['place']:<28} {r['statement']}")
        return
    results = run_claims(chosen, bound)
    attach_proofs(results, prove=[c.id for c in chosen] if prove else ())
    if as_json:
        emit_json([r.to_dict() for r in results])
    else:
        for r in results:
            console.print(r.line(), style=STYLE.get(r.status, ""))
        counts: dict[str, int] = {}
        for r in results:
            counts[r.status] = counts.get(r.status, 0) + 1
        proven = sum(1 for r in results if r.proof_label)
        console.print(", ".join(f"{n} {s}" for s, n in sorted(counts.items())) +
                      (f"; {proven} proven for all positions" if proven else ""))
    if strict and any(r.status in ("fails", "refuted") for r in results):
        sys.exit(1)

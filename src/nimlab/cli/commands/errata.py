"""``nimlab errata``: where the papers are wrong, and the corrections (a shell over
:func:`nimlab.lab.errata`)."""

from __future__ import annotations

import click

from nimlab.cli.common import emit_json, json_option, output_width, print_lines
from nimlab.lab.papers import errata


@click.command("errata")
@click.argument("ids", nargs=-1)
@click.option("--paper", default=None, help="Only this paper's errata: sharing, fibonacci, "
                                            "end-nim, cash or all.")
@json_option
def command(ids: tuple[str, ...], paper: str | None, as_json: bool) -> None:
    """The papers' errata: each statement that fails and each printed datum that differs, with
    what the paper says, what is true, the smallest counterexamples and the correction with
    its status.  IDS (claim or artifact ids, or their beginnings) choose entries.

    Read from the errata page of `nimlab reproduce all` (docs/ERRATA.md, the web lab's
    /errata); `nimlab verify ID` checks one again."""
    found = errata(*ids, paper=paper)
    if as_json:
        emit_json(found.to_json())
        return
    print_lines(found.text(output_width()))

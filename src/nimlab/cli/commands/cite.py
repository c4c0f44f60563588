"""``nimlab cite``: what to cite (a shell over :func:`nimlab.lab.cite.cite`)."""

from __future__ import annotations

import click

from nimlab.cli.common import emit_json, json_option, print_lines


@click.command("cite")
@click.option("--bibtex", is_flag=True, help="Print every entry as BibTeX, for a .bib file.")
@json_option
def command(bibtex: bool, as_json: bool) -> None:
    """What to cite: nimlab itself, the four papers, and the works its results rest on."""
    from nimlab.lab.cite import cite

    found = cite()
    if as_json:
        emit_json(found.to_json())
    elif bibtex:
        click.echo(found.bibtex(), nl=False)
    else:
        print_lines(found.text())

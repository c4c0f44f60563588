"""``nimlab periodicity``: is a sequence ultimately (arithmetic) periodic? With the evidence."""

from __future__ import annotations

import click

from nimlab.cli.common import console, emit_json, json_option, progress_bar
from nimlab.research.periodicity import DEFAULT_MIN_REPETITIONS
from nimlab.research.sequences import SPECS, analyse_sequence

_SPEC_HELP = "\n".join(f"  {name:17} {spec.help}" for name, spec in SPECS.items())


@click.command("periodicity", help=f"""Periodicity of a sequence nimlab computes.

\b
SEQUENCE is one of:
{_SPEC_HELP}

\b
Verdicts: ultimately periodic (least preperiod, then least period, fitting the data), ultimately
arithmetic periodic (period and saltus), or none found.  A pair counts only when at least
--min-repetitions full periods follow the preperiod and the preperiod is at most half the terms
(a fit of the last terms only is chance).  Status `proven` when a recurrence of
finite memory covers the sequence (NIM(A): the last max(A) values; cash with fixed budgets: the
winner grids over all budgets up to the larger one); otherwise `observed up to n`.  The cash
function f(n) is only observed.

\b
Examples:
  nimlab periodicity subtraction --set 1,3,4 --max 200
  nimlab periodicity sharing-row --a 2 --max 1000
  nimlab periodicity sharing-diagonal --d 3 --max 500
  nimlab periodicity sharing-f --max 2000
  nimlab periodicity cash-f --set 1,3,4 --max 300
  nimlab periodicity cash-fixed --set 1,3,4 --budgets 9,9 --max 200
  nimlab periodicity values 1,2,3,1,2,3,1,2,3
  nimlab periodicity octal --code 0.77       (Kayles: proven, period 12 from heap 71)
  nimlab periodicity values -- -1,2,-1,2,-1,2      (-- before terms that start with a minus)
  nimlab periodicity values terms.txt              (or - for standard input; commas, spaces or lines)
""")
@click.argument("sequence", metavar="SEQUENCE")
@click.argument("terms", required=False, metavar="[TERMS]")
@click.option("--max", "bound", type=click.IntRange(min=0), default=None,
              help="Last n (or b) computed; defaults: subtraction 200, sharing 500, cash 150.")
@click.option("--set", "subtraction_set", default=None, help="subtraction, cash-*: a1,...,ak.")
@click.option("--a", "row", type=click.IntRange(min=0), default=None,
              help="sharing-row, sharing-g: the row a.")
@click.option("--d", "diagonal", type=click.IntRange(min=0), default=None,
              help="sharing-diagonal: the distance d = b - a.")
@click.option("--g", "value", type=click.IntRange(min=0), default=None,
              help="sharing-g: the nim-value g.")
@click.option("--budgets", default=None, help="cash-fixed: d1,d2.")
@click.option("--code", default=None, help="octal: the game's code, e.g. 0.77 (Kayles).")
@click.option("--outcomes", is_flag=True, help="subtraction: 1 at P-positions instead of values.")
@click.option("--min-repetitions", type=click.IntRange(min=1), default=DEFAULT_MIN_REPETITIONS,
              show_default=True, help="Full periods required after the preperiod.")
@click.option("--max-period", type=click.IntRange(min=1), default=None,
              help="Largest period tried (default: terms / min-repetitions).")
@click.option("--show", type=click.IntRange(min=0), default=20, show_default=True,
              help="Print this many first terms.")
@json_option
def command(sequence: str, terms: str | None, bound: int | None, subtraction_set: str | None,
            row: int | None, diagonal: int | None, value: int | None, budgets: str | None,
            code: str | None, outcomes: bool, min_repetitions: int, max_period: int | None, show: int,
            as_json: bool) -> None:
    if terms is not None and sequence == "values":
        terms = _terms_text(terms)
    options = {"terms": terms, "max": bound, "set": subtraction_set, "a": row, "d": diagonal,
               "g": value, "budgets": budgets, "outcomes": outcomes, "code": code}
    if terms is not None and sequence != "values":
        raise click.UsageError(f"TERMS is for `values` only; {sequence} is computed (drop "
                               f"{terms!r})")
    with progress_bar(f"computing {sequence}") as update:
        result, built = analyse_sequence(sequence, options, min_repetitions=min_repetitions,
                                         max_period=max_period, progress=update)
    if as_json:
        emit_json({"sequence": sequence, **result.to_dict(), "summary": result.summary(),
                   "head": [int(v) for v in built.values[:show]]})
        return
    console.print(built.label, style="bold")
    if show:
        more = ", ..." if len(built.values) > show else ""
        console.print("first terms: " + ", ".join(map(str, built.values[:show])) + more)
    console.print(result.summary())
    if result.proof:
        console.print(f"proof: {result.proof}")
    for note in result.notes:
        if note != result.proof:
            console.print(f"note: {note}")


#: The most bytes of terms read from a file or standard input.
MAX_TERMS_BYTES = 64 * 1024 * 1024


def _terms_text(terms: str) -> str:
    """TERMS as written, or read from standard input (``-``) or from a file that exists: terms
    separated by commas, spaces or new lines, at most :data:`MAX_TERMS_BYTES`."""
    import os
    import sys

    from nimlab.errors import InputError

    if terms == "-":
        text = sys.stdin.read(MAX_TERMS_BYTES + 1)
        where = "standard input"
    elif os.path.isfile(terms):
        with open(terms, encoding="utf-8", errors="replace") as handle:
            text = handle.read(MAX_TERMS_BYTES + 1)
        where = terms
    else:
        return terms
    if len(text) > MAX_TERMS_BYTES:
        raise InputError(f"the terms in {where} pass {MAX_TERMS_BYTES // 2**20} MB; give fewer")
    joined = ",".join(text.replace(",", " ").split())
    if not joined:
        raise InputError(f"no terms in {where}")
    return joined


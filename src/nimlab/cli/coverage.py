"""The games x tools table: every game, with each option the papers give it, in every tool.

Each cell is found by *running* the tool on the game (a small case, bounded in time), never
declared: ``yes`` when the tool answers, and otherwise the tool's own one-line refusal, which
says why.  ``python -m nimlab.cli.coverage`` writes the table to docs/TOOLS.md;
``tests/test_coverage.py`` runs every cell again and compares it with that page, so the page
cannot drift from the code.
"""

from __future__ import annotations

import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

#: What a ``discover`` or ``prove`` cell may take: enough to start, too little to finish big ones.
SECONDS = "3"


@dataclass(frozen=True)
class Row:
    """A game with some of its options, and a position to ask about."""

    label: str
    game: str
    position: str
    options: tuple[str, ...] = ()  # command-line options, e.g. ("--variant", "misere")
    piles: str | None = None  # --piles for the tools that take it (tables, discover, prove)
    sequence: tuple[str, ...] | None = None  # periodicity: the sequence and its options
    #: the options of the tools about the whole game (table, discover, prove) where a position's
    #: own (Fibonacci Nim's previous removal, the cash budgets) do not apply; None: ``options``
    game_options: tuple[str, ...] | None = None
    table_piles: bool = True  # False: the game's table has its own shape (Sharing's G(0,a,b))

    def whole_game(self) -> tuple[str, ...]:
        return self.options if self.game_options is None else self.game_options

    def option_text(self) -> str:
        return " ".join(self.options) or "(defaults)"


ROWS = (
    Row("nim", "nim", "3,5,7", piles="3"),
    Row("wythoff", "wythoff", "4,7"),
    Row("wythoff, a = 2 (Fraenkel)", "wythoff", "3,5", ("--a", "2")),
    Row("sharing, 3 piles", "sharing", "0,4,8", piles="3",
        sequence=("sharing-row", "--a", "2", "--max", "200"), table_piles=False),
    Row("sharing, 4 piles", "sharing", "1,2,3,4", piles="4"),
    Row("graph-nim, a 3-cycle", "graph-nim", "1,4,9", ("--edges", "1-2,2-3,3-1"), piles="3"),
    Row("end-nim", "end-nim", "2,5,3", piles="3"),
    Row("end-nim, misere", "end-nim", "2,5,3", ("--variant", "misere"), piles="3"),
    Row("end-nim, loop", "end-nim", "2,5,3", ("--variant", "loop"), piles="3"),
    Row("end-nim, 5 piles", "end-nim", "3,1,4,1,5", piles="5"),
    Row("fibonacci, first move", "fibonacci", "7,3,2", ("--last", "0"), piles="3",
        game_options=()),
    Row("fibonacci, one pile", "fibonacci", "20/3", piles="1"),
    Row("fibonacci, factor 3", "fibonacci", "20/3", ("--factor", "3"), piles="1"),
    Row("subtraction", "subtraction", "14", ("--set", "1,3,4"),
        sequence=("subtraction", "--set", "1,3,4")),
    Row("octal 0.77 (Kayles)", "octal", "5,7", ("--code", "0.77"),
        sequence=("octal", "--code", "0.77")),
    Row("cash", "cash", "14", ("--set", "1,3,4", "--budgets", "9,9"),
        sequence=("cash-fixed", "--set", "1,3,4", "--budgets", "9,9"),
        game_options=("--set", "1,3,4")),
)


@dataclass(frozen=True)
class Cell:
    ok: bool
    text: str  # "yes" with a word on the answer, or the refusal's reason

    def markdown(self) -> str:
        return ("yes" + (f" ({self.text})" if self.text else "")) if self.ok \
            else f"no: {self.text}"


def _invoke(args: list[str], stdin: str | None = None):
    from click.testing import CliRunner

    from nimlab.cli import main

    return CliRunner().invoke(main, args, input=stdin)


def _cell(done) -> Cell:
    """``yes`` on exit 0, else the one-line refusal."""
    if done.exit_code == 0:
        return Cell(True, "")
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        return Cell(False, f"a {type(done.exception).__name__} (a defect)")
    lines = [line for line in done.output.splitlines() if line.startswith("nimlab: error: ")]
    reason = lines[-1][len("nimlab: error: "):] if lines else f"exit {done.exit_code}"
    return Cell(False, _short(reason))


def _run(args: list[str], stdin: str | None = None) -> Cell:
    """Run ``nimlab ARGS`` in this process."""
    return _cell(_invoke(args, stdin))


def _short(reason: str) -> str:
    """The refusal in a table cell: the first clause, without the pipe that would break it."""
    reason = reason.replace("|", "/")
    return reason if len(reason) <= 160 else reason[:157] + "..."


def _piles(row: Row) -> list[str]:
    return ["--piles", row.piles] if row.piles else []


def _status(args: list[str]) -> Cell:
    """A ``discover`` or ``prove`` run: ``yes`` with its status (proven, none, unknown, ...)."""
    import json

    done = _invoke(args)
    cell = _cell(done)
    if not cell.ok:
        return cell
    return Cell(True, str(json.loads(done.stdout).get("status", "")))


def _periodicity(row: Row) -> Cell:
    if row.sequence is None:
        return Cell(False, "periodicity reads one-dimensional sequences (a heap game's "
                           "nim-sequence, a row of a table); this game has none")
    return _run(["periodicity", *row.sequence, "--json"])


def _verify(row: Row) -> Cell:
    """The papers' claims about this game with these options (their statements are about the
    papers' own rules)."""
    from nimlab.claims.registry import load_all, select

    load_all()
    claims = [c for c in select(()) if _about(c, row)]
    if not claims:
        return Cell(False, "the papers state no claim about this game with these options")
    return Cell(True, f"{len(claims)} claims")


def _about(claim, row: Row) -> bool:
    paper = {"sharing": "sharing", "graph-nim": "sharing", "end-nim": "endnim",
             "fibonacci": "fib", "subtraction": "cash", "cash": "cash"}.get(row.game)
    if paper is None or not claim.id.startswith(paper + "."):
        return False
    if row.game == "end-nim":  # the paper's End-Nim claims: normal, misere and Loop, any piles
        return True
    return not any(o in row.options for o in ("--factor", "--edges")) and row.piles != "4"


def _api(call: Callable, row: Row) -> Cell:
    """A Python call, ``yes`` unless it refuses (its one-line message)."""
    from nimlab.api import ApiError
    from nimlab.errors import NimlabError

    options = {}
    items = list(row.options)
    for flag, value in zip(items[::2], items[1::2]):
        options[flag[2:].replace("-", "_")] = value
    try:
        call(row.game, row.position, **options)
    except (NimlabError, ApiError) as refused:
        return Cell(False, _short(str(refused)))
    return Cell(True, "")


def _web(game, position, **options):
    from nimlab import api

    return api.value(game, position, **options)


def _python(game, position, **options):
    import nimlab

    return nimlab.value(game, position, **options)


#: The tools, each a function of a row giving its cell.
TOOLS: dict[str, Callable[[Row], Cell]] = {
    "value": lambda r: _run(["value", r.game, r.position, *r.options]),
    "moves": lambda r: _run(["moves", r.game, r.position, *r.options]),
    "hint": lambda r: _run(["hint", r.game, r.position, *r.options]),
    "play": lambda r: _run(["play", r.game, r.position, *r.options], stdin="quit\n"),
    "table": lambda r: _run(["table", r.game, *(_piles(r) if r.table_piles else []),
                             *r.whole_game(), "--max", "6"]),
    "periodicity": _periodicity,
    "discover": lambda r: _status(["discover", r.game, *_piles(r), *r.whole_game(),
                                   "--p-positions", "--time-limit", SECONDS, "--json"]),
    "prove": lambda r: _status(["prove", r.game, *_piles(r), *r.whole_game(),
                                "--p-positions", "p1 = p1", "--time-limit", SECONDS,
                                "--json"]),
    "verify": _verify,
    "serve (API)": lambda r: _api(_web, r),
    "Python": lambda r: _api(_python, r),
}


def cells(rows=ROWS, tools=TOOLS) -> dict[tuple[str, str], Cell]:
    return {(row.label, tool): run(row) for row in rows for tool, run in tools.items()}


HEADER = """# Games x tools

Every game nimlab has, with the options the papers give it, in every tool. Each cell was found
by running the tool on the game (a small case; `discover` and `prove` for {seconds} s, where
`proven`, `disproven`, `none` and `unknown` all mean the tool works on it): **yes**, or the
tool's own one-line refusal saying why. Written by `python -m nimlab.cli.coverage`;
`tests/test_coverage.py` runs every cell again and compares it with this page.

"""


def markdown(found: dict[tuple[str, str], Cell], rows=ROWS, tools=TOOLS) -> str:
    lines = [HEADER.format(seconds=SECONDS).rstrip(), ""]
    lines.append("| game | options | " + " | ".join(tools) + " |")
    lines.append("|---|---|" + "---|" * len(tools))
    for row in rows:
        lines.append(f"| {row.label} | {row.option_text()} | "
                     + " | ".join(found[(row.label, t)].markdown() for t in tools) + " |")
    commands = ["", "The cases, as commands (`--piles` where the tool takes it):", ""]
    for row in rows:
        commands.append(f"* {row.label}: `nimlab value {row.game} {row.position}"
                        + (" " + shlex.join(row.options) if row.options else "") + "`")
    return "\n".join(lines + commands) + "\n"


def read_cells(text: str) -> dict[tuple[str, str], str]:
    """The cells of a page written by :func:`markdown`, as their text."""
    tools = list(TOOLS)
    out = {}
    for line in text.splitlines():
        match = re.match(r"\| ([^|]+) \| [^|]+ \| (.+) \|$", line)
        if match and match.group(1) != "game":
            values = [v.strip() for v in match.group(2).split(" | ")]
            if len(values) == len(tools):
                out.update({(match.group(1), t): v for t, v in zip(tools, values)})
    return out


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else None
    text = markdown(cells())
    if out is None:
        print(text, end="")
    else:
        from nimlab import fileio

        fileio.write_text(out, text)


if __name__ == "__main__":
    main()

"""Options and output helpers shared by the commands."""

from __future__ import annotations

import json
import shutil
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from nimlab.api import with_made_by
from nimlab.engine.solver import DEFAULT_MAX_STATES, DEFAULT_TIME_LIMIT, Budget
from nimlab.games import GAMES, OPTIONS
from nimlab.progress import Progress as ProgressCallback
from nimlab.progress import quiet
from nimlab.provenance import made_by

# Markup is off: every string printed is data and shows as it is (a claim's
# "[proven for all positions]" tag, a user's "[b]" ...).  Styled text is built with
# :func:`styled`, which never parses its arguments either.
console = Console(highlight=False, soft_wrap=True, markup=False)
err_console = Console(stderr=True, highlight=False, markup=False)


class Path(click.Path):
    """``click.Path`` that refuses an empty value: a shell's ``''`` would otherwise mean the
    current directory, or no file at all."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail("it is empty; give a file or directory name", param, ctx)
        return super().convert(value, param, ctx)


def styled(*parts: str | tuple[str, str]) -> Text:
    """A line of text with styles: ``styled(("proven", "bold green"), ": ", title)``.
    Nothing in the parts is read as markup."""
    return Text.assemble(*parts)


def json_option(func: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(func)


def max_states_option(func: Callable) -> Callable:
    return click.option("--max-states", type=click.IntRange(min=1), default=DEFAULT_MAX_STATES,
                        show_default=True,
                        help="Refuse rather than hold more positions (solved and pending).")(func)


class Seconds(click.FloatRange):
    """A number of seconds within the range; ``nan`` (which every comparison lets through) is
    refused naming the option, like any other bad value."""

    name = "seconds"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        seconds = super().convert(value, param, ctx)
        if seconds != seconds:
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return seconds


def budget_options(func: Callable) -> Callable:
    """--max-states and --time-limit: the budget of one question (see :class:`Budget`)."""
    func = click.option("--time-limit", type=Seconds(min=0.001),
                        default=DEFAULT_TIME_LIMIT, show_default=True, metavar="SECONDS",
                        help="Refuse rather than solve for longer than this.")(func)
    return max_states_option(func)


def budget_of(max_states: int, time_limit: float) -> Budget:
    return Budget(max_states, time_limit)


#: Commands that read a position: a leading ``-`` (``-1,2,3``) is a position, not an option.
POSITION_SETTINGS = {"ignore_unknown_options": True}


def game_argument(func: Callable) -> Callable:
    return click.argument("game", metavar="GAME")(func)


def rules_option(func: Callable) -> Callable:
    """--rules FILE.py, for the help: the group reads it before any command runs."""
    return click.option("--rules", "rules_files", multiple=True, metavar="FILE.py",
                        help="Load the games of your own this Python file defines "
                             "(docs/RULESETS.md); any command takes it.")(func)


def game_options(func: Callable) -> Callable:
    """--variant, --last, --factor, --set, --budgets, --edges (each game takes its own), a
    game of one's own's --option NAME=VALUE, and --rules."""
    func = click.option("--option", "rule_options", multiple=True, metavar="NAME=VALUE",
                        help="An option of a game of your own (its rule_options; "
                             "`nimlab games` lists them).")(func)
    func = rules_option(func)
    for name in reversed(list(OPTIONS)):
        param = "subtraction_set" if name == "set" else name
        func = click.option(f"--{name}", param, default=None, metavar="VALUE",
                            help=OPTIONS[name])(func)
    return func


def collect_options(**given: Any) -> dict[str, Any]:
    """Map the Click parameters of :func:`game_options` back to game option names
    (``--option NAME=VALUE`` to ``NAME``)."""
    from nimlab.errors import InputError

    names = {"subtraction_set": "set"}
    options = {names.get(k, k): v for k, v in given.items() if k in OPTIONS or k in names}
    for pair in given.get("rule_options") or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InputError(f"--option {pair!r}: write NAME=VALUE")
        if name.strip() in options:
            raise InputError(f"--option {name.strip()} is given twice")
        options[name.strip()] = value
    return options


def emit_json(data: Any) -> None:
    """Print ``data`` (an object, or a list of objects) as ``--json`` does: with ``made_by``,
    nimlab's version and this command (:func:`nimlab.api.with_made_by`)."""
    click.echo(json.dumps(with_made_by(data, made_by()), indent=2))


def output_width() -> int:
    """The width text is laid out for: the terminal's, ``COLUMNS`` when set, else 80 (a file or
    a pipe); never less than 20."""
    return max(shutil.get_terminal_size((80, 24)).columns, 20)


def print_lines(lines: list[str]) -> None:
    """Print plain text as it is (no markup, no wrapping: the lines were laid out to fit)."""
    for line in lines:
        click.echo(line)


#: Seconds between the plain progress lines printed when stderr is not a terminal.
PLAIN_SECONDS = 5.0


@contextmanager
def plain_progress(label: str, every: float | None = None) -> Iterator[ProgressCallback]:
    """Yields ``update(done, total)``; a line on stderr every ``every`` seconds says where the
    work is (the first after ``every`` seconds: a short run prints none), even while one long
    step reports nothing: for a pipe, a log or CI."""
    every = PLAIN_SECONDS if every is None else every
    start = time.monotonic()
    state = {"done": 0, "total": 0}
    stop = threading.Event()

    def update(done: int, total: int) -> None:
        state["done"], state["total"] = done, total

    def report() -> None:
        while not stop.wait(every):
            done, total = state["done"], state["total"]
            count = (f"{done:,}/{total:,} ({100 * done // total}%)" if total else
                     f"at {done:,}" if done else "started")
            click.echo(f"nimlab: {label}: {count}, {time.monotonic() - start:,.0f} s",
                       err=True)

    reporter = threading.Thread(target=report, daemon=True, name="nimlab-progress")
    reporter.start()
    try:
        yield update
    finally:
        stop.set()
        reporter.join()


@contextmanager
def progress_bar(label: str, enabled: bool = True) -> Iterator[ProgressCallback]:
    """A Rich progress bar on stderr; yields ``update(done, total)`` (:mod:`nimlab.progress`).
    When stderr is not a terminal, a plain line every few seconds instead."""
    if not enabled:
        yield quiet
        return
    if not sys.stderr.isatty():
        with plain_progress(label) as update:
            yield update
        return
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err_console, transient=True) as bar:
        task = bar.add_task(escape(label), total=None)  # a label may hold the user's words

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def known_games() -> str:
    return ", ".join(GAMES)

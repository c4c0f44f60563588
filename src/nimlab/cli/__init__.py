"""The ``nimlab`` command line.

Every command lives in a module of :mod:`nimlab.cli.commands` that defines ``command`` (a Click
command) or ``commands`` (a list); a new command is a new file.  Modules are imported only when
needed, so that ``nimlab value nim 1,2,3`` does not pay for Matplotlib or Numba: a command is
looked for first in the module of its own name (``-`` read as ``_``), then in every module; the
help lists every module's commands.
Errors that come from the user's input print one line and exit with code 2.
"""

from __future__ import annotations

import difflib
import errno
import importlib
import io
import os
import pkgutil
import re
import sys
import warnings

import click

from nimlab import __version__, provenance
from nimlab.errors import NimlabError, NimlabNotice, NimlabWarning, short_text
from nimlab.fileio import Terminated, terminate_as_exception


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """nimlab's warnings as one line on stderr, its notices (work under way, such as a first
    run's compilation) as a ``note`` line (others as Python shows them)."""
    if issubclass(category, NimlabWarning):
        label = "note" if issubclass(category, NimlabNotice) else "warning"
        click.echo(f"nimlab: {label}: {one_line(str(message))}", err=True)
    else:
        _python_show_warning(message, category, filename, lineno, file, line)


_python_show_warning = warnings.showwarning


class _Commands(dict):
    """The group's commands, imported on first use: a name is looked for in the module of its
    own name, then everywhere; listing them imports every command module."""

    def __init__(self) -> None:
        super().__init__()
        self._loaded: set[str] = set()

    def _load(self, module_name: str) -> None:
        if module_name in self._loaded:
            return
        self._loaded.add(module_name)
        module = importlib.import_module(f"nimlab.cli.commands.{module_name}")
        for name in ("command", "commands"):
            found = getattr(module, name, None)
            for cmd in found if isinstance(found, (list, tuple)) else [found]:
                if isinstance(cmd, click.Command):
                    self[cmd.name] = cmd

    def _find(self, name: object) -> None:
        if dict.__contains__(self, name) or not isinstance(name, str):
            return
        modules = _command_modules()
        own = name.replace("-", "_")
        if own in modules:
            self._load(own)
        if not dict.__contains__(self, name):
            self.load_all()

    def load_all(self) -> None:
        for module_name in _command_modules():
            self._load(module_name)

    def get(self, name, default=None):
        self._find(name)
        return dict.get(self, name, default)

    def __getitem__(self, name):
        self._find(name)
        return dict.__getitem__(self, name)

    def __contains__(self, name) -> bool:
        self._find(name)
        return dict.__contains__(self, name)

    def __iter__(self):
        self.load_all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self.load_all()
        return dict.__len__(self)

    def keys(self):
        self.load_all()
        return dict.keys(self)

    def values(self):
        self.load_all()
        return dict.values(self)

    def items(self):
        self.load_all()
        return dict.items(self)


class NimlabGroup(click.Group):
    """A group whose errors are one line and exit 2, never a traceback, and whose commands are
    imported when first asked for (see :class:`_Commands`)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _Commands()

    def invoke(self, ctx):
        _check_environment()
        return super().invoke(ctx)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        with warnings.catch_warnings():
            warnings.simplefilter("always", NimlabWarning)
            warnings.showwarning = _show_warning
            return self._main(args, prog_name, complete_var, **extra)

    def _main(self, args, prog_name, complete_var, **extra):
        if sys.stdout is None:  # started with standard output closed (`nimlab ... >&-`)
            sys.stdout = ClosedOutput()
        try:
            with terminate_as_exception():  # SIGTERM/SIGHUP clean up as Ctrl-C does
                args = list(sys.argv[1:] if args is None else args)
                provenance.set_command(args)
                args = _with_rules(args)
                since = _stored()
                try:
                    result = super().main(args, prog_name or "nimlab", complete_var,
                                          standalone_mode=False, **extra)
                finally:
                    _store_note(since)
                    provenance.set_command(None)  # what follows in this process is not it
            sys.stdout.flush()  # a closed pipe shows here, not at exit as a traceback
            return result
        except click.exceptions.Exit as done:
            sys.exit(done.exit_code)
        except click.exceptions.Abort:
            click.echo("nimlab: interrupted", err=True)
            sys.exit(130)
        except click.exceptions.NoArgsIsHelpError as shown:
            # `nimlab` or `nimlab cache` alone: the help, as --help prints it (not an error).
            click.echo(shown.ctx.get_help())
            sys.exit(0)
        except click.ClickException as problem:
            message = unknown_option(problem) or one_line(problem.format_message())
            click.echo(f"nimlab: error: {message}", err=True)
            sys.exit(2)
        except NimlabError as problem:
            click.echo(f"nimlab: error: {one_line(str(problem))}", err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("nimlab: interrupted", err=True)
            sys.exit(130)
        except Terminated as stop:
            click.echo(f"nimlab: terminated ({stop})", err=True)
            sys.exit(128 + stop.signum)
        except BrokenPipeError:
            closed_stdout()
        except OSError as problem:  # a file that cannot be read or written
            if problem.errno == errno.EPIPE or isinstance(sys.stdout, ClosedOutput):
                closed_stdout()
            if problem.filename:
                where = f"use {problem.filename}"
            elif problem.errno in OUTPUT_ERRORS:  # writing standard output (`> /dev/full`)
                where = "write standard output"
                _quiet_stdout()
            else:
                where = "go on"
            click.echo(f"nimlab: error: cannot {where}: {problem.strerror or problem}",
                       err=True)
            sys.exit(2)
        except MemoryError:
            click.echo("nimlab: error: out of memory; try a smaller position or bound", err=True)
            sys.exit(2)


def _with_rules(args: list[str]) -> list[str]:
    """Load the games of every ``--rules FILE.py`` (any command, anywhere before ``--``) and
    return the other arguments; the registry is imported only when a rules file is given."""
    if not any(a == "--rules" or a.startswith("--rules=") for a in args):
        return args
    from nimlab.games.registry import load_rules, split_rules_arguments

    files, rest = split_rules_arguments(args)
    for path in files:
        load_rules(path)
    return rest


def _check_environment() -> None:
    """The result store's settings, refused the same way by every command when wrong (the store
    reads them with the same functions; checked here without importing it)."""
    from nimlab.fileio import directory_setting
    from nimlab.parsing import parse_size

    directory_setting("NIMLAB_CACHE")
    cap = os.environ.get("NIMLAB_CACHE_MAX", "").strip()
    if cap:
        parse_size(cap, "NIMLAB_CACHE_MAX")


def _stored() -> int:
    """Bytes stored so far by this process (0 before the store is imported: importing it is not
    free, and a command that never uses it stores nothing)."""
    store = sys.modules.get("nimlab.store")
    return store.stored_bytes() if store is not None else 0


def _store_note(since: int) -> None:
    """Say how much the command stored in the result store, when it was much."""
    store = sys.modules.get("nimlab.store")
    note = store.stored_note(since) if store is not None else None
    if note:
        click.echo(f"nimlab: note: {note}", err=True)


def one_line(message: str) -> str:
    """A message on one short line: whitespace folded, and any word of more than 200
    characters (a position with thousand-digit piles) cut in the middle."""
    return " ".join(short_text(word, 200) for word in message.split())


class ClosedOutput(io.TextIOBase):
    """Standard output when the process was started without one: writing to it is a closed
    pipe (a command that writes only files still works)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        # not a BrokenPipeError, which Rich turns into a silent exit
        raise OSError(errno.EBADF, "standard output is closed")

    def fileno(self) -> int:
        if not hasattr(self, "_devnull"):
            self._devnull = os.open(os.devnull, os.O_WRONLY)
        return self._devnull

    def isatty(self) -> bool:
        return False


#: Errors of a write that names no file: standard output's (a full disk or device, ...).
OUTPUT_ERRORS = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF}


def closed_stdout() -> None:
    """The reader of standard output went away (``nimlab table ... | head -1``): stop quietly
    with exit code 1 (nothing more can be said on stdout, and the output is incomplete).
    Started with standard output closed (``>&-``), it says so on stderr, still exit 1."""
    if isinstance(sys.stdout, ClosedOutput):
        click.echo("nimlab: error: standard output is closed: nothing could be printed",
                   err=True)
    _quiet_stdout()
    sys.exit(1)


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so that Python's own flush at exit stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):  # pragma: no cover - stdout without a file descriptor
        pass


def unknown_option(problem: click.ClickException) -> str | None:
    """``no such option --jsn, did you mean --json`` for a mistyped option, also in the commands
    that read positions beginning with ``-`` (where Click sees an unexpected argument)."""
    ctx = getattr(problem, "ctx", None)
    if ctx is None or not isinstance(problem, click.UsageError):
        return None
    if isinstance(problem, click.NoSuchOption):
        word = problem.option_name
    else:
        found = re.search(r"unexpected extra arguments? \((.*)\)", problem.format_message())
        words = [w for w in (found.group(1).split() if found else []) if w.startswith("--")]
        if not words:
            return None
        word = words[0]
    word = word.split("=", 1)[0]
    names = sorted({n for p in ctx.command.params if isinstance(p, click.Option)
                    for n in [*p.opts, *p.secondary_opts] if n.startswith("--")} | {"--help"})
    if word in names:  # a real option, after `--` (which makes everything an argument)
        return f"{word} came after `--`, where everything is read as an argument: put the " \
            "options before `--`"
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    hint = f", did you mean {close[0]}" if close else f"; the options of `nimlab {ctx.info_name}`" \
        f" are {', '.join(names)}"
    return f"no such option {word}{hint}"


@click.group(cls=NimlabGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="nimlab")
def main() -> None:
    """nimlab: a laboratory for Nim variants.

    Solve positions, list winning moves, print tables of values, and check the papers'
    claims.  Positions are comma-separated integers, e.g. 0,4,8.  Every command takes --json,
    and --rules FILE.py: the games of your own that the file defines (docs/RULESETS.md).
    """


def _command_modules() -> list[str]:
    """The modules of :mod:`nimlab.cli.commands`, by name (none imported)."""
    from nimlab.cli import commands

    return sorted(info.name for info in pkgutil.iter_modules(commands.__path__))

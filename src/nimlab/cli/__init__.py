"""The ``nimlab`` command line.

Every command lives in a module of :mod:`nimlab.cli.commands` that defines ``command`` (a Click
command) or ``commands`` (a list); a new command is a new file.  Modules are imported only when
needed, so that ``nimlab value nim 1,2,3`` does not pay for Matplotlib or Numba: a command is
looked for first in the module of its own name (``-`` read as ``_``), then in every module; the
help lists every module's commands.
Errors that come from the user's input print one line and exit with code 2.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from nimlab import __version__
from nimlab.errors import NimlabError


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

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            return super().main(args, prog_name or "nimlab", complete_var,
                                standalone_mode=False, **extra)
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
            message = " ".join(problem.format_message().split())
            click.echo(f"nimlab: error: {message}", err=True)
            sys.exit(2)
        except NimlabError as problem:
            click.echo(f"nimlab: error: {' '.join(str(problem).split())}", err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            click.echo("nimlab: interrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:
            sys.exit(0)
        except OSError as problem:  # a file that cannot be read or written
            where = f" {problem.filename}" if problem.filename else ""
            click.echo(f"nimlab: error: cannot use{where}: {problem.strerror or problem}",
                       err=True)
            sys.exit(2)
        except MemoryError:
            click.echo("nimlab: error: out of memory; try a smaller position or bound", err=True)
            sys.exit(2)


@click.group(cls=NimlabGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="nimlab")
def main() -> None:
    """nimlab: a laboratory for Nim variants.

    Solve positions, list winning moves, print tables of values, and check the papers'
    claims.  Positions are comma-separated integers, e.g. 0,4,8.  Every command takes --json.
    """


def _command_modules() -> list[str]:
    """The modules of :mod:`nimlab.cli.commands`, by name (none imported)."""
    from nimlab.cli import commands

    return sorted(info.name for info in pkgutil.iter_modules(commands.__path__))

"""The ``nimlab`` command line.

Every command lives in a module of :mod:`nimlab.cli.commands` that defines ``command`` (a Click
command); they are found and added to the group at start-up, so a new command is a new file.
Errors that come from the user's input print one line and exit with code 2.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import warnings

import click

from nimlab import __version__
from nimlab.errors import NimlabError, NimlabWarning


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """nimlab's warnings as one line on stderr (others as Python shows them)."""
    if issubclass(category, NimlabWarning):
        click.echo(f"nimlab: warning: {' '.join(str(message).split())}", err=True)
    else:
        _python_show_warning(message, category, filename, lineno, file, line)


_python_show_warning = warnings.showwarning


class NimlabGroup(click.Group):
    """A group whose errors are one line and exit 2, never a traceback."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        with warnings.catch_warnings():
            warnings.simplefilter("always", NimlabWarning)
            warnings.showwarning = _show_warning
            return self._main(args, prog_name, complete_var, **extra)

    def _main(self, args, prog_name, complete_var, **extra):
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


def _register() -> None:
    from nimlab.cli import commands

    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        for name in ("command", "commands"):
            found = getattr(module, name, None)
            for cmd in found if isinstance(found, (list, tuple)) else [found]:
                if isinstance(cmd, click.Command):
                    main.add_command(cmd)


_register()

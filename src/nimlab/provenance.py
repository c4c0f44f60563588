"""What made an output: nimlab's version and the command that ran (or the Python API).

The one place that says it, for ``--json`` (a ``"made_by"`` field), LaTeX tables (a comment),
figures (their metadata) and reports.  The command line names its command once, as it starts
(:func:`set_command`); everything else is the Python API.
"""

from __future__ import annotations

import shlex
from typing import Sequence

#: The command being run, as typed (``None``: no command; the Python API).
_command: str | None = None


def set_command(args: Sequence[str] | None) -> None:
    """Name the command line's arguments (``None`` forgets them)."""
    global _command
    _command = None if args is None else "nimlab " + " ".join(shlex.quote(a) for a in args)


def command() -> str:
    """The command that is running, quoted as a shell would take it back, or ``nimlab (Python
    API)``."""
    return _command or "nimlab (Python API)"


def version() -> str:
    from nimlab import __version__

    return __version__


def made_by() -> dict[str, str]:
    """``{"version": ..., "command": ...}``: what ``--json`` carries as ``made_by``."""
    return {"version": version(), "command": command()}


def made_by_line() -> str:
    """``nimlab 0.1.0: nimlab table nim --max 4``: one line for a comment or a picture."""
    return f"nimlab {version()}: {command()}"

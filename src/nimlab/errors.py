"""Errors nimlab raises for bad input and for work it refuses to do.

Every error here carries a one-line message that says what is wrong and what is allowed; the
command line prints it and exits with code 2.
"""

from __future__ import annotations


def short_text(text: str, width: int = 60) -> str:
    """``text`` cut in the middle when long, saying how long it is: a position with
    5,000-digit piles stays one short line in a message."""
    if len(text) <= width:
        return text
    half = (width - 24) // 2
    return f"{text[:half]}...({len(text):,} characters)...{text[-half:]}"


class NimlabError(ValueError):
    """Base class of all errors nimlab reports to its user."""


class InputError(NimlabError):
    """A position, a move or a game parameter is not valid."""


class TooManyStates(NimlabError):
    """Solving would visit more positions than the ``max_states`` guard allows."""


class IllegalMove(InputError):
    """A move that the rules do not allow from the current position."""


class NimlabWarning(UserWarning):
    """Something the user should know that does not stop the work (e.g. a damaged stored table
    that is recomputed).  The library never prints it: Python's warnings show it (in a notebook,
    under the cell), and the command line prints it as one ``nimlab: warning:`` line."""

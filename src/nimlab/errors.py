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


#: log10(2), to read a power of ten from a bit length.
LOG10_2 = 0.30102999566398120


def about(count: int) -> str:
    """``count`` for a message: with thousands separators, or as a power of ten when huge (read
    from its bit length: a count of any size is never written out in decimal).

    >>> about(12_345), about(10 ** 40), about(1 << 100_000)
    ('12,345', '10^40', '10^30102')
    """
    if count < 10 ** 12:
        return f"{count:,}"
    power = int((count.bit_length() - 1) * LOG10_2)  # log10(count), or one below it
    if power < 100_000 and count >= 10 ** (power + 1):  # exact where 10^power is cheap
        power += 1
    return f"10^{power}"


def gigabytes(nbytes: int) -> str:
    """A number of bytes in GB for a message, one decimal, of any size (``about`` beyond)."""
    if nbytes < 2 ** 30 * 10 ** 12:
        return f"{nbytes / 2 ** 30:,.1f}"
    return about(nbytes >> 30)


def machine_memory() -> int | None:
    """This machine's RAM in bytes (``None`` where it cannot be read): what refusals by size
    compare with."""
    import os

    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
        return None


def available_memory() -> int | None:
    """The memory free for a new computation now, in bytes (Linux's ``MemAvailable``: free
    memory and what the page cache can give back), else the machine's; what default memory caps
    take a share of, so that two runs side by side do not meet the out-of-memory killer."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return machine_memory()


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


class NimlabNotice(NimlabWarning):
    """News of work under way that is no problem (e.g. a one-time compilation on the first run):
    shown like a :class:`NimlabWarning`, and printed by the command line as one ``nimlab:
    note:`` line."""


# ------------------------------------------------------------------ the same errors in Python
#: Options of the command line that are flags (``--force``): in Python, ``force=True``.
FLAGS = ("force", "prove", "strict", "winning", "threads", "all", "p_positions")


def in_python_terms(message: str) -> str:
    """An error's ``message`` as a Python caller reads it: the command line's options become
    the keyword arguments of the call (``--max-states 2,000`` reads ``max_states=2,000``,
    ``--no-cache`` reads ``cache=False``) and a command in backquotes its function.

    >>> in_python_terms("over --max-states 2,000; give --budgets d1,d2 or --no-cache")
    'over max_states=2,000; give budgets=d1,d2 or cache=False'
    >>> in_python_terms("try a larger --max-states, or `nimlab table fibonacci`")
    'try a larger max_states, or `nimlab.table("fibonacci", ...)`'
    """
    import re

    def option(found: "re.Match") -> str:
        keyword, after = found.group(1).replace("-", "_"), found.group(2) or ""
        value = after.strip() and after.split()[0].rstrip(",;:)").lower() not in WORDS
        if keyword.startswith("no_"):
            return f"{keyword[3:]}=False{after}"
        if keyword in FLAGS:
            return f"{keyword}=True{after}"
        return f"{keyword}={after.strip()}" if value else f"{keyword}{after}"

    def command(found: "re.Match") -> str:
        name, game = found.group(1), found.group(2)
        return f'`nimlab.{name}("{game}", ...)`' if game else f"`nimlab.{name}(...)`"

    message = re.sub(r"`nimlab ([a-z]+)(?: ([a-z][a-z-]*))?[^`]*`", command, message)
    return re.sub(r"(?<![\w-])--([a-z][a-z0-9-]*)( [^\s]+)?", option, message)


#: Words that follow an option's name without being its value (``--value or --holds``).
WORDS = {"or", "and", "to", "for", "is", "are", "with", "in", "of", "the", "a", "an", "on",
         "than", "instead", "which", "as", "lists", "gives", "alone", "only", "too", "must"}


def python_errors(function):
    """``function`` (one of the Python API's) raising its :class:`NimlabError` in Python's
    terms (:func:`in_python_terms`); the command line calls the undecorated function and keeps
    its options' names."""
    import functools

    @functools.wraps(function)
    def call(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except NimlabError as problem:
            if problem.args and isinstance(problem.args[0], str):
                problem.args = (in_python_terms(problem.args[0]), *problem.args[1:])
            raise

    return call

"""Parsing of the textual forms nimlab accepts: comma-separated integers and rationals.

This is the one place where numbers are read and checked: the command line's positions, the
web lab's parameters and the Python API's integer arguments all go through
:func:`parse_bounded_int` (text such as ``" 1000"`` or ``"+1000"`` is read to its value, a
Python integer is taken as it is, and then the value is checked against the limits).

>>> parse_bounded_int(" +1000", "max", maximum=5000), parse_bounded_int(1000, "max")
(1000, 1000)
>>> parse_bounded_int("1e3", "max")
Traceback (most recent call last):
...
nimlab.errors.InputError: max '1e3': '1e3' is not an integer; write comma-separated integers, each >= 0
>>> parse_bounded_int(2.5, "max")
Traceback (most recent call last):
...
nimlab.errors.InputError: max must be an integer, not 2.5
"""

from __future__ import annotations

import operator
import re
from fractions import Fraction
from typing import Any

from nimlab.errors import InputError


#: Largest numerator or denominator of a rational read (``--factor``).
MAX_RATIONAL = 10 ** 6
#: Longest integer read (Python refuses to read longer ones by default).
MAX_DIGITS = 4300
#: Bits of the largest integer of :data:`MAX_DIGITS` digits.
MAX_BITS = (10 ** MAX_DIGITS - 1).bit_length()
#: Largest seed of the computer's random player (``seed=``, ``--seed``).
MAX_SEED = 2 ** 63 - 1


def _short(text: str) -> str:
    """``text`` quoted, cut in the middle when long (a 5,000-digit pile stays one short line)."""
    return repr(text) if len(text) <= 60 else repr(text[:28] + "..." + text[-28:])


def parse_int_list(text: str, what: str = "position", *, minimum: int | None = 0,
                   allow_empty: bool = False) -> tuple[int, ...]:
    """Parse ``"3,5,7"`` into ``(3, 5, 7)``.

    Every item must be an integer ``>= minimum`` (``None``: any); the message of the error
    names ``what``.
    """
    text = str(text).strip()
    if text == "":
        if allow_empty:
            return ()
        raise InputError(f"{what} is empty: write comma-separated integers, e.g. 3,5,7")
    values = []
    for item in text.split(","):
        item = item.strip()
        digits = len(item.lstrip("+-"))
        if digits > MAX_DIGITS and item.lstrip("+-").isdigit():
            raise InputError(f"{what}: an entry has {digits:,} digits; nimlab reads integers of "
                             f"at most {MAX_DIGITS:,} digits (Python's limit on reading numbers)")
        try:
            value = int(item)
        except ValueError:
            bound = f", each >= {minimum}" if minimum is not None and minimum >= 0 else ""
            raise InputError(
                f"{what} {_short(text)}: {_short(item)} is not an integer; write comma-separated "
                f"integers{bound}") from None
        if minimum is None:
            pass
        elif value < 0 <= minimum:
            raise InputError(f"{what} {_short(text)}: {value} is negative (below {minimum}); "
                             f"every entry must be >= {minimum}")
        elif value < minimum:
            raise InputError(f"{what} {text!r}: {value} is below {minimum}; every entry must be "
                             f">= {minimum}")
        values.append(value)
    return tuple(values)


def parse_int(text: str | int, what: str, *, minimum: int | None = 0) -> int:
    """Parse one integer ``>= minimum`` (``None``: any)."""
    text = integer_text(text, what) if not isinstance(text, str) else text.strip()
    if "," in text:
        raise InputError(f"{what} must be a single integer, got {_short(text)}")
    if text == "":
        raise InputError(f"{what} is empty: write an integer" +
                         (f" >= {minimum}" if minimum is not None else ""))
    if not re.fullmatch(r"[+-]?\d+", text):
        raise InputError(f"{what} = {_short(text)} is not a whole number written in digits; "
                         f"write e.g. 1000 (not 1e3, 1,000 or 1000.0)")
    (value,) = parse_int_list(text, what, minimum=minimum)
    return value


def parse_positive_rational(text: str | int | float | Fraction, what: str) -> Fraction:
    """Parse ``"2"``, ``"1.5"`` or ``"3/2"`` into a positive :class:`~fractions.Fraction`."""
    try:
        value = Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what} {text!r} is not a number; write e.g. 2, 1.5 or 3/2") from None
    if value <= 0:
        raise InputError(f"{what} must be positive, got {text}")
    if max(value.numerator, value.denominator) > MAX_RATIONAL:
        raise InputError(f"{what} {_short(str(text))}: nimlab reads factors whose numerator and "
                         f"denominator are at most {MAX_RATIONAL:,} (e.g. 2, 1.5, 3/2)")
    return value


def integer_text(value: Any, what: str) -> str:
    """The text of a Python integer (a truth value, a float or anything else is refused, and so
    is an integer longer than the command line reads), read back by :func:`parse_int`."""
    if isinstance(value, bool):
        raise InputError(f"{what} must be an integer, not the truth value {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise InputError(f"{what} must be an integer, not {_short(repr(value))[1:-1]}") from None
    if abs(number).bit_length() > MAX_BITS:
        raise InputError(f"{what}: an integer of more than {MAX_DIGITS:,} digits; nimlab reads "
                         f"integers of at most {MAX_DIGITS:,} digits")
    return str(number)


def parse_bounded_int(text: str | int, what: str, *, minimum: int | None = 0,
                      maximum: int | None = None, beyond: str = "") -> int:
    """Read one integer and check its *value* against ``minimum`` and ``maximum`` (text such
    as ``" 1000"`` or ``"+1000"`` is read as 1000 and then checked; ``"1e3"`` is no integer; a
    Python integer is checked the same way, a float or a truth value refused).
    ``beyond`` says what to do instead when the value is over ``maximum``."""
    value = parse_int(text, what, minimum=minimum)
    if maximum is not None and value > maximum:
        raise InputError(f"{what} = {value:,} is more than {maximum:,}"
                         + (f"; {beyond}" if beyond else ""))
    return value


def parse_size(text: str, what: str, zero: str = "0 stores nothing") -> int:
    """A size in bytes written as ``500M``, ``4G``, ``1.5GiB`` or a number of bytes (the
    store's ``NIMLAB_CACHE_MAX``, discover's ``--max-memory``); anything else is a one-line
    :class:`InputError` naming ``what`` (and saying what 0 means, ``zero``, if anything)."""
    text = text.strip()
    found = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?", text.lower())
    if not found:
        raise InputError(f"{what}={text!r} is not a size; write e.g. 500M, 4G or a number "
                         f"of bytes" + (f" ({zero})" if zero else ""))
    unit = {"": 1, "k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}[found.group(2)]
    return int(float(found.group(1)) * unit)

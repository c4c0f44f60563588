"""Parsing of the textual forms nimlab accepts: comma-separated integers and rationals."""

from __future__ import annotations

from fractions import Fraction

from nimlab.errors import InputError


#: Largest numerator or denominator of a rational read (``--factor``).
MAX_RATIONAL = 10 ** 6
#: Longest integer read (Python refuses to read longer ones by default).
MAX_DIGITS = 4300


def _short(text: str) -> str:
    """``text`` quoted, cut in the middle when long (a 5,000-digit pile stays one short line)."""
    return repr(text) if len(text) <= 60 else repr(text[:28] + "..." + text[-28:])


def parse_int_list(text: str, what: str = "position", *, minimum: int = 0,
                   allow_empty: bool = False) -> tuple[int, ...]:
    """Parse ``"3,5,7"`` into ``(3, 5, 7)``.

    Every item must be an integer ``>= minimum``; the message of the error names ``what``.
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
            bound = f", each >= {minimum}" if minimum >= 0 else ""
            raise InputError(
                f"{what} {_short(text)}: {_short(item)} is not an integer; write comma-separated "
                f"integers{bound}") from None
        if value < 0 <= minimum:
            raise InputError(f"{what} {_short(text)}: {value} is negative (below {minimum}); "
                             f"every entry must be >= {minimum}")
        if value < minimum:
            raise InputError(f"{what} {text!r}: {value} is below {minimum}; every entry must be "
                             f">= {minimum}")
        values.append(value)
    return tuple(values)


def parse_int(text: str | int, what: str, *, minimum: int = 0) -> int:
    """Parse one integer ``>= minimum``."""
    text = str(text).strip()
    if "," in text:
        raise InputError(f"{what} must be a single integer, got {text!r}")
    if text == "":
        raise InputError(f"{what} is empty: write an integer >= {minimum}")
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


def parse_bounded_int(text: str | int, what: str, *, minimum: int = 0,
                      maximum: int | None = None, beyond: str = "") -> int:
    """Parse one integer and check its *value* against ``minimum`` and ``maximum`` (text such
    as ``" 1000"`` or ``"+1000"`` is read as 1000 and then checked; ``"1e3"`` is no integer).
    ``beyond`` says what to do instead when the value is over ``maximum``."""
    value = parse_int(text, what, minimum=minimum)
    if maximum is not None and value > maximum:
        raise InputError(f"{what} = {value:,} is more than {maximum:,}"
                         + (f"; {beyond}" if beyond else ""))
    return value

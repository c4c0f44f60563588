"""Take-and-break games by code: octal and hexadecimal games (Guy and Smith 1956; Berlekamp,
Conway and Guy, *Winning Ways*, chapter 4).

The code ``d0.d1d2d3...`` says what a move that takes ``k`` tokens from one heap may leave: digit
``dk`` is a sum of 1 (the heap may be taken whole: nothing is left), 2 (one heap is left), 4 (two
heaps are left) and, in hexadecimal codes, 8 (three heaps).  The heaps left are non-empty.  The
digit before the point concerns taking nothing; only splitting (4, 8) is a move there (``4.``).
Kayles is 0.77, Dawson's Kayles 0.07, and NIM(A) the code whose digit ``a`` is 3 for each ``a`` in
A (NIM(1,3,4) is 0.3033).

A position is a tuple of heaps, played as a sum: :class:`OctalGame` is a
:class:`~nimlab.games.rules.HeapGame` whose values come from a compiled kernel and, for heaps of
any size, from a period proven by the octal periodicity theorem (:mod:`nimlab.research.octal`).
"""

from __future__ import annotations

import math
from itertools import combinations_with_replacement
from typing import Iterator

from nimlab.errors import InputError
from nimlab.games.rules import HeapGame

__all__ = ["OctalGame", "parse_code", "code_text", "subtraction_code"]

#: Digits a code may have after the point (a longer code is refused).
MAX_DIGITS = 64
_DIGITS = "0123456789abcdef"


def parse_code(text: str) -> tuple[int, ...]:
    """``"0.77"`` -> ``(0, 7, 7)``: the digits ``d0, d1, ...`` (trailing zeros dropped).

    >>> parse_code("0.77"), parse_code(".137"), parse_code("4.07"), parse_code("0.8")
    ((0, 7, 7), (0, 1, 3, 7), (4, 0, 7), (0, 8))
    """
    raw = str(text).strip().lower()
    head, point, tail = raw.partition(".")
    if not point:
        raise InputError(f"octal code {text!r}: write it with a point, e.g. 0.77 (Kayles) or "
                         "0.07 (Dawson's Kayles)")
    head = head or "0"
    if len(head) != 1 or any(c not in _DIGITS for c in head + tail) or not tail:
        raise InputError(f"octal code {text!r}: digits 0-7 (hexadecimal 0-f) around one point, "
                         "e.g. 0.77")
    if len(tail) > MAX_DIGITS:
        raise InputError(f"octal code {text!r} has {len(tail)} digits after the point; at most "
                         f"{MAX_DIGITS}")
    digits = [_DIGITS.index(c) for c in head + tail]
    if digits[0] & 3:
        raise InputError(f"octal code {text!r}: the digit before the point may only split a heap "
                         "without taking (4, or 8 into three heaps): 0., 4., 8. or c.")
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if len(digits) == 1 and digits[0] == 0:
        raise InputError(f"octal code {text!r} allows no move")
    return tuple(digits)


def code_text(digits: tuple[int, ...]) -> str:
    """``(0, 7, 7)`` -> ``"0.77"``."""
    return _DIGITS[digits[0]] + "." + "".join(_DIGITS[d] for d in digits[1:])


def subtraction_code(subtraction_set) -> str:
    """The octal code of NIM(A): digit ``a`` is 3 (take ``a``, leaving nothing or one heap).

    >>> subtraction_code((1, 3, 4))
    '0.3033'
    """
    top = max(subtraction_set)
    return code_text(tuple([0] + [3 if k in subtraction_set else 0 for k in range(1, top + 1)]))


class OctalGame(HeapGame):
    """A take-and-break game given by its code (see the module docstring)."""

    name = "octal"
    table = "octal"
    params_are_rules = True
    summary = "heaps; take tokens and leave the rest as the octal code allows (0.77: Kayles)"
    source = ("R. K. Guy and C. A. B. Smith, The G-values of various games, 1956; Berlekamp, "
              "Conway and Guy, Winning Ways, chapter 4")
    fast_paths = ("nimlab.research.octal:OctalValues",)
    example_position = (5, 7)

    @classmethod
    def from_options(cls, position_text: str | None = None, **options):
        return cls(options["code"])

    def __init__(self, code: str | tuple[int, ...] = "0.77"):
        self.digits = parse_code(code) if isinstance(code, str) else tuple(code)
        self.code = code_text(self.digits)

    def params(self) -> dict:
        return {"code": self.code}

    @property
    def hexadecimal(self) -> bool:
        return any(d & 8 for d in self.digits)

    def heap_moves(self, n: int) -> Iterator[tuple[int, ...]]:
        for k, d in enumerate(self.digits):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0 and k > 0:
                yield ()
            if d & 2 and rest >= 1 and k > 0:
                yield (rest,)
            if d & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    yield (a, rest - a)
            if d & 8 and rest >= 3:
                for a, b in combinations_with_replacement(range(1, rest), 2):
                    c = rest - a - b
                    if b <= c:
                        yield (a, b, c)

    def estimate_states(self, position) -> int:
        """An upper bound on the positions the generic solver stores below ``position``: the
        multisets of heaps of at most its tokens, ``p(0) + ... + p(S)`` (partitions of ``s``;
        counted exactly up to :data:`EXACT_TOKENS` tokens, past that bounded by
        ``(S + 1) e^(pi sqrt(2S/3))`` in bits)."""
        total = sum(position)
        if total <= EXACT_TOKENS:
            return sum(partition_counts(total))
        bits = int(math.pi * math.sqrt(2 * total / 3) / math.log(2)) + 1
        return (total + 1) << bits


#: Tokens up to which :meth:`OctalGame.estimate_states` counts partitions exactly.
EXACT_TOKENS = 2000


def partition_counts(top: int) -> list[int]:
    """``p(0), ..., p(top)``: the partitions of each number (Euler's recurrence by parts)."""
    counts = [1] + [0] * top
    for part in range(1, top + 1):
        for n in range(part, top + 1):
            counts[n] += counts[n - part]
    return counts

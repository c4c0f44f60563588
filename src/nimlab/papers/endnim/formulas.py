"""End-Nim's closed forms and definitions, coded from the statements of Cairns and Ho 2011.

The functions take a row as a sequence of piles, each an int or (elementwise, for a whole box of
rows at once) a NumPy array; arrays broadcast against each other and the ints.  Nothing here
registers a claim: :mod:`nimlab.strategy.endnim` and the prover import these freely.
"""

from __future__ import annotations

from functools import reduce
from operator import and_
from typing import Callable, Sequence

from nimlab.papers.vector import pick as _pick

VARIANTS = ("normal", "misere", "loop")
NAMES = {"normal": "End-Nim", "misere": "misere End-Nim", "loop": "Loop-End-Nim"}


def show(row: Sequence[int]) -> str:
    return "(" + ",".join(map(str, row)) + ")"


def oriented(row: Sequence[int]) -> tuple[int, ...]:
    """The row or its reverse, whichever has ``a_1 <= a_k``."""
    row = tuple(row)
    return row if row[0] <= row[-1] else row[::-1]


# ================================================================================ Section 2
def all_equal(values) -> bool:
    values = list(values)
    return reduce(and_, (x == values[0] for x in values[1:]), True)


def l_of(row: Sequence) -> int:
    """l(A): the largest i with a_1 = ... = a_{i-1} <= a_i (1-based)."""
    out = 1  # i = 1 always qualifies
    for i in range(2, len(row) + 1):
        out = _pick(all_equal(row[: i - 1]) & (row[i - 2] <= row[i - 1]), i, out)
    return out


def r_of(row: Sequence, variant: str = "normal") -> int:
    """r(A) of Section 2 (r_m for misere, r_o for loop): the largest j with
    a_{k-j+1} >= a_{k-j+2} = ... = a_k; 0 for a constant row (r_m: 1 for all ones, r_o: 1 for
    any constant row)."""
    k = len(row)
    out = 1  # j = 1 always qualifies
    for j in range(2, k + 1):
        out = _pick(all_equal(row[k - j + 1:]) & (row[k - j] >= row[k - j + 1]), j, out)
    constant = {"normal": 0, "misere": _pick(row[0] == 1, 1, 0), "loop": 1}[variant]
    return _pick(all_equal(row), constant, out)


def theorem2_p(row: Sequence, variant: str) -> bool:
    """Theorems 2.1 (normal), 2.2 (misere) and 2.3 (loop): whether the row is a P-position."""
    k = len(row)
    flip = row[0] > row[-1]
    a = [_pick(flip, row[k - 1 - i], row[i]) for i in range(k)]  # oriented: a_1 <= a_k
    l, r = l_of(a), r_of(a, variant)
    return ((a[0] == a[-1]) & ((l + r) % 2 == 0)) | \
        ((a[-1] == a[0] + 1) & (l % 2 == 1) & (r % 2 == 0))


def constant_p(row: Sequence[int], variant: str) -> bool:
    """Corollary 2.4 (a)-(c): constant rows (a_1 = ... = a_k) that are P-positions."""
    k, a = len(row), row[0]
    if variant == "normal":
        return k % 2 == 0
    if variant == "misere":
        return (k % 2 == 0 and a > 1) or (k % 2 == 1 and a == 1)
    return k % 2 == 1


# ================================================================================ Section 5
def p3(variant: str) -> Callable:
    """Section 5's description of the 3-pile P-positions (ints or arrays, elementwise)."""
    def rule(a1, a2, a3):
        symmetric = (a3 == a1) & (a2 != a1)
        if variant == "misere":
            return symmetric | ((a1 == 1) & (a2 == 1) & (a3 == 1))
        if variant == "loop":
            return symmetric | ((a1 == a2) & (a2 == a3))
        return symmetric
    return rule


def odd(n):
    return n % 2 == 1


def even(n):
    return n % 2 == 0


def exactly(*piles):
    """Whether the row is exactly ``piles`` (elementwise)."""
    return lambda *row: reduce(and_, (x == y for x, y in zip(row, piles)), True)


# Theorems 5.1-5.4: (variant, value, place, {item: condition on (a1, a2, a3) with a1 <= a3}).
# The conditions are written with & and | so that they apply to ints and elementwise to arrays.
THEOREMS5 = {
    "endnim.thm5.1": ("normal", 1, "Theorem 5.1", {
        "a": exactly(1, 1, 1),
        "b.i": lambda a1, a2, a3: (a3 == a1 + 1) & even(a1) & (a2 < a1),
        "b.ii": lambda a1, a2, a3: (a3 == a1 + 1) & odd(a1) & (a2 > a1) & (a2 != a1 + 2),
        "c": lambda a1, a2, a3: (a3 == a1 + 2) & odd(a1) & (a2 == a3)}),
    "endnim.thm5.2": ("misere", 1, "Theorem 5.2", {
        "a": exactly(1, 2, 2),
        "b": lambda a1, a2, a3: (a1 == a2) & (a2 == a3) & (a3 >= 3),
        "c.i": lambda a1, a2, a3: (a3 == a1 + 1) & even(a1) & (a2 == 1),
        "c.ii": lambda a1, a2, a3: (a3 == a1 + 1) & odd(a1) & (((2 <= a2) & (a2 < a1)) |
                                                             (a2 > a3))}),
    "endnim.thm5.3": ("loop", 1, "Theorem 5.3", {
        "a.i": lambda a1, a2, a3: (a3 == a1 + 1) & even(a1) & (a2 < a1),
        "a.ii": lambda a1, a2, a3: (a3 == a1 + 1) & odd(a1) & (a2 > a3),
        "b": lambda a1, a2, a3: (a3 == a1 + 2) & odd(a1) & (a2 == a1 + 1)}),
    "endnim.thm5.4": ("normal", 2, "Theorem 5.4", {
        "a": lambda a1, a2, a3: (a1 == a2) & (a2 == a3) & (a3 >= 2) &
        ((a1 % 4 == 1) | (a1 % 4 == 2)),
        "b.i": exactly(1, 1, 2),
        "b.ii": lambda a1, a2, a3: (a3 == a1 + 1) & (a1 % 4 == 2) & (a2 == a3),
        "b.iii": lambda a1, a2, a3: (a3 == a1 + 1) & odd(a1) & (a1 >= 7) & (5 <= a2) &
        (a2 <= a1 - 1) & ((a2 % 4 == 1) | (a2 % 4 == 2)) &
        ((a1 % 4 != 3) | (a2 != a1 - 2)),
        "c.i": lambda a1, a2, a3: (a3 == a1 + 2) & (a1 % 4 == 0) & (a2 <= a1 - 1) &
        ((a2 < 5) | (a2 % 4 == 0) | (a2 % 4 == 3)),
        "c.ii.I": exactly(1, 2, 3),
        "c.ii.II": lambda a1, a2, a3: (a3 == a1 + 2) & (a1 % 4 == 1) & (a2 >= a1 + 3),
        "c.ii.III": lambda a1, a2, a3: (a3 == a1 + 2) & (a1 % 4 == 1) & (a2 <= a1 - 1) &
        ((a2 < 5) | (a2 % 4 == 0) | (a2 % 4 == 3)),
        "c.iii": lambda a1, a2, a3: (a3 == a1 + 2) & (a1 % 4 == 2) &
        (((a2 == a1 - 1) & (a1 - 1 >= 5)) | ((a2 >= a1 + 2) & (a2 != a1 + 4))),
        "d": lambda a1, a2, a3: (a3 == a1 + 3) & (a1 % 4 == 2) & (a2 == a1 + 4)}),
}


def theorem5(cid: str) -> Callable[[tuple[int, int, int]], bool]:
    """Whether a 3-pile row meets one of the theorem's conditions (after orienting it)."""
    items = THEOREMS5[cid][3]
    return lambda r: any(cond(*oriented(r)) for cond in items.values())


# ================================================================================ Section 6
def one_position(row: Sequence[int]) -> bool:
    """Section 6's 1-positions: 2-pile rows of value 1 (x XOR y = 1) and Theorem 5.1's rows."""
    if len(row) == 2:
        return row[0] ^ row[1] == 1
    return len(row) == 3 and theorem5("endnim.thm5.1")(row)


def theorem_class(variant: str, row: tuple[int, int, int]) -> str:
    """What Sections 5-6 say a 3-pile row's value is: '0', '1', '2', '>2' (End-Nim, no condition
    met) or '' (no statement)."""
    if p3(variant)(*oriented(row)):
        return "0"
    if theorem5({"normal": "endnim.thm5.1", "misere": "endnim.thm5.2",
                 "loop": "endnim.thm5.3"}[variant])(row):
        return "1"
    if variant == "normal" and theorem5("endnim.thm5.4")(row):
        return "2"
    return "" if variant != "normal" else ">2"

"""The closed forms and definitions of "NIM with Cash", coded from the paper's statements.

Conventions (Def 2.1): the state ``(n; d1, d2)`` has Player I to move with ``d1`` dollars and
Player II with ``d2``; removing ``a`` stones costs ``a`` dollars; a player who cannot move loses.
``W(n)`` is the winner with unlimited funds and ``f(n)`` the least money with which ``W(n)`` still
wins against an opponent with unlimited funds (Def 7.1).

The predictions below take the stones ``n`` as an int and the budgets (``d1``, ``d2``, ``b``) as
ints or, elementwise for a whole grid of budgets at once, NumPy arrays; a prediction is ``"I"``,
``"II"``, or ``""`` where the statement says nothing.

Nothing here consults the game: the computed side is :mod:`nimlab.papers.cash.game`.  This module
registers nothing and imports nothing from :mod:`nimlab.claims`, so :mod:`nimlab.strategy.cash`
and the prover use it freely.
"""

from __future__ import annotations

from typing import Callable, Sequence

from nimlab.papers.vector import pick as _pick

#: The game of Section 6.
SEC6 = (1, 3, 4)
#: Def 6.1: ``f(7k + r) = 5k + DEF61_C[r]`` and ``W(7k + r) = DEF61_W[r]``
#: (transcribed in ``nimlab/data/cash/def6.1.json``; the tests compare the two).
DEF61_C = (0, 1, 1, 2, 4, 4, 5)
DEF61_W = ("II", "I", "II", "I", "I", "I", "I")



def who(one_wins: bool) -> str:
    """``"I"`` if Player I wins, else ``"II"``."""
    return "I" if one_wins else "II"


# ================================================================================ Section 4
def sec4_set(L: int) -> tuple[int, ...]:
    """The subtraction set ``{1, ..., L}`` of Section 4."""
    return tuple(range(1, L + 1))


def f_def41(L: int, n: int) -> int:
    """Def 4.1 as printed: ``f((L+1)k + i) = (L-1)k + i`` for ``0 <= i <= L``."""
    k, i = divmod(n, L + 1)
    return (L - 1) * k + i


def f_def41_corrected(L: int, n: int) -> int:
    """Def 4.1 corrected (what the game gives): ``f((L+1)k + i) = Lk + i``."""
    k, i = divmod(n, L + 1)
    return L * k + i


def w_def41(L: int, n: int) -> str:
    """Def 4.1's ``W(n)``: II iff ``(L+1) | n``."""
    return "II" if n % (L + 1) == 0 else "I"


def thm45_printed(n: int, d1, d2, f: int, L: int):
    """Theorem 4.5's winner as printed (item 1(b) says Player II)."""
    return _pick((d1 >= f) & (d2 >= f), "II",
                 _pick(d1 >= f, "I", _pick(d2 >= f, "II", _pick(d1 <= d2, "II", "I"))))


def thm45_corrected(n: int, d1, d2, f: int, L: int):
    """Theorem 4.5 with item 1(b) saying Player I (use with the corrected f)."""
    return _pick((d1 >= f) & (d2 >= f), w_def41(L, n), thm45_printed(n, d1, d2, f, L))


# ================================================================================ Section 6
def f_def61(n: int) -> int:
    """Def 6.1: ``f(7k + r) = 5k + c_r`` with ``c = (0, 1, 1, 2, 4, 4, 5)``."""
    return 5 * (n // 7) + DEF61_C[n % 7]


def w_def61(n: int) -> str:
    """Def 6.1's ``W(7k + r)``: II for r = 0, 2, else I."""
    return DEF61_W[n % 7]


def thm67_prediction(n: int, b):
    """Theorem 6.7 (= 6.10 item 5): the winner of (n; f(n)-b, f(n)-b-1)."""
    one = _pick((3 * n <= 14 * (b - 1) + 9) | (n % 7 in (0, 2, 5)), "I", "II")
    two = _pick((3 * n <= 14 * (b - 2) + 27) | (n % 7 in (1, 3, 4, 6)), "I", "II")
    return _pick(b % 3 == 0, "I", _pick(b % 3 == 1, one, two))


def thm69_prediction(n: int, b):
    """Theorem 6.9 (= 6.10 item 6) as printed: the winner of (n; f(n)-b, f(n)-b), or "" where
    the statement says nothing (for b = 0 (mod 3) the bounds 14(b-1)/3 + 11 and + 12 are not
    integers and leave one n between them)."""
    zero = _pick((3 * n <= 14 * (b - 1) + 33) | (n % 7 in (1, 3, 4, 6)), "I",
                 _pick(3 * n >= 14 * (b - 1) + 36, "II", ""))
    one = _pick((3 * n <= 14 * (b - 1) + 15) | (n % 7 in (0, 2, 5)), "I", "II")
    return _pick(b % 3 == 0, zero, _pick(b % 3 == 1, one, "II"))


def thm69_corrected(n: int, b):
    """Theorem 6.9 corrected from the data: with equal money the small cases go to Player II."""
    rich = "I" if n % 7 in (1, 3, 4, 5, 6) else "II"
    zero = _pick((3 * n >= 14 * (b - 3) + 33) & (n % 7 in (1, 3, 4, 6)), "I", "II")
    one = _pick((3 * n >= 14 * (b - 1) + 15) & (n % 7 in (0, 2, 5)), "I", "II")
    return _pick(b == 0, rich, _pick(b % 3 == 0, zero, _pick(b % 3 == 1, one, "II")))


def thm610(n: int, d1, d2, equal_money: Callable):
    """Theorem 6.10's winner, items tried in order (the first that applies decides); item 6
    (equal money, Theorem 6.9) is ``equal_money(n, b)``."""
    f = f_def61(n)
    rich = "I" if n % 7 in (1, 3, 4, 5, 6) else "II"
    poor = _pick(d2 < d1 - 1, "I", _pick(d1 < d2, "II", _pick(d1 == d2 + 1, thm67_prediction(
        n, f - d1), equal_money(n, f - d1))))
    return _pick((d1 >= f) & (d2 >= f), rich,
                 _pick((d2 < f) & (f <= d1), "I", _pick((d1 < f) & (f <= d2), "II", poor)))


def thm610_printed(n: int, d1, d2):
    """Theorem 6.10 as printed ("" where item 6(a) says nothing)."""
    return thm610(n, d1, d2, thm69_prediction)


def thm610_corrected(n: int, d1, d2):
    """Theorem 6.10 with items 6(a) and 6(b) corrected: a complete description."""
    return thm610(n, d1, d2, thm69_corrected)


# ================================================================================ Appendix
def appendix_program(subtraction_set: Sequence[int], n: int, winner: Callable[[int], str],
                     repaired: bool) -> list[int | None]:
    """The Appendix's program for f, run as printed or repaired; ``winner(i)`` is ``W(i)``.

    As printed, the branch that looks for a removal a_j leading to a Player-II position runs
    when W(i) = II (where no such removal exists), and the branch ``f(i) = x`` runs when
    W(i) = I, with ``x`` never set before (taken as 0 here); ``f(i)`` stays unset (None) where
    no branch assigns it.  Repaired: the two branches are exchanged, so a Player-I position takes
    the first removal to a Player-II position, ``f(i) = a_j + f(i - a_j)``, and a Player-II
    position inherits the last such value ``x``.
    """
    moves = sorted(subtraction_set)
    f: list[int | None] = [None] * (n + 1)
    x = 0
    for i in range(n + 1):
        if i < moves[0]:
            f[i] = 0
            continue
        search = winner(i) == ("I" if repaired else "II")
        if search:
            for a in moves:
                if a <= i and winner(i - a) == "II" and f[i - a] is not None:
                    f[i] = a + f[i - a]
                    x = f[i]
                    break
        else:
            f[i] = x
    return f

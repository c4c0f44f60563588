"""Wythoff's game by Wythoff's theorem (1907), in exact integer arithmetic.

With ``phi = (1 + sqrt 5) / 2`` the P-positions are the pairs ``(a_k, b_k)`` (either order) with
``a_k = floor(k phi)`` and ``b_k = a_k + k``, ``k = 0, 1, 2, ...``; the sequences ``a`` and ``b``
split the positive integers between them (Beatty's theorem).  ``floor(k phi)`` is computed as
``(k + isqrt(5 k^2)) // 2`` (``isqrt(5 k^2) = floor(k sqrt 5)`` and ``k`` is an integer), so
piles with hundreds of digits are exact and instant.

Winning move from an N-position ``a <= b``, ``k = b - a``: if ``a > a_k`` take ``a - a_k`` from
both piles, to ``(a_k, b_k)``; otherwise ``a`` is some ``a_j`` with ``j < k`` (then shorten ``b``
to ``a + j = b_j``) or some ``b_j`` (then shorten ``b`` to ``a_j``).
"""

from __future__ import annotations

from math import isqrt

from nimlab.games.base import Take
from nimlab.games.nim import TakeBoth, Wythoff
from nimlab.strategy.base import Strategy, Verdict

SOURCE = "Wythoff's theorem (golden-ratio pairs)"


def lower(k: int) -> int:
    """``a_k = floor(k phi)``."""
    return (k + isqrt(5 * k * k)) // 2


def is_p(a: int, b: int) -> bool:
    a, b = sorted((a, b))
    return lower(b - a) == a


def index_of(a: int) -> tuple[str, int]:
    """``("a", j)`` if ``a = a_j`` or ``("b", j)`` if ``a = b_j`` (``a >= 1``)."""
    guess = (isqrt(5 * a * a) - a) // 2  # about a / phi
    for j in range(max(guess - 2, 0), guess + 3):
        if lower(j) == a:
            return "a", j
    guess = (3 * a - isqrt(5 * a * a)) // 2  # about a / phi^2
    for j in range(max(guess - 2, 0), guess + 3):
        if lower(j) + j == a:
            return "b", j
    raise ArithmeticError(f"{a} is in neither Beatty sequence")  # pragma: no cover


class WythoffStrategy(Strategy):
    name = "Wythoff's theorem"

    def verdict(self, game: Wythoff, position) -> Verdict:
        x, y = position
        small, big = (0, 1) if x <= y else (1, 0)
        a, b = position[small], position[big]
        k = b - a
        ak = lower(k)
        if ak == a:
            return Verdict(True, f"({a}, {b}) is the Wythoff pair for k = {k}: a_k = floor(k phi) "
                           f"= {ak} and b_k = a_k + k = {b}, a P-position", SOURCE)
        if a > ak:
            move, why = TakeBoth(a - ak), (f"a = {a} exceeds a_k = {ak} for k = b - a = {k}: "
                                           f"take {a - ak} from both piles, to ({ak}, {ak + k})")
        elif a == 0:
            move, why = Take(big, b), f"one pile is empty: take all {b} from the other"
        else:
            kind, j = index_of(a)
            target = a + j if kind == "a" else lower(j)
            move = Take(big, b - target)
            why = (f"{a} = {kind}_{j}, so ({a}, {target}) is a Wythoff pair: take {b - target} "
                   f"from pile {big + 1}")
        return Verdict(False, f"({x}, {y}) is no Wythoff pair (a_{k} = {ak} != {a}); {why}",
                       SOURCE, move)

    def value_is_cheap(self, game: Wythoff, position) -> bool:
        return max(position) <= 60

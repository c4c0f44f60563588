"""Wythoff's game by Wythoff's theorem (1907), in exact integer arithmetic.

With ``phi = (1 + sqrt 5) / 2`` the P-positions are the pairs ``(a_k, b_k)`` (either order) with
``a_k = floor(k phi)`` and ``b_k = a_k + k``, ``k = 0, 1, 2, ...``; the sequences ``a`` and ``b``
split the positive integers between them (Beatty's theorem).  ``floor(k phi)`` is computed as
``(k + isqrt(5 k^2)) // 2`` (``isqrt(5 k^2) = floor(k sqrt 5)`` and ``k`` is an integer), so
piles with hundreds of digits are exact and instant.

Winning move from an N-position ``a <= b``, ``k = b - a``: if ``a > a_k`` take ``a - a_k`` from
both piles, to ``(a_k, b_k)``; otherwise ``a`` is some ``a_j`` with ``j < k`` (then shorten ``b``
to ``a + j = b_j``) or some ``b_j`` (then shorten ``b`` to ``a_j``).

**Fraenkel's a-Wythoff games** (``--a A``, :class:`AWythoffStrategy`; A. S. Fraenkel, "How to
beat your Wythoff games' opponent on three fronts", Amer. Math. Monthly 89, 1982): a two-pile
move takes ``x`` and ``y`` with ``|x - y| < A``.  The P-positions are ``(A_n, B_n)`` with
``A_n = mex{A_i, B_i : i < n}`` and ``B_n = A_n + A n``; they are the Beatty pairs
``A_n = floor(n alpha)``, ``B_n = floor(n beta)`` of ``alpha = (2 - A + sqrt(A^2 + 4)) / 2``
and ``beta = alpha + A`` (``alpha^2 = (2 - A) alpha + A``, so ``1/alpha + 1/beta = 1``).
``A^2 + 4`` is no square for ``A >= 1``, so ``floor(n alpha) = (n (2 - A) + isqrt(n^2 (A^2 +
4))) // 2`` exactly.  The tests check both descriptions against a plain brute force.

Winning move from an N-position ``x <= y``, ``d = y - x``, ``m = d // A``: if ``x > A_m``, take
``x - A_m`` from the smaller pile and ``y - B_m`` from the larger (they differ by ``d - A m <
A``), to ``(A_m, B_m)``; otherwise ``x = A_j`` (then ``y > B_j``: shorten ``y`` to ``B_j``) or
``x = B_j`` (shorten ``y`` to ``A_j``).  For ``A = 1`` this is Wythoff's rule above.
"""

from __future__ import annotations

from math import isqrt

from nimlab.games.base import Take
from nimlab.games.nim import TakeBoth, Wythoff, two_pile_move
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

    def applies(self, game: Wythoff, position) -> bool:
        return getattr(game, "a", 1) == 1  # Wythoff's own rules only (never an a-Wythoff game)

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


# ------------------------------------------------------------------ Fraenkel's a-Wythoff games
FRAENKEL = "Fraenkel's a-Wythoff pairs (Amer. Math. Monthly 89, 1982)"


def a_lower(n: int, a: int) -> int:
    """``A_n = floor(n alpha)`` of the a-Wythoff game, ``alpha = (2 - a + sqrt(a^2 + 4)) / 2``."""
    return (n * (2 - a) + isqrt(n * n * (a * a + 4))) // 2


def a_is_p(x: int, y: int, a: int) -> bool:
    """Whether ``(x, y)`` is a P-position of the a-Wythoff game."""
    x, y = sorted((x, y))
    n, rest = divmod(y - x, a)
    return rest == 0 and a_lower(n, a) == x


def a_index_of(x: int, a: int) -> tuple[str, int]:
    """``("a", j)`` if ``x = A_j`` or ``("b", j)`` if ``x = B_j = A_j + a j`` (``x >= 1``): the
    two Beatty sequences split the positive integers."""
    root = isqrt(x * x * (a * a + 4))  # about x sqrt(a^2 + 4)
    guess = (x * (a - 2) + root) // (2 * a)  # about x / alpha = x (alpha + a - 2) / a
    for j in range(max(guess - 2, 0), guess + 3):
        if a_lower(j, a) == x:
            return "a", j
    guess = x - guess - 1  # about x / beta = x - x / alpha
    for j in range(max(guess - 3, 0), guess + 4):
        if a_lower(j, a) + a * j == x:
            return "b", j
    raise ArithmeticError(f"{x} is in neither Beatty sequence for a = {a}")  # pragma: no cover


class AWythoffStrategy(Strategy):
    """Fraenkel's pairs for the a-Wythoff game of any ``a`` (declared by the games with
    ``a >= 2``; Wythoff's game keeps :class:`WythoffStrategy`)."""

    name = "Fraenkel's a-Wythoff pairs"

    def applies(self, game: Wythoff, position) -> bool:
        return isinstance(game, Wythoff) and len(position) == 2

    def verdict(self, game: Wythoff, position) -> Verdict:
        a = game.a
        x, y = position
        small, big = (0, 1) if x <= y else (1, 0)
        lo, hi = position[small], position[big]
        d = hi - lo
        m = d // a
        am, bm = a_lower(m, a), a_lower(m, a) + a * m
        pair = f"(A_{m}, B_{m}) = ({am}, {bm})"
        if am == lo and bm == hi:
            return Verdict(True, f"({lo}, {hi}) is the a-Wythoff pair {pair} for a = {a}: "
                           f"A_n = floor(n alpha), B_n = A_n + {a} n, a P-position", FRAENKEL)
        if lo > am:
            s, t = lo - am, hi - bm
            take = {small: s, big: t}
            move = two_pile_move(take[0], take[1])
            why = (f"m = (y - x) // {a} = {m} for the smaller pile x = {lo} and the larger "
                   f"y = {hi}, and x exceeds A_{m} = {am}: take {s} from the smaller pile and "
                   f"{t} from the larger ({abs(t - s)} < {a} apart), to {pair}")
        elif lo == 0:
            move, why = Take(big, hi), f"one pile is empty: take all {hi} from the other"
        else:
            kind, j = a_index_of(lo, a)
            target = lo + a * j if kind == "a" else a_lower(j, a)
            move = Take(big, hi - target)
            name = "A" if kind == "a" else "B"
            why = (f"{lo} = {name}_{j}, so ({lo}, {target}) is an a-Wythoff pair: take "
                   f"{hi - target} from pile {big + 1}")
        return Verdict(False, f"({x}, {y}) is no a-Wythoff pair for a = {a} (A_n = floor(n "
                       f"alpha), B_n = A_n + {a} n; the pair of difference {a} m at most "
                       f"{d} is {pair}); {why}", FRAENKEL, move)

    def value_is_cheap(self, game: Wythoff, position) -> bool:
        return max(position) <= 60

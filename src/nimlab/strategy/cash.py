"""NIM with cash by the closed forms of Gasarch and Purtilo (nim-with-cash.txt) that check out.

A position is ``(n; d1, d2)`` seen from the player to move (Player I, with ``d1`` dollars), so
"Player I wins" means an N-position.  nimlab checked every statement below against a plain
game-tree search over whole boxes (``tests/test_strategy.py``) and uses only what holds:

* **Theorem 3.1** (any set with smallest element 1; the *miserly* strategy): Player I wins when
  ``n >= 1``, ``d1 >= floor(n/2)`` and ``d2 <= floor(n/2) - 1``, by removing one stone; Player II
  wins when ``d1 <= floor(n/2) <= d2``.
* **Theorem 4.5** for NIM(1, ..., L), ``L >= 2``, with ``f((L+1)k + i) = (L-1)k + i``:
  items 2, 3 and 4 hold (one player below ``f(n)`` and one not: the richer wins; both below:
  Player I wins iff ``d1 > d2``).  **Item 1 is false**: with both players at ``f(n)`` or more the
  unlimited-funds winner can still lose (e.g. NIM(1,2) at ``(4; 2, 2)`` Player II wins, though
  ``4 = 1 mod 3``; item 1(b) also misprints "Player II" for Player I).  nimlab does not use it.
* **Theorem 6.10** for NIM(1, 3, 4), with ``f`` of Def 6.1: items 1, 2, 3 and 5 hold; item 4
  holds only with the bound of Theorem 6.3 (``d1 < d2`` *and* ``d1 < f(n)``; as printed, without
  ``f(n)``, it is false: e.g. ``(1; 1, 2)`` is won by Player I); **item 6 is false** (e.g.
  ``(2; 1, 1)``, ``b = 0``, is won by Player II, not Player I) and is not used.

Positions no checked statement covers (among them ``d1 = d2 < f(n)`` for NIM(1,3,4)) go to the
solver, and so do the positions a winning move is looked for among when the closed forms do not
classify them.
"""

from __future__ import annotations

from fractions import Fraction

from nimlab.games.base import Take
from nimlab.games.subtraction import CashNim
from nimlab.strategy.base import Strategy, Verdict

PAPER = "nim-with-cash.txt"
F134 = (0, 1, 1, 2, 4, 4, 5)


def f_one_to_l(n: int, top: int) -> int:
    """``f(n)`` of Def 4.1 for NIM(1, ..., L)."""
    k, i = divmod(n, top + 1)
    return (top - 1) * k + i


def f_134(n: int) -> int:
    """``f(n)`` of Def 6.1 for NIM(1, 3, 4)."""
    k, i = divmod(n, 7)
    return 5 * k + F134[i]


def miserly(n: int, d1: int, d2: int) -> Verdict | None:
    """Theorem 3.1 (needs 1 in the set as its smallest element)."""
    half = n // 2
    source = f"Theorem 3.1 ({PAPER})"
    if n >= 1 and d1 >= half and d2 <= half - 1:
        return Verdict(False, f"Player I has {d1} >= floor(n/2) = {half} dollars and Player II "
                       f"only {d2} <= {half - 1}: Player I wins by the miserly strategy, always "
                       "removing one stone (Theorem 3.1(1))", source, Take(None, 1, "stones"))
    if d1 <= half <= d2:
        return Verdict(True, f"Player I has {d1} <= floor(n/2) = {half} <= {d2} dollars of "
                       "Player II: Player II wins by the miserly strategy, answering every move "
                       "with one stone (Theorem 3.1(2))", source)
    return None


def one_to_l(n: int, d1: int, d2: int, top: int) -> Verdict | None:
    """Theorem 4.5, items 2-4 (item 1 is false and not used)."""
    f = f_one_to_l(n, top)
    source = f"Theorem 4.5 ({PAPER})"
    intro = f"for NIM(1..{top}) f({n}) = {f}: "
    if d1 >= f > d2:
        return Verdict(False, intro + f"Player I has {d1} >= f(n) and Player II {d2} < f(n), so "
                       "Player I wins (Theorem 4.5(2))", source)
    if d2 >= f > d1:
        return Verdict(True, intro + f"Player II has {d2} >= f(n) and Player I {d1} < f(n), so "
                       "Player II wins (Theorem 4.5(3))", source)
    if d1 < f and d2 < f:
        if d1 > d2:
            return Verdict(False, intro + f"both are below f(n) and Player I is richer ({d1} > "
                           f"{d2}), so Player I wins (Theorem 4.5(4b))", source)
        return Verdict(True, intro + f"both are below f(n) and Player I is not richer ({d1} <= "
                       f"{d2}), so Player II wins (Theorem 4.5(4a))", source)
    return None


def one_three_four(n: int, d1: int, d2: int) -> Verdict | None:
    """Theorem 6.10, items 1-5 (item 4 with the bound of Theorem 6.3; item 6 is false)."""
    f = f_134(n)
    source = f"Theorem 6.10 ({PAPER})"
    intro = f"for NIM(1,3,4) f({n}) = {f}: "
    if d1 >= f and d2 >= f:
        wins = n % 7 in (1, 3, 4, 5, 6)
        return Verdict(not wins, intro + f"both players have at least f(n) and n = {n} = "
                       f"{n % 7} mod 7, so Player {'I' if wins else 'II'} wins "
                       "(Theorem 6.10(1))", source)
    if d2 < f <= d1:
        return Verdict(False, intro + f"only Player I has f(n) dollars ({d1}), so Player I wins "
                       "(Theorem 6.10(2))", source)
    if d1 < f <= d2:
        return Verdict(True, intro + f"only Player II has f(n) dollars ({d2}), so Player II wins "
                       "(Theorem 6.10(2))", source)
    if d2 < d1 - 1 and d2 < f:
        return Verdict(False, intro + f"Player II has {d2}, less than both d1 - 1 = {d1 - 1} and "
                       "f(n), so Player I wins (Theorem 6.10(3))", source)
    if d1 < d2 and d1 < f:
        return Verdict(True, intro + f"Player I has {d1}, less than both d2 = {d2} and f(n), so "
                       "Player II wins (Theorem 6.10(4), with the bound of Theorem 6.3)", source)
    b = f - d1
    if d2 == d1 - 1 and b >= 0:
        wins = item5_player_one_wins(n, b)
        return Verdict(not wins, intro + f"the state is (n, f(n) - b, f(n) - b - 1) with b = {b} "
                       f"= {b % 3} mod 3 and n = {n % 7} mod 7, so Player "
                       f"{'I' if wins else 'II'} wins (Theorem 6.10(5))", source)
    return None


def item5_player_one_wins(n: int, b: int) -> bool:
    """Theorem 6.10(5): who wins ``(n, f(n) - b, f(n) - b - 1)``."""
    if b % 3 == 0:
        return True
    if b % 3 == 1:
        return n <= Fraction(14 * (b - 1), 3) + 3 or n % 7 in (0, 2, 5)
    return n <= Fraction(14 * (b - 2), 3) + 9 or n % 7 in (1, 3, 4, 6)


class CashStrategy(Strategy):
    name = "cash closed forms"

    def verdict(self, game: CashNim, position) -> Verdict | None:
        n, d1, d2 = position
        found = None
        if game.set == (1, 3, 4):
            found = one_three_four(n, d1, d2)
        elif len(game.set) >= 2 and game.set == tuple(range(1, len(game.set) + 1)):
            found = one_to_l(n, d1, d2, len(game.set))
        if found is None and game.set[0] == 1:
            found = miserly(n, d1, d2)
        return found

    def value_is_cheap(self, game: CashNim, position) -> bool:
        return position[0] <= 60

"""NIM with cash by the closed forms of Gasarch and Purtilo 2015 that check out.

A position is ``(n; d1, d2)`` seen from the player to move (Player I, with ``d1`` dollars), so
"Player I wins" means an N-position.  Every statement below was checked against a plain
game-tree search over whole boxes (``tests/test_strategy.py``; the claims themselves are pinned
in :mod:`nimlab.papers.cash`, whose formulas this module reuses):

* **Theorem 3.1** (any set whose smallest element is 1; the *miserly* strategy): Player I wins
  when ``n >= 1``, ``d1 >= floor(n/2)`` and ``d2 <= floor(n/2) - 1``, by removing one stone;
  Player II wins when ``d1 <= floor(n/2) <= d2``.
* **Theorem 4.5** for NIM(1, ..., L), ``L >= 2``, with ``f`` of Def 4.1: items 2, 3 and 4 hold
  (one player below ``f(n)`` and one not: the one at ``f(n)`` or more wins; both below: Player I
  wins iff ``d1 > d2``).  **Item 1 is false** as printed: with both players at ``f(n)`` or more
  the unlimited-funds winner can still lose (NIM(1,2) at ``(4; 2, 2)``: ``4 = 1 mod 3`` and
  ``f(4) = 2``, yet Player II wins; item 1(b) also misprints "Player II" for Player I).  There the
  hint uses nimlab's correction (``f((L+1)k + i) = Lk + i`` and Player I in item 1(b)), and says
  so.
* **Theorem 6.10** for NIM(1, 3, 4), with ``f`` of Def 6.1: items 1, 2, 3 and 5 and 6(c) hold;
  item 4 holds only with the bound of Theorem 6.3 (``d1 < d2`` *and* ``d1 < f(n)``: as printed it
  is false, e.g. Player I wins ``(1; 1, 2)``); **items 6(a) and 6(b) are false** (e.g.
  ``(2; 1, 1)``, ``b = 0``, is won by Player II, not Player I).  For them the hint uses nimlab's
  corrected Theorem 6.9 (:func:`nimlab.papers.cash.formulas.thm69_corrected`) and says so.

Other sets are left to the solver, and so are positions no statement covers.
"""

from __future__ import annotations

from nimlab.games.base import Take
from nimlab.games.subtraction import CashNim
from nimlab.strategy.base import Strategy, Verdict
from nimlab.papers.cash.formulas import (f_def41, f_def41_corrected, f_def61, thm45_corrected,
                                         thm45_printed, thm67_prediction, thm69_corrected)
from nimlab.references import cite

PAPER = cite("cash")
CORRECTED = "nimlab's correction of"


def _winner(player_one: bool, intro: str, why: str, source: str,
            move: Take | None = None) -> Verdict:
    who = "Player I (to move)" if player_one else "Player II"
    return Verdict(not player_one, f"{intro}{why}, so {who} wins", source, move)


def miserly(n: int, d1: int, d2: int) -> Verdict | None:
    """Theorem 3.1 (needs 1 as the smallest element of the set)."""
    half = n // 2
    source = f"Theorem 3.1 ({PAPER})"
    if n >= 1 and d1 >= half and d2 <= half - 1:
        return _winner(True, "", f"Player I has {d1} >= floor(n/2) = {half} dollars and Player II "
                       f"{d2} <= {half - 1}: the miserly strategy, one stone at a time, wins "
                       "(Theorem 3.1(1))", source, Take(None, 1, "stones"))
    if d1 <= half <= d2:
        return _winner(False, "", f"Player I has {d1} <= floor(n/2) = {half} <= {d2}, the money "
                       "of Player II, who answers every move with one stone (Theorem 3.1(2))",
                       source)
    return None


def one_to_l(n: int, d1: int, d2: int, top: int) -> Verdict:
    """Theorem 4.5: items 2-4 as printed; item 1 only as corrected."""
    f = f_def41(top, n)
    if not (d1 >= f and d2 >= f):
        winner = thm45_printed(n, d1, d2, f, top)
        item = ("2" if d1 >= f else "3" if d2 >= f else "4(a)" if d1 <= d2 else "4(b)")
        return _winner(winner == "I", f"for NIM(1..{top}) f({n}) = {f} (Def 4.1): ",
                       f"the budgets {d1}, {d2} fall under item {item}",
                       f"Theorem 4.5({item}) ({PAPER})")
    g = f_def41_corrected(top, n)
    winner = thm45_corrected(n, d1, d2, g, top)
    return _winner(winner == "I", f"both players have f({n}) = {f} or more, where Theorem 4.5(1) "
                   f"is false; with the corrected f({n}) = {g}: ",
                   f"the budgets {d1}, {d2} decide it", f"{CORRECTED} Theorem 4.5 ({PAPER})")


def one_three_four(n: int, d1: int, d2: int) -> Verdict:
    """Theorem 6.10: items 1-3, 4 (with Theorem 6.3's bound), 5 and 6(c); 6(a, b) corrected."""
    f = f_def61(n)
    intro = f"for NIM(1,3,4) f({n}) = {f} (Def 6.1): "
    source = f"Theorem 6.10 ({PAPER})"
    if d1 >= f and d2 >= f:
        return _winner(n % 7 in (1, 3, 4, 5, 6), intro, f"both have f(n) or more and n = {n % 7} "
                       "mod 7 (item 1)", source)
    if (d1 >= f) != (d2 >= f):
        return _winner(d1 >= f, intro, "only one player has f(n) or more (item 2)", source)
    if d2 < d1 - 1:
        return _winner(True, intro, f"d2 = {d2} < d1 - 1 and d2 < f(n) (item 3)", source)
    if d1 < d2:
        return _winner(False, intro, f"d1 = {d1} < d2 and d1 < f(n) (item 4, with the bound of "
                       "Theorem 6.3)", source)
    b = f - d1
    if d2 == d1 - 1:
        return _winner(thm67_prediction(n, b) == "I", intro, f"the state is (n, f(n) - b, "
                       f"f(n) - b - 1) with b = {b} (item 5)", source)
    if b % 3 == 2:
        return _winner(False, intro, f"equal budgets f(n) - b with b = {b} = 2 mod 3 (item 6(c))",
                       source)
    return _winner(thm69_corrected(n, b) == "I", intro, f"equal budgets f(n) - b with b = {b}, "
                   "where items 6(a) and 6(b) are false; by the corrected Theorem 6.9",
                   f"{CORRECTED} Theorem 6.10(6) ({PAPER})")


class CashStrategy(Strategy):
    name = "cash closed forms"

    def verdict(self, game: CashNim, position) -> Verdict | None:
        n, d1, d2 = position
        if game.set[0] == 1:
            found = miserly(n, d1, d2)
            if found is not None:
                return found
        if game.set == (1, 3, 4):
            return one_three_four(n, d1, d2)
        if len(game.set) >= 2 and game.set == tuple(range(1, len(game.set) + 1)):
            return one_to_l(n, d1, d2, len(game.set))
        return None

    def value_is_cheap(self, game: CashNim, position) -> bool:
        return position[0] <= 60

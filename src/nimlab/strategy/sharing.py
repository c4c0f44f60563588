"""Three-pile Sharing Nim by the closed form of N. B. Ho (Ho 2015, Theorem 2, Remarks 4-6).

Theorem 2 (with Lemma 1, which lets every pile shift by the same amount): a position is a
P-position iff all three piles are equal, or two piles are equal and the third differs from them
by ``d = 2^(2k) (2l + 1)`` -- a number whose power of 2 is even (above or below the pair: the
two forms are symmetric by Theorem 1).

Theorem 4 (any size): the 1-positions are, up to a shift, (0, 0, 4k+2), (0, 4k+2, 4k+2),
(0, 2, 4k+1) (k >= 1, and (0, 1, 2)) and (0, 4l-1, 4l+1); the hint reports value 1 there.

Remark 5: from an N-position a winning move makes two piles equal.  A move changes exactly two
piles, so it makes two piles equal in one of three ways: source and target meet in the middle,
the source comes down to the third pile, or the target comes up to it (nimlab's corrected
reading of Remark 5: :func:`nimlab.papers.sharing.formulas.levelling_moves`).  The hint tries
those few moves with Remark 4's test (:func:`nimlab.papers.sharing.formulas.p_test`, three equal
piles accepted) and keeps the first that lands on a P-position.  Everything is integer
arithmetic on the pile sizes (no search, no float), so piles with hundreds of digits are instant.
"""

from __future__ import annotations

from typing import Sequence

from nimlab.games.sharing import Share, SharingNim
from nimlab.strategy.base import Strategy, Verdict
from nimlab.papers.sharing.formulas import in_b, levelling_moves, normal, p_test
from nimlab.references import cite

SOURCE = f"Theorem 2 ({cite('sharing')})"
ONE_SOURCE = f"Theorems 2 and 4 ({cite('sharing')})"


def two_adic(d: int) -> tuple[int, int]:
    """``(e, m)`` with ``d = 2^e * m`` and ``m`` odd (``d > 0``)."""
    e = (d & -d).bit_length() - 1
    return e, d >> e


def factor_text(d: int) -> str:
    """``d`` written as a power of 2 times an odd number, e.g. ``12 = 4 x 3``."""
    e, m = two_adic(d)
    power = str(2 ** e) if e <= 16 else f"2^{e}"
    return f"{d} = {power} x {m}"


def _pile_names(indices: Sequence[int]) -> str:
    return " and ".join(str(i + 1) for i in indices)


def explain(piles: Sequence[int]) -> tuple[bool, str]:
    """Theorem 2's verdict on ``piles`` (Remark 4's test, with three equal piles accepted) and
    the reason in words."""
    p = p_test(piles, all_equal=True)
    a, b, c = sorted(piles)
    if a == c:
        return p, f"all three piles are equal ({a}), so no move is left"
    if a != b and b != c:
        return p, "no two piles are equal, so it is not of the form of Theorem 2"
    pair_value = a if a == b else c
    pair = [i for i, x in enumerate(piles) if x == pair_value]
    odd = [i for i, x in enumerate(piles) if x != pair_value][0]
    d = c - a
    where = "exceeds" if piles[odd] > pair_value else "falls short of"
    e = two_adic(d)[0]
    text = (f"piles {_pile_names(pair)} are equal ({pair_value}) and pile {odd + 1} {where} them "
            f"by {factor_text(d)}, with an {'even' if p else 'odd'} power of 2 (2^{e})")
    return p, text


class SharingStrategy(Strategy):
    name = "sharing closed form"

    def applies(self, game: SharingNim, position) -> bool:
        return len(position) == 3

    def verdict(self, game: SharingNim, position) -> Verdict | None:
        if len(position) != 3:
            return None
        p, why = explain(position)
        if p:
            return Verdict(True, f"({game.format(position)}) is a P-position by Theorem 2: {why}",
                           SOURCE)
        return Verdict(False, f"({game.format(position)}) is not a P-position: {why}", SOURCE)

    def candidates(self, game: SharingNim, position) -> list[Share]:
        return levelling_moves(position)

    def closed_value(self, game: SharingNim, position) -> int | None:
        """Theorem 4: the 1-positions (any size); other N-positions have no closed value."""
        if len(position) == 3 and in_b(*normal(position)):
            return 1
        return None

    def answer(self, game: SharingNim, position):
        found = super().answer(game, position)
        if found is not None and found.value == 1:
            from dataclasses import replace

            found = replace(found, source=ONE_SOURCE,
                            reason=f"{found.reason}; by Theorem 4 it is a 1-position")
        return found

    def value_is_cheap(self, game: SharingNim, position) -> bool:
        return max(position) - min(position) <= 120

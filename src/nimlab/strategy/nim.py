"""Nim by Bouton's rule: a position is a P-position iff the nim-sum (XOR) of the piles is 0.

From an N-position with nim-sum ``s`` a pile ``p`` with ``p XOR s < p`` exists (the pile holding
the highest bit of ``s``); reducing it to ``p XOR s`` makes the nim-sum 0.  Integer arithmetic
only, so huge piles are instant.
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from nimlab.games.base import Take
from nimlab.games.nim import Nim
from nimlab.strategy.base import Strategy, Verdict

SOURCE = "Bouton's theorem (nim-sum)"


class NimStrategy(Strategy):
    name = "nim-sum rule"

    def verdict(self, game: Nim, position) -> Verdict | None:
        s = reduce(xor, position, 0)
        xor_text = " XOR ".join(map(str, position))
        if s == 0:
            return Verdict(True, f"the nim-sum {xor_text} is 0, so it is a P-position by "
                           "Bouton's theorem", SOURCE)
        pile = next(i for i, p in enumerate(position) if p ^ s < p)
        keep = position[pile] ^ s
        return Verdict(False, f"the nim-sum {xor_text} is {s}, not 0; pile {pile + 1} drops "
                       f"to {position[pile]} XOR {s} = {keep}, making the nim-sum 0", SOURCE,
                       Take(pile, position[pile] - keep))

    def closed_value(self, game: Nim, position) -> int:
        return reduce(xor, position, 0)

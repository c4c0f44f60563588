"""End-Nim, misere End-Nim and Loop-End-Nim by the closed form of Cairns and Ho 2011.

For a row ``A = (a_1, ..., a_k)`` oriented so that ``a_1 <= a_k``:

* ``l(A)`` is the largest ``i`` with ``a_1 = ... = a_{i-1} <= a_i``;
* ``r(A)`` is the largest ``j`` with ``a_{k-j+1} >= a_{k-j+2} = ... = a_k``, and 0 when all
  piles are equal; misere play uses ``r_m`` (1 instead of 0 when every pile holds one coin) and
  Loop-End-Nim uses ``r_o`` (1 instead of 0 when all piles are equal).

Theorems 2.1 (normal), 2.2 (misere) and 2.3 (Loop): ``A`` is a P-position iff
(a) ``a_1 = a_k`` and ``l + r`` is even, or (b) ``a_k = a_1 + 1``, ``l`` odd and ``r`` even,
with ``r`` replaced by ``r_m`` or ``r_o``.  The test suite checks the three theorems against a
plain brute force over whole boxes of rows before the hints rely on them.

The functions ``l``, ``r``, ``r_m``, ``r_o`` and the theorems' condition are those of
:mod:`nimlab.papers.endnim.formulas` (which the claims check); this module adds the words and the
move search.  A winning move is found by testing end-pile moves against the closed form, each
test a pass or two over the row.  Not all ``2 (a_1 + a_k)`` moves need testing: in every
P-position of the three theorems the end piles differ by at most 1 (or the game is over), and a
move changes one end pile only, so a winning move leaves that end pile empty or within 1 of the
other end pile -- at most four sizes per side, which keeps huge piles instant.  (For a single
pile the sizes tried are 0 and 1.)
"""

from __future__ import annotations

from typing import Iterator, Sequence

from nimlab.games.endnim import EndNim, EndTake
from nimlab.strategy.base import Strategy, Verdict
from nimlab.papers.endnim.formulas import l_of, oriented, r_of, theorem2_p
from nimlab.references import cite

THEOREM = {"normal": "Theorem 2.1", "misere": "Theorem 2.2", "loop": "Theorem 2.3"}
R_NAME = {"normal": "r", "misere": "r_m", "loop": "r_o"}


def _verdict_parts(row: Sequence[int], variant: str) -> tuple[bool, str]:
    """The verdict of :func:`nimlab.papers.endnim.formulas.theorem2_p` and the facts behind it."""
    p = theorem2_p(row, variant)
    a = oriented(row)
    l, r = l_of(a), r_of(a, variant)
    rn = R_NAME[variant]
    first, last = a[0], a[-1]
    facts = f"l(A) = {l}, {rn}(A) = {r}"
    if first == last:
        parity = "even" if p else "odd"
        return p, f"a_1 = a_k = {first} and l + {rn} = {l + r} is {parity} ({facts})"
    if last == first + 1:
        if p:
            return p, f"a_k = a_1 + 1 = {last}, l = {l} is odd and {rn} = {r} is even"
        return p, f"a_k = a_1 + 1 = {last} but not (l odd and {rn} even): {facts}"
    return p, f"the end piles {first} and {last} differ by {last - first} > 1"


class EndNimStrategy(Strategy):
    name = "end-nim closed form"

    def verdict(self, game: EndNim, position) -> Verdict | None:
        theorem = THEOREM[game.variant]
        if game.primitive(position):
            return Verdict(True, "the game is over: the player to move has lost",
                           cite("end-nim", "Section 1, rules"))
        if not position:  # pragma: no cover - an empty row is primitive in every variant
            return None
        p, why = _verdict_parts(position, game.variant)
        row = ",".join(map(str, oriented(position)))
        if p:
            return Verdict(True, f"the row {row} is a P-position by {theorem}"
                           f"({'a' if why.startswith('a_1 = a_k') else 'b'}): {why}", theorem)
        return Verdict(False, f"the row {row} is not a P-position by {theorem}: {why}", theorem)

    def candidates(self, game: EndNim, position) -> Iterator[EndTake]:
        """Moves leaving the played end pile empty or within 1 of the other end pile."""
        sides = [("left", position[0], position[-1])]
        if len(position) > 1:
            sides.append(("right", position[-1], position[0]))
        for side, size, other in sides:
            keeps = {0, 1} if len(position) == 1 else {0, other - 1, other, other + 1}
            for keep in sorted(k for k in keeps if 0 <= k < size):
                move = EndTake(side, size - keep)
                if not (game.misere and game.primitive(game.do_move(position, move))):
                    yield move

    def value_is_cheap(self, game: EndNim, position) -> bool:
        return len(position) <= 12 and sum(position) <= 60

"""End-Nim, misere End-Nim and Loop-End-Nim by the closed form of Cairns and Ho (end-nim.txt).

For a row ``A = (a_1, ..., a_k)`` oriented so that ``a_1 <= a_k``:

* ``l(A)`` is the largest ``i`` with ``a_1 = ... = a_{i-1} <= a_i``;
* ``r(A)`` is the largest ``j`` with ``a_{k-j+1} >= a_{k-j+2} = ... = a_k``, and 0 when all
  piles are equal; misere play uses ``r_m`` (1 instead of 0 when every pile holds one coin) and
  Loop-End-Nim uses ``r_o`` (1 instead of 0 when all piles are equal).

Theorems 2.1 (normal), 2.2 (misere) and 2.3 (Loop): ``A`` is a P-position iff
(a) ``a_1 = a_k`` and ``l + r`` is even, or (b) ``a_k = a_1 + 1``, ``l`` odd and ``r`` even,
with ``r`` replaced by ``r_m`` or ``r_o``.  The test suite checks the three theorems against a
plain brute force over whole boxes of rows before the hints rely on them.

A winning move is found by testing end-pile moves against the closed form, each test linear in
the number of piles.  Not all ``a_1 + a_k`` moves need testing: in every P-position of the three
theorems the end piles differ by at most 1 (or the game is over), and a move changes one end
pile only, so a winning move leaves that end pile empty or within 1 of the other end pile -- at
most four sizes per side, which keeps huge piles instant.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from nimlab.games.endnim import EndNim, EndTake
from nimlab.strategy.base import Strategy, Verdict

THEOREM = {"normal": "Theorem 2.1", "misere": "Theorem 2.2", "loop": "Theorem 2.3"}
R_NAME = {"normal": "r", "misere": "r_m", "loop": "r_o"}


def l_index(row: Sequence[int]) -> int:
    """``l(A)``: the largest ``i`` with ``a_1 = ... = a_{i-1} <= a_i`` (1-based)."""
    k = len(row)
    run = 1
    while run < k and row[run] == row[0]:
        run += 1
    if run == k:
        return k
    return run + 1 if row[run] > row[0] else run


def r_index(row: Sequence[int], variant: str = "normal") -> int:
    """``r(A)``, or ``r_m(A)`` / ``r_o(A)`` for the misere / Loop variants."""
    k = len(row)
    run = 1
    while run < k and row[k - 1 - run] == row[-1]:
        run += 1
    if run == k:  # all piles equal
        if variant == "loop" or (variant == "misere" and row[0] == 1):
            return 1
        return 0
    return run + 1 if row[k - 1 - run] > row[-1] else run


def oriented(row: Sequence[int]) -> tuple[int, ...]:
    """The row or its reverse, whichever has ``a_1 <= a_k``."""
    row = tuple(row)
    return row if row[0] <= row[-1] else row[::-1]


def end_nim_is_p(row: Sequence[int], variant: str) -> bool:
    """The closed form of Theorems 2.1-2.3 (rows of at least one pile)."""
    return _verdict_parts(row, variant)[0]


def _verdict_parts(row: Sequence[int], variant: str) -> tuple[bool, str]:
    a = oriented(row)
    l, r = l_index(a), r_index(a, variant)
    rn = R_NAME[variant]
    first, last = a[0], a[-1]
    facts = f"l(A) = {l}, {rn}(A) = {r}"
    if first == last:
        if (l + r) % 2 == 0:
            return True, f"a_1 = a_k = {first} and l + {rn} = {l + r} is even ({facts})"
        return False, f"a_1 = a_k = {first} but l + {rn} = {l + r} is odd ({facts})"
    if last == first + 1:
        if l % 2 == 1 and r % 2 == 0:
            return True, f"a_k = a_1 + 1 = {last}, l = {l} is odd and {rn} = {r} is even"
        return False, (f"a_k = a_1 + 1 = {last} but not (l odd and {rn} even): {facts}")
    return False, f"the end piles {first} and {last} differ by {last - first} > 1"


class EndNimStrategy(Strategy):
    name = "end-nim closed form"

    def verdict(self, game: EndNim, position) -> Verdict | None:
        theorem = THEOREM[game.variant]
        if game.primitive(position):
            return Verdict(True, "the game is over: the player to move has lost",
                           "end-nim.txt, rules (Section 1)")
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

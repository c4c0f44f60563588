"""End-Nim and its misere and Loop versions (Cairns and Ho, "Some Remarks on End-Nim", 2011).

Coins lie in a row of non-empty piles; a move removes coins from the leftmost or the rightmost
pile only.  An emptied end pile leaves the row.  Three ending rules:

* ``normal`` - End-Nim (Albert and Nowakowski): whoever takes the last coin wins;
* ``misere`` - whoever takes the last coin loses;
* ``loop``   - Loop-End-Nim ("leave only one pile"): whoever leaves a single pile wins, so a
  position with one pile is over.

Reversing the row changes nothing, so the canonical key is the smaller of the row and its reverse.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from nimlab.errors import IllegalMove, InputError
from nimlab.games.base import Move, tokens
from nimlab.games.nim import PileGame, Piles
from nimlab.references import cite

VARIANTS = ("normal", "misere", "loop")


@dataclass(frozen=True)
class EndTake(Move):
    """Take ``count`` coins from the ``side`` ('left' or 'right') end pile."""

    side: str
    count: int

    def describe(self) -> str:
        noun = "coin" if self.count == 1 else "coins"
        return f"take {self.count} {noun} from the {self.side} end pile"

    def notation(self) -> str:
        return f"{self.side[0].upper()}-{self.count}"


class EndNim(PileGame):
    """End-Nim on a row of non-empty piles, with ending rule ``variant``."""

    name = "end-nim"
    params_are_rules = True
    table = "end-nim"
    summary = "take coins from the leftmost or rightmost pile only"
    source = cite("end-nim")
    min_pile = 1
    noun = "coins"
    fast_paths = ("nimlab.strategy.endnim:EndNimStrategy", "nimlab.kernels.solvers:EndNimTable",
                  "nimlab.kernels.solvers:EndNim4Table")
    #: The strategy and the kernels take the variant: Theorems 2.1-2.3, tables per variant.
    fast_path_endings = ("normal", "misere")
    move_help = "L-K or R-K (take K coins from the left or right end pile)"

    @classmethod
    def from_options(cls, position_text: str | None = None, **options):
        return cls(options.get("variant", "normal"))

    def estimate_states(self, position: Piles) -> int:
        k, top = len(position), max(position, default=0)
        return k * (k + 1) // 2 * (top + 1) ** min(k, 2)

    def estimate_moves(self, position: Piles) -> int:
        return (position[0] + position[-1]) if position else 0

    def draw(self, position: Piles, mover: str = "player to move",
             waiting: str = "other player") -> list[str]:
        if not position:
            return ["row: (empty)"]
        lines = [f"row, left to right: {' | '.join(map(str, position))}"]
        for i, p in enumerate(position):
            end = " (left end)" if i == 0 else " (right end)" if i == len(position) - 1 else ""
            lines.append(f"pile {i + 1} | {tokens(p)} ({p}){end}")
        return lines

    def __init__(self, variant: str = "normal"):
        if variant not in VARIANTS:
            raise InputError(f"unknown End-Nim variant {variant!r}; allowed: {', '.join(VARIANTS)}")
        self.variant = variant
        self.misere = variant == "misere"

    def params(self) -> dict:
        return {"variant": self.variant}

    def parse(self, text: str) -> Piles:
        row = super().parse(text)
        if not row:
            raise InputError("an End-Nim row needs at least one pile")
        return row

    def primitive(self, position: Piles) -> bool:
        return len(position) <= (1 if self.variant == "loop" else 0)

    def legal_moves(self, position: Piles) -> Iterator[Move]:
        if not position:
            return
        for count in range(1, position[0] + 1):
            yield EndTake("left", count)
        if len(position) > 1:
            for count in range(1, position[-1] + 1):
                yield EndTake("right", count)

    def is_legal(self, position: Piles, move: Move) -> bool:
        if type(move) is not EndTake or not position:
            return False
        if move.side == "right" and len(position) < 2:
            return False
        end = position[0] if move.side == "left" else position[-1]
        return move.side in ("left", "right") and 1 <= move.count <= end

    def do_move(self, position: Piles, move: EndTake) -> Piles:
        if move.side == "left":
            rest = position[0] - move.count
            return ((rest,) if rest else ()) + position[1:]
        rest = position[-1] - move.count
        return position[:-1] + ((rest,) if rest else ())

    def key(self, position: Piles) -> Piles:
        return min(position, position[::-1])

    def parse_move(self, text: str, position: Piles) -> Move:
        text = text.strip()
        try:
            side_text, count_text = text.split("-")
            count = int(count_text)
        except ValueError:
            raise IllegalMove(f"cannot read move {text!r}: write L-K or R-K (take K coins from "
                              "the left or right end pile)") from None
        side = {"l": "left", "left": "left", "r": "right", "right": "right",
                "1": "left", str(len(position)): "right"}.get(side_text.lower())
        if side is None:
            raise IllegalMove(f"cannot read move {text!r}: only the end piles may be played, "
                              "write L-K or R-K")
        if len(position) == 1:
            side = "left"
        return EndTake(side, count)

    def why_illegal(self, position: Piles, move: Move) -> str:
        if not isinstance(move, EndTake):
            return "moves take coins from an end pile"
        if self.primitive(position):
            return "the game is over"
        if move.count < 1:
            return "you must take at least one coin"
        size = position[0] if move.side == "left" else position[-1]
        return f"the {move.side} end pile holds only {size}"

    def example(self) -> Piles:
        return (2, 5, 3)

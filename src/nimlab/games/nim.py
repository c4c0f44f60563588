"""The baselines the papers compare with: Nim (Bouton) and Wythoff's game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from nimlab.errors import IllegalMove
from nimlab.games.base import (ImpartialGame, Move, Take, check_pile_count, sorted_tuples_below,
                               parse_take)
from nimlab.games.rules import Game
from nimlab.parsing import parse_int_list
from nimlab.references import cite

Piles = tuple[int, ...]


class PileGame(Game):
    """Shared plumbing of games played on a tuple of piles written ``3,5,7``."""

    move_help = "P-K (take K tokens from pile P)"

    #: Fixed number of piles, or ``None`` for any number >= 1.
    pile_count: int | None = None
    #: Smallest pile size allowed in a position.
    min_pile: int = 0
    noun: str = "tokens"

    def parse(self, text: str) -> Piles:
        piles = parse_int_list(text, f"{self.name} position", minimum=self.min_pile)
        check_pile_count(piles, self.pile_count)
        self.validate(piles)
        return piles

    def format(self, position: Piles) -> str:
        return ",".join(map(str, position))

    def check_take(self, position: Piles, pile: int, count: int) -> str:
        """Why taking ``count`` from ``pile`` is illegal in plain Nim terms ('' if it is not)."""
        if count < 1:
            return "you must take at least one"
        if count > position[pile]:
            return f"pile {pile + 1} holds only {position[pile]}"
        return ""


class Nim(PileGame):
    """Nim: take any positive number of tokens from one pile (Bouton, 1901)."""

    name = "nim"
    params_are_rules = True
    table = "nim"
    summary = "take any number of tokens from one pile"
    source = "baseline (Bouton); compared with in all four papers"
    fast_paths = ("nimlab.strategy.nim:NimStrategy",)

    def estimate_states(self, position: Piles) -> int:
        return sorted_tuples_below(position)

    def estimate_moves(self, position: Piles) -> int:
        return sum(position)

    def legal_moves(self, position: Piles) -> Iterator[Move]:
        for pile, size in enumerate(position):
            for count in range(1, size + 1):
                yield Take(pile, count)

    def do_move(self, position: Piles, move: Take) -> Piles:
        piles = list(position)
        piles[move.pile] -= move.count
        return tuple(piles)

    def key(self, position: Piles) -> tuple[int, ...]:
        return tuple(sorted(x for x in position if x))

    def is_legal(self, position: Piles, move: Move) -> bool:
        return (type(move) is Take and move.noun == "tokens" and move.pile is not None
                and 0 <= move.pile < len(position) and 1 <= move.count <= position[move.pile])

    def parse_move(self, text: str, position: Piles) -> Move:
        pile, count = parse_take(text, len(position))
        return Take(pile, count)

    def why_illegal(self, position: Piles, move: Move) -> str:
        return self.check_take(position, move.pile, move.count) if isinstance(move, Take) else \
            "Nim moves take tokens from one pile"

    def example(self) -> Piles:
        return (3, 5, 7)


@dataclass(frozen=True)
class TakeBoth(Move):
    """Wythoff's diagonal move: take ``count`` tokens from both piles."""

    count: int

    def describe(self) -> str:
        return f"take {self.count} token{'s' if self.count != 1 else ''} from both piles"

    def notation(self) -> str:
        return f"both-{self.count}"


class Wythoff(PileGame):
    """Wythoff's game: take from one pile, or the same number from both (Wythoff, 1907)."""

    name = "wythoff"
    params_are_rules = True
    table = "wythoff"
    summary = "two piles: take any number from one pile, or the same number from both"
    source = f"baseline (Wythoff); {cite('sharing')}, Sections 1, 4 and 7"
    pile_count = 2
    fast_paths = ("nimlab.strategy.wythoff:WythoffStrategy", "nimlab.kernels.solvers:WythoffTable")
    move_help = "P-K (take K from pile P) or both-K (take K from both piles)"

    def estimate_states(self, position: Piles) -> int:
        return sorted_tuples_below(position)

    def estimate_moves(self, position: Piles) -> int:
        return sum(position) + min(position)

    def legal_moves(self, position: Piles) -> Iterator[Move]:
        a, b = position
        for pile, size in enumerate(position):
            for count in range(1, size + 1):
                yield Take(pile, count)
        for count in range(1, min(a, b) + 1):
            yield TakeBoth(count)

    def do_move(self, position: Piles, move: Move) -> Piles:
        a, b = position
        if isinstance(move, TakeBoth):
            return a - move.count, b - move.count
        return (a - move.count, b) if move.pile == 0 else (a, b - move.count)

    def key(self, position: Piles) -> Piles:
        return tuple(sorted(position))

    def is_legal(self, position: Piles, move: Move) -> bool:
        if type(move) is TakeBoth:
            return 1 <= move.count <= min(position)
        return (type(move) is Take and move.noun == "tokens" and move.pile in (0, 1)
                and 1 <= move.count <= position[move.pile])

    def parse_move(self, text: str, position: Piles) -> Move:
        text = text.strip()
        if text.startswith("both-"):
            try:
                return TakeBoth(int(text[5:]))
            except ValueError:
                raise IllegalMove(f"cannot read move {text!r}: write both-K") from None
        pile, count = parse_take(text, 2)
        return Take(pile, count)

    def why_illegal(self, position: Piles, move: Move) -> str:
        if isinstance(move, TakeBoth):
            if move.count < 1:
                return "you must take at least one"
            return f"the smaller pile holds only {min(position)}"
        return self.check_take(position, move.pile, move.count)

    def example(self) -> Piles:
        return (4, 7)

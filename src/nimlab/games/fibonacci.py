"""Multiple Fibonacci Nim (C. Zhou, "Computer Implementation of Multiple Fibonacci Nim").

A position is ``(a_1, ..., a_n; x)``: the piles and the number ``x`` of chips the previous player
removed.  On the first move (``x = 0``) a player may take any number of chips from one pile but not
the whole pile, and every pile must hold more than one chip.  Afterwards a player takes between 1
and ``2x`` chips from one pile (a whole pile may go).  Whoever takes the last chip wins.

nimlab generalises the factor 2 to any positive rational ``R = p/q``: at most ``floor(R x)``
chips.  The rules compute with the integers ``p`` and ``q`` only (``floor(p x / q)`` by integer
division), which is exact for every rational factor and avoids ``Fraction`` arithmetic in the
solver's inner loop.

Canonical key: pile order does not matter, empty piles do not matter, and once ``floor(R x)``
reaches the largest pile a larger ``x`` allows the same moves (Theorem 2.7), so ``x`` is lowered
to the least such value.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterator

from nimlab.errors import InputError
from nimlab.games.base import (ImpartialGame, Move, Take, parse_take, product_bound,
                               sorted_tuples_below, split_suffix, tokens)
from nimlab.games.rules import Game
from nimlab.parsing import parse_int, parse_int_list, parse_positive_rational
from nimlab.references import cite

Position = tuple[tuple[int, ...], int]


class FibonacciNim(Game):
    """Fibonacci Nim on ``piles`` piles (any number if ``None``), move limit ``factor * x``."""

    name = "fibonacci"
    params_are_rules = True
    table = "fibonacci"
    summary = ("take chips from one pile; the first move may not take a whole pile, later moves "
               "at most R times the previous one (R = 2)")
    source = cite("fibonacci")
    fast_paths = ("nimlab.strategy.fibonacci:FibonacciStrategy",
                  "nimlab.kernels.fibonacci_rows:FibonacciRows")
    move_help = "P-K (take K chips from pile P)"
    suffix_option = "last"
    suffix_default = "0"

    @classmethod
    def from_options(cls, position_text: str | None = None, **options):
        return cls(options.get("factor", 2))

    def estimate_states(self, position: Position) -> int:
        """At least the number of keys the solver stores: the position itself, and keys of
        piles below it (:func:`sorted_tuples_below`) with a previous removal of 1 up to the
        least that reaches the largest pile (the key lowers it there), never more than the
        largest pile (a removal takes at most a pile)."""
        piles, last = position
        top = max(piles, default=0)
        removals = min(top, self.enough(top)) if top else 0
        return 1 + product_bound(sorted_tuples_below(piles), removals)

    def estimate_moves(self, position: Position) -> int:
        piles, last = position
        return sum(piles) if last == 0 else sum(min(p, self.limit(last)) for p in piles)

    def draw(self, position: Position, mover: str = "player to move",
             waiting: str = "other player") -> list[str]:
        piles, last = position
        lines = [f"pile {i + 1} | {tokens(p)} ({p})" for i, p in enumerate(piles)]
        if last == 0:
            lines.append("first move: take any number of chips from one pile, but not all of it")
        else:
            lines.append(f"previous removal: {last}; limit: at most {self.limit(last)} chips "
                         "from one pile")
        return lines

    def __init__(self, factor: Fraction | int | str = 2, piles: int | None = None):
        self.factor = parse_positive_rational(factor, "--factor")
        self.piles = piles
        #: ``factor = _num / _den`` in lowest terms: the rules' arithmetic is on these integers.
        self._num, self._den = self.factor.numerator, self.factor.denominator

    def params(self) -> dict:
        f = self.factor
        return {"factor": int(f) if f.denominator == 1 else str(f)}

    def limit(self, last: int) -> int:
        """Largest number of chips a player may take after the opponent took ``last``:
        ``floor(R * last)``, by exact integer division."""
        return self._num * last // self._den

    # ---------------------------------------------------------------- text
    def parse(self, text: str) -> Position:
        text = str(text).strip()
        piles_text, last_text = split_suffix(text)
        last = 0 if last_text is None else parse_int(last_text, "previous removal (--last)",
                                                      minimum=0)
        piles = parse_int_list(piles_text, "fibonacci position")
        if self.piles is not None and len(piles) != self.piles:
            raise InputError(f"this game is played with {self.piles} piles, got {len(piles)}")
        position = (piles, last)
        self.validate(position)
        return position

    def validate(self, position: Position) -> None:
        piles, last = position
        if last < 0:
            raise InputError(f"the previous removal must be >= 0, got {last}")
        if last == 0 and any(p < 2 for p in piles):
            raise InputError(f"{','.join(map(str, piles))} with --last 0 is a first move: every "
                             "pile must hold more than one chip (give --last X > 0 for a game "
                             "in progress)")

    def format(self, position: Position) -> str:
        piles, last = position
        return f"{','.join(map(str, piles))}/{last}"

    # --------------------------------------------------------------- rules
    def legal_moves(self, position: Position) -> Iterator[Move]:
        piles, last = position
        for pile, size in enumerate(piles):
            most = size - 1 if last == 0 else min(size, self.limit(last))
            for count in range(1, most + 1):
                yield Take(pile, count, "chips")

    def is_legal(self, position: Position, move: Move) -> bool:
        piles, last = position
        if type(move) is not Take or move.noun != "chips" or move.pile is None \
                or not 0 <= move.pile < len(piles):
            return False
        size = piles[move.pile]
        most = size - 1 if last == 0 else min(size, self.limit(last))
        return 1 <= move.count <= most

    def do_move(self, position: Position, move: Take) -> Position:
        piles = list(position[0])
        piles[move.pile] -= move.count
        return tuple(piles), move.count

    def key(self, position: Position) -> tuple:
        piles, last = position
        kept = tuple(sorted((p for p in piles if p), reverse=True))
        if last > 0:
            last = min(last, self.enough(kept[0] if kept else 0))
        return kept, last

    def enough(self, top: int) -> int:
        """The least previous removal (at least 1) after which a whole pile of ``top`` chips
        may be taken: any larger one allows the same moves.  That is ``ceil(top / R)`` (at
        least 1), computed exactly on integers: ``floor(R e) >= top`` iff ``R e >= top`` iff
        ``e >= top q / p``."""
        return max(1, -(-top * self._den // self._num))

    def parse_move(self, text: str, position: Position) -> Move:
        pile, count = parse_take(text, len(position[0]))
        return Take(pile, count, "chips")

    def why_illegal(self, position: Position, move: Move) -> str:
        piles, last = position
        if not isinstance(move, Take) or move.count < 1:
            return "you must take at least one chip"
        if move.count > piles[move.pile]:
            return f"pile {move.pile + 1} holds only {piles[move.pile]}"
        if last == 0:
            return "the first move may not take a whole pile"
        return f"after a removal of {last} at most {self.limit(last)} chips may be taken"

    def example(self) -> Position:
        return (7, 3, 2), 0

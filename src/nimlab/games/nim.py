"""The baselines the papers compare with: Nim (Bouton) and Wythoff's game, with Fraenkel's
a-Wythoff games (``--a A``: a move may take ``x`` and ``y`` from the two piles with
``|x - y| < A``; ``A = 1`` is Wythoff's game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from nimlab.errors import IllegalMove, InputError
from nimlab.games.base import (ImpartialGame, Move, Take, check_pile_count, sorted_tuples_below,
                               parse_take)
from nimlab.games.rules import Game
from nimlab.parsing import parse_bounded_int, parse_int_list
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


@dataclass(frozen=True)
class TakeTwo(Move):
    """An a-Wythoff move taking different numbers from the two piles: ``first`` from pile 1 and
    ``second`` from pile 2 (equal numbers are a :class:`TakeBoth`)."""

    first: int
    second: int

    @property
    def count(self) -> int:
        """The tokens the move takes in all (the size the stalling move compares)."""
        return self.first + self.second

    def describe(self) -> str:
        return (f"take {self.first} token{'s' if self.first != 1 else ''} from pile 1 and "
                f"{self.second} from pile 2")

    def notation(self) -> str:
        return f"both-{self.first}-{self.second}"


def two_pile_move(first: int, second: int) -> Move:
    """The move taking ``first`` from pile 1 and ``second`` from pile 2 (one object per move:
    equal numbers are Wythoff's :class:`TakeBoth`)."""
    return TakeBoth(first) if first == second else TakeTwo(first, second)


#: The largest ``--a`` nimlab reads (a move takes at most the larger pile from either pile, so
#: any ``A`` above the larger pile allows every pair of numbers).
MAX_A = 10 ** 6

#: The fast paths of an a-Wythoff game with ``A >= 2``: Fraenkel's pairs (any size), then the
#: compiled table of its values; Wythoff's own (golden-ratio pairs, its kernel) are for ``A = 1``.
AWYTHOFF_FAST_PATHS = ("nimlab.strategy.wythoff:AWythoffStrategy",
                       "nimlab.kernels.solvers:AWythoffTable")


def parse_a(value) -> int:
    """``--a A`` of Wythoff's game: an integer ``1 <= A <= MAX_A``, or one line saying why not."""
    if not isinstance(value, (int, str)):  # a NumPy integer is one; a float is not
        try:
            import operator

            value = operator.index(value)
        except TypeError:
            raise InputError(f"--a: give an integer A >= 1 (A = 1 is Wythoff's game), not "
                             f"{value!r}") from None
    return parse_bounded_int(value, "--a", minimum=1, maximum=MAX_A,
                             beyond="any A above the larger pile allows every two-pile move, "
                                    "so give the larger pile plus one instead")


class Wythoff(PileGame):
    """Wythoff's game: take from one pile, or the same number from both (Wythoff, 1907).

    With ``a = A >= 2``, Fraenkel's a-Wythoff game (1982): take from one pile, or ``x > 0``
    from one pile and ``y > 0`` from the other with ``|x - y| < A``."""

    name = "wythoff"
    params_are_rules = True
    table = "wythoff"
    summary = ("two piles: take any number from one pile, or the same number from both "
               "(--a A: x and y from the two with |x - y| < A)")
    source = f"baseline (Wythoff); {cite('sharing')}, Sections 1, 4 and 7"
    pile_count = 2
    # Wythoff's theorem and kernel: for A = 1 only (an object with A >= 2 lists its own)
    fast_paths = ("nimlab.strategy.wythoff:WythoffStrategy", "nimlab.kernels.solvers:WythoffTable")
    move_help = "P-K (take K from pile P) or both-K (take K from both piles)"

    def __init__(self, a=1):
        self.a = parse_a(a)
        if self.a != 1:
            if type(self) is Wythoff:  # Fraenkel's fast paths, proven for exactly these rules
                self.fast_paths = AWYTHOFF_FAST_PATHS  # (a subclass may change them: none)
            self.summary = ("two piles: take any number from one pile, or x from one and y "
                            f"from the other with |x - y| < {self.a} (Fraenkel's a-Wythoff game)")
            self.move_help = ("P-K (take K from pile P), both-K (take K from both piles) or "
                              f"both-X-Y (X from pile 1, Y from pile 2, |X - Y| < {self.a})")

    def params(self) -> dict:
        return {} if self.a == 1 else {"a": self.a}

    def estimate_states(self, position: Piles) -> int:
        return sorted_tuples_below(position)

    def estimate_moves(self, position: Piles) -> int:
        return sum(position) + min(position) * min(2 * self.a - 1, max(position))

    def legal_moves(self, position: Piles) -> Iterator[Move]:
        a, b = position
        for pile, size in enumerate(position):
            for count in range(1, size + 1):
                yield Take(pile, count)
        for count in range(1, min(a, b) + 1):
            yield TakeBoth(count)
        if self.a > 1:
            for x in range(1, a + 1):
                for y in range(max(1, x - self.a + 1), min(b, x + self.a - 1) + 1):
                    if x != y:
                        yield TakeTwo(x, y)

    def do_move(self, position: Piles, move: Move) -> Piles:
        a, b = position
        if isinstance(move, TakeBoth):
            return a - move.count, b - move.count
        if isinstance(move, TakeTwo):
            return a - move.first, b - move.second
        return (a - move.count, b) if move.pile == 0 else (a, b - move.count)

    def key(self, position: Piles) -> Piles:
        return tuple(sorted(position))

    def is_legal(self, position: Piles, move: Move) -> bool:
        if type(move) is TakeBoth:
            return 1 <= move.count <= min(position)
        if type(move) is TakeTwo:
            x, y = move.first, move.second
            return (x != y and 1 <= x <= position[0] and 1 <= y <= position[1]
                    and abs(x - y) < self.a)
        return (type(move) is Take and move.noun == "tokens" and move.pile in (0, 1)
                and 1 <= move.count <= position[move.pile])

    def parse_move(self, text: str, position: Piles) -> Move:
        text = text.strip()
        if text.startswith("both-"):
            parts = text[5:].split("-")
            try:
                counts = [int(p) for p in parts]
            except ValueError:
                counts = []
            if len(counts) == 1:
                return TakeBoth(counts[0])
            if len(counts) == 2:
                return two_pile_move(*counts)
            raise IllegalMove(f"cannot read move {text!r}: write both-K"
                              + (" or both-X-Y" if self.a > 1 else ""))
        pile, count = parse_take(text, 2)
        return Take(pile, count)

    def why_illegal(self, position: Piles, move: Move) -> str:
        if isinstance(move, TakeBoth):
            if move.count < 1:
                return "you must take at least one"
            return f"the smaller pile holds only {min(position)}"
        if isinstance(move, TakeTwo):
            x, y = move.first, move.second
            if min(x, y) < 1:
                return "you must take at least one from each pile"
            if abs(x - y) >= self.a:
                return (f"the two numbers taken must differ by less than {self.a}"
                        + (" (Wythoff's game: take the same number from both)"
                           if self.a == 1 else f" (--a {self.a})"))
            pile = 0 if x > position[0] else 1
            return f"pile {pile + 1} holds only {position[pile]}"
        return self.check_take(position, move.pile, move.count)

    def example(self) -> Piles:
        return (4, 7)

"""The ruleset API: a game of one's own in a few lines (:class:`Game`, :class:`HeapGame`).

The smallest game is a subclass of :class:`Game` with a ``name`` and ``moves(self, position)``,
the positions reachable in one move (a position is a tuple of integers >= 0)::

    class Turn(nimlab.Game):
        name = "turn"
        def moves(self, position):
            (n,) = position
            return [(n - k,) for k in (1, 2) if k <= n]

``misere = True`` selects misere play (nimlab's convention: a move into a position where the game
is over is never made).  Everything else is optional: ``key`` (a canonical key: positions with
the same key play alike), ``estimate_states`` (so that budgets refuse early), ``example_position``,
``pile_count`` (a fixed length of positions), ``rule_options`` (parameters the command line
passes as ``--option NAME=VALUE``, shown by ``nimlab games``), ``draw``.

:class:`HeapGame` is the family of heap games: the user writes ``heap_moves(self, n)``, the
tuples of heaps a heap of ``n`` may become (``()``: the heap is gone; ``(a, b)``: split in two),
and a position is a tuple of heaps, played as a sum: its value is the XOR of the heaps' values
(the Sprague-Grundy theorem, :mod:`nimlab.engine.sums`), in normal play only; a misere heap game is
solved on the whole position, within the budget, never by the normal-play rule.

The rules are the user's code: whatever it raises, and whatever it returns that is not a
position, becomes a one-line :class:`RulesError` naming the game and the position.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any, ClassVar, Hashable, Iterable, Iterator

from nimlab.errors import IllegalMove, InputError, TooManyStates
from nimlab.games.base import ImpartialGame, Move
from nimlab.parsing import parse_int_list

__all__ = ["Game", "HeapGame", "To", "HeapMove", "RulesError", "as_position"]

Position = tuple[int, ...]


class RulesError(InputError):
    """A game's rules (a user's code) failed or returned something that is not a position."""


def as_position(value: Any, game: str, where: str) -> Position:
    """``value`` as a position (a tuple of integers >= 0), or a :class:`RulesError` saying what
    ``where`` (e.g. ``moves(3,5)``) returned instead."""
    if isinstance(value, (list, tuple)) and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
        return tuple(int(v) for v in value)
    raise RulesError(f"the rules of {game} are wrong: {where} gave {value!r}, which is not a "
                     "position (a tuple of integers >= 0)")


#: The most moves nimlab takes from one position (or one heap) of a game of one's own: more
#: would hold millions of positions at once, so the question is refused instead.
MAX_OPTIONS = 1_000_000


def too_many(count: int, game: str, where: str) -> None:
    if count > MAX_OPTIONS:
        raise TooManyStates(f"{where} of {game} has more than {MAX_OPTIONS:,} moves: too many "
                            "to examine; ask about a smaller position")


def _text(position: Position) -> str:
    return ",".join(map(str, position))


@dataclass(frozen=True)
class To(Move):
    """A move given by the position it leads to (a :class:`Game` whose rules list positions)."""

    target: Position

    def describe(self) -> str:
        return f"move to {_text(self.target)}"

    def notation(self) -> str:
        """The position after the move with its numbers joined by ``.`` (``19.12``): a game's
        moves are listed with commas (the web lab's ``moves=``); ``19,12`` is read too."""
        return ".".join(map(str, self.target))


class Game(ImpartialGame):
    """The documented base of every game: write ``name`` and ``moves(self, position)``.

    See the module docstring.  The built-in games define the full interface of
    :class:`~nimlab.games.base.ImpartialGame` themselves (named moves, parsing, kernels); a game
    of one's own gets all of it from :meth:`moves`.
    """

    #: A fixed number of entries in a position, or ``None`` for any number >= 1.
    pile_count: ClassVar[int | None] = None
    #: A position worth showing (``nimlab games``, ``nimlab tour``).
    example_position: ClassVar[tuple[int, ...] | None] = None
    #: The game's parameters: name -> help.  ``__init__`` takes them as keyword arguments (text
    #: from the command line's ``--option NAME=VALUE``); :meth:`params` shows their values.
    rule_options: ClassVar[dict[str, str]] = {}
    move_help = "the position after the move, e.g. 2.5 (or 2,5)"
    #: The move relation as a formula of ``nimlab prove``'s language over the numbers of the
    #: position, ``p1..pk``, and of the next one, ``q1..qk`` (k = :attr:`pile_count`), under the
    #: ending rule in force: with it, ``nimlab prove`` and ``nimlab discover`` work on the game
    #: (after a check that it agrees with :meth:`moves` on a box of small positions).
    move_formula: ClassVar[str | None] = None
    #: The positions, as a formula over ``p1..pk`` (every tuple by default).
    domain_formula: ClassVar[str] = "true"
    #: The numeration the automata read: ``"2"`` (binary) or ``"fib"`` (Zeckendorf).
    numeration: ClassVar[str] = "2"

    # ------------------------------------------------------------------ the rules
    def moves(self, position: Any) -> Iterable[Position]:
        """The positions reachable from ``position`` in one move, by the rules (before the
        ending rule).  A game of one's own defines this; a built-in game has it from its named
        moves."""
        return [self.do_move(position, m) for m in self.legal_moves(position)]

    def _defines_moves(self) -> bool:
        return type(self).moves is not Game.moves

    def targets(self, position: Any) -> list[Position]:
        """:meth:`moves`, called safely: the user's errors and wrong results are one line."""
        here = _text(position) if isinstance(position, tuple) else repr(position)
        try:
            found = list(islice(self.moves(position), MAX_OPTIONS + 1))
        except InputError:
            raise
        except Exception as error:  # the user's code: any failure is a fact about the rules
            raise RulesError(f"the rules of {self.name} failed: moves({here}) raised "
                             f"{type(error).__name__}: {error}") from None
        too_many(len(found), self.name, f"the position {here}")
        return [as_position(q, self.name, f"moves({here})") for q in found]

    def legal_moves(self, position: Any) -> Iterator[Move]:
        if not self._defines_moves():
            raise RulesError(f"{type(self).__name__} defines no rules: write moves(self, "
                             "position), the positions reachable in one move")
        for target in self.targets(position):
            yield To(target)

    def do_move(self, position: Any, move: Move) -> Any:
        if isinstance(move, To):
            return move.target
        raise IllegalMove(f"{move} is not a move of {self.name}")

    def options(self, position: Any) -> list[tuple[Move, Any]]:
        if not self._defines_moves():
            return super().options(position)
        if type(self).primitive is not ImpartialGame.primitive and self.primitive(position):
            return []  # a game's own end (by default: no move left, which the list shows)
        pairs = [(To(q), q) for q in self.targets(position)]
        if self.misere:
            pairs = [(m, q) for m, q in pairs if not self.primitive(q)]
        return pairs

    def key(self, position: Any) -> Hashable:
        return position

    # ----------------------------------------------------------- text forms
    def parse(self, text: str) -> Any:
        position = parse_int_list(text, f"{self.name} position", minimum=0)
        if self.pile_count is not None and len(position) != self.pile_count:
            raise InputError(f"a position of {self.name} has {self.pile_count} number"
                             f"{'s' if self.pile_count != 1 else ''}, got {text.strip()!r}")
        self.validate(position)
        return position

    def format(self, position: Any) -> str:
        return _text(position)

    def parse_move(self, text: str, position: Any) -> Move:
        words = str(text).strip()
        if words.lower().startswith("to "):
            words = words[3:]
        try:
            return To(parse_int_list(words.replace(".", ","), "move", minimum=0))
        except InputError:
            raise IllegalMove(f"cannot read move {text!r}: write {self.move_help}") from None

    def why_illegal(self, position: Any, move: Move) -> str:
        if isinstance(move, To):
            return f"it is not one move away by the rules of {self.name}"
        return super().why_illegal(position, move)

    def example(self) -> Any:
        if self.example_position is None:
            raise InputError(f"{self.name} gives no example position (set example_position)")
        return self.parse(_text(tuple(self.example_position)))

    def params(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.rule_options if hasattr(self, name)}


@dataclass(frozen=True)
class HeapMove(Move):
    """Replace heap ``heap`` (0-based) of ``size`` by the heaps ``parts``."""

    heap: int
    size: int
    parts: Position

    def describe(self) -> str:
        if not self.parts:
            return f"remove heap {self.heap + 1} ({self.size})"
        into = " + ".join(map(str, self.parts))
        return f"heap {self.heap + 1}: {self.size} -> {into}"

    def notation(self) -> str:
        return f"{self.heap + 1}:{'+'.join(map(str, self.parts)) or '-'}"


class HeapGame(Game):
    """A heap game: write ``heap_moves(self, n)``, the tuples of heaps a heap of ``n`` may
    become; a position is a tuple of heaps, and a move changes one heap (see the module doc)."""

    #: The Sprague-Grundy theorem: a position's value is the XOR of its heaps' values.
    family_fast_paths = ("nimlab.engine.sums:HeapSums",)
    move_help = "H:A+B (heap H becomes heaps A and B; H:A one heap, H:- none)"

    def heap_moves(self, n: int) -> Iterable[tuple[int, ...]]:
        """The tuples of heaps a heap of ``n`` may become in one move."""
        raise RulesError(f"{type(self).__name__} defines no rules: write heap_moves(self, n), "
                         "the tuples of heaps a heap of n may become")

    def heap_options(self, n: int) -> list[Position]:
        """:meth:`heap_moves`, called safely and checked: each a tuple of heaps in increasing
        order, each once."""
        try:
            found = list(islice(self.heap_moves(n), MAX_OPTIONS + 1))
        except InputError:
            raise
        except Exception as error:  # the user's code
            raise RulesError(f"the rules of {self.name} failed: heap_moves({n}) raised "
                             f"{type(error).__name__}: {error}") from None
        too_many(len(found), self.name, f"a heap of {n}")
        options = (tuple(sorted(as_position(parts, self.name, f"heap_moves({n})")))
                   for parts in found)
        return list(dict.fromkeys(options))  # heaps in any order, each option once

    def legal_moves(self, position: Any) -> Iterator[Move]:
        for i, n in enumerate(position):
            for parts in self.heap_options(n):
                yield HeapMove(i, n, parts)

    def moves(self, position: Any) -> Iterable[Position]:
        return [self.do_move(position, m) for m in self.legal_moves(position)]

    def options(self, position: Any) -> list[tuple[Move, Any]]:
        return ImpartialGame.options(self, position)

    def do_move(self, position: Any, move: Move) -> Any:
        if isinstance(move, HeapMove):
            return position[:move.heap] + move.parts + position[move.heap + 1:]
        if isinstance(move, To):
            return move.target
        raise IllegalMove(f"{move} is not a move of {self.name}")

    def is_legal(self, position: Any, move: Move) -> bool:
        if isinstance(move, HeapMove):
            return (0 <= move.heap < len(position) and move.size == position[move.heap]
                    and move.parts in self.heap_options(move.size))
        return isinstance(move, To) and move.target in self.moves(position)

    def key(self, position: Any) -> Hashable:
        """Heaps in any order play alike, and a heap with no move is no heap at all."""
        return tuple(sorted(n for n in position if self.has_move(n)))

    def has_move(self, n: int) -> bool:
        """Whether a heap of ``n`` has a move (remembered per heap size)."""
        known = self.__dict__.setdefault("_has_move", {})
        if n not in known:
            known[n] = bool(self.heap_options(n))
        return known[n]

    def parse_move(self, text: str, position: Any) -> Move:
        words = str(text).strip()
        if ":" not in words:
            return super().parse_move(text, position)
        heap_text, _, parts_text = words.partition(":")
        try:
            heap = int(heap_text) - 1
            parts = () if parts_text.strip() in ("-", "") else tuple(sorted(
                int(p) for p in parts_text.split("+")))
        except ValueError:
            raise IllegalMove(f"cannot read move {text!r}: write {self.move_help}") from None
        if not 0 <= heap < len(position):
            raise IllegalMove(f"heap {heap + 1} does not exist: heaps are numbered 1 to "
                              f"{len(position)}")
        return HeapMove(heap, position[heap], parts)

    def why_illegal(self, position: Any, move: Move) -> str:
        if isinstance(move, HeapMove):
            return f"a heap of {move.size} cannot become {'+'.join(map(str, move.parts)) or 'nothing'}"
        return super().why_illegal(position, move)

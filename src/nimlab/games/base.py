"""The game model every game of nimlab implements.

A game in nimlab is an *impartial* game given by its rules (CGSuite calls this a ruleset): it says
how a position is written and read, which moves are legal, where a move leads, when the game is
over and how positions that play identically are folded onto one canonical key. It says nothing
about values: the engine (:mod:`nimlab.engine`) evaluates any game defined this way.

Ending rules:

* **normal play** - the player who cannot move loses;
* **misere play** - the player who makes the last move loses.  A move into a position where the
  game is over loses at once, so it is never worth making; nimlab evaluates a misere game as the
  normal-play game in which those moves are removed.  This is the convention under which the
  End-Nim paper (Cairns and Ho, Section 4-5) states its values for misere End-Nim;
* game-specific rules, such as End-Nim's *Loop* rule (the game is over when one pile is left):
  a game overrides :meth:`ImpartialGame.primitive`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from math import comb
from typing import Any, ClassVar, Hashable, Iterable, Sequence

from nimlab.errors import IllegalMove, InputError


class Move(ABC):
    """A move, readable as a sentence (:meth:`describe`) and as a short notation."""

    @abstractmethod
    def describe(self) -> str:
        """The move in words, e.g. ``"move 2 tokens from pile 3 to pile 1"``."""

    @abstractmethod
    def notation(self) -> str:
        """The move in the short notation :meth:`ImpartialGame.parse_move` reads."""

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class Take(Move):
    """Remove ``count`` items from pile ``pile`` (0-based; ``None`` for a game with one heap)."""

    pile: int | None
    count: int
    noun: str = "tokens"

    def describe(self) -> str:
        noun = self.noun if self.count != 1 else self.noun.rstrip("s")
        if self.pile is None:
            return f"take {self.count} {noun}"
        return f"take {self.count} {noun} from pile {self.pile + 1}"

    def notation(self) -> str:
        return str(self.count) if self.pile is None else f"{self.pile + 1}-{self.count}"


#: What separates a position from its suffix option: ``/`` (``9,4/3``, ``14/9,9``), which no shell
#: splits; ``;`` (the older form) is read too, when quoted (a shell ends a command at ``;``).
SUFFIX_SEPARATORS = ("/", ";")


def split_suffix(text: str) -> tuple[str, str | None]:
    """``"9,4/3"`` (or ``"9,4;3"``) -> ``("9,4", "3")``; ``"9,4"`` -> ``("9,4", None)``."""
    for sep in SUFFIX_SEPARATORS:
        if sep in text:
            head, tail = text.split(sep, 1)
            if any(s in tail for s in SUFFIX_SEPARATORS):
                raise InputError(f"{text!r}: write the position, one '/' and the rest, e.g. "
                                 "9,4/3 or 14/9,9")
            return head, tail
    return text, None


def parse_take(text: str, piles: int | None) -> tuple[int | None, int]:
    """Read the notation ``P-K`` (take K from pile P, 1-based) or ``K`` for one heap."""
    text = text.strip()
    try:
        if piles is None:
            return None, int(text)
        pile_text, count_text = text.split("-")
        pile, count = int(pile_text) - 1, int(count_text)
    except ValueError:
        form = "K (the number to take)" if piles is None else "P-K (take K from pile P)"
        raise IllegalMove(f"cannot read move {text!r}: write {form}") from None
    if not 0 <= pile < piles:
        raise IllegalMove(f"pile {pile + 1} does not exist: piles are numbered 1 to {piles}")
    return pile, count


class ImpartialGame(ABC):
    """Rules of an impartial game; see the module docstring.

    Subclasses implement :meth:`parse`, :meth:`format`, :meth:`legal_moves`, :meth:`do_move`,
    :meth:`key`, :meth:`parse_move` and :meth:`example`.
    """

    #: Name used on the command line.
    name: ClassVar[str] = ""
    #: One-line description of the rules.
    summary: ClassVar[str] = ""
    #: The paper and place the game comes from (:func:`nimlab.references.cite`).
    source: ClassVar[str] = ""
    #: Whether the player who makes the last move loses.
    misere: bool = False
    #: The game's fast paths, tried in order by :mod:`nimlab.solve` before the generic solver:
    #: dotted names ``"module:attribute"`` of objects with ``method`` and
    #: ``answer(game, position) -> Answer | None`` (a class is instantiated once).  Resolved
    #: lazily, so this module imports nothing above it.  Adding a fast path is one line here.
    #: **Never inherited**: they answer for the rules of the class that lists them, so a
    #: subclass (which may change any rule) has none until it lists them itself
    #: (:meth:`proven_fast_paths`).
    fast_paths: ClassVar[tuple[str, ...]] = ()
    #: The ending rules the class's own :attr:`fast_paths` were proven for (``"normal"``,
    #: ``"misere"``); under another one the game has none.  Not inherited either.
    fast_path_endings: ClassVar[tuple[str, ...]] = ("normal",)
    #: Fast paths that hold for every game of a family (the Sprague-Grundy theorem for sums of
    #: heaps): inherited, and each checks for itself that it applies (ending rule, structure).
    family_fast_paths: ClassVar[tuple[str, ...]] = ()
    #: The ``nimlab table`` this game has (its name there), or ``None``: refusals suggest a
    #: table only where one exists.
    table: ClassVar[str | None] = None
    #: How a move is written, for ``nimlab play``.
    move_help: ClassVar[str] = "P-K (take K tokens from pile P)"
    #: A game option that may also be written in the position after ``/`` (e.g. ``7,3,2/0``;
    #: the older ``7,3,2;0`` is read too).
    suffix_option: ClassVar[str | None] = None
    #: The value of :attr:`suffix_option` when neither the position nor the option gives it.
    suffix_default: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # What names a game's rules is never inherited: a subclass may change them, so it
        # gets a name of its own and no table of its parent's (until it says otherwise).
        if "name" not in cls.__dict__:
            cls.name = kebab_name(cls.__name__)
        if "table" not in cls.__dict__:
            cls.table = None

    def ending(self) -> str:
        """The ending rule in force: ``"misere"`` or ``"normal"`` (game-specific rules such as
        End-Nim's Loop are the game's own and are told by its options)."""
        return "misere" if self.misere else "normal"

    #: Whether :meth:`params` (with the ending rule) tells these rules apart from every other
    #: game of the class, so that caches may be shared by equal games (the built-in games'
    #: are); otherwise each game object keeps caches of its own.
    params_are_rules: ClassVar[bool] = False

    def identity(self) -> Hashable:
        """What a cache of values is kept under: games with the same identity have the same
        rules (see :attr:`params_are_rules`)."""
        if not type(self).__dict__.get("params_are_rules", False):
            return (type(self), self)
        return (type(self), self.ending(), tuple(sorted((k, str(v)) for k, v in
                                                        self.params().items())),
                getattr(self, "vertices", None))

    def proven_fast_paths(self) -> tuple[str, ...]:
        """The fast paths that answer for exactly these rules: the ones listed by the game's own
        class (none for a subclass that lists none) or by the object itself, if they were proven
        for the ending rule in force, then the family's (each checks itself)."""
        cls, mine = type(self), vars(self)  # an object may declare them for itself too
        own = mine.get("fast_paths", cls.__dict__.get("fast_paths", ()))
        endings = mine.get("fast_path_endings", cls.__dict__.get("fast_path_endings",
                                                                 ("normal",)))
        if self.ending() not in endings:
            own = ()
        return tuple(own) + tuple(cls.family_fast_paths)

    @classmethod
    def from_options(cls, position_text: str | None = None, **options: Any) -> "ImpartialGame":
        """Build the game from its command-line options (already checked by name);
        ``position_text`` is given when the game takes something from the position."""
        return cls(**options)

    # ----------------------------------------------------------------- rules
    @abstractmethod
    def parse(self, text: str) -> Any:
        """Read a position from its text form; raise :class:`InputError` when it is invalid."""

    @abstractmethod
    def format(self, position: Any) -> str:
        """Write a position in the form :meth:`parse` reads."""

    @abstractmethod
    def legal_moves(self, position: Any) -> Iterable[Move]:
        """The moves the rules allow, before the ending rule is applied."""

    @abstractmethod
    def do_move(self, position: Any, move: Move) -> Any:
        """The position after ``move``."""

    @abstractmethod
    def key(self, position: Any) -> Hashable:
        """A canonical key: positions with the same key have the same game tree."""

    @abstractmethod
    def parse_move(self, text: str, position: Any) -> Move:
        """Read a move in the game's short notation (legality is checked by :meth:`check_move`)."""

    @abstractmethod
    def example(self) -> Any:
        """A position worth showing, for ``nimlab games`` and ``nimlab tour``."""

    def params(self) -> dict[str, Any]:
        """The game's parameters, as shown to the user (JSON-serialisable)."""
        return {}

    def primitive(self, position: Any) -> bool:
        """Whether the game is over at ``position`` (by default: no legal move is left)."""
        return next(iter(self.legal_moves(position)), None) is None

    def validate(self, position: Any) -> None:
        """Raise :class:`InputError` if ``position`` may not be played (e.g. game already over)."""
        if self.misere and self.primitive(position):
            raise InputError(f"{self.format(position)}: the game is already over (under misere "
                             "play the player to move has won); give a position with a move left")

    def estimate_states(self, position: Any) -> int | None:
        """About how many positions the generic solver stores to solve ``position`` (an estimate
        computed without enumerating anything), or ``None`` when the game cannot tell."""
        return None

    def draw(self, position: Any, mover: str = "player to move",
             waiting: str = "other player") -> list[str]:
        """The position as lines of text for ``nimlab play`` (piles as rows of tokens)."""
        return [f"pile {i + 1} | {tokens(p)} ({p})" for i, p in enumerate(position)]

    def state(self, position: Any, mover: str, waiting: str) -> dict[str, Any]:
        """Extra state of ``position`` named by player (e.g. each player's money)."""
        return {}

    # ------------------------------------------------------------ derived
    def available_moves(self, position: Any) -> list[Move]:
        """The moves available under the game's ending rule."""
        if self.primitive(position):
            return []
        moves = list(self.legal_moves(position))
        if self.misere:
            moves = [m for m in moves if not self.primitive(self.do_move(position, m))]
        return moves

    def options(self, position: Any) -> list[tuple[Move, Any]]:
        """Pairs ``(move, position after the move)`` under the ending rule."""
        if self.primitive(position):
            return []
        pairs = [(m, self.do_move(position, m)) for m in self.legal_moves(position)]
        if self.misere:
            pairs = [(m, q) for m, q in pairs if not self.primitive(q)]
        return pairs

    def successors(self, position: Any) -> list[Any]:
        """The positions one move away under the ending rule."""
        return [q for _, q in self.options(position)]

    def check_move(self, position: Any, move: Move) -> Any:
        """Return the position after ``move``, or raise :class:`IllegalMove` saying why not.

        Under misere play a move that ends the game is legal (and loses); it is checked here
        against the rules, not against :meth:`moves`.
        """
        if self.primitive(position) or not self.is_legal(position, move):
            raise IllegalMove(f"{move.describe()} is not legal from {self.format(position)}: "
                              f"{self.why_illegal(position, move)}")
        return self.do_move(position, move)

    def is_legal(self, position: Any, move: Move) -> bool:
        """Whether the rules allow ``move`` (before the ending rule).  The default scans the move
        list lazily; games override it with a direct test, so huge positions stay instant."""
        return any(m == move for m in self.legal_moves(position))

    def why_illegal(self, position: Any, move: Move) -> str:
        """A reason ``move`` is not legal; games refine it."""
        return "the rules of " + self.name + " do not allow it"

    def winner_label(self, outcome: str) -> dict[str, Any]:
        """Extra facts derived from an outcome (e.g. which player wins); none by default."""
        return {}

    def describe(self) -> str:
        params = ", ".join(f"{k}={v}" for k, v in self.params().items())
        return f"{self.name}({params})" if params else self.name

    def __repr__(self) -> str:
        return f"<game {self.describe()}>"


def kebab_name(class_name: str) -> str:
    """``"MisereKayles"`` -> ``"misere-kayles"``: the name a game class gets by default."""
    out = []
    for i, ch in enumerate(class_name):
        if ch.isupper() and i and (class_name[i - 1].islower() or
                                   (i + 1 < len(class_name) and class_name[i + 1].islower())):
            out.append("-")
        out.append(ch.lower())
    return "".join(out).replace("_", "-")


#: Longest row of tokens drawn; longer piles are drawn cut, with their size.
MAX_TOKENS = 40
TOKEN = "\u25cf"


def tokens(count: int) -> str:
    """A row of ``count`` tokens, cut after :data:`MAX_TOKENS`."""
    if count <= MAX_TOKENS:
        return TOKEN * count
    return TOKEN * MAX_TOKENS + "\u2026"


#: A count of more bits than this is bounded by a power of two, from bit lengths alone (an
#: estimate of a position with piles of thousands of digits costs nothing).
EXACT_BITS = 256
#: Piles up to which :func:`sorted_tuples_below` counts exactly.
EXACT_PILES = 40


def product_bound(*factors: int) -> int:
    """The product of ``factors`` (each >= 0), or when it would pass :data:`EXACT_BITS` bits the
    power of two ``2 ** sum(bit lengths)`` above it: an upper bound either way."""
    bits = sum(f.bit_length() for f in factors)
    if bits > EXACT_BITS:
        return 1 << bits
    product = 1
    for f in factors:
        product *= f
    return product


def sorted_tuples_below(bounds: Sequence[int]) -> int:
    """The number of sorted tuples lying componentwise below the sorted ``bounds`` (every
    multiset of piles reached by lowering piles of these sizes), without enumeration.

    Exact for up to :data:`EXACT_PILES` piles: the values are cut into bands at the distinct
    bounds, and the count runs over how many of the smallest entries fall in each band (a band
    of ``w`` values holds ``r`` sorted entries in ``C(w + r - 1, r)`` ways), the entries bounded
    by the first ``c`` bounds being the ``c`` smallest.  For more piles, the smaller of two upper
    bounds: ``C(top + k, k)`` and the product over the distinct bounds of their multisets.  A
    count past :data:`EXACT_BITS` bits is bounded by a power of two from bit lengths alone.

    >>> sorted_tuples_below([7, 7, 7, 7, 7]), sorted_tuples_below([1, 2]), sorted_tuples_below([])
    (792, 5)
    """
    groups: dict[int, int] = {}
    for b in bounds:
        groups[b] = groups.get(b, 0) + 1
    bits = sum(m * (b + m).bit_length() for b, m in groups.items())
    if bits > EXACT_BITS:  # C(b + m, m) <= (b + m) ** m < 2 ** (m * bit_length(b + m))
        return 1 << bits
    k = len(bounds)
    if k > EXACT_PILES:
        product = 1
        for b, m in groups.items():
            product *= comb(b + m, m)
        return min(product, comb(max(groups) + k, k))
    ways = [1] + [0] * k  # ways[t]: the t smallest entries placed in the bands so far
    below, done = -1, 0
    for bound in sorted(groups):
        width, below = bound - below, bound
        done += groups[bound]
        ways = [sum(ways[t - r] * comb(width + r - 1, r) for r in range(t + 1))
                if t >= done else 0 for t in range(k + 1)]
    return ways[k]


def check_pile_count(piles: Sequence[int], count: int | None, what: str = "piles") -> None:
    """Raise :class:`InputError` unless ``piles`` has ``count`` entries (if ``count`` is set)."""
    if count is not None and len(piles) != count:
        raise InputError(f"this game is played with {count} {what}, got {len(piles)}: "
                         f"{','.join(map(str, piles))}")

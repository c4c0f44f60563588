"""The generic solver: Sprague-Grundy values of any :class:`~nimlab.games.base.ImpartialGame`.

The solver walks the game graph depth first with an explicit stack (no recursion, so positions
thousands of moves deep are fine), stores every solved position under its canonical key, and
stops with :class:`~nimlab.errors.TooManyStates` before it stores more than ``max_states``
positions.  Values follow the Sprague-Grundy theory: ``G(p) = mex{G(q) : p -> q}``; a position is a
P-position (the previous player wins) exactly when its value is 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable

from nimlab.errors import NimlabError, TooManyStates
from nimlab.games.base import ImpartialGame, Move

#: Default bound on the number of positions one solver stores.
DEFAULT_MAX_STATES = 2_000_000


def mex(values) -> int:
    """The least non-negative integer not in ``values``."""
    seen = set(values)
    g = 0
    while g in seen:
        g += 1
    return g


def outcome_of(value: int) -> str:
    """``"P"`` for value 0 (previous player wins), else ``"N"`` (next player wins)."""
    return "P" if value == 0 else "N"


@dataclass(frozen=True)
class Option:
    """One move from a position, where it leads and the value there."""

    move: Move
    position: Any
    value: int

    @property
    def winning(self) -> bool:
        return self.value == 0


@dataclass(frozen=True)
class Analysis:
    """Everything the solver knows of one position."""

    game: ImpartialGame
    position: Any
    value: int
    options: list[Option] = field(default_factory=list)

    @property
    def outcome(self) -> str:
        return outcome_of(self.value)

    @property
    def winning_moves(self) -> list[Option]:
        return [o for o in self.options if o.winning]

    def to_dict(self, *, options: bool = True) -> dict:
        game = self.game
        data = {**position_summary(game, self.position, self.outcome), "value": self.value}
        if options:
            data["options"] = [option_dict(game, o) for o in self.options]
        return data


def position_summary(game: ImpartialGame, position: Any, outcome: str) -> dict:
    """The JSON head every report on a position starts with: game, parameters, position,
    outcome, and what the game derives from the outcome (e.g. the winning player)."""
    return {"game": game.name, "params": game.params(), "position": game.format(position),
            "outcome": outcome, **game.winner_label(outcome)}


def option_dict(game: ImpartialGame, option: Option) -> dict:
    return {
        "move": option.move.describe(),
        "notation": option.move.notation(),
        "to": game.format(option.position),
        "value": option.value,
        "winning": option.winning,
    }


class Solver:
    """Sprague-Grundy values of positions of one game, with a cache of solved positions."""

    def __init__(self, game: ImpartialGame, max_states: int = DEFAULT_MAX_STATES):
        if max_states < 1:
            raise NimlabError("--max-states must be at least 1")
        self.game = game
        self.max_states = max_states
        self.cache: dict[Hashable, int] = {}

    def __len__(self) -> int:
        return len(self.cache)

    def value(self, position: Any) -> int:
        """The Sprague-Grundy value of ``position``."""
        game, cache = self.game, self.cache
        key = game.key(position)
        if key in cache:
            return cache[key]
        stack: list[tuple[Hashable, Any]] = [(key, position)]
        expanding: set[Hashable] = set()
        while stack:
            key, pos = stack[-1]
            if key in cache:
                stack.pop()
                continue
            children = [(game.key(q), q) for q in game.successors(pos)]
            pending = [(k, q) for k, q in children if k not in cache]
            if pending:
                if key in expanding:  # pragma: no cover - would need a loopy ruleset
                    raise NimlabError(f"{game.name}: a child of {game.format(pos)} is unsolved "
                                      "after its expansion; the game graph is not acyclic")
                expanding.add(key)
                for k, q in pending:
                    if k in expanding:
                        raise NimlabError(f"{game.name} has a cycle through {game.format(q)}: "
                                          "the solver handles short (acyclic) games only")
                    stack.append((k, q))
                continue
            if len(cache) >= self.max_states:
                raise TooManyStates(
                    f"solving {game.format(position)} needs more than {self.max_states:,} "
                    "positions (--max-states); raise --max-states or choose a smaller position")
            cache[key] = mex(cache[k] for k, _ in children)
            expanding.discard(key)
            stack.pop()
        return cache[game.key(position)]

    def outcome(self, position: Any) -> str:
        return outcome_of(self.value(position))

    def analyse(self, position: Any) -> Analysis:
        """Value of ``position`` and of every option, in the order the game lists its moves."""
        return analyse_with(self.value, self.game, position)

    def winning_moves(self, position: Any) -> list[Option]:
        return self.analyse(position).winning_moves


def analyse_with(value: Any, game: ImpartialGame, position: Any) -> Analysis:
    """The :class:`Analysis` of ``position`` given a function ``value(position)``."""
    options = [Option(m, q, value(q)) for m, q in game.options(position)]
    return Analysis(game, position, value(position), options)


#: Positions at least this large are solved from a kernel table when a kernel covers the game.
KERNEL_FROM = {"sharing": 40, "end-nim": 20}
#: Largest kernel table built for one query (piles up to this bound).
KERNEL_UP_TO = {"sharing": 20_000, "end-nim": 400}


def solver_for_position(game: ImpartialGame, position: Any,
                        max_states: int = DEFAULT_MAX_STATES) -> Any:
    """The fastest exact solver for ``position``: a kernel table for large 3-pile Sharing Nim
    positions (the spread of the piles bounds every option's) and End-Nim rows of at most three
    piles (no option has a larger pile), the generic solver otherwise.  Both answer ``value``,
    ``outcome`` and ``analyse``."""
    name = game.name
    if name == "sharing" and len(position) == 3:
        size = max(position) - min(position)
        options = {}
    elif name == "end-nim" and 1 <= len(position) <= 3:
        size = max(position)
        options = {"variant": game.variant}
    else:
        return solver_for(game, max_states)
    if not KERNEL_FROM[name] <= size <= KERNEL_UP_TO[name]:
        return solver_for(game, max_states)
    from nimlab.kernels.solvers import table_solver

    return table_solver(name, size, **options)


_SOLVERS: dict[tuple, Solver] = {}


def solver_for(game: ImpartialGame, max_states: int = DEFAULT_MAX_STATES) -> Solver:
    """A solver for ``game`` shared by all callers in this process (same game, same cache)."""
    ident = (type(game), tuple(sorted((k, str(v)) for k, v in game.params().items())),
             getattr(game, "vertices", None))
    solver = _SOLVERS.get(ident)
    if solver is None:
        solver = _SOLVERS[ident] = Solver(game, max_states)
    solver.max_states = max_states
    return solver


def value(game: ImpartialGame, position: Any, max_states: int = DEFAULT_MAX_STATES) -> int:
    """Sprague-Grundy value of ``position`` in ``game`` (shared cache)."""
    return solver_for(game, max_states).value(position)


def analyse(game: ImpartialGame, position: Any,
            max_states: int = DEFAULT_MAX_STATES) -> Analysis:
    """Value, options and winning moves of ``position`` in ``game`` (shared cache)."""
    return solver_for(game, max_states).analyse(position)

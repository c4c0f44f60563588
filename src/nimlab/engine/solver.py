"""The generic solver: Sprague-Grundy values of any :class:`~nimlab.games.base.ImpartialGame`.

The solver walks the game graph depth first with an explicit stack (no recursion, so positions
thousands of moves deep are fine), stores every solved position under its canonical key, and
stops with :class:`~nimlab.errors.TooManyStates` before it stores more than ``max_states``
positions.  Values follow the Sprague-Grundy theory: ``G(p) = mex{G(q) : p -> q}``; a position is a
P-position (the previous player wins) exactly when its value is 0.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Hashable

from nimlab.engine.analysis import (SOLVER_SOURCE, Analysis, Option, option_dict, outcome_of,
                                    position_summary)
from nimlab.errors import NimlabError, TooManyStates, short_text
from nimlab.games.base import ImpartialGame

__all__ = ["Solver", "Budget", "postorder", "Analysis", "Option", "analyse", "analyse_with",
           "value", "mex", "outcome_of", "solver_for", "option_dict", "position_summary",
           "DEFAULT_MAX_STATES", "DEFAULT_TIME_LIMIT", "SOLVER_SOURCE"]

#: Default bound on the number of positions one solver stores (solved plus pending).
DEFAULT_MAX_STATES = 2_000_000
#: Default bound on the seconds one question may spend in the solver.
DEFAULT_TIME_LIMIT = 20.0


@dataclass(frozen=True)
class Budget:
    """How much work one question may cost: positions held by the solver (solved and pending,
    so memory is bounded too) and seconds of solving."""

    max_states: int = DEFAULT_MAX_STATES
    time_limit: float = DEFAULT_TIME_LIMIT

    def __post_init__(self) -> None:
        if self.max_states < 1:
            raise NimlabError("--max-states must be at least 1")
        if not self.time_limit > 0:
            raise NimlabError("--time-limit must be positive (seconds)")


def budget_error(game: ImpartialGame, position: Any, reason: str, fix: str) -> TooManyStates:
    """A refusal naming the position, why (``reason``) and what would work (``fix``); the parts
    are kept on the error so a caller can name the position it was asked about instead."""
    error = TooManyStates(f"solving {short_text(game.format(position))} {reason}; {fix} or choose "
                          "a smaller position")
    error.reason, error.fix = reason, fix
    return error


def mex(values) -> int:
    """The least non-negative integer not in ``values``."""
    seen = set(values)
    g = 0
    while g in seen:
        g += 1
    return g


def postorder(game: ImpartialGame, position: Any, cache: dict, combine: Any, *, ceiling: int,
              deadline: float | None, too_slow: Any, too_many: Any, what: str) -> None:
    """Store ``cache[key(p)] = combine([cache[key(q)] for q in options of p], p)`` for
    ``position`` and every position below it not yet in ``cache``: depth first with an explicit
    stack (no recursion), children before parents.

    Bounded: ``too_many()`` is raised before the cache and the stack together hold more than
    ``ceiling`` positions, ``too_slow()`` once ``time.monotonic()`` passes ``deadline``; a cycle
    is refused (``what``: who handles short games only).  The one walk of the value solver and
    of the remoteness search."""
    stack: list[tuple[Hashable, Any]] = [(game.key(position), position)]
    expanding: set[Hashable] = set()
    steps = 0
    while stack:
        steps += 1
        if deadline is not None and not steps & 1023 and time.monotonic() > deadline:
            raise too_slow()
        key, pos = stack[-1]
        if key in cache:
            stack.pop()
            continue
        children = [(game.key(q), q) for q in game.successors(pos)]
        pending = [(k, q) for k, q in children if k not in cache]
        if pending:
            if len(cache) + len(stack) + len(pending) > ceiling:
                raise too_many()
            expanding.add(key)
            for k, q in pending:
                if k in expanding:
                    raise NimlabError(f"{game.name} has a cycle: "
                                      f"{short_text(_loop(game, stack, expanding, k, q), 300)}"
                                      f"; {what} short (acyclic) games only")
                stack.append((k, q))
            continue
        if len(cache) + len(stack) > ceiling:
            raise too_many()
        cache[key] = combine([cache[k] for k, _ in children], pos)
        expanding.discard(key)
        stack.pop()


def _loop(game: ImpartialGame, stack: list, expanding: set, back: Hashable, q: Any) -> str:
    """The positions of a cycle, ``a -> b -> ... -> a``: the path being expanded (each key's
    last entry on the stack) from ``back`` on, and ``q`` again."""
    path: dict[Hashable, Any] = {}
    for key, pos in stack:
        if key in expanding:
            path.pop(key, None)
            path[key] = pos
    keys = list(path)
    loop = [path[k] for k in keys[keys.index(back):]] + [q]
    return " -> ".join(game.format(p) for p in loop)


class Solver:
    """Sprague-Grundy values of positions of one game, with a cache of solved positions."""

    def __init__(self, game: ImpartialGame, max_states: int = DEFAULT_MAX_STATES):
        if max_states < 1:
            raise NimlabError("--max-states must be at least 1")
        self.game = game
        self.max_states = max_states
        #: ``time.monotonic()`` past which :meth:`value` stops (``None``: no time limit).
        self.deadline: float | None = None
        self.time_limit: float | None = None
        self.cache: dict[Hashable, int] = {}

    def __len__(self) -> int:
        return len(self.cache)

    def value(self, position: Any) -> int:
        """The Sprague-Grundy value of ``position``."""
        game, cache = self.game, self.cache
        key = game.key(position)
        if key not in cache:
            postorder(game, position, cache, lambda values, _: mex(values),
                      ceiling=self.max_states, deadline=self.deadline,
                      too_slow=lambda: budget_error(
                          game, position, f"takes more than {self.time_limit:g} seconds "
                          "(--time-limit)", "raise --time-limit"),
                      too_many=lambda: self._too_many(position),
                      what="the solver handles")
        return cache[key]

    def _too_many(self, position: Any) -> TooManyStates:
        return budget_error(self.game, position, f"needs more than {self.max_states:,} positions "
                            "(solved and pending; --max-states)", "raise --max-states")

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
    return Analysis(game, position, value(position), options, method="solver",
                    source=SOLVER_SOURCE)


_SOLVERS: dict[tuple, Solver] = {}
#: Solvers (one per game and parameters) kept in one process; the oldest goes first.
MAX_SOLVERS = 8


def solver_for(game: ImpartialGame, max_states: int | None = DEFAULT_MAX_STATES) -> Solver:
    """A solver for ``game`` shared by all callers in this process (same game, same cache);
    ``max_states=None`` leaves its bound as it is."""
    ident = game.identity()
    solver = _SOLVERS.pop(ident, None)
    if solver is None:
        solver = Solver(game, max_states or DEFAULT_MAX_STATES)
        while len(_SOLVERS) >= MAX_SOLVERS:  # memory stays bounded: drop the oldest cache
            _SOLVERS.pop(next(iter(_SOLVERS)))
    _SOLVERS[ident] = solver  # most recently used last
    if max_states is not None:
        solver.max_states = max_states
    return solver


def _bounded(game: ImpartialGame, max_states: int, time_limit: float) -> Solver:
    solver = solver_for(game, max_states)
    solver.deadline, solver.time_limit = time.monotonic() + time_limit, time_limit
    return solver


def value(game: ImpartialGame, position: Any, max_states: int = DEFAULT_MAX_STATES,
          time_limit: float = DEFAULT_TIME_LIMIT) -> int:
    """Sprague-Grundy value of ``position`` in ``game`` by the solver (shared cache), within
    ``max_states`` positions and ``time_limit`` seconds.  :func:`nimlab.solve.answer` tries the
    game's fast paths first."""
    solver = _bounded(game, max_states, time_limit)
    try:
        return solver.value(position)
    finally:
        solver.deadline = None


def analyse(game: ImpartialGame, position: Any, max_states: int = DEFAULT_MAX_STATES,
            time_limit: float = DEFAULT_TIME_LIMIT) -> Analysis:
    """Value, options and winning moves of ``position`` by the solver (shared cache), within the
    budget; :func:`nimlab.solve.analyse` tries the game's fast paths first."""
    solver = _bounded(game, max_states, time_limit)
    try:
        return solver.analyse(position)
    finally:
        solver.deadline = None

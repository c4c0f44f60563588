"""The dispatcher: the fastest exact answer for a position, or a one-line refusal in bounded time.

Every game lists its *fast paths* (closed forms, proven periods, kernel tables) by dotted name in
its class attribute ``fast_paths`` (see :class:`nimlab.games.base.ImpartialGame`).  A fast path is
an object with ``method`` and ``answer(game, position) -> Answer | None`` (``None``: it does not
apply, decided cheaply).  :func:`answer` tries them in order:

1. the first answer with a value wins;
2. an answer with the outcome only is kept, and the generic solver is asked for the value if the
   estimate fits the budget; if it does not (or the solver runs out of budget), the answer is the
   outcome with ``value = None``;
3. with no fast path answering, the generic solver runs within the :class:`Budget`: an up-front
   estimate (``game.estimate_states`` and ``game.estimate_moves``) refuses at once what is clearly
   out of reach, and the solver itself stops at ``max_states`` positions (solved plus pending) or
   ``time_limit`` seconds.

A fast path with ``takes_budget = True`` is given the question's :class:`Budget` as
``answer(..., budget=)`` (a specialised solver declines what does not fit it); one with
``skips_move = True`` takes ``need_move=False`` for the options.  Nothing here knows a game by
name or type: adding a fast path is one line in the game's ``fast_paths``.
"""

from __future__ import annotations

import importlib
import time
from itertools import islice
from typing import Any, Callable

from nimlab.engine.analysis import SOLVER_SOURCE, Analysis, Answer, Option
from nimlab.engine.solver import DEFAULT_MAX_STATES, Budget, budget_error, solver_for
from nimlab.errors import NimlabError, TooManyStates, about, short_text
from nimlab.games.base import ImpartialGame, Move
from nimlab.progress import PastDeadline
from nimlab.progress import deadline as time_limited

__all__ = ["Budget", "answer", "analyse", "fast_paths", "value_function", "estimate",
           "bounded_moves", "cost", "work_estimate", "MAX_MOVES", "SOLVER_SPEED", "CHEAP_STATES",
           "CHEAP_WORK", "CHEAP_MOVES"]

#: ``moves`` lists at most this many moves (a larger move list is refused, not built).
MAX_MOVES = 5_000
#: Moves per second the solver is assumed to examine, for the up-front time estimate (a
#: deliberately optimistic figure, so that only what is clearly out of reach is refused).
SOLVER_SPEED = 300_000
#: log10(2), to write a huge count as a power of ten from its bit length.

#: A position the solver would solve storing at most this many positions, examining at most
#: :data:`CHEAP_WORK` moves, is cheap (:func:`cost`).
CHEAP_STATES = 20_000
#: Moves (estimated positions times moves per position, halved) a cheap solve examines at most:
#: a second at :data:`SOLVER_SPEED` (measured: a third of a second, e.g. Fibonacci 20,20,5).
CHEAP_WORK = SOLVER_SPEED
#: A move list of at most this many moves is cheap to list (:func:`cost`).
CHEAP_MOVES = 300

_RESOLVED: dict[str, Any] = {}


def _resolve(dotted: str) -> Any:
    found = _RESOLVED.get(dotted)
    if found is None:
        module_name, _, attribute = dotted.partition(":")
        try:
            found = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as missing:
            raise NimlabError(f"fast path {dotted!r} cannot be loaded: {missing}") from None
        if isinstance(found, type):
            found = found()
        _RESOLVED[dotted] = found
    return found


def fast_paths(game: ImpartialGame) -> list[Any]:
    """The fast paths proven for ``game``'s exact rules (:meth:`~nimlab.games.base.ImpartialGame.
    proven_fast_paths`: never a parent class's, never for another ending rule), resolved (each
    object made once per process)."""
    return [_resolve(d) for d in game.proven_fast_paths()]


def value_function(game: ImpartialGame, max_states: int = DEFAULT_MAX_STATES
                   ) -> Callable[[Any], int]:
    """``value(position)`` for many positions of one game (a table): a fast path's closed value
    where one applies (``closed_value``, no move search), else the generic solver, one cache for
    all the positions and at most ``max_states`` of them."""
    closed = [(path.closed_value, getattr(path, "applies", None)) for path in fast_paths(game)
              if callable(getattr(path, "closed_value", None))]
    solver = None

    def value(position: Any) -> int:
        nonlocal solver
        for formula, applies in closed:
            if applies is None or applies(game, position):
                found = formula(game, position)
                if found is not None:
                    return int(found)
        if solver is None:
            solver = solver_for(game, max_states)
        return solver.value(position)

    return value


def estimate(game: ImpartialGame, position: Any) -> tuple[int | None, int | None]:
    """``(states, seconds)`` the generic solver would need, about; ``None`` when unknown."""
    states, work = work_estimate(game, position)
    return states, None if work is None else work // SOLVER_SPEED


def work_estimate(game: ImpartialGame, position: Any) -> tuple[int | None, int | None]:
    """``(states, moves examined)`` the generic solver would need, about; ``None`` when
    unknown."""
    states = game.estimate_states(position)
    moves = getattr(game, "estimate_moves", None)
    if states is None or moves is None:
        return states, None
    return states, states * max(moves(position), 1) // 2


def cost(game: ImpartialGame, position: Any, *, moves: bool = False,
         budget: Budget | None = None) -> str:
    """``"cheap"`` when :func:`answer` (with ``moves``: :func:`analyse`) answers ``position`` at
    once by the dispatcher's own estimate, else ``"slow"``; nothing is solved or built.

    Cheap: a fast path that answers with a value without building anything (a closed form, a
    kernel table already in memory: a fast path with ``ready(game, position)`` says whether it
    holds its table; or a table quick to build: ``quick(game, position)``), a solver
    estimate of at most :data:`CHEAP_STATES` positions and :data:`CHEAP_WORK` moves examined,
    or an estimate the budget refuses at once; with ``moves``, at most :data:`CHEAP_MOVES`
    moves too.
    """
    if moves and bounded_moves(game, position, CHEAP_MOVES) is None:
        return "slow"
    for path in fast_paths(game):
        ready = getattr(path, "ready", None)
        if ready is not None:
            held = ready(game, position)
            if held is None:
                continue
            quick = getattr(path, "quick", None)
            return "cheap" if held or (quick is not None and quick(game, position)) else "slow"
        found = path.answer(game, position)
        if found is not None and found.value is not None:
            return "cheap"
    states, work = work_estimate(game, position)
    if states is not None and states <= CHEAP_STATES and (work is None or work <= CHEAP_WORK):
        return "cheap"
    if _solver_refusal(game, position, budget or Budget()) is not None:
        return "cheap"
    return "slow"


def _solver_refusal(game: ImpartialGame, position: Any, budget: Budget) -> TooManyStates | None:
    states, seconds = estimate(game, position)
    here = short_text(game.format(position))
    table = f", or `nimlab table {game.table}` for a whole range" if game.table else ""
    if states is not None and states > budget.max_states:
        error = TooManyStates(
            f"the value of {here} is out of reach: the solver would store about {about(states)} "
            f"positions, over --max-states {budget.max_states:,}; try a smaller position, a larger "
            f"--max-states{table}")
    elif seconds is not None and seconds > budget.time_limit:
        error = TooManyStates(
            f"the value of {here} is out of reach: the solver would take about {about(seconds)} "
            f"seconds, over --time-limit {budget.time_limit:g}; try a smaller position or a "
            "larger --time-limit")
    else:
        return None
    error.reason = "is out of reach"
    return error


def _solve(game: ImpartialGame, position: Any, budget: Budget, deadline: float) -> int:
    """The solver's value within ``budget``: at most ``max_states`` new positions this question,
    and the shared cache never above the larger of that and the default (memory stays bounded:
    a full cache is emptied first)."""
    solver = solver_for(game, None)
    before = solver.max_states
    ceiling = max(budget.max_states, DEFAULT_MAX_STATES)
    if len(solver.cache) + budget.max_states > ceiling:
        solver.cache.clear()
    solver.max_states = len(solver.cache) + budget.max_states
    solver.deadline, solver.time_limit = deadline, budget.time_limit
    try:
        return solver.value(position)
    finally:
        solver.deadline, solver.max_states = None, before


def _asked(error: TooManyStates, game: ImpartialGame, position: Any) -> TooManyStates:
    """The refusal worded for the position the user asked about."""
    reason, fix = getattr(error, "reason", None), getattr(error, "fix", None)
    if reason is None or fix is None:
        return error
    return budget_error(game, position, reason, fix)


def answer(game: ImpartialGame, position: Any, budget: Budget | None = None, *,
           deadline: float | None = None, need_move: bool = True) -> Answer:
    """The fastest exact answer for ``position``; see the module docstring.

    Raises :class:`~nimlab.errors.TooManyStates` (a one-line refusal) when neither a fast path
    nor the solver within ``budget`` can tell even the outcome.
    """
    budget = budget or Budget()
    if deadline is None:
        deadline = time.monotonic() + budget.time_limit
    known: Answer | None = None
    for path in fast_paths(game):
        try:
            extra = {"budget": budget} if getattr(path, "takes_budget", False) else {}
            with time_limited(deadline):        # a table built here stops at the deadline
                found = path.answer(game, position, need_move=False, **extra) \
                    if not need_move and getattr(path, "skips_move", False) \
                    else path.answer(game, position, **extra)
        except PastDeadline:
            if known is not None:
                return known
            if path.method == "solver":
                raise budget_error(game, position, f"takes more than {budget.time_limit:g} "
                                   "seconds (--time-limit)", "raise --time-limit") from None
            raise TooManyStates(
                f"the answer for {game.format(position)} needs a {path.method} that takes more "
                f"than --time-limit {budget.time_limit:g} seconds to build; raise --time-limit, "
                "or build the table once with `nimlab table` (it is then kept)") from None
        if found is None:
            continue
        if found.value is not None:
            if found.outcome == "N" and found.winning_move is None and known is not None:
                found = Answer(found.outcome, found.value, found.method, found.source,
                               known.winning_move, found.reason or known.reason)
            return found
        known = known or found
    refusal = _solver_refusal(game, position, budget)
    if refusal is not None:
        if known is not None:
            return known
        raise refusal
    try:
        value = _solve(game, position, budget, deadline)
        move = None
        if value and need_move:
            move = known.winning_move if known is not None else None
            if move is None:
                move = next((m for m, q in game.options(position)
                             if _solve(game, q, budget, deadline) == 0), None)
    except TooManyStates as error:
        if known is not None:
            return known
        raise _asked(error, game, position) from None
    source = SOLVER_SOURCE if known is None else f"{SOLVER_SOURCE}; outcome also by {known.source}"
    return Answer("P" if value == 0 else "N", value, "solver", source, move)


def bounded_moves(game: ImpartialGame, position: Any, cap: int = MAX_MOVES) -> list[Move] | None:
    """The moves under the ending rule, or ``None`` when there are more than ``cap`` (the move
    list is read lazily, so a huge position costs nothing)."""
    if game.primitive(position):
        return []
    first = list(islice(game.legal_moves(position), cap + 1))
    if len(first) > cap:
        return None
    if game.misere:
        first = [m for m in first if not game.primitive(game.do_move(position, m))]
    return first


def analyse(game: ImpartialGame, position: Any, budget: Budget | None = None, *,
            winning_only: bool = False, max_moves: int = MAX_MOVES) -> Analysis:
    """The answer for ``position`` with its options (each answered the same way).

    A position with more than ``max_moves`` moves is refused, except for ``winning_only`` where
    the fast path's winning move is listed alone when it names one.
    """
    budget = budget or Budget()
    deadline = time.monotonic() + budget.time_limit
    top = answer(game, position, budget, deadline=deadline)
    moves = bounded_moves(game, position, max_moves)
    try:
        if moves is None:
            if winning_only and (top.outcome == "P" or top.winning_move is not None):
                moves = [top.winning_move] if top.winning_move is not None else []
            else:
                raise TooManyStates(
                    f"{short_text(game.format(position))} has more than {max_moves:,} moves: "
                    "too many to list; "
                    "`nimlab hint` gives the winning move, `moves --winning` lists it alone")
        options = []
        for move in moves:
            if time.monotonic() > deadline:
                raise TooManyStates(
                    f"listing the moves of {game.format(position)} takes more than "
                    f"{budget.time_limit:g} seconds (--time-limit); raise --time-limit, or "
                    "`nimlab hint` for the winning move alone")
            target = game.do_move(position, move)
            found = answer(game, target, budget, deadline=deadline, need_move=False)
            options.append(Option(move, target, found.value, found.outcome))
    except TooManyStates as error:
        raise _asked(error, game, position) from None
    if winning_only:
        options = [o for o in options if o.winning]
    return Analysis(game, position, top.value, options, top.outcome, top.method, top.source)

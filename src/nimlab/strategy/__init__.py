"""Strategies that explain themselves: :func:`hint` says what to play and why.

>>> from nimlab.games import load
>>> game, position = load("sharing", "3,3,15")
>>> h = hint(game, position)
>>> h.outcome, h.move
('P', None)
>>> hint(*load("sharing", "0,4,8")).move.describe()
'move 4 tokens from pile 3 to pile 1'

Each game lists its closed forms among its ``fast_paths`` (``nimlab.games``); the first
strategy there whose verdict covers the position explains the hint, and the dispatcher
(:mod:`nimlab.solve`) uses the same objects for ``value`` and ``moves``:

* ``sharing`` with 3 piles - Theorems 2 and 4, Remark 5 (:mod:`.sharing`);
* ``end-nim``, every variant - Theorems 2.1-2.3 (:mod:`.endnim`);
* ``fibonacci`` - one pile (Whinihan, factor 2), two piles by Theorem 3.1 / Corollary 3.2
  (:mod:`.fibonacci`);
* ``cash`` - Theorems 3.1, 4.5 and 6.10 where they hold (:mod:`.cash`);
* ``subtraction`` - the proven period (:mod:`.subtraction`);
* ``nim`` - Bouton's nim-sum rule (:mod:`.nim`); ``wythoff`` - Wythoff's pairs (:mod:`.wythoff`);
* everything else, and every position the closed forms do not cover - kernel tables or the
  solver, within the budget (:mod:`.solver`).
"""

from __future__ import annotations

from typing import Any

from nimlab.engine.analysis import outcome_of
from nimlab.engine.solver import DEFAULT_MAX_STATES, Budget
from nimlab.errors import TooManyStates
from nimlab.games.base import ImpartialGame
from nimlab.solve import answer, fast_paths
from nimlab.strategy.base import Hint, Strategy, StrategyError, Verdict, stalling_move
from nimlab.strategy.solver import solver_hint

__all__ = ["Hint", "Strategy", "Verdict", "hint", "strategy_for", "stalling_move",
           "VALUE_BUDGET"]

#: At most this many positions are solved just to report a value next to a closed form.
VALUE_BUDGET = 20_000


def strategy_for(game: ImpartialGame) -> Strategy | None:
    """The first closed-form strategy among ``game``'s declared fast paths, or ``None``."""
    return next((p for p in fast_paths(game) if isinstance(p, Strategy)), None)


def _verdict(game: ImpartialGame, position: Any) -> tuple[Strategy | None, Verdict | None]:
    for path in fast_paths(game):
        if isinstance(path, Strategy) and path.applies(game, position):
            verdict = path.verdict(game, position)
            if verdict is not None:
                return path, verdict
    return None, None


def hint(game: ImpartialGame, position: Any, max_states: int = DEFAULT_MAX_STATES,
         budget: Budget | None = None) -> Hint:
    """What the player to move should play from ``position``, and why.

    Closed forms first (the strategies among the game's fast paths), then the dispatcher
    (:mod:`nimlab.solve`).  Raises :class:`~nimlab.errors.TooManyStates` (a one-line refusal)
    only when nothing within the budget can tell the outcome.
    """
    budget = budget or Budget(max_states)
    strategy, verdict = _verdict(game, position)
    if verdict is None:
        return solver_hint(game, position, budget)
    if verdict.p:
        result = _p_hint(game, position, verdict)
    else:
        result = _n_hint(game, position, strategy, verdict, budget)
    _attach_value(result, strategy, budget)
    return result
def _p_hint(game: ImpartialGame, position: Any, verdict: Verdict) -> Hint:
    stall = stalling_move(game, position)
    text = f"No winning move: {verdict.reason}."
    stall_to = None
    if stall is not None:
        stall_to = game.do_move(position, stall)
        text += (f" Every move loses against perfect play; the stalling move "
                 f"{stall.notation()} ({stall.describe()}) changes the position least.")
    return Hint(game, position, "P", None, None, text, verdict.source, method_of(game, position),
                stalling=stall, stalling_to=stall_to)


def _n_hint(game: ImpartialGame, position: Any, strategy: Strategy, verdict: Verdict,
            budget: Budget) -> Hint:
    move, why, source = verdict.move, "", verdict.source
    if move is not None:
        target = game.do_move(position, move)
        child = strategy.verdict(game, target) if strategy.applies(game, target) else None
        if child is not None and child.p:
            why = child.reason
    else:
        move, target, why, found_by = _search(game, position, strategy, budget)
        if found_by != source:
            source = f"{source}; {found_by}"
    text = (f"{verdict.reason}. Winning move: {move.notation()} ({move.describe()}), to "
            f"{game.format(target)}" + (f": {why}." if why else "."))
    return Hint(game, position, "N", move, target, text, source, strategy.method)


def method_of(game: ImpartialGame, position: Any) -> str:
    strategy, _ = _verdict(game, position)
    return strategy.method if strategy is not None else "solver"


def _search(game: ImpartialGame, position: Any, strategy: Strategy, budget: Budget):
    """The first candidate move to a P-position: closed form first, then the solver."""
    unknown = []
    for move in strategy.candidates(game, position):
        target = game.do_move(position, move)
        child = strategy.verdict(game, target) if strategy.applies(game, target) else None
        if child is None:
            unknown.append((move, target))
        elif child.p:
            return move, target, child.reason, child.source
    for move, target in unknown:
        if answer(game, target, budget, need_move=False).outcome == "P":
            return move, target, ("the solver finds value 0 there (no closed form covers it): a "
                                  "P-position"), "solver"
    raise StrategyError(f"{game.describe()} {game.format(position)}: the closed form calls it an "
                        "N-position but no move leads to a P-position")


def _attach_value(result: Hint, strategy: Strategy, budget: Budget) -> None:
    game, position = result.game, result.position
    known = strategy.closed_value(game, position) if strategy.applies(game, position) else None
    if known is not None:
        result.value = known
        return
    if not strategy.value_is_cheap(game, position):
        result.value_note = ("not computed: the position is too large for the solver; the outcome "
                             "comes from the closed form")
        return
    small = Budget(min(budget.max_states, VALUE_BUDGET), budget.time_limit)
    try:
        result.value = answer(game, position, small, need_move=False).value
    except TooManyStates:
        result.value = None
    if result.value is None:
        result.value_note = (f"not computed: the solver would need more than {VALUE_BUDGET:,} "
                             "positions; the outcome comes from the closed form")
    elif outcome_of(result.value) != result.outcome:
        raise StrategyError(f"{game.describe()} {game.format(position)}: the closed form says "
                            f"{result.outcome} but the solver finds value {result.value}")

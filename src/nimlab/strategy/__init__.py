"""Strategies that explain themselves: :func:`hint` says what to play and why.

>>> from nimlab.games import load
>>> game, position = load("sharing", "3,3,15")
>>> h = hint(game, position)
>>> h.outcome, h.move
('P', None)
>>> hint(*load("sharing", "0,4,8")).move.describe()
'move 4 tokens from pile 3 to pile 1'

Dispatch (one module per game family; see :mod:`nimlab.strategy.base` for the common rules):

* ``sharing`` with 3 piles - Theorem 2 and Remark 5 (:mod:`.sharing`);
* ``end-nim``, every variant - Theorems 2.1-2.3 (:mod:`.endnim`);
* ``fibonacci`` - Theorem 3.1 / Corollary 3.2 for two piles (:mod:`.fibonacci`);
* ``cash`` - Theorems 3.1, 4.5 and 6.10 where they hold (:mod:`.cash`);
* ``nim`` - Bouton's nim-sum rule (:mod:`.nim`);
* everything else, and every position the closed forms do not cover - the solver
  (:mod:`.solver`).
"""

from __future__ import annotations

from typing import Any

from nimlab.engine.solver import DEFAULT_MAX_STATES, outcome_of, solver_for
from nimlab.errors import TooManyStates
from nimlab.games import CashNim, EndNim, FibonacciNim, Nim, SharingNim
from nimlab.games.base import ImpartialGame
from nimlab.strategy.base import Hint, Strategy, StrategyError, Verdict, stalling_move
from nimlab.strategy.cash import CashStrategy
from nimlab.strategy.endnim import EndNimStrategy
from nimlab.strategy.fibonacci import FibonacciStrategy
from nimlab.strategy.nim import NimStrategy
from nimlab.strategy.sharing import SharingStrategy
from nimlab.strategy.solver import solver_hint

__all__ = ["Hint", "Strategy", "Verdict", "hint", "strategy_for", "stalling_move",
           "VALUE_BUDGET"]

#: At most this many new positions are solved just to report a value next to a closed form.
VALUE_BUDGET = 20_000

_STRATEGIES: list[tuple[type, Strategy]] = [
    (SharingNim, SharingStrategy()),
    (EndNim, EndNimStrategy()),
    (FibonacciNim, FibonacciStrategy()),
    (CashNim, CashStrategy()),
    (Nim, NimStrategy()),
]


def strategy_for(game: ImpartialGame) -> Strategy | None:
    """The closed-form strategy of ``game``'s family, or ``None`` (the solver only)."""
    for cls, strategy in _STRATEGIES:
        if type(game) is cls:
            return strategy
    return None


def hint(game: ImpartialGame, position: Any, max_states: int = DEFAULT_MAX_STATES) -> Hint:
    """What the player to move should play from ``position``, and why.

    Raises :class:`~nimlab.errors.TooManyStates` only when the solver is needed (no closed form
    covers the position) and would have to store more than ``max_states`` positions.
    """
    strategy = strategy_for(game)
    verdict = None
    if strategy is not None and strategy.applies(game, position):
        verdict = strategy.verdict(game, position)
    if verdict is None:
        return solver_hint(game, position, max_states)
    if verdict.p:
        result = _p_hint(game, position, verdict)
    else:
        result = _n_hint(game, position, strategy, verdict, max_states)
    _attach_value(result, strategy)
    return result


def _p_hint(game: ImpartialGame, position: Any, verdict: Verdict) -> Hint:
    stall = stalling_move(game, position)
    text = f"No winning move: {verdict.reason}."
    stall_to = None
    if stall is not None:
        stall_to = game.do_move(position, stall)
        text += (f" Every move loses against perfect play; the stalling move "
                 f"{stall.notation()} ({stall.describe()}) changes the position least.")
    return Hint(game, position, "P", None, None, text, verdict.source, "closed form",
                stalling=stall, stalling_to=stall_to)


def _n_hint(game: ImpartialGame, position: Any, strategy: Strategy, verdict: Verdict,
            max_states: int) -> Hint:
    move, why, source = verdict.move, "", verdict.source
    if move is not None:
        target = game.do_move(position, move)
        child = strategy.verdict(game, target) if strategy.applies(game, target) else None
        if child is not None and child.p:
            why = child.reason
    else:
        move, target, why, found_by = _search(game, position, strategy, max_states)
        if found_by != source:
            source = f"{source}; {found_by}"
    text = (f"{verdict.reason}. Winning move: {move.notation()} ({move.describe()}), to "
            f"{game.format(target)}" + (f": {why}." if why else "."))
    return Hint(game, position, "N", move, target, text, source, "closed form")


def _search(game: ImpartialGame, position: Any, strategy: Strategy, max_states: int):
    """The first candidate move to a P-position: closed form first, then the solver."""
    unknown = []
    for move in strategy.candidates(game, position):
        target = game.do_move(position, move)
        child = strategy.verdict(game, target) if strategy.applies(game, target) else None
        if child is None:
            unknown.append((move, target))
        elif child.p:
            return move, target, child.reason, child.source
    solver = solver_for(game, max_states)
    for move, target in unknown:
        if solver.value(target) == 0:
            return move, target, ("the solver finds value 0 there (no closed form covers it): a "
                                  "P-position"), "solver"
    raise StrategyError(f"{game.describe()} {game.format(position)}: the closed form calls it an "
                        "N-position but no move leads to a P-position")


def _attach_value(result: Hint, strategy: Strategy) -> None:
    game, position = result.game, result.position
    known = strategy.closed_value(game, position)
    if known is not None:
        result.value = known
        return
    if not strategy.value_is_cheap(game, position):
        result.value_note = ("not computed: the position is too large for the solver; the outcome "
                             "comes from the closed form")
        return
    solver = solver_for(game)
    solver.max_states = len(solver) + VALUE_BUDGET
    try:
        result.value = solver.value(position)
    except TooManyStates:
        result.value_note = (f"not computed: the solver would need more than {VALUE_BUDGET:,} new "
                             "positions; the outcome comes from the closed form")
    finally:
        solver.max_states = DEFAULT_MAX_STATES
    if result.value is not None and outcome_of(result.value) != result.outcome:
        raise StrategyError(f"{game.describe()} {game.format(position)}: the closed form says "
                            f"{result.outcome} but the solver finds value {result.value}")

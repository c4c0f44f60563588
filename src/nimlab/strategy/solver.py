"""Hints from the generic solver, for every game and position no closed form covers.

The reasoning is Sprague-Grundy's: a position of value 0 is a P-position (every move from it
leads to a nonzero value), a position of nonzero value has a move to value 0.  The winning move
offered is the first move, in the game's own move order, that leads to value 0.
"""

from __future__ import annotations

from typing import Any

from nimlab.engine.analysis import SOLVER_SOURCE as SOURCE
from nimlab.engine.solver import Budget
from nimlab.games.base import ImpartialGame
from nimlab.solve import analyse
from nimlab.strategy.base import Hint, stalling_move


def solver_hint(game: ImpartialGame, position: Any, budget: Budget | None = None) -> Hint:
    """A hint from the dispatcher's analysis of ``position`` (kernel tables or the solver)."""
    analysis = analyse(game, position, budget)
    here = game.format(position)
    if analysis.outcome == "P":
        stall = stalling_move(game, position)
        stall_to = game.do_move(position, stall) if stall is not None else None
        if game.primitive(position):
            text = f"No winning move: {here} is over, the player to move has lost."
        elif not analysis.options:
            text = (f"No winning move: every move from {here} ends the game, and under misere "
                    "play the player who ends it loses.")
        else:
            known = [o.value for o in analysis.options if o.value is not None]
            low = f" (the least is {min(known)})" if len(known) == len(analysis.options) else ""
            text = (f"No winning move: {here} has value 0, a P-position. Each of its "
                    f"{len(analysis.options)} moves leads to a nonzero value{low}, "
                    "from which the opponent can move back to value 0.")
        if stall is not None:
            text += (f" The stalling move {stall.notation()} ({stall.describe()}) changes the "
                     "position least.")
        return Hint(game, position, "P", None, None, text, analysis.source, analysis.method,
                    stalling=stall,
                    stalling_to=stall_to, value=0)
    best = analysis.winning_moves[0]
    value = f"value {analysis.value}" if analysis.value is not None else "a nonzero value"
    text = (f"{here} has {value}, not 0: an N-position. Winning move: "
            f"{best.move.notation()} ({best.move.describe()}), to {game.format(best.position)}, "
            "which has value 0: a P-position, where every move leads to a nonzero value and the "
            "opponent cannot escape.")
    return Hint(game, position, "N", best.move, best.position, text, analysis.source,
                analysis.method, value=analysis.value)

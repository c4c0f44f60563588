"""Hints from the generic solver, for every game and position no closed form covers.

The reasoning is Sprague-Grundy's: a position of value 0 is a P-position (every move from it
leads to a nonzero value), a position of nonzero value has a move to value 0.  The winning move
offered is the first move, in the game's own move order, that leads to value 0.
"""

from __future__ import annotations

from typing import Any

from nimlab.engine.solver import DEFAULT_MAX_STATES, solver_for_position
from nimlab.games.base import ImpartialGame
from nimlab.strategy.base import Hint, stalling_move

SOURCE = "Sprague-Grundy values computed by the solver"


def solver_hint(game: ImpartialGame, position: Any, max_states: int = DEFAULT_MAX_STATES) -> Hint:
    """A hint from the solver's analysis of ``position``."""
    analysis = solver_for_position(game, position, max_states).analyse(position)
    here = game.format(position)
    if analysis.value == 0:
        stall = stalling_move(game, position)
        stall_to = game.do_move(position, stall) if stall is not None else None
        if game.primitive(position):
            text = f"No winning move: {here} is over, the player to move has lost."
        elif not analysis.options:
            text = (f"No winning move: every move from {here} ends the game, and under misere "
                    "play the player who ends it loses.")
        else:
            low = min(o.value for o in analysis.options)
            text = (f"No winning move: {here} has value 0, a P-position. Each of its "
                    f"{len(analysis.options)} moves leads to a nonzero value (the least is {low}), "
                    "from which the opponent can move back to value 0.")
        if stall is not None:
            text += (f" The stalling move {stall.notation()} ({stall.describe()}) changes the "
                     "position least.")
        return Hint(game, position, "P", None, None, text, SOURCE, "solver", stalling=stall,
                    stalling_to=stall_to, value=0)
    best = analysis.winning_moves[0]
    text = (f"{here} has value {analysis.value}, not 0: an N-position. Winning move: "
            f"{best.move.notation()} ({best.move.describe()}), to {game.format(best.position)}, "
            "which has value 0: a P-position, where every move leads to a nonzero value and the "
            "opponent cannot escape.")
    return Hint(game, position, "N", best.move, best.position, text, SOURCE, "solver",
                value=analysis.value)

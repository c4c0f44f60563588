"""Remoteness from Python: :func:`remoteness` (the web lab's ``/api/remoteness``, the column of
``nimlab moves --remoteness``).

Remoteness counts the moves left when both play perfectly: the winner wins as fast as it can,
the loser loses as slowly as it can (:mod:`nimlab.engine.remoteness`).  No closed form gives it,
so it is searched within the budget (``max_states``, ``time_limit``); out of the budget the
answer is ``remoteness=None`` with a one-line note, never a guess.

>>> found = remoteness("nim", (1, 2))
>>> found.outcome, found.remoteness
('N', 3)
>>> [(m.move.notation(), m.remoteness) for m in found.moves if m.outcome == "P"]
[('2-1', 2)]
>>> remoteness("nim", (10**30, 3, 17)).note
'remoteness unknown: the search from 1000000000000000000000000000000,3,17 is about 10^31 ...'
"""

from __future__ import annotations

import time
from typing import Any

from nimlab.engine.remoteness import outcome_and_remoteness
from nimlab.engine.solver import Budget
from nimlab.errors import TooManyStates, about
from nimlab.games.base import ImpartialGame
from nimlab.lab.inputs import budget, resolve, whole
from nimlab.results.remoteness import MoveRemoteness, Remoteness
from nimlab.solve import MAX_MOVES, bounded_moves

__all__ = ["remoteness", "position_remoteness"]


def remoteness(game: Any, position: Any, *, max_states: int | None = None,
               time_limit: float | None = None, max_moves: int | None = None,
               **options: Any) -> Remoteness:
    """The outcome and remoteness of ``position`` and of the position each move leads to.

    ``game``, ``position`` and the game's ``options`` as for :func:`nimlab.answer`; at most
    ``max_states`` positions are searched within ``time_limit`` seconds (the command line's
    defaults), and the moves are listed when there are at most ``max_moves`` of them.
    """
    the_game, the_position = resolve(game, position, options, "nimlab.remoteness")
    limits = budget(max_states, time_limit)
    cap = MAX_MOVES if max_moves is None else whole(max_moves, "max_moves", 1)
    return position_remoteness(the_game, the_position, limits,
                               time.monotonic() + limits.time_limit, cap)


def position_remoteness(game: ImpartialGame, position: Any, limits: Budget, deadline: float,
                        max_moves: int = MAX_MOVES) -> Remoteness:
    """:func:`remoteness` of a position already read, searching until ``deadline``
    (``time.monotonic()``): what :func:`nimlab.moves` uses for ``remoteness=True``."""
    here = game.format(position)
    estimated = game.estimate_states(position)
    if estimated is not None and estimated > limits.max_states:
        return Remoteness(game, position, None, None,
                          f"remoteness unknown: the search from {here} is about "
                          f"{about(estimated)} positions, more than the budget of "
                          f"{limits.max_states:,} positions (--max-states); no closed form gives "
                          "remoteness")
    # A game that cannot estimate its size (a game of one's own) is searched all the same:
    # the search itself stops at the budget's positions and deadline.
    left = deadline - time.monotonic()
    if left <= 0:
        return Remoteness(game, position, None, None,
                          f"remoteness unknown: no time was left for {here} (--time-limit "
                          f"{limits.time_limit:g})")
    try:
        outcome, far = outcome_and_remoteness(game, position, limits.max_states, deadline,
                                              limits.time_limit)
        moves = bounded_moves(game, position, max_moves)
        if moves is None:
            return Remoteness(game, position, outcome, far,
                              f"more than {max_moves:,} moves: remoteness is given for the "
                              "position only")
        listed = []
        for move in moves:
            target = game.do_move(position, move)
            # every option was searched with the position: these are look-ups
            there, far_there = outcome_and_remoteness(game, target, limits.max_states,
                                                      deadline, limits.time_limit)
            listed.append(MoveRemoteness(move, target, there, far_there))
    except TooManyStates as refused:
        return Remoteness(game, position, None, None,
                          f"remoteness unknown: {' '.join(str(refused).split())}")
    return Remoteness(game, position, outcome, far, None, tuple(listed))

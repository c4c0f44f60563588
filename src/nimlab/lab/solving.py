"""Questions about one position: :func:`answer`, :func:`analyse`, :func:`moves`, :func:`hint`.

Each goes through the dispatcher (:mod:`nimlab.solve`) with the same budget as its command
(``max_states``, ``time_limit``; the command line's defaults), so a question answers by a closed
form, a proven period or a kernel table at any size, or by the solver within the budget, or is
refused in one line (:class:`~nimlab.errors.TooManyStates`).

>>> found = answer("sharing", (0, 4, 8))
>>> found.value, found.outcome
(3, 'N')
>>> answer("sharing", (10**30 + 7, 3, 17)).outcome
'N'
>>> hint("sharing", (3, 5, 20)).to in {(4, 4, 20), (5, 5, 18)}
True
>>> [o.move.notation() for o in moves("nim", (1, 2), winning=True).options]
['2-1']
"""

from __future__ import annotations

import time
from typing import Any

from nimlab.lab.inputs import budget, resolve
from nimlab.lab.remote import position_remoteness
from nimlab.results.answers import Moves, PositionAnswer, PositionHint
from nimlab.solve import analyse as dispatch_analyse
from nimlab.solve import answer as dispatch_answer
from nimlab.strategy import hint as strategy_hint

__all__ = ["answer", "analyse", "moves", "hint"]


def answer(game: Any, position: Any, *, max_states: int | None = None,
           time_limit: float | None = None, **options: Any) -> PositionAnswer:
    """The Sprague-Grundy value and outcome of ``position`` (``nimlab value``).

    ``game`` is a name (``"sharing"``) or a game object; ``position`` a tuple of piles;
    ``options`` the game's (``variant=``, ``last=``, ``factor=``, ``set=``, ``budgets=``,
    ``edges=``).  ``value`` is ``None`` when only the outcome is within reach.
    """
    the_game, the_position = resolve(game, position, options, "nimlab.answer")
    found = dispatch_answer(the_game, the_position, budget(max_states, time_limit),
                            need_move=False)
    return PositionAnswer(the_game, the_position, found)


def value(game: Any, position: Any, *, max_states: int | None = None,
          time_limit: float | None = None, **options: Any) -> int | None:
    """The Sprague-Grundy value of ``position`` as an int (``answer(...).value``): the same
    dispatcher, options and budget as :func:`answer`; ``None`` when only the outcome is within
    reach.  ``game`` is a name or a game object.

    >>> value("nim", (1, 2, 3)), value("sharing", (0, 4, 8))
    (0, 3)
    """
    return answer(game, position, max_states=max_states, time_limit=time_limit,
                  **options).value


def analyse(game: Any, position: Any, *, winning: bool = False, remoteness: bool = False,
            max_states: int | None = None, time_limit: float | None = None,
            **options: Any) -> Moves:
    """The value of ``position`` with every move and the value where it leads
    (``nimlab moves``); ``winning=True`` keeps the winning moves only; ``remoteness=True``
    adds the remoteness of the position and of each move's target (:func:`nimlab.remoteness`,
    within the time left of the same budget; ``None`` with a note when out of it)."""
    the_game, the_position = resolve(game, position, options, "nimlab.analyse")
    for name, flag in (("winning", winning), ("remoteness", remoteness)):
        if not isinstance(flag, bool):
            from nimlab.errors import InputError

            raise InputError(f"{name}: give True or False, not {flag!r}")
    limits = budget(max_states, time_limit)
    started = time.monotonic()
    found = dispatch_analyse(the_game, the_position, limits, winning_only=winning)
    far = None
    if remoteness:
        far = position_remoteness(the_game, the_position, limits, started + limits.time_limit)
    return Moves(found, winning, far)


def moves(game: Any, position: Any, *, winning: bool = False, remoteness: bool = False,
          max_states: int | None = None, time_limit: float | None = None,
          **options: Any) -> Moves:
    """The moves from ``position`` (``nimlab moves``): the same as :func:`analyse`."""
    return analyse(game, position, winning=winning, remoteness=remoteness,
                   max_states=max_states, time_limit=time_limit, **options)


def hint(game: Any, position: Any, *, max_states: int | None = None,
         time_limit: float | None = None, **options: Any) -> PositionHint:
    """The move to play from ``position`` and why (``nimlab hint``): ``.move``, ``.to`` (a
    tuple), ``.explanation`` (in words), ``.source``."""
    the_game, the_position = resolve(game, position, options, "nimlab.hint")
    return PositionHint(strategy_hint(the_game, the_position,
                                      budget=budget(max_states, time_limit)))

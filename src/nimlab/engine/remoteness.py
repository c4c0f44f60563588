"""Remoteness: how many moves are left when both players play perfectly.

The winner plays to win as fast as it can, the loser to lose as slowly as it can (the convention
of Gasser's and GamesCrafters' solvers).  With ``r`` the remoteness of a position:

* a position with no move left has ``r = 0`` (under misere play a position whose only moves end
  the game - and lose - has ``r = 1``: one forced move to the end);
* at an N-position, ``r = 1 + min r(q)`` over the options ``q`` that are P-positions;
* at a P-position, ``r = 1 + max r(q)`` over all options (all are N-positions).

The search is the solver's own walk (:func:`nimlab.engine.solver.postorder`: iterative, no
recursion), bounded by a number of stored positions and a deadline: out of budget it raises
:class:`~nimlab.errors.TooManyStates`, never guesses.
"""

from __future__ import annotations

from typing import Any, Hashable

from nimlab.engine.solver import budget_error, postorder
from nimlab.games.base import ImpartialGame

#: Positions kept per game between questions (the cache is emptied beyond it).
CACHE_LIMIT = 2_000_000
_CACHES: dict[tuple, dict[Hashable, tuple[bool, int]]] = {}


def _cache(game: ImpartialGame) -> dict[Hashable, tuple[bool, int]]:
    ident = game.identity()
    cache = _CACHES.get(ident)
    if cache is None:
        if len(_CACHES) >= 8:
            _CACHES.pop(next(iter(_CACHES)))
        cache = _CACHES[ident] = {}
    return cache


def remoteness(game: ImpartialGame, position: Any, max_states: int = 200_000,
               deadline: float | None = None, time_limit: float | None = None) -> int:
    """The remoteness of ``position`` (see the module docstring)."""
    return outcome_and_remoteness(game, position, max_states, deadline, time_limit)[1]


def outcome_and_remoteness(game: ImpartialGame, position: Any, max_states: int = 200_000,
                           deadline: float | None = None, time_limit: float | None = None
                           ) -> tuple[str, int]:
    """``("N" or "P", remoteness)`` of ``position`` (see the module docstring).

    At most ``max_states`` new positions are stored and the search stops at ``deadline``
    (``time.monotonic()``); past either it raises :class:`TooManyStates` naming ``position``.
    """
    cache = _cache(game)
    key = game.key(position)
    if key not in cache:
        _search(game, position, cache, max_states, deadline, time_limit)
    win, far = cache[key]
    return ("N" if win else "P"), far


def _search(game: ImpartialGame, position: Any, cache: dict, max_states: int,
            deadline: float | None, time_limit: float | None) -> None:
    if len(cache) + max_states > CACHE_LIMIT:
        cache.clear()
    postorder(game, position, cache, lambda children, pos: _from_children(children, game, pos),
              ceiling=len(cache) + max_states, deadline=deadline,
              too_slow=lambda: budget_error(
                  game, position, f"for its remoteness takes more than {time_limit or 0:g} "
                  "seconds (--time-limit)", "raise --time-limit"),
              too_many=lambda: budget_error(
                  game, position, f"for its remoteness stores more than {max_states:,} "
                  "positions (--max-states)", "raise --max-states"),
              what="remoteness is defined for")


def _from_children(children: list[tuple[bool, int]], game: ImpartialGame, position: Any
                   ) -> tuple[bool, int]:
    if not children:
        # the player to move loses: at once, or (misere) by the one move that ends the game
        return False, 0 if game.primitive(position) else 1
    losing = [far for win, far in children if not win]
    if losing:
        return True, 1 + min(losing)
    return False, 1 + max(far for _, far in children)

"""A game against the computer from Python: :func:`play` (``nimlab play``, move by move).

>>> s = play("nim", (1, 2))
>>> s.move("2-2")           # you empty pile 2; the computer takes the last token and wins
PlaySession(nim 0,0, computer won (computer moved last: you cannot move); played you:2-2 ...)
"""

from __future__ import annotations

from typing import Any

from nimlab.errors import InputError
from nimlab.lab.inputs import budget, resolve, whole
from nimlab.parsing import MAX_SEED
from nimlab.play import COMPUTER, LEVELS, YOU, Match
from nimlab.results.play import PlaySession

__all__ = ["play"]


def play(game: Any, position: Any, *, first: str = "me", level: str = "perfect",
         seed: int | None = None, max_states: int | None = None,
         time_limit: float | None = None, **options: Any) -> PlaySession:
    """Start a game against the computer from ``position``: ``first`` is ``"me"`` or
    ``"computer"`` (which then moves at once), ``level`` one of :data:`nimlab.play.LEVELS`
    (``"perfect"``, ``"errs-P"``, ``"ahead-K"``, ``"easy"``; random choices from ``seed``).  Play with ``session.move("2-1")``; see :class:`~nimlab.results.PlaySession`.
    """
    the_game, the_position = resolve(game, position, options, "nimlab.play")
    if first not in ("me", "computer"):
        raise InputError(f"first: 'me' or 'computer', not {first!r}")
    if level not in LEVELS:
        raise InputError(f"level: one of {', '.join(LEVELS)}, not {level!r}")
    seed = whole(seed, "seed", 0, MAX_SEED)
    limits = budget(max_states, time_limit)
    match = Match(the_game, the_position, to_move=YOU if first == "me" else COMPUTER,
                  level=level, seed=seed, max_states=limits.max_states,
                  time_limit=limits.time_limit)
    return PlaySession(match)

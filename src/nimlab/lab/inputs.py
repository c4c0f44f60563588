"""Reading the Python values the API takes: a game, a position, the game's options, budgets.

Positions are tuples (or lists) of non-negative integers; a game whose position has a second
part (Fibonacci Nim's last removal, the budgets of NIM with cash) takes it as an option or as a
pair ``((9, 4), 3)`` / ``(14, (9, 9))``; the command line's text (``"9,4;3"``) is accepted too.
Options are keyword arguments with Python values (``set=(1, 3, 4)``, ``budgets=(9, 9)``,
``factor=Fraction(3, 2)``, ``edges=[(1, 2), (2, 3)]``, vertices numbered from 1 like the piles).  Wrong types raise
:class:`~nimlab.errors.InputError` naming the argument.

>>> game, position = resolve("sharing", (0, 4, 8))
>>> game.name, position
('sharing', (0, 4, 8))
>>> resolve("fibonacci", (9, 4), {"last": 3, "factor": Fraction(3, 2)})[1]
((9, 4), 3)
>>> resolve("nim", (1, 2.5))
Traceback (most recent call last):
...
nimlab.errors.InputError: position: 2.5 is not an integer (a pile is a whole number of tokens)
"""

from __future__ import annotations

import operator
from fractions import Fraction
from typing import Any, Iterable

from nimlab.engine.solver import DEFAULT_MAX_STATES, DEFAULT_TIME_LIMIT, Budget
from nimlab.errors import InputError
from nimlab.games import GAMES, OPTIONS, load
from nimlab.games.base import ImpartialGame
from nimlab.parsing import MAX_SEED, integer_text, parse_bounded_int

__all__ = ["resolve", "position_text", "option_text", "budget", "check_options", "progress_of",
           "whole"]


def _integer(value: Any, name: str) -> int:
    if isinstance(value, bool):
        raise InputError(f"{name}: {value!r} is a truth value, not an integer")
    if isinstance(value, str):
        raise InputError(f"{name}: {value!r} is a string inside a tuple; give integers")
    try:
        number = operator.index(value)
    except TypeError:
        raise InputError(f"{name}: {value!r} is not an integer (a pile is a whole number of "
                         "tokens)") from None
    if number < 0:
        raise InputError(f"{name}: {number} is negative (piles hold 0 or more tokens)")
    integer_text(number, name)  # no longer than the command line reads
    return number


def _listed(value: Any) -> Any:
    """A NumPy array (or any array with ``tolist``) as the Python list it holds; anything else
    as it is (NumPy scalars are integers already, through ``operator.index``)."""
    ndim = getattr(value, "ndim", 0)
    if ndim and callable(getattr(value, "tolist", None)):
        if ndim > 1:
            raise InputError(f"position: an array of shape {tuple(value.shape)} is not a "
                             "position; give a 1-D array (or tuple) of piles, e.g. (5, 7)")
        return value.tolist()
    return value


def position_text(position: Any, name: str = "position") -> str:
    """The command line's text of a Python position (checked: integers >= 0 only).

    >>> position_text((0, 4, 8)), position_text(((9, 4), 3)), position_text((14, (9, 9)))
    ('0,4,8', '9,4;3', '14;9,9')
    """
    position = _listed(position)
    if isinstance(position, str):
        if not position.strip():
            raise InputError(f"{name} is empty")
        return position.strip()
    if isinstance(position, (list, tuple)):
        if not position:
            raise InputError(f"{name} is empty: give at least one pile")
        position = [_listed(part) for part in position]
        if any(isinstance(part, (list, tuple)) for part in position):
            if len(position) != 2:
                raise InputError(f"{name}: a position with two parts is a pair like ((9, 4), 3) "
                                 f"or (14, (9, 9)), not {position!r}")
            return ";".join(position_text(part, name) for part in position)
        return ",".join(str(_integer(p, name)) for p in position)
    if hasattr(position, "game") and hasattr(position, "position"):  # a Position result
        return position.game.format(position.position)
    return str(_integer(position, name))


def option_text(name: str, value: Any) -> str | None:
    """One game option as the command line writes it (``set=(1, 3, 4)`` -> ``"1,3,4"``).

    >>> option_text("factor", Fraction(3, 2)), option_text("edges", [(1, 2), (2, 3)])
    ('3/2', '1-2,2-3')
    """
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if name == "variant":
        raise InputError(f"variant: give a name (normal, misere or loop), not {value!r}")
    if name == "factor":
        if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
            return str(Fraction(value))
        raise InputError(f"factor: give an integer or a Fraction (e.g. Fraction(3, 2)), not "
                         f"{value!r}")
    if name == "edges":
        if not isinstance(value, (list, tuple)):
            raise InputError(f"edges: give pairs of vertices like [(1, 2), (2, 3)], not "
                             f"{value!r}")
        parts = []
        for edge in value:
            if isinstance(edge, str):
                parts.append(edge)
                continue
            if not isinstance(edge, (list, tuple)) or len(edge) != 2:
                raise InputError(f"edges: each edge is a pair (u, v), not {edge!r}")
            parts.append("-".join(str(_integer(v, "edges")) for v in edge))
        return ",".join(parts)
    if name == "a" and isinstance(value, (list, tuple)):
        raise InputError(f"a: give one integer A >= 1 (wythoff's a-Wythoff game), not {value!r}")
    if isinstance(value, (list, tuple)):
        return ",".join(str(_integer(v, name)) for v in value)
    return str(_integer(value, name))


def check_options(options: dict[str, Any], allowed: Iterable[str], where: str) -> None:
    """Refuse a keyword the function does not take, naming the ones it does."""
    allowed = list(allowed)
    for name in options:
        if name not in allowed:
            raise InputError(f"unknown option {name!r} for {where}; the options are: "
                             f"{', '.join(allowed)}")


def resolve(game: Any, position: Any, options: dict[str, Any] | None = None,
            where: str = "nimlab") -> tuple[ImpartialGame, Any]:
    """``(game object, position)`` from a game name or object, a position and game options."""
    options = dict(options or {})
    check_options(options, [*OPTIONS, *_own_options(game)], where)
    if isinstance(game, ImpartialGame):
        if any(v is not None for v in options.values()):
            raise InputError(f"game options ({', '.join(options)}) are for a game given by "
                             "name; a game object already has its options")
        if isinstance(position, str):
            return game, game.parse(position.strip())
        text = position_text(_plain(position))
        try:  # a position as the game holds it (e.g. cash's flat (14, 9, 9))
            text = game.format(_plain(position))
        except (TypeError, ValueError, IndexError, AttributeError):
            pass
        return game, game.parse(text)
    if not isinstance(game, str):
        raise InputError(f"game: give a game name ({', '.join(GAMES)}) or a game object, not "
                         f"{game!r}")
    texts = {k: option_text(k, v) for k, v in options.items()}
    given = {k: v for k, v in texts.items() if v is not None}
    return load(game, position_text(position), **given)


def _own_options(game: Any) -> tuple[str, ...]:
    """The options a game of one's own declares (``rule_options``), for a game given by name."""
    from nimlab.games.registry import is_own

    return GAMES[game].options if is_own(game) else ()


def _plain(position: Any) -> Any:
    """Lists (and arrays) as tuples, all the way down; integers checked."""
    position = _listed(position)
    if isinstance(position, (list, tuple)):
        return tuple(_plain(p) for p in position)
    return _integer(position, "position")


def budget(max_states: Any = None, time_limit: Any = None) -> Budget:
    """The budget of one question (the command line's defaults when not given); ``max_states``
    is read like every integer argument (:func:`whole`)."""
    states = DEFAULT_MAX_STATES if max_states is None else whole(max_states, "max_states", 1)
    seconds = DEFAULT_TIME_LIMIT if time_limit is None else time_limit
    try:
        seconds = float(seconds)
    except (TypeError, ValueError):
        raise InputError(f"time_limit: give a number of seconds, not {time_limit!r}") from None
    if not seconds > 0:
        raise InputError(f"time_limit must be positive, got {time_limit!r}")
    return Budget(states, seconds)


def progress_of(progress: Any, label: str = ""):
    """The :mod:`nimlab.progress` reporter for ``progress=`` (None, True, False or a callable)."""
    from nimlab.progress import reporter

    if not (progress is None or isinstance(progress, bool) or callable(progress)):
        raise InputError(f"progress: give True, False or a callable progress(done, total), not "
                         f"{progress!r}")
    return reporter(progress, label)


def whole(value: Any, name: str, low: int | None = 0, high: int | None = None,
          beyond: str = "") -> int | None:
    """An optional integer argument (``max=``, ``piles=``, ``n=``, ``max_states=``, ``seed=``)
    from a Python integer or its text, read and checked against ``low``..``high`` by
    :func:`nimlab.parsing.parse_bounded_int`, exactly as the web lab reads its parameters
    (``" 1000"`` and ``"+1000"`` are 1000; ``"1e3"``, ``2.5`` and ``True`` are refused).

    >>> whole(" +1000", "max"), whole(7, "seed", 0, MAX_SEED), whole(None, "max")
    (1000, 7, None)
    >>> whole(0, "max_states", 1)
    Traceback (most recent call last):
    ...
    nimlab.errors.InputError: max_states '0': 0 is below 1; every entry must be >= 1
    """
    if value is None:
        return None
    return parse_bounded_int(value, name, minimum=low, maximum=high, beyond=beyond)

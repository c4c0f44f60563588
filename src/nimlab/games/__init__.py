"""Every game of the four papers, by the name the command line uses.

>>> from nimlab.games import load
>>> game, position = load("sharing", "0,4,8")
>>> [m.describe() for m in game.available_moves(position)][:1]
['move 1 token from pile 2 to pile 1']
"""

from __future__ import annotations

from typing import Any

from nimlab.errors import InputError
from nimlab.games.base import ImpartialGame, Move, Take, split_suffix
from nimlab.games.endnim import VARIANTS, EndNim, EndTake
from nimlab.games.fibonacci import FibonacciNim
from nimlab.games.nim import Nim, TakeBoth, TakeTwo, Wythoff
from nimlab.games.octal import OctalGame
from nimlab.games.sharing import GraphNim, Share, SharingNim, complete_digraph, edge_text, parse_edges
from nimlab.games.specs import GAMES, GameSpec
from nimlab.games.rules import Game, HeapGame, HeapMove, RulesError, To
from nimlab.games.subtraction import CashNim, SubtractionNim

__all__ = [
    "GAMES", "GameSpec", "ImpartialGame", "Move", "Take", "TakeBoth", "Share", "EndTake",
    "Nim", "Wythoff", "SharingNim", "GraphNim", "EndNim", "FibonacciNim", "SubtractionNim",
    "CashNim", "OctalGame", "Game", "HeapGame", "HeapMove", "To", "RulesError", "builtin_names",
    "load_user_games", "complete_digraph", "edge_text", "parse_edges", "make_game", "load", "OPTIONS", "VARIANTS",
    "TakeTwo",
]

#: Every game option the command line knows, with its help text.
OPTIONS = {
    "variant": "End-Nim ending rule: normal, misere or loop",
    "last": "Fibonacci Nim: chips taken by the previous move (0 = first move)",
    "factor": "Fibonacci Nim: a move may take at most R times the previous removal (default 2)",
    "set": "subtraction and cash: the subtraction set a1,...,ak",
    "budgets": "cash: d1,d2, the money of the player to move and of the other player",
    "edges": "graph-nim: edges u-v (tokens move from vertex u to v), vertices numbered from 1 like the piles",
    "code": "octal: the code of a take-and-break game, e.g. 0.77 (Kayles), 0.07 (Dawson's Kayles)",
    "a": "wythoff: Fraenkel's a-Wythoff game, a move may take x and y from the two piles with "
         "|x - y| < A (default 1: Wythoff's game)",
}


GAMES.update({spec.name: spec for spec in [
    GameSpec("nim", Nim, (), (), {}, "3,5,7"),
    GameSpec("wythoff", Wythoff, ("a",), (), {}, "4,7"),
    GameSpec("sharing", SharingNim, (), (), {}, "0,4,8"),
    GameSpec("graph-nim", GraphNim, ("edges",), ("edges",), {"edges": "1-2,2-3,3-1"}, "1,4,9"),
    GameSpec("end-nim", EndNim, ("variant",), (), {"variant": "normal"}, "2,5,3"),
    GameSpec("fibonacci", FibonacciNim, ("last", "factor"), (), {"last": 0}, "7,3,2"),
    GameSpec("subtraction", SubtractionNim, ("set",), ("set",), {"set": "1,3,4"}, "14"),
    GameSpec("octal", OctalGame, ("code",), ("code",), {"code": "0.77"}, "5,7"),
    GameSpec("cash", CashNim, ("set", "budgets"), ("set",),
             {"set": "1,3,4", "budgets": "9,9"}, "14"),
]})


_BUILTIN = frozenset(GAMES)


def builtin_names() -> frozenset[str]:
    """The names of nimlab's own games (a game of one's own may not take one)."""
    return _BUILTIN


def load_user_games() -> None:
    """Register the games of installed packages and of the rules files a parent process loaded
    (:mod:`nimlab.games.registry`); cheap after the first call."""
    from nimlab.games.registry import load_entry_points, load_inherited

    load_entry_points()
    load_inherited()


def _spec(name: str) -> GameSpec:
    if name not in GAMES:
        load_user_games()
    try:
        return GAMES[name]
    except KeyError:
        raise InputError(f"unknown game {name!r}; the games are: {', '.join(GAMES)} (a game of "
                         "your own: --rules FILE.py)") from None


def _check_options(spec: GameSpec, options: dict[str, Any]) -> dict:
    given = {k: v for k, v in options.items() if v is not None}
    for name in given:
        if name not in spec.options:
            allowed = ", ".join(f"--{o}" for o in spec.options) or "none"
            raise InputError(f"--{name} does not apply to {spec.name} (its options: {allowed})")
    for name in spec.required:
        if name not in given:
            raise InputError(f"{spec.name} needs --{name}: {OPTIONS[name]}")
    return given


def make_game(name: str, *, vertices: int | None = None, **options: Any) -> ImpartialGame:
    """Build the game ``name`` from command-line style options (strings or values).

    ``vertices`` is the vertex count for ``graph-nim`` (taken from the edges if omitted).
    """
    spec = _spec(name)
    given = _check_options(spec, options)
    suffix = spec.cls.suffix_option
    built = {k: v for k, v in given.items() if k != suffix}
    position_text = ",".join(["0"] * vertices) if vertices is not None else None
    return spec.cls.from_options(position_text, **built)


def load(name: str, position: str, **options: Any) -> tuple[ImpartialGame, Any]:
    """Build game ``name`` and read ``position`` in it; options as on the command line.

    A game's ``suffix_option`` (Fibonacci's ``last``, cash's ``budgets``) completes the position
    (``"7,3,2/0"``, ``"14/9,9"``; the older ``"7,3,2;0"`` is read too) and may be written inside
    ``position`` after the ``/`` or as an option, not both.
    """
    spec = _spec(name)
    given = _check_options(spec, options)
    position = str(position).strip()
    suffix = spec.cls.suffix_option
    built = {k: v for k, v in given.items() if k != suffix}
    game = spec.cls.from_options(position, **built)
    if suffix is not None:
        written = split_suffix(position)[1] is not None
        if written and suffix in given:
            raise InputError(f"{position!r} already gives the {suffix} after '/' and --{suffix} "
                             f"gives {given[suffix]}: give it once")
        if not written:
            if suffix in given:
                position = f"{position}/{given[suffix]}"
            elif spec.cls.suffix_default is not None:
                position = f"{position}/{spec.cls.suffix_default}"
    return game, game.parse(position)

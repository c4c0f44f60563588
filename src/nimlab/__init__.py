"""nimlab: a laboratory for Nim variants.

The Python API (:mod:`nimlab.lab`) takes Python values and returns typed results
(:mod:`nimlab.results`) that print well and show in a notebook:

>>> import nimlab
>>> nimlab.answer("sharing", (0, 4, 8)).value
3
>>> nimlab.hint("sharing", (3, 5, 20)).to in {(4, 4, 20), (5, 5, 18)}
True
>>> nimlab.answer("fibonacci", (9, 4), last=3, factor=nimlab.Fraction(3, 2)).outcome
'N'
>>> game, position = nimlab.load("nim", "100,200,300")
>>> nimlab.answer(game, position).method
'closed form'

Importing nimlab is cheap: every name is loaded on first use (PEP 562), so ``import nimlab``
and ``nimlab value nim 1,2,3`` import neither NumPy nor Matplotlib nor Rich.
"""

from __future__ import annotations

import importlib
import sys

from nimlab.callables import Package

__version__ = "0.1.0"
sys.modules[__name__].__class__ = Package  # nimlab.play, .prove, .discover: callable modules

#: Public name -> "module:attribute" it is loaded from on first use.
_LAZY = {
    # the Python API (typed results)
    "answer": "nimlab.lab:answer", "value": "nimlab.lab:value", "analyse": "nimlab.lab:analyse",
    "moves": "nimlab.lab:moves", "hint": "nimlab.lab:hint", "table": "nimlab.lab:table",
    "remoteness": "nimlab.lab:remoteness",
    "verify": "nimlab.lab:verify", "reproduce": "nimlab.lab:reproduce",
    "errata": "nimlab.lab:errata", "cite": "nimlab.lab.cite:cite",
    # games, errors, budgets
    "load": "nimlab.games:load", "make_game": "nimlab.games:make_game",
    "GAMES": "nimlab.games:GAMES", "Budget": "nimlab.engine.solver:Budget",
    "Solver": "nimlab.engine:Solver", "Analysis": "nimlab.engine:Analysis",
    "NimlabError": "nimlab.errors:NimlabError", "InputError": "nimlab.errors:InputError",
    "IllegalMove": "nimlab.errors:IllegalMove", "TooManyStates": "nimlab.errors:TooManyStates",
    "Fraction": "fractions:Fraction",
    # the ruleset API: games of one's own
    "Game": "nimlab.games.rules:Game", "HeapGame": "nimlab.games.rules:HeapGame",
    "RulesError": "nimlab.games.rules:RulesError",
    "register": "nimlab.games.registry:register", "load_rules": "nimlab.games.registry:load_rules",
}
#: Modules reached as attributes (``nimlab.store.cache_dir()``), imported on first use.
_MODULES = ("store", "games", "solve", "tables", "errors", "progress")
#: Modules that are also the API's functions when called (see :mod:`nimlab.callables`).
_CALLABLE = ("play", "prove", "discover")

__all__ = ["__version__", *_LAZY, *_CALLABLE, *_MODULES]


def __getattr__(name: str):
    if name in _LAZY:
        module_name, _, attribute = _LAZY[name].partition(":")
        found = getattr(importlib.import_module(module_name), attribute)
        if module_name == "nimlab.lab":  # its errors name keyword arguments, not options
            found = importlib.import_module("nimlab.errors").python_errors(found)
        globals()[name] = found
        return found
    if name in _MODULES:  # nimlab.store, as the README shows it, without an import first
        return importlib.import_module(f"nimlab.{name}")
    if name in _CALLABLE:
        try:
            importlib.import_module(f"nimlab.{name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"nimlab.{name}":
                raise
            raise AttributeError(f"module 'nimlab' has no attribute {name!r} (this version of "
                                 f"nimlab has no nimlab.{name})") from None
        return importlib.import_module("nimlab.callables").make_callable(f"nimlab.{name}")
    raise AttributeError(f"module 'nimlab' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

"""nimlab: a laboratory for Nim variants.

>>> import nimlab
>>> game, position = nimlab.load("sharing", "0,4,8")
>>> nimlab.analyse(game, position).value
3
>>> nimlab.answer(*nimlab.load("nim", "100,200,300")).method
'closed form'
"""

__version__ = "0.1.0"

from nimlab.engine import Analysis, Solver, analyse, value  # noqa: E402
from nimlab.errors import IllegalMove, InputError, NimlabError, TooManyStates  # noqa: E402
from nimlab.games import GAMES, load, make_game  # noqa: E402
from nimlab.solve import Budget, answer  # noqa: E402

__all__ = ["__version__", "load", "make_game", "GAMES", "analyse", "value", "answer", "Budget",
           "Solver",
           "Analysis", "NimlabError", "InputError", "IllegalMove", "TooManyStates"]

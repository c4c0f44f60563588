"""Generic evaluation of impartial games (the answer types live in :mod:`.analysis`)."""

from nimlab.engine.analysis import Analysis, Answer, Option, outcome_of
from nimlab.engine.solver import (DEFAULT_MAX_STATES, DEFAULT_TIME_LIMIT, Budget, Solver, analyse,
                                  mex, solver_for, value)

__all__ = ["Solver", "Analysis", "Answer", "Option", "Budget", "analyse", "value", "mex",
           "outcome_of", "solver_for", "DEFAULT_MAX_STATES", "DEFAULT_TIME_LIMIT"]

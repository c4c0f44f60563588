"""Generic evaluation of impartial games."""

from nimlab.engine.solver import (DEFAULT_MAX_STATES, Analysis, Option, Solver, analyse, mex,
                                  outcome_of, solver_for, value)

__all__ = ["Solver", "Analysis", "Option", "analyse", "value", "mex", "outcome_of", "solver_for",
           "DEFAULT_MAX_STATES"]

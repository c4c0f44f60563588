"""nimlab's Python API: every capability as a function of Python values returning a typed
result (:mod:`nimlab.results`).  The command line and the web lab are shells over these.

* :func:`answer`, :func:`value`, :func:`analyse`, :func:`moves`, :func:`hint` - one position,
  through the dispatcher (:mod:`nimlab.solve`), bounded like the commands;
* :func:`remoteness` - the moves left under perfect play, for a position and its moves;
* :func:`table` - tables of values from the compiled kernels and the result store;
* :func:`verify`, :func:`prove`, :func:`reproduce` - the papers' statements;
  :func:`errata` - where the papers are wrong, and the corrections;
* :func:`play` - a game against the computer, move by move.

Positions are tuples of integers (the command line's text is accepted too), game options are
keyword arguments with Python values, budgets are ``max_states=`` and ``time_limit=``.  Errors
are nimlab's own (:class:`~nimlab.errors.InputError` naming the argument,
:class:`~nimlab.errors.TooManyStates` for work over the budget), with the CLI's one-line
messages.  Nothing here prints: long work reports through ``progress=`` (:mod:`nimlab.progress`).
"""

from __future__ import annotations

from nimlab.callables import lazy_names

#: Each function and its module, imported on first use (a question about one position never
#: loads the tables' or the claims' machinery).
_HOMES = {"answer": "solving", "value": "solving", "analyse": "solving", "moves": "solving",
          "hint": "solving", "table": "tables", "verify": "papers", "prove": "papers",
          "reproduce": "papers", "play": "playing", "remoteness": "remote",
          "errata": "papers"}

__all__ = list(_HOMES)

__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals())

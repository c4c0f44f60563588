"""Discovery: learn the rule of a game's positions from its tables, as an automaton, and prove it.

``discover(game, piles=..., value=G | p_positions=True, base="2" | "fib", ...)`` returns a
:class:`Discovery`; see :mod:`nimlab.discover.search` (the loop), :mod:`nimlab.discover.learn`
(residual classes on a box) and :mod:`nimlab.discover.oracle` (the tables).  Importing this
package is cheap: the work is imported when called.
"""

from __future__ import annotations

from typing import Any

__all__ = ["discover", "Discovery"]


def discover(game: str, piles: int | None = None, *, value: int | None = None,
             p_positions: bool = False, base: str | None = None, max_digits: int | None = None,
             time_limit: float | None = None, max_states: int | None = None,
             max_cells: int | None = None, prove_states: int | None = None,
             name: str | None = None, learner: str = "auto", workers: int = 0,
             scheduler: str | None = None, progress: Any = None, **game_options: Any):
    """Find and prove the automaton of a game's value-G positions (``nimlab discover``).

    Returns a :class:`Discovery`; ``p_positions=True`` finds the P-positions (value 0).

    * ``game``: nim, wythoff, sharing, end-nim, subtraction, cash or fibonacci; ``piles``: how
      many; its options as keywords (``variant=``, ``set=``, ``factor=``, ...);
    * ``value=G`` (the positions of value G) or ``p_positions=True`` (value 0);
    * ``base``: ``"2"`` or ``"fib"`` (default: the prover's numeration of the game);
    * budgets: ``max_digits`` (the largest box, in digits), ``time_limit`` (seconds),
      ``max_states`` (of a hypothesis automaton), ``max_cells`` (of a box of values),
      ``prove_states`` (of the proof's automata); ``name``: the automaton's name;
      ``progress``: a function ``progress(done, total)`` (:mod:`nimlab.progress`);
    * ``learner``: ``"active"`` (L*, asking the table only the words it needs), ``"box"``
      (residual classes of whole boxes) or ``"auto"`` (the game's choice); ``workers=N`` (a
      local Dask cluster of N processes) or ``scheduler="tcp://host:port"`` check the active
      learner's hypotheses on boxes slab by slab on the cluster.

    The answer's ``status`` is ``"proven"``, ``"none"`` (``lower_bound`` above ``max_states``,
    with the separating words in ``certificate``) or ``"unknown"`` (``reason``, ``further``).
    Errors name these keyword arguments.  The loop is :func:`nimlab.discover.search.discover`
    (left-out budgets take its defaults).
    """
    from nimlab.discover.search import discover as run
    from nimlab.errors import python_errors

    given = {"max_digits": max_digits, "time_limit": time_limit, "max_states": max_states,
             "max_cells": max_cells, "prove_states": prove_states, "name": name,
             "progress": progress}
    return python_errors(run)(game, piles, value=value, p_positions=p_positions, base=base,
                              learner=learner, workers=workers, scheduler=scheduler,
                              **{k: v for k, v in given.items() if v is not None},
                              **game_options)


def __getattr__(name: str):
    if name == "Discovery":
        from nimlab.discover.search import Discovery
        return Discovery
    raise AttributeError(name)

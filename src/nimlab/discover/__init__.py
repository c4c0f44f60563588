"""Discovery: learn the rule of a game's positions from its tables, as an automaton, and prove it.

``discover(game, piles=..., value=G | p_positions=True, base="2" | "fib", ...)`` returns a
:class:`Discovery`; ``discover(from_file="table.csv", ...)`` (or :func:`discover_data`) learns
from a table of one's own instead, never proven (:mod:`nimlab.discover.data`); see
:mod:`nimlab.discover.search` (the loop), :mod:`nimlab.discover.learn`
(residual classes on a box) and :mod:`nimlab.discover.oracle` (the tables).  Importing this
package is cheap: the work is imported when called.
"""

from __future__ import annotations

from typing import Any

__all__ = ["discover", "discover_data", "Discovery"]


def discover(game: str | None = None, piles: int | None = None, *,
             from_file: Any = None, value: int | None = None,
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

    ``from_file=PATH`` (a CSV file, ``"-"`` for standard input, or an open text file) learns
    from one's own data instead of a game (no ``game``; ``value``, ``p_positions``, ``base``,
    ``max_states``, ``name``, ``progress`` apply): :func:`discover_data`, whose answer is
    never proven.
    """
    from nimlab.discover.search import discover as run
    from nimlab.errors import InputError, python_errors

    if from_file is not None:
        extra = [k for k, v in {"game": game, "piles": piles, "max_digits": max_digits,
                                "time_limit": time_limit, "max_cells": max_cells,
                                "prove_states": prove_states, "scheduler": scheduler,
                                **game_options}.items() if v is not None]
        extra += [k for k, v in (("learner", learner != "auto"), ("workers", workers))
                  if v]
        if extra:
            raise InputError(f"from_file= learns from the data alone; drop "
                             f"{', '.join(e + '=' for e in extra)}")
        return discover_data(from_file, value=value, p_positions=p_positions, base=base,
                             max_states=2000 if max_states is None else max_states,
                             name=name, progress=progress)
    if game is None:
        raise InputError("discover: give a game (discover(\"nim\", 3, p_positions=True)) or "
                         "from_file=\"table.csv\"")

    given = {"max_digits": max_digits, "time_limit": time_limit, "max_states": max_states,
             "max_cells": max_cells, "prove_states": prove_states, "name": name,
             "progress": progress}
    return python_errors(run)(game, piles, value=value, p_positions=p_positions, base=base,
                              learner=learner, workers=workers, scheduler=scheduler,
                              **{k: v for k, v in given.items() if v is not None},
                              **game_options)


def discover_data(from_file: Any, *, value: int | None = None, p_positions: bool = False,
                  base: str | None = None, max_states: int = 2000, name: str | None = None,
                  progress: Any = None):
    """Learn the automaton of a table of one's own (``nimlab discover --from FILE.csv``).

    ``from_file``: a CSV file's path, ``"-"`` (standard input) or an open text file, of rows
    ``n1,...,nk,label`` (an optional first line of names: the automaton's variables, else
    p1..pk).  ``value=G``: the rows labelled G; ``p_positions=True``: labelled 0; neither: the
    rows labelled 1 (labels 0/1 only).  The data must hold every position of a box of numbers
    below ``width(L)``; rows beyond it are checked too.  Returns a :class:`Discovery` with
    status ``"unknown"`` (nothing learned from data is proven) and the smallest automaton that
    agrees with every row as its ``hypothesis`` (None if none of at most ``max_states``
    states does).  See :mod:`nimlab.discover.data`.
    """
    from nimlab.discover.data import discover_data as run
    from nimlab.errors import python_errors
    from nimlab.progress import quiet

    return python_errors(run)(from_file, value=value, p_positions=p_positions, base=base,
                              max_states=max_states, name=name,
                              progress=quiet if progress is None else progress)


def __getattr__(name: str):
    if name == "Discovery":
        from nimlab.discover.search import Discovery
        return Discovery
    raise AttributeError(name)

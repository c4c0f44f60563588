"""Discovery: learn the rule of a game's positions from its tables, as an automaton, and prove it.

``discover(game, piles=..., value=G | p_positions=True, base="2" | "fib", ...)`` returns a
:class:`Discovery`; see :mod:`nimlab.discover.search` (the loop), :mod:`nimlab.discover.learn`
(residual classes on a box) and :mod:`nimlab.discover.oracle` (the tables).  Importing this
package is cheap: the work is imported when called.
"""

from __future__ import annotations

from typing import Any

__all__ = ["discover", "Discovery"]


def discover(game: str, piles: int | None = None, **options: Any):
    """Find and prove the automaton of a game's value-G positions (or P-positions); see
    :func:`nimlab.discover.search.discover`."""
    from nimlab.discover.search import discover as run

    return run(game, piles, **options)


def __getattr__(name: str):
    if name == "Discovery":
        from nimlab.discover.search import Discovery
        return Discovery
    raise AttributeError(name)

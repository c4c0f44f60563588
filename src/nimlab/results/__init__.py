"""The typed results of nimlab's Python API (:mod:`nimlab.lab`).

Each result is a frozen dataclass with named fields, a readable ``repr``, ``to_json()`` (exactly
the object the matching command prints with ``--json``) and a notebook display
(``_repr_html_``, ``_repr_svg_`` or ``_repr_png_``).  They hold answers only: computing them
is the job of :mod:`nimlab.lab`, printing them that of the command line.

>>> from nimlab.results import Position
>>> from nimlab.games import load
>>> Position(*load("sharing", "0,4,8"))
Position(sharing 0,4,8)
"""

from __future__ import annotations

from nimlab.callables import lazy_names

#: Each result type and its module, imported on first use.
_HOMES = {"Position": "position", "PositionAnswer": "answers", "Moves": "answers",
          "PositionHint": "answers", "TableResult": "table", "ClaimCheck": "claims",
          "VerifyReport": "claims", "ProofResult": "claims", "ProofReport": "claims",
          "ReproduceReport": "claims", "PlaySession": "play", "Remoteness": "remoteness",
          "MoveRemoteness": "remoteness", "Errata": "errata"}

__all__ = list(_HOMES)

__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals())

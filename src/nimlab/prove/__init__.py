"""Proofs for all positions: a decision procedure for automatic statements about the games.

>>> from nimlab.prove import game_formula, run
>>> run(game_formula("nim", 3), "p-positions", "p1 ^ p2 = p3", store=False)["status"]
'proven'

``nimlab.prove.registered.proof_status(claim_id)`` answers from stored proof records (for
``nimlab verify`` and the errata page); see docs/PROOFS.md.
"""

from nimlab.prove import numerations  # noqa: F401 - names the numerations for every part
from nimlab.prove.games import game_formula
from nimlab.prove.procedure import run

__all__ = ["game_formula", "run"]

"""The papers' claims, checked against exhaustive computation (see :mod:`.registry`).

One module per paper registers its claims: ``sharing``, ``fibonacci``, ``endnim``, ``cash``.
"""

from nimlab.theory.registry import (PAPERS, REGISTRY, Claim, Counterexample, Evidence, Result,
                                    claim, compare, load_all, select)

__all__ = ["PAPERS", "REGISTRY", "Claim", "Counterexample", "Evidence", "Result", "claim",
           "compare", "load_all", "select"]

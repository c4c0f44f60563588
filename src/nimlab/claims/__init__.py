"""The claims room: the papers' statements as declarative rows, checked against computation.

* :mod:`.registry` - :class:`Claim` rows, expected statuses (:func:`holds`, :func:`fails`, ...),
  results, the registry and :func:`select`;
* :mod:`.checks` - the check kinds (:class:`Cases`, :class:`Region`, :class:`Steps`,
  :class:`Facts`, :class:`NotPeriodic`) and the comparison machinery;
* :mod:`.artifacts` - tables, lists and figures regenerated and compared with the print;
* :mod:`.report` - the report and errata pages of ``nimlab reproduce``.

The claims themselves live with their papers, in ``nimlab.papers.<paper>.claims_*``.
"""

from nimlab.claims.registry import (KEEP, REGISTRY, Claim, Counterexample, Evidence, Expect,
                                    Result, fails, holds, load_all, refuted, register, select,
                                    supported)
from nimlab.papers import PAPERS

__all__ = ["KEEP", "PAPERS", "REGISTRY", "Claim", "Counterexample", "Evidence", "Expect",
           "Result", "fails", "holds", "load_all", "refuted", "register", "select", "supported"]

"""What to cite (``nimlab cite``) from Python: :func:`cite`.

>>> found = cite()
>>> found.entries[0]["key"], len([e for e in found.entries if e["kind"] == "paper"])
('nimlab', 4)
"""

from __future__ import annotations

from nimlab import __version__
from nimlab.references import PAPERS, WORKS, software_bibtex
from nimlab.results.cite import Citations

__all__ = ["cite"]


def cite() -> Citations:
    """nimlab itself (as CITATION.cff says), the four papers whose games and claims it
    implements, and the works its results rest on (Walnut, Winning Ways, the octal games'
    literature, Fibonacci Nim's Grundy values, NIM with cash's later paper, the OEIS), each with
    its BibTeX entry."""
    entries = [{"key": "nimlab", "kind": "software", "cited_as": f"nimlab {__version__}",
                "reference": f"The nimlab developers, nimlab: a laboratory for Nim variants, "
                             f"version {__version__} (CITATION.cff)",
                "why": "the software", "bibtex": software_bibtex(__version__)}]
    for paper in PAPERS.values():
        entries.append({"key": paper.bibkey, "kind": "paper", "cited_as": paper.short,
                        "reference": paper.reference(),
                        "why": f"its games and claims (nimlab verify --paper {paper.key})",
                        "bibtex": paper.bibtex()})
    for work, why in WORKS.values():
        entries.append({"key": work.bibkey, "kind": "work", "cited_as": work.short,
                        "reference": work.reference(), "why": why, "bibtex": work.bibtex()})
    return Citations(tuple(entries))

"""Citations: every paper by authors, title, venue and year, from one place in the code
(nimlab.references); every claim by paper, section and statement; no internal file names."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from nimlab import __version__
from nimlab.references import PAPERS, bibtex, citation_cff, cite, references_markdown, section_of

ROOT = Path(__file__).parents[1]
INTERNAL = re.compile(r"(sharing-nim|multiple-fibonacci-nim|end-nim|nim-with-cash)\.txt")


def test_no_internal_file_names_in_src_or_docs():
    found = [f"{path.relative_to(ROOT)}:{n}" for top in ("src", "docs")
             for path in (ROOT / top).rglob("*") if path.is_file()
             and path.suffix not in (".png", ".npy", ".pyc", ".svg")
             for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
             if INTERNAL.search(line)]
    assert found == []
    assert INTERNAL.search("see sharing-nim.txt")  # the pattern does find them


@pytest.mark.parametrize("name, text", [
    ("docs/REFERENCES.md", references_markdown), ("docs/references.bib", bibtex),
    ("CITATION.cff", lambda: citation_cff(__version__))])
def test_reference_files_are_generated_from_the_one_place(name, text):
    assert (ROOT / name).read_text() == text(), f"regenerate {name} from nimlab.references"


def test_every_paper_has_authors_title_venue_and_year():
    for paper in PAPERS.values():
        assert paper.authors and paper.title and paper.venue and 1990 < paper.year < 2030
        assert paper.title in references_markdown() and str(paper.year) in paper.reference()
        assert f"{{{paper.bibkey}," in bibtex()


def test_statements_are_cited_with_their_section():
    assert cite("sharing", "Theorem 2") == "Ho 2015, Section 3, Theorem 2"
    assert section_of("sharing", "Conjecture 3") == "Section 6, Conjecture 3"
    assert section_of("end-nim", "Proof of Theorem 2.2, (1)") == "Section 3, Proof of Theorem 2.2, (1)"
    assert section_of("end-nim", "Theorem 5.1 (c)") == "Section 5, Theorem 5.1 (c)"
    assert section_of("cash", "Section 6.7, Theorem 6.10") == "Section 6.7, Theorem 6.10"


def test_every_claim_is_cited_by_paper_section_and_statement():
    from nimlab.claims import select

    for claim in select((), "all"):
        assert claim.citation.startswith(PAPERS[claim.paper].short), claim.id
        assert re.search(r"Sections? \d|Appendix|Abstract", claim.citation), claim.citation


def test_game_sources_cite_the_papers():
    from nimlab.games import GAMES

    shorts = [p.short for p in PAPERS.values()]
    #: games from outside the four papers name their own literature
    outside = {"octal": "Guy and C. A. B. Smith"}
    for spec in GAMES.values():
        if spec.name in outside:
            assert outside[spec.name] in spec.cls.source
        elif "baseline (Bouton)" not in spec.cls.source:
            assert any(s in spec.cls.source for s in shorts), spec.cls.source

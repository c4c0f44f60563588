"""The four papers nimlab implements: the one place their bibliographic data live.

Everything that names a paper - a game's source, a hint's theorem, a claim's place, the errata,
docs/REFERENCES.md and docs/references.bib - takes it from here: :func:`cite` for the short
author-year form (``Ho 2015, Section 7``), :func:`reference` for the full entry, and
:func:`section_of` for the section a numbered statement sits in, so that every claim is cited by
paper, section and statement number.

>>> cite("sharing", "Theorem 2")
'Ho 2015, Section 3, Theorem 2'
>>> cite("end-nim", "Theorem 5.1 (c)")
'Cairns and Ho 2011, Section 5, Theorem 5.1 (c)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    key: str          #: nimlab's name for the paper (the ``--paper`` of ``nimlab verify``)
    bibkey: str       #: its key in docs/references.bib
    authors: tuple[str, ...]
    title: str
    venue: str
    year: int
    url: str = ""
    #: Which text nimlab checks, where the public records differ.
    note: str = ""

    @property
    def short(self) -> str:
        """``Ho 2015``, ``Cairns and Ho 2011``: the author-year form used in running text."""
        names = [a if a.endswith("Inc.") else a.split()[-1] for a in self.authors]
        return f"{' and '.join(names)} {self.year}"

    def reference(self) -> str:
        """The full reference: authors, title, venue, year (and where to find it)."""
        where = f", {self.url}" if self.url else ""
        note = f" ({self.note}.)" if self.note else ""
        return (f"{' and '.join(self.authors)}, \"{self.title}\", {self.venue}, {self.year}"
                f"{where}.{note}")

    def bibtex(self) -> str:
        kind = "article" if "Journal" in self.venue else "misc"
        venue_field = "journal" if kind == "article" else "howpublished"
        fields = [("author", " and ".join(self.authors)), ("title", "{" + self.title + "}"),
                  (venue_field, self.venue), ("year", str(self.year))]
        if self.url:
            fields.append(("url", self.url))
        body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
        return f"@{kind}{{{self.bibkey},\n{body}\n}}\n"


PAPERS: dict[str, Paper] = {p.key: p for p in [
    Paper("sharing", "ho2015sharing", ("Nhan Bao Ho",),
          "Three-pile Sharing Nim and the quadratic time winning strategy",
          "arXiv preprint arXiv:1506.06961 [math.CO]", 2015, "https://arxiv.org/abs/1506.06961"),
    Paper("fibonacci", "zhou2005fibonacci", ("Chizhong Zhou",),
          "Computer Implementation of Multiple Fibonacci Nim",
          "Electronic Proceedings of the 10th Asian Technology Conference in Mathematics "
          "(ATCM 2005), South Korea", 2005),
    Paper("end-nim", "cairns2011endnim", ("Grant Cairns", "Nhan Bao Ho"),
          "Some Remarks on End-Nim",
          "International Journal of Combinatorics, vol. 2011, Article ID 824742", 2011,
          "https://doi.org/10.1155/2011/824742"),
    Paper("cash", "gasarch2015cash", ("William Gasarch", "John Purtilo"), "NIM with Cash",
          "arXiv preprint arXiv:1511.04035", 2015, "https://arxiv.org/abs/1511.04035",
          "nimlab checks the two-author text; a later version of the arXiv record adds Douglas "
          "Ulrich as an author and may number some statements differently"),
]}

#: The works nimlab's results rest on besides the four papers, each with why (``nimlab cite``).
WORKS: dict[str, tuple[Paper, str]] = {p.key: (p, why) for p, why in [
    (Paper("walnut", "mousavi2016walnut", ("Hamoon Mousavi",),
           "Automatic Theorem Proving in Walnut", "arXiv preprint arXiv:1603.06017", 2016,
           "https://arxiv.org/abs/1603.06017"),
     "the automata text format of nimlab's proofs and discoveries, and the prover that checked "
     "them from outside"),
    (Paper("winning-ways", "berlekamp1982winning",
           ("Elwyn R. Berlekamp", "John H. Conway", "Richard K. Guy"),
           "Winning Ways for your Mathematical Plays", "Academic Press", 1982),
     "the Sprague-Grundy theory of sums, misere play, subtraction and octal games (chapter 4)"),
    (Paper("guy-smith", "guy1956gvalues", ("Richard K. Guy", "Cedric A. B. Smith"),
           "The G-values of various games",
           "Mathematical Proceedings of the Cambridge Philosophical Society 52(3), 514-526",
           1956),
     "octal games and the periodicity theorem behind nimlab periodicity octal"),
    (Paper("gangolli-plambeck", "gangolli1989octal", ("Anil Gangolli", "Thane Plambeck"),
           "A note on periodicity in some octal games",
           "International Journal of Game Theory 18, 311-320", 1989),
     "the last exception of 0.127 at heap 46,577, reproduced in docs/RECORDS.md"),
    (Paper("larsson", "larsson2016fibonacci", ("Urban Larsson", "Simon Rubinstein-Salzedo"),
           "Grundy values of Fibonacci nim", "International Journal of Game Theory 45, 617-625",
           2016),
     "the Grundy values of one-pile Fibonacci Nim, compared with in docs/DISCOVERIES.md"),
    (Paper("chen-gasarch", "chen2019cash", ("Douglas Chen", "William Gasarch"),
           "NIM with Cash: A Concrete Approach", "arXiv preprint arXiv:1911.00642", 2019,
           "https://arxiv.org/abs/1911.00642"),
     "win conditions of NIM(1, L) and NIM(1, L, L+1) with cash"),
    (Paper("gasarch-ulrich", "gasarch2015cashulrich",
           ("William Gasarch", "John Purtilo", "Douglas Ulrich"), "NIM with Cash",
           "arXiv preprint arXiv:1511.04035 (the later version of the record)", 2015,
           "https://arxiv.org/abs/1511.04035"),
     "the three-author version of the cash paper, with win conditions for A = {1, L} and "
     "{1, L, L+1} (docs/DISCOVERIES.md compares its rules with the automata found)"),
    (Paper("schwenk", "schwenk1970takeaway", ("Allen J. Schwenk",), "Take-away games",
           "Fibonacci Quarterly 8(3), 225-234", 1970),
     "one-pile Fibonacci Nim with factor K: the least term of the greedy representation over "
     "H(j); the teacher of discover past the rules' table"),
    (Paper("fraenkel-awythoff", "fraenkel1982wythoff", ("Aviezri S. Fraenkel",),
           "How to beat your Wythoff games' opponent on three fronts",
           "American Mathematical Monthly 89(6), 353-361", 1982),
     "the a-Wythoff games and their Beatty pairs (wythoff --a A)"),
    (Paper("blass-fraenkel", "blass1990wythoff", ("Uri Blass", "Aviezri S. Fraenkel"),
           "The Sprague-Grundy function for Wythoff's game",
           "Theoretical Computer Science 75(3), 311-333", 1990),
     "the 1-values of Wythoff's game (a = 1), searched before calling the a-Wythoff values "
     "found here new"),
    (Paper("nivasch", "nivasch2009wythoff", ("Gabriel Nivasch",),
           "More on the Sprague-Grundy function for Wythoff's game",
           "Games of No Chance 3, MSRI Publications 56, 377-410", 2009),
     "Wythoff's g-values near the 0-values (a = 1), searched likewise"),
    (Paper("oeis", "oeis", ("OEIS Foundation Inc.",),
           "The On-Line Encyclopedia of Integer Sequences", "https://oeis.org", 2026,
           "https://oeis.org"),
     "test data: A002186 (Kayles), A071435 (0.177), A071464 (0.127)"),
]}

#: Sharing Nim numbers its statements through the paper; the section each one is in.
_SHARING_SECTIONS = {
    "Lemma 1": 1, "Remark 1": 1, "Table 1": 1, "Theorem 1": 2, "Remark 2": 2, "Remark 3": 2,
    "Corollary 1": 2, "Corollary 2": 2, "Corollary 3": 2, "Theorem 2": 3, "Remark 4": 3,
    "Remark 5": 3, "Remark 6": 3, "Proposition 1": 3, "Conjecture 1": 4, "Proposition 2": 4,
    "Table 2": 4, "Table 3": 4, "Theorem 3": 4, "Remark 7": 4, "Conjecture 2": 4,
    "Corollary 4": 4, "Theorem 4": 5, "Corollary 5": 5, "Conjecture 3": 6,
}
#: Proofs given in a later section than their statement (End-Nim: Section 3 proves 2.2, 2.3).
_PROOFS_ELSEWHERE = {("end-nim", "2.2"): 3, ("end-nim", "2.3"): 3}
_STATEMENT = re.compile(r"(Theorem|Lemma|Remark|Proposition|Conjecture|Corollary|Definition|Def|"
                        r"Example|Table|Figure) (\d+)(?:\.(\d+))?")


def section_of(paper: str, place: str) -> str:
    """``place`` (``"Theorem 2, proof of (1)"``) with its section in front when it does not say
    it (``"Section 3, Theorem 2, proof of (1)"``)."""
    if re.search(r"\b(Section|Sections|Appendix)\b", place):
        return place
    found = _STATEMENT.search(place)
    if not found:
        return place
    if found.group(3) is not None:  # numbered within its section: Theorem 5.1
        number = f"{found.group(2)}.{found.group(3)}"
        section = _PROOFS_ELSEWHERE.get((paper, number)) if "proof" in place.lower() else None
        return f"Section {section or found.group(2)}, {place}"
    section = _SHARING_SECTIONS.get(f"{found.group(1)} {found.group(2)}") \
        if paper == "sharing" else None
    return f"Section {section}, {place}" if section else place


def cite(paper: str, place: str = "") -> str:
    """``Ho 2015, Section 7`` - the paper by author and year, then the place in it."""
    short = PAPERS[paper].short
    return f"{short}, {section_of(paper, place)}" if place else short


def reference(paper: str) -> str:
    return PAPERS[paper].reference()


def bibtex() -> str:
    """docs/references.bib: every paper, then every other work cited, as a BibTeX entry."""
    return "\n".join([p.bibtex() for p in PAPERS.values()] +
                     [p.bibtex() for p, _ in WORKS.values()])


def software_bibtex(version: str) -> str:
    """nimlab itself as a BibTeX entry (what CITATION.cff says)."""
    return ("@software{nimlab,\n  author = {{The nimlab developers}},\n"
            "  title = {nimlab: a laboratory for Nim variants},\n"
            f"  version = {{{version}}},\n  license = {{MIT}}\n}}\n")


def citation_cff(version: str) -> str:
    """CITATION.cff: how to cite nimlab itself, with the four papers as its references."""
    lines = ["cff-version: 1.2.0",
             "message: \"If you use nimlab in your research, please cite it as below, and cite "
             "the papers whose games and claims you use (docs/REFERENCES.md).\"",
             "type: software", "title: \"nimlab: a laboratory for Nim variants\"",
             f"version: \"{version}\"", "license: MIT",
             "authors:", "  - name: \"The nimlab developers\"",
             "keywords:", "  - combinatorial game theory", "  - Sprague-Grundy",
             "  - Nim", "references:"]
    for p in PAPERS.values():
        kind = "article" if "Journal" in p.venue else "generic"
        lines += [f"  - type: {kind}", f"    title: \"{p.title}\"", "    authors:"]
        for author in p.authors:
            given, family = author.rsplit(" ", 1)
            lines += [f"      - family-names: \"{family}\"", f"        given-names: \"{given}\""]
        lines += [f"    year: {p.year}", f"    notes: \"{p.venue}\""]
        if p.url:
            lines.append(f"    url: \"{p.url}\"")
    return "\n".join(lines) + "\n"


def references_markdown() -> str:
    """docs/REFERENCES.md (a test keeps the file equal to this)."""
    lines = ["# References", "",
             "nimlab implements and checks four papers. Everywhere in nimlab (the games' sources, "
             "the hints, the claims, the errata) a paper is cited by author and year, then by "
             "section and statement number, e.g. *Ho 2015, Section 3, Theorem 2*. The BibTeX "
             "entries are in [references.bib](references.bib); to cite nimlab itself, see "
             "[CITATION.cff](../CITATION.cff).", "",
             "| cited as | `--paper` | reference |", "|---|---|---|"]
    for p in PAPERS.values():
        lines.append(f"| {p.short} | `{p.key}` | {p.reference()} |")
    lines += ["", "Other works nimlab's results rest on or are compared with (`nimlab cite` lists "
              "them too):", "", "| cited as | reference | for |", "|---|---|---|"]
    for p, why in WORKS.values():
        lines.append(f"| {p.short} | {p.reference()} | {why} |")
    return "\n".join(lines) + "\n"

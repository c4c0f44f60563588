"""The papers' errata as a result (``nimlab errata``, :func:`nimlab.errata`): for each false
statement or wrong printed datum, what the paper says, what is true, the smallest
counterexamples and the correction with its status.

The entries are read from the errata page that ``nimlab reproduce all`` writes (docs/ERRATA.md,
shipped as the web lab's errata page): one source for the page, the web lab and this result.
"""

from __future__ import annotations

from dataclasses import dataclass

from nimlab.results.position import escape
from nimlab.results.text import wrap


def truth(entry: dict) -> str:
    """What is true instead of the entry's statement, in one sentence: its correction, or what
    the computation shows (the smallest counterexample, or the evidence)."""
    fixes = entry["corrections"]
    if fixes:
        return fixes[0]["statement"]
    if entry["explanation"]:
        return entry["explanation"]
    if entry["counterexamples"]:
        x = entry["counterexamples"][0]
        if "where" in x:
            return f"at {x['where']} the value is {x['computed']}, not {x['printed']}"
        return f"at {x['position']}: {x['computed']}, where the paper gives {x['claimed']}"
    return entry["evidence"] or "the statement fails"


@dataclass(frozen=True, repr=False)
class Errata:
    """The errata: ``entries`` (dicts, see :func:`nimlab.claims.report.read_errata`, each with
    ``true``: what is true), and the ``version`` and ``date`` of the run they come from."""

    version: str
    date: str
    entries: tuple

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self):
        return iter(self.entries)

    def to_json(self) -> dict:
        return {"version": self.version, "date": self.date,
                "source": "docs/ERRATA.md (written by nimlab reproduce all)",
                "errata": [dict(e) for e in self.entries]}

    def entry_lines(self, entry: dict, width: int = 80) -> list[str]:
        """One entry as lines of at most ``width`` characters."""
        lines = wrap(f"{entry['id']} ({entry['citation']}): {entry['status']}", width)

        def part(label: str, text: str) -> None:
            lines.extend(wrap(f"  {label}: {text}", width, "    "))

        part("the paper says", entry["printed"] or "(see the paper)")
        part("what is true", entry["true"])
        for x in entry["counterexamples"][:3]:
            if "where" in x:
                part("counterexample", f"{x['where']}: printed {x['printed']}, computed "
                                       f"{x['computed']}")
            else:
                part("counterexample", f"{x['position']}: claimed {x['claimed']}, computed "
                                       f"{x['computed']}")
        shown = min(len(entry["counterexamples"]), 3)
        hidden = len(entry["counterexamples"]) - shown + entry["more"]
        if hidden:
            part("more", f"{hidden} further counterexamples (the first "
                         f"{len(entry['counterexamples'])} in --json, all with the check)")
        if entry["evidence"]:
            part("evidence", entry["evidence"])
        for fix in entry["corrections"]:
            status = ", ".join(s for s in (fix["status"], fix["checked"]) if s)
            proof = f"; {fix['proof']} for all positions" if fix["proof"] else ""
            said = "" if fix["statement"] == entry["true"] else f": {fix['statement']}"
            part("correction", f"{fix['id']} ({status}{proof}){said}")
        if not entry["corrections"]:
            part("correction", "none registered")
        part("check", entry["check"])
        return lines

    def text(self, width: int = 80) -> list[str]:
        """The errata as lines of at most ``width`` characters, an empty line between entries."""
        head = wrap(f"{len(self.entries)} errata of the papers (nimlab {self.version}, "
                    f"{self.date}; the page: docs/ERRATA.md)", width)
        out = [*head]
        for entry in self.entries:
            out += ["", *self.entry_lines(entry, width)]
        return out

    def __str__(self) -> str:
        return "\n".join(self.text())

    def __repr__(self) -> str:
        counts: dict[str, int] = {}
        for e in self.entries:
            counts[e["status"]] = counts.get(e["status"], 0) + 1
        shown = ", ".join(f"{v} {k}" for k, v in counts.items()) or "none"
        return f"Errata({len(self.entries)} entries: {shown}; nimlab {self.version}, {self.date})"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td><b>{escape(e['id'])}</b><br><small>{escape(e['citation'])}</small></td>"
            f"<td>{escape(e['status'])}</td><td>{escape(e['printed'] or '')}</td>"
            f"<td>{escape(e['true'])}</td></tr>" for e in self.entries)
        return (f"<div><b>{escape(repr(self))}</b><table><tr><th>entry</th><th>status</th>"
                f"<th>the paper says</th><th>what is true</th></tr>{rows}</table></div>")

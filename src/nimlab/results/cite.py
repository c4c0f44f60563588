"""What to cite: :class:`Citations`, the result of :func:`nimlab.cite` (``nimlab cite``)."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape


@dataclass(frozen=True)
class Citations:
    """nimlab itself, the four papers, and the works its results rest on: each entry has
    ``key`` (the BibTeX key), ``kind`` (software, paper or work), ``cited_as`` (author-year),
    ``reference`` (the full reference), ``why`` and ``bibtex``."""

    entries: tuple[dict, ...]

    def bibtex(self) -> str:
        """Every entry as BibTeX, for a paper's .bib file."""
        return "\n".join(e["bibtex"] for e in self.entries)

    def to_json(self) -> list[dict]:
        return [dict(e) for e in self.entries]

    def text(self) -> list[str]:
        lines = []
        for kind, title in (("software", "nimlab itself"), ("paper", "the four papers"),
                            ("work", "what nimlab's results rest on")):
            chosen = [e for e in self.entries if e["kind"] == kind]
            if not chosen:
                continue
            lines.append(f"{title}:")
            for e in chosen:
                lines.append(f"  [{e['key']}] {e['reference']}")
                if e["why"]:
                    lines.append(f"      {e['why']}")
        return lines

    def __repr__(self) -> str:
        return f"Citations({len(self.entries)} entries: {', '.join(e['key'] for e in self.entries)})"

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td><code>{escape(e['key'])}</code></td><td>{escape(e['reference'])}"
                       f"</td><td>{escape(e['why'])}</td></tr>" for e in self.entries)
        return f"<table><tr><th>key</th><th>reference</th><th>why</th></tr>{rows}</table>"

"""Artifacts: the papers' tables, lists and figures, regenerated and compared with the print.

An :class:`Artifact` regenerates one table, list or figure into a directory (CSV, plus PNG where
the paper has a figure) and compares it with the values the paper printed, which live in
``nimlab/data/<paper>/`` as transcriptions with their source (see :func:`printed`).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from nimlab.papers import PAPERS


@dataclass(frozen=True)
class Difference:
    """One place where the regenerated artifact and the printed one differ."""

    where: str
    printed: Any
    computed: Any

    def to_dict(self) -> dict:
        return {"where": self.where, "printed": self.printed, "computed": self.computed}

    def __str__(self) -> str:
        return f"{self.where}: printed {self.printed}, computed {self.computed}"


@dataclass
class Outcome:
    """What regenerating an artifact produced."""

    files: list[str]
    compared: int
    differences: list[Difference] = field(default_factory=list)
    #: Why the differences arise (or why nothing could be compared), in words.
    explanation: str = ""

    @property
    def matches(self) -> bool:
        return not self.differences


@dataclass(frozen=True)
class Artifact:
    """One table, list or figure of a paper, as a row: ``build(directory) -> Outcome`` writes
    the regenerated files into ``directory`` and compares them with the printed values."""

    id: str
    place: str
    description: str
    build: Callable[[Path], Outcome]
    #: Set by :func:`register_artifacts`.
    paper: str = ""

    def run(self, directory: Path) -> dict:
        directory.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        outcome = self.build(directory)
        return {
            "id": self.id, "paper": self.paper, "place": self.place,
            "description": self.description,
            # relative to the directory (and so to the report beside them), whether the
            # directory was named relatively or not: the names hold once the run is moved in
            "files": [Path(f).resolve().relative_to(directory.resolve()).as_posix()
                      for f in outcome.files],
            "compared": outcome.compared, "matches": outcome.matches,
            "differences": [d.to_dict() for d in outcome.differences],
            "explanation": outcome.explanation,
            "seconds": round(time.perf_counter() - start, 3),
        }


ARTIFACTS: dict[str, Artifact] = {}


def register_artifacts(paper: str, rows: list[Artifact]) -> list[Artifact]:
    """Register one paper's artifact rows (each id once)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}")
    done = []
    for row in rows:
        if row.id in ARTIFACTS:
            raise ValueError(f"artifact {row.id} registered twice")
        ARTIFACTS[row.id] = row = replace(row, paper=paper)
        done.append(row)
    return done


def printed(paper: str, name: str) -> dict:
    """The transcription ``nimlab/data/<paper>/<name>.json``: ``{"source": ..., ...}``."""
    text = resources.files("nimlab").joinpath("data", paper, f"{name}.json").read_text()
    return json.loads(text)


def select_artifacts(names: list[str] | tuple[str, ...] = ()) -> list[Artifact]:
    from nimlab.errors import InputError
    from nimlab.claims.registry import load_all

    load_all()
    if not names or list(names) == ["all"]:
        return list(ARTIFACTS.values())
    chosen = []
    for name in names:
        if not str(name).strip():
            raise InputError("an empty artifact id selects nothing; give ids, a paper name or "
                             "all (the artifacts: " + ", ".join(ARTIFACTS) + ")")
        found = [a for a in ARTIFACTS.values() if a.id == name or a.id.startswith(name)
                 or a.paper == name]
        if not found:
            raise InputError(f"no artifact {name!r}; the artifacts are: "
                             f"{', '.join(ARTIFACTS)} (or all)")
        chosen.extend(a for a in found if a not in chosen)
    return chosen


def claims_of(chosen: list[Artifact]) -> tuple[list, str]:
    """The claims ``nimlab reproduce`` checks with the artifacts ``chosen``, and a sentence
    saying which: every claim of a paper whose artifacts are all chosen (its errata), else the
    claims stated at the chosen artifacts' places (``sharing.table1``: the claim about Table 1),
    so that one artifact costs what it needs, not the paper's whole check."""
    from nimlab.claims.registry import select

    whole = [p for p in PAPERS if any(a.paper == p for a in chosen)
             and all(a in chosen for a in ARTIFACTS.values() if a.paper == p)]
    places = {(a.paper, a.place) for a in chosen if a.paper not in whole}
    claims = sorted((c for c in select() if c.paper in whole or (c.paper, c.place) in places),
                    key=lambda c: c.paper)  # by paper; each paper's claims in their own order
    parts = ([f"every claim of {', '.join(whole)} (all its artifacts were reproduced)"]
             if whole else [])
    if places:
        parts.append("the claims stated at the places of "
                     + ", ".join(a.id for a in chosen if a.paper not in whole)
                     + " (`nimlab reproduce PAPER` checks all of a paper's claims)")
    return claims, "Claims checked: " + "; ".join(parts) + "."

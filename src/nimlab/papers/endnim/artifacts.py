"""End-Nim's artifact: the 3-pile rows of value 0, 1 and 2 in the three games, against what
Sections 5-6 state."""

from __future__ import annotations

from pathlib import Path

from nimlab.claims.artifacts import (Artifact, Difference, Outcome, printed,
                                     register_artifacts)
from nimlab.fileio import write_csv
from nimlab.papers.endnim.computed import PAPER, rows, three_pile
from nimlab.papers.endnim.formulas import NAMES, VARIANTS, show, theorem_class


def values_0_2(directory: Path) -> Outcome:
    data = printed(PAPER, "p3")
    bound = data["bound"]
    files, diffs, compared = [], [], 0
    for variant in VARIANTS:
        T = three_pile(variant, bound)
        out = []
        for r in rows(3, bound):
            g = int(T[r])
            said = theorem_class(variant, r)
            if g <= 2:
                out.append([*r, g, said])
            if said in ("0", "1", "2") or (said == ">2") or (said == "" and g < 2):
                compared += 1
                ok = (str(g) == said) if said in ("0", "1", "2") else \
                    (g > 2 if said == ">2" else g >= 2)
                if not ok and len(diffs) < 200:
                    diffs.append(Difference(f"{NAMES[variant]} {show(r)}",
                                            f"value {said or '>= 2'} (theorems)", g))
        files.append(str(write_csv(directory / f"endnim_{variant}_values_0_2.csv",
                                   ["a1", "a2", "a3", "value", "theorems say"], out)))
    return Outcome(files, compared, diffs,
                   "" if not diffs else "rows whose computed value is not the one Sections 5-6 "
                   "state (value 2 is stated for End-Nim only, by Theorem 5.4)")


ARTIFACTS = register_artifacts(PAPER, [
    Artifact("endnim.p3", "Section 5 (Theorems 5.1-5.4)",
             "3-pile rows of value 0, 1 and 2 in End-Nim, misere End-Nim and Loop-End-Nim",
             values_0_2),
])

"""The claim registry: every checkable statement of the four papers, with the check that tests it.

A :class:`Claim` is one statement of a paper (theorem, lemma, corollary, proposition, remark,
conjecture, definition that fixes a number, worked example, table, list or figure) restated in
nimlab's words, with a *check*: a function of a bound that compares the statement's prediction
with the solver's (or a kernel's) exhaustive computation over a box of positions and returns
:class:`Evidence`.

Statuses:

* ``holds``     - a statement about finitely checkable objects held at every position of the box;
* ``fails``     - a counterexample was found (the smallest ones are reported);
* ``supported`` - a statement that no finite check can settle (a conjecture about all n, "not
  ultimately periodic", "bounded") agrees with all the evidence computed;
* ``refuted``   - such a statement is contradicted by the evidence (or a counterexample).

A statement that a paper gets wrong is registered as printed; where the data point to a
correction, the corrected statement is a claim of its own whose ``corrects`` names the original.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

PAPERS = {
    "sharing": "sharing-nim.txt (Ho, Three-pile Sharing Nim)",
    "fibonacci": "multiple-fibonacci-nim.txt (Zhou, Multiple Fibonacci Nim)",
    "end-nim": "end-nim.txt (Cairns and Ho, Some Remarks on End-Nim)",
    "cash": "nim-with-cash.txt (Gasarch and Purtilo, NIM with Cash)",
}

KINDS = ("theorem", "lemma", "corollary", "proposition", "remark", "conjecture", "definition",
         "example", "table", "list", "figure", "algorithm", "claim")


@dataclass(frozen=True)
class Counterexample:
    """A position where the statement and the computation disagree."""

    position: str
    claimed: Any
    computed: Any

    def to_dict(self) -> dict:
        return {"position": self.position, "claimed": self.claimed, "computed": self.computed}

    def __str__(self) -> str:
        return f"{self.position}: claimed {self.claimed}, computed {self.computed}"


@dataclass
class Evidence:
    """What a check found: how many cases it compared and where they disagreed."""

    checked: int
    counterexamples: list[Counterexample] = field(default_factory=list)
    #: Words on what was checked (the box) and, for infinite statements, what supports them.
    note: str = ""
    #: For infinite statements: whether the computed evidence contradicts the statement.
    contradicted: bool | None = None


@dataclass(frozen=True)
class Claim:
    id: str
    paper: str
    place: str
    kind: str
    statement: str
    check: Callable[[int], Evidence]
    default_bound: int
    #: What the bound measures, e.g. "b <= bound" or "piles <= bound".
    bound_help: str = ""
    #: False for statements no finite check settles (status supported/refuted).
    finite: bool = True
    #: Id of the claim this one corrects, if it is a corrected form.
    corrects: str | None = None

    def run(self, bound: int | None = None) -> "Result":
        bound = self.default_bound if bound is None else bound
        start = time.perf_counter()
        evidence = self.check(bound)
        seconds = time.perf_counter() - start
        if self.finite:
            status = "fails" if evidence.counterexamples else "holds"
        else:
            contradicted = evidence.contradicted
            if contradicted is None:
                contradicted = bool(evidence.counterexamples)
            status = "refuted" if contradicted else "supported"
        return Result(self, bound, evidence, status, seconds)


@dataclass
class Result:
    claim: Claim
    bound: int
    evidence: Evidence
    status: str
    seconds: float

    @property
    def counterexample(self) -> Counterexample | None:
        return self.evidence.counterexamples[0] if self.evidence.counterexamples else None

    def to_dict(self) -> dict:
        c = self.claim
        return {
            "id": c.id, "paper": c.paper, "place": c.place, "kind": c.kind,
            "statement": c.statement, "status": self.status, "checked": self.evidence.checked,
            "bound": self.bound, "bound_help": c.bound_help,
            "counterexample": self.counterexample.to_dict() if self.counterexample else None,
            "counterexamples": [x.to_dict() for x in self.evidence.counterexamples[:5]],
            "note": self.evidence.note, "corrects": c.corrects,
            "seconds": round(self.seconds, 3),
        }

    def line(self) -> str:
        """The one-line summary ``nimlab verify`` prints."""
        c, e = self.claim, self.evidence
        if self.status == "holds":
            detail = f"{e.checked:,} cases checked ({c.bound_help or 'bound'} {self.bound})"
        elif self.status == "fails":
            shown = "; ".join(str(x) for x in e.counterexamples[:3])
            detail = f"smallest counterexample(s): {shown}"
        else:
            detail = e.note or f"{e.checked:,} cases examined"
            if self.counterexample:
                detail += f"; witness {self.counterexample}"
        return f"{c.id:<24} {self.status:<9} {detail}"


REGISTRY: dict[str, Claim] = {}

#: Most counterexamples a check keeps (the smallest, in the order positions are visited).
KEEP = 5


def claim(id: str, paper: str, place: str, kind: str, statement: str, *, bound: int,
          bound_help: str = "", finite: bool = True,
          corrects: str | None = None) -> Callable[[Callable[[int], Evidence]], Callable]:
    """Register the decorated ``check(bound) -> Evidence`` as claim ``id``."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}")
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}")

    def register(check: Callable[[int], Evidence]) -> Callable[[int], Evidence]:
        if id in REGISTRY:
            raise ValueError(f"claim {id} registered twice")
        REGISTRY[id] = Claim(id, paper, place, kind, " ".join(statement.split()), check, bound,
                             bound_help, finite, corrects)
        return check

    return register


def compare(cases: Iterable[Any], claimed: Callable[[Any], Any], computed: Callable[[Any], Any],
            *, show: Callable[[Any], str] = str, note: str = "") -> Evidence:
    """Compare ``claimed(case)`` with ``computed(case)`` for every case, in the given order.

    The order of ``cases`` defines "smallest": list them in increasing order.
    """
    checked, bad = 0, []
    for case in cases:
        checked += 1
        want, got = claimed(case), computed(case)
        if want != got and len(bad) < KEEP:
            bad.append(Counterexample(show(case), want, got))
    return Evidence(checked, bad, note)


def select(ids: Sequence[str] = (), paper: str | None = None) -> list[Claim]:
    """Claims by id (exact, or a prefix such as ``sharing.thm``) and/or paper."""
    load_all()
    claims = list(REGISTRY.values())
    if paper and paper != "all":
        if paper not in PAPERS:
            from nimlab.errors import InputError

            raise InputError(f"unknown paper {paper!r}; allowed: {', '.join(PAPERS)}, all")
        claims = [c for c in claims if c.paper == paper]
    if ids:
        chosen = []
        for wanted in ids:
            found = [c for c in claims if c.id == wanted] or \
                    [c for c in claims if c.id.startswith(wanted)]
            if not found:
                from nimlab.errors import InputError

                raise InputError(f"no claim {wanted!r}; see `nimlab verify --list` for the ids")
            chosen.extend(c for c in found if c not in chosen)
        claims = chosen
    return claims


def load_all() -> None:
    """Import every paper's claim module (they register themselves)."""
    import importlib
    import pkgutil

    import nimlab.theory as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.name not in ("registry", "artifacts"):
            importlib.import_module(f"{package.__name__}.{info.name}")

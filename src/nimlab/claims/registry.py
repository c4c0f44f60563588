"""The claim registry: every checkable statement of the four papers as one declarative row.

A :class:`Claim` is a row: the statement's id, place and kind, the statement in nimlab's words,
its *check* (one of the check kinds of :mod:`nimlab.claims.checks`, or a plain function where no
kind fits), the default box bound, and the *expected* status at a small bound with the smallest
counterexample (:class:`Expect`).  The tests are generated from the rows (``tests/test_claims.py``),
so adding a claim is adding a row.

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

import importlib
import pkgutil
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Sequence

from nimlab.errors import InputError
from nimlab.papers import ID_PREFIX, PACKAGES, PAPERS
from nimlab.references import cite

KINDS = ("theorem", "lemma", "corollary", "proposition", "remark", "conjecture", "definition",
         "example", "table", "list", "figure", "algorithm", "claim")
STATUSES = ("holds", "fails", "supported", "refuted")

#: Most counterexamples a check keeps (the smallest, in the order positions are visited).
KEEP = 5


@dataclass(frozen=True)
class Counterexample:
    """A position where the statement and the computation disagree."""

    position: str
    claimed: Any
    computed: Any

    def to_dict(self) -> dict:
        return {"position": self.position, "claimed": self.claimed, "computed": self.computed}

    def as_tuple(self) -> tuple:
        return (self.position, self.claimed, self.computed)

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
class Expect:
    """The status a claim has at the small bound ``at`` (the tests run it there), and for a
    failing or refuted claim its smallest counterexample ``(position, claimed, computed)``."""

    status: str
    at: int
    smallest: tuple | None = None

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"unknown status {self.status!r}")
        if self.status == "fails" and self.smallest is None:
            raise ValueError("a failing claim names its smallest counterexample")


def holds(at: int) -> Expect:
    """Expected to hold on the box of bound ``at``."""
    return Expect("holds", at)


def fails(at: int, position: str, claimed: Any, computed: Any) -> Expect:
    """Expected to fail at bound ``at``, first at ``position`` (claimed vs computed)."""
    return Expect("fails", at, (position, claimed, computed))


def supported(at: int) -> Expect:
    """An infinite statement the evidence up to ``at`` supports."""
    return Expect("supported", at)


def refuted(at: int, position: str | None = None, claimed: Any = None,
            computed: Any = None) -> Expect:
    """An infinite statement the evidence up to ``at`` contradicts (optionally: its witness)."""
    return Expect("refuted", at, None if position is None else (position, claimed, computed))


#: A claim is checked up to at most this many times its default bound (its check grows with
#: the bound like a power of it: the papers' tables are squares and cubes).
MAX_BOUND_FACTOR = 8


@dataclass(frozen=True)
class Claim:
    """One statement of a paper, as a declarative row (see the module docstring)."""

    id: str
    place: str
    kind: str
    statement: str
    #: ``check(bound) -> Evidence``: a check kind of :mod:`nimlab.claims.checks` or a function.
    check: Callable[[int], Evidence]
    #: The default box bound, and what it measures (e.g. ``"b <="``).
    bound: int
    expect: Expect
    bound_help: str = ""
    #: False for statements no finite check settles (status supported/refuted).
    finite: bool = True
    #: Id of the claim this one corrects, if it is a corrected form.
    corrects: str | None = None
    #: Set by :func:`register`.
    paper: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"{self.id}: unknown kind {self.kind!r}")
        object.__setattr__(self, "statement", " ".join(self.statement.split()))
        if self.finite != (self.expect.status in ("holds", "fails")):
            raise ValueError(f"{self.id}: a {'finite' if self.finite else 'infinite'} claim "
                             f"cannot be expected to be {self.expect.status}")

    @property
    def default_bound(self) -> int:
        return self.bound

    @property
    def citation(self) -> str:
        """Paper, section and statement: ``Ho 2015, Section 3, Theorem 2, proof of (1)``."""
        return cite(self.paper, self.place) if self.paper else self.place

    def check_bound(self, bound: int) -> None:
        """Refuse (one line) a bound past :data:`MAX_BOUND_FACTOR` times the default box."""
        most = MAX_BOUND_FACTOR * max(self.bound, 1)
        if bound > most:
            from nimlab.errors import InputError, about

            raise InputError(
                f"{self.id}: --bound {about(bound)} is more than {MAX_BOUND_FACTOR} times its "
                f"default box ({self.bound:,}{', ' + self.bound_help if self.bound_help else ''})"
                f" and its check grows faster than the bound; use --bound {most:,} or less "
                "(nimlab prove decides registered statements for all positions)")

    def run(self, bound: int | None = None) -> "Result":
        bound = self.bound if bound is None else bound
        self.check_bound(bound)
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
    #: The proof for all positions, if one is recorded (see :func:`nimlab.prove.attach_proofs`):
    #: a dict with at least ``status`` (proven, disproven, pending) and ``scope``.
    proof: dict | None = None

    @property
    def proof_label(self) -> str:
        """``"proven"`` (with its scope, if the proof covers only some pile counts), or ``""``."""
        if not self.proof or self.proof.get("status") != "proven":
            return ""
        return "proven" + (f" ({self.proof['scope']})" if self.proof.get("scope") else "")

    @property
    def counterexample(self) -> Counterexample | None:
        return self.evidence.counterexamples[0] if self.evidence.counterexamples else None

    def to_dict(self) -> dict:
        c = self.claim
        return {
            "id": c.id, "paper": c.paper, "place": c.place, "citation": c.citation,
            "kind": c.kind,
            "statement": c.statement, "status": self.status, "checked": self.evidence.checked,
            "bound": self.bound, "bound_help": c.bound_help,
            "counterexample": self.counterexample.to_dict() if self.counterexample else None,
            "counterexamples": [x.to_dict() for x in self.evidence.counterexamples[:5]],
            "note": self.evidence.note, "corrects": c.corrects,
            "seconds": round(self.seconds, 3),
            "proof": None if self.proof is None else {
                k: self.proof.get(k) for k in ("status", "scope", "formula", "seconds", "sizes",
                                               "counterexample", "requires_unproven")},
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
        proof = f" [{self.proof_label} for all positions]" if self.proof_label else ""
        return f"{c.id:<24} {self.status:<9} {detail}{proof}"


REGISTRY: dict[str, Claim] = {}


def register(paper: str, rows: Iterable[Claim]) -> list[Claim]:
    """Register the rows of one module of ``paper``'s claims (each id once)."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}")
    done = []
    for row in rows:
        if row.id in REGISTRY:
            raise ValueError(f"claim {row.id} registered twice")
        if not row.id.startswith(ID_PREFIX[paper]):
            raise ValueError(f"claim {row.id} does not start with {ID_PREFIX[paper]!r}")
        REGISTRY[row.id] = row = replace(row, paper=paper)
        done.append(row)
    return done


def load_all() -> None:
    """Import every paper's claim and artifact modules (they register themselves)."""
    for package in sorted(PACKAGES.values()):  # the order verify and the reports list them
        module = importlib.import_module(f"nimlab.papers.{package}")
        for info in pkgutil.iter_modules(module.__path__):
            if info.name.startswith("claims") or info.name == "artifacts":
                importlib.import_module(f"{module.__name__}.{info.name}")


def select(ids: Sequence[str] = (), paper: str | None = None) -> list[Claim]:
    """Claims by id (exact, or a prefix such as ``sharing.thm``) and/or paper."""
    load_all()
    claims = list(REGISTRY.values())
    if paper and paper != "all":
        if paper not in PAPERS:
            raise InputError(f"unknown paper {paper!r}; allowed: {', '.join(PAPERS)}, all")
        claims = [c for c in claims if c.paper == paper]
    if ids:
        chosen = []
        for wanted in ids:
            if not str(wanted).strip():
                raise InputError("an empty claim id selects nothing; give ids or prefixes such "
                                 "as sharing.thm (see `nimlab verify --list`), or none for all")
            found = [c for c in claims if c.id == wanted] or \
                    [c for c in claims if c.id.startswith(wanted)]
            if not found:
                where = f" of the paper {paper}" if paper and paper != "all" else ""
                known = REGISTRY.get(wanted)
                hint = (f" ({wanted} belongs to the paper {known.paper})" if known and where
                        else "; see `nimlab verify --list` for the ids")
                raise InputError(f"no claim {wanted!r}{where}{hint}")
            chosen.extend(c for c in found if c not in chosen)
        claims = chosen
    return claims

"""Results about the papers' statements: a claim checked (:class:`ClaimCheck`), a verify run
(:class:`VerifyReport`), a proof (:class:`ProofResult`, :class:`ProofReport`) and a reproduce run
(:class:`ReproduceReport`).

``to_json()`` of each is what ``nimlab verify``, ``nimlab prove`` and ``nimlab reproduce``
print with ``--json``, less its ``made_by``.

>>> ProofResult({"status": "proven", "sizes": {"largest": 7, "automata": 12}, "seconds": 0.1,
...              "counterexample": None}, "the P-positions of nim(3 piles) are p1 ^ p2 = p3")
ProofResult(proven: the P-positions of nim(3 piles) are p1 ^ p2 = p3; largest automaton 7 states)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nimlab.claims import Result
from nimlab.results.position import escape

STATUS_COLOURS = {"holds": "#1a7f37", "supported": "#1a7f37", "proven": "#1a7f37",
                  "fails": "#cf222e", "refuted": "#cf222e", "disproven": "#cf222e"}


def _status_html(status: str) -> str:
    colour = STATUS_COLOURS.get(status, "#555")
    return f'<b style="color:{colour}">{escape(status)}</b>'


@dataclass(frozen=True, repr=False)
class ClaimCheck:
    """One claim checked against computation: ``status`` (holds, fails, supported, refuted),
    ``counterexamples`` (the smallest ones), ``proof`` (the proof for all positions, if one is
    recorded) and the claim's ``id``, ``statement``, ``place``."""

    result: Result

    id = property(lambda self: self.result.claim.id)
    statement = property(lambda self: self.result.claim.statement)
    place = property(lambda self: self.result.claim.place)
    status = property(lambda self: self.result.status)
    checked = property(lambda self: self.result.evidence.checked)
    bound = property(lambda self: self.result.bound)
    proof = property(lambda self: self.result.proof)

    @property
    def counterexamples(self) -> list[dict]:
        return [x.to_dict() for x in self.result.evidence.counterexamples]

    @property
    def proven(self) -> bool:
        """Whether a proof for all positions is recorded (``proven``; never guessed)."""
        return bool(self.result.proof_label)

    def line(self) -> str:
        return self.result.line()

    def to_json(self) -> dict:
        return self.result.to_dict()

    def __repr__(self) -> str:
        return f"ClaimCheck({' '.join(self.line().split())})"


@dataclass(frozen=True, repr=False)
class VerifyReport:
    """The claims checked by :func:`nimlab.verify`, in order (``report[0]``, ``report["id"]``,
    ``len(report)``), with ``statuses`` counted."""

    checks: tuple[ClaimCheck, ...]

    def __len__(self) -> int:
        return len(self.checks)

    def __iter__(self):
        return iter(self.checks)

    def __getitem__(self, key: int | str) -> ClaimCheck:
        if isinstance(key, str):
            for check in self.checks:
                if check.id == key:
                    return check
            raise KeyError(key)
        return self.checks[key]

    @property
    def statuses(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for check in self.checks:
            counts[check.status] = counts.get(check.status, 0) + 1
        return dict(sorted(counts.items()))

    @property
    def proven(self) -> int:
        return sum(check.proven for check in self.checks)

    @property
    def failing(self) -> list[ClaimCheck]:
        return [c for c in self.checks if c.status in ("fails", "refuted")]

    def summary(self) -> str:
        proven = f"; {self.proven} proven for all positions" if self.proven else ""
        return ", ".join(f"{n} {s}" for s, n in self.statuses.items()) + proven

    def to_json(self) -> list[dict]:
        return [check.to_json() for check in self.checks]

    def __repr__(self) -> str:
        return f"VerifyReport({len(self.checks)} claims: {self.summary()})"

    def _repr_html_(self) -> str:
        rows = []
        for c in self.checks:
            example = c.counterexamples[0] if c.counterexamples else None
            shown = (f"{example['position']}: claimed {example['claimed']}, computed "
                     f"{example['computed']}" if example else "")
            rows.append(f"<tr><td><code>{escape(c.id)}</code></td><td>{escape(c.place)}</td>"
                        f"<td>{_status_html(c.status)}</td><td>{'proven' if c.proven else ''}"
                        f"</td><td>{escape(shown)}</td></tr>")
        return ("<table><tr><th>claim</th><th>where</th><th>status</th><th>for all positions"
                f"</th><th>counterexample</th></tr>{''.join(rows)}</table>"
                f"<small>{escape(self.summary())}</small>")


@dataclass(frozen=True, repr=False)
class ProofResult:
    """A statement decided for all positions: ``status`` (proven, disproven), ``sizes`` of the
    automata, ``counterexample`` (the smallest, when disproven), ``seconds``, and ``title``, the
    statement in words."""

    data: dict
    title: str = ""

    status = property(lambda self: self.data["status"])
    sizes = property(lambda self: dict(self.data.get("sizes") or {}))
    counterexample = property(lambda self: self.data.get("counterexample"))
    seconds = property(lambda self: self.data.get("seconds"))

    @property
    def proven(self) -> bool:
        return self.status == "proven"

    def to_json(self) -> dict:
        return self.data

    def __repr__(self) -> str:
        largest = self.sizes.get("largest")
        size = f"; largest automaton {largest} states" if largest is not None else ""
        ex = self.counterexample
        where = f"; counterexample {ex.get('position')}" if ex else ""
        return f"ProofResult({self.status}: {self.title}{where}{size})"

    def _repr_html_(self) -> str:
        sizes = ", ".join(f"{k} {v}" for k, v in self.sizes.items())
        ex = self.counterexample
        extra = (f"<div>smallest counterexample {escape(ex.get('position'))}: "
                 f"{escape('; '.join(ex.get('conditions', [])))}</div>" if ex else "")
        return (f"<div>{_status_html(self.status)}: {escape(self.title)}{extra}"
                f"<div><small>automata (states): {escape(sizes)}</small></div></div>")


@dataclass(frozen=True, repr=False)
class ProofReport:
    """The registered claims proven by :func:`nimlab.prove` (by id or paper), or listed."""

    data: Any
    listing: bool = False

    @property
    def claims(self) -> list[dict]:
        return self.data if self.listing else self.data["claims"]

    def to_json(self) -> Any:
        return self.data

    def __repr__(self) -> str:
        if self.listing:
            return f"ProofReport({len(self.data)} registered claims)"
        return (f"ProofReport({self.data['proven']} proven, {self.data['disproven']} disproven: "
                f"{', '.join(c['id'] for c in self.claims)})")

    def _repr_html_(self) -> str:
        if self.listing:
            rows = "".join(f"<tr><td><code>{escape(c['id'])}</code></td><td>{escape(c['game'])}"
                           f"</td><td>{escape(c['proves'])}</td></tr>" for c in self.data)
            return f"<table>{rows}</table>"
        rows = "".join(f"<tr><td><code>{escape(c['id'])}</code></td><td>"
                       f"{_status_html(c['status'])}</td><td>{escape(c.get('scope') or '')}</td>"
                       f"<td>{c['sizes'].get('largest')}</td></tr>" for c in self.claims)
        return ("<table><tr><th>claim</th><th>status</th><th>scope</th><th>largest automaton"
                f"</th></tr>{rows}</table>")


@dataclass(frozen=True, repr=False)
class ReproduceReport:
    """What :func:`nimlab.reproduce` wrote: ``artifacts`` (each with its files, ``matches`` and
    ``differences``), the claims checked, and the summary ``nimlab reproduce --json`` prints."""

    summary: dict
    artifacts: tuple[dict, ...] = ()
    checks: tuple[ClaimCheck, ...] = ()
    described: tuple[tuple[str, str], ...] = ()
    replaced: bool = False  # earlier reports in ``out`` were replaced (``force``)

    def to_json(self) -> dict:
        return self.summary

    def __repr__(self) -> str:
        s = self.summary
        return (f"ReproduceReport({s['artifacts']} artifacts, {s['matching']} match the papers; "
                f"{s['claims']} claims, {s['failing']} failing; in {s['out']})")

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td><code>{escape(i)}</code></td><td>{escape(d)}</td><td>"
                       f"{'matches' if a['matches'] else len(a['differences'])}</td></tr>"
                       for (i, d), a in zip(self.described, self.artifacts))
        return f"<table>{rows}</table><small>{escape(repr(self))}</small>"

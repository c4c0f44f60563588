"""Pins for the End-Nim paper's claims and artifact (nimlab.theory.endnim).

Every registered claim of the paper is pinned at a small bound; all of them hold (the checks
found no false statement in this paper).  The closed forms of Sections 2 and 5 are compared with
the plain brute force of ``tests/brute.py``, and tests below show each check can fail.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import brute
from nimlab.cli import main
from nimlab.theory import endnim as E
from nimlab.theory.artifacts import ARTIFACTS
from nimlab.theory.registry import REGISTRY, compare, load_all
from claim_pins import pin, pinned_ids, tiny_bound_errors

load_all()

# id -> bound at which the claim holds
HOLDS = {
    "endnim.sec1.reverse": 4,
    "endnim.thm2.1": 4,
    "endnim.thm2.2": 4,
    "endnim.thm2.3": 4,
    "endnim.cor2.4": 4,
    "endnim.thm2.1.proof": 4,
    "endnim.thm2.2.proof": 4,
    "endnim.thm2.3.proof": 4,
    "endnim.cor2.4.a": 4,
    "endnim.cor2.4.b": 4,
    "endnim.cor2.4.c": 4,
    "endnim.thm2.2.proof.1": 4,
    "endnim.thm2.2.proof.2": 4,
    "endnim.thm2.2.proof.3": 4,
    "endnim.thm2.3.proof.1": 4,
    "endnim.thm2.3.proof.2": 4,
    "endnim.thm2.3.proof.3a": 4,
    "endnim.thm2.3.proof.3b": 4,
    "endnim.sec4.nim": 30,
    "endnim.prop4.1": 30,
    "endnim.sec6.two-pile": 16,
    "endnim.sec4.misere0": 30,
    "endnim.prop4.2": 30,
    "endnim.sec4.misere-nim": 30,
    "endnim.sec5.p.normal": 24,
    "endnim.sec5.p.misere": 24,
    "endnim.sec5.p.loop": 24,
    "endnim.thm5.1": 24,
    "endnim.thm5.1.a": 24,
    "endnim.thm5.1.b.i": 24,
    "endnim.thm5.1.b.ii": 24,
    "endnim.thm5.1.c": 24,
    "endnim.thm5.2": 24,
    "endnim.thm5.2.a": 24,
    "endnim.thm5.2.b": 24,
    "endnim.thm5.2.c.i": 24,
    "endnim.thm5.2.c.ii": 24,
    "endnim.thm5.3": 24,
    "endnim.thm5.3.a.i": 24,
    "endnim.thm5.3.a.ii": 24,
    "endnim.thm5.3.b": 24,
    "endnim.thm5.4": 24,
    "endnim.thm5.4.a": 24,
    "endnim.thm5.4.b.i": 24,
    "endnim.thm5.4.b.ii": 24,
    "endnim.thm5.4.b.iii": 24,
    "endnim.thm5.4.c.i": 24,
    "endnim.thm5.4.c.ii.i": 24,
    "endnim.thm5.4.c.ii.ii": 24,
    "endnim.thm5.4.c.ii.iii": 24,
    "endnim.thm5.4.c.iii": 24,
    "endnim.thm5.4.d": 24,
    "endnim.sec6.prop1": 16,
    "endnim.sec6.adjacent": 16,
    "endnim.sec6.b-moves": 16,
    "endnim.sec6.cases": 16,
    "endnim.sec6.case.a.i": 16,
    "endnim.sec6.case.a.ii": 16,
    "endnim.sec6.case.a.iii": 16,
    "endnim.sec6.case.a.iv": 16,
    "endnim.sec6.case.a.v": 16,
    "endnim.sec6.case.a.vi": 16,
    "endnim.sec6.case.a.vii": 16,
    "endnim.sec6.case.a.viii": 16,
    "endnim.sec6.case.a.ix": 16,
    "endnim.sec6.case.b.i": 16,
    "endnim.sec6.case.b.ii": 16,
    "endnim.sec6.case.b.iii": 16,
    "endnim.sec6.case.c.i": 16,
    "endnim.sec6.case.c.ii": 16,
    "endnim.sec6.case.c.iii": 16,
    "endnim.sec6.case.c.iv": 16,
    "endnim.sec6.case.c.v": 16,
    "endnim.sec6.case.d.i": 16,
    "endnim.sec6.case.d.ii": 16,
    "endnim.sec6.case.e.i": 16,
    "endnim.sec6.case.e.ii": 16,
    "endnim.sec6.case.e.iii": 16,
    "endnim.sec6.case.e.iv": 16,
    "endnim.sec6.case.f": 16,
    "endnim.sec6.case.g.i": 16,
    "endnim.sec6.case.g.ii": 16,
}

PAPER_IDS = pinned_ids("end-nim")


def test_every_claim_is_pinned():
    assert PAPER_IDS == set(HOLDS)
    assert len(PAPER_IDS) >= 30


@pytest.mark.parametrize("cid", sorted(HOLDS))
def test_claim_holds(cid):
    pin(cid, HOLDS[cid], "holds", None)


# ------------------------------------------------------------ the checks can fail
def test_a_wrong_condition_is_caught():
    """Theorem 5.4 (b)(iii) without its exception for a1 = 3 mod 4 is false: (7,5,8)."""
    T = E.three_pile("normal", 12)
    rule = E.THEOREMS5["endnim.thm5.4"][3]["b.iii"]
    loose = [r for r in E.three_box(12) if r[2] == r[0] + 1 and r[0] % 2 and r[0] >= 7
             and 5 <= r[1] <= r[0] - 1 and r[1] % 4 in (1, 2)]
    ev = compare(loose, lambda r: 2, lambda r: int(T[r]), show=E.show)
    assert ev.counterexamples[0].position == "(7,5,8)" and ev.counterexamples[0].computed != 2
    assert not rule(7, 5, 8)


def test_closure_check_catches_a_wrong_p_set(monkeypatch):
    """With End-Nim's conditions (r instead of r_m), misere End-Nim's set is not closed."""
    original = E.theorem2_p
    monkeypatch.setattr(E, "theorem2_p", lambda row, variant: original(row, "normal"))
    result = REGISTRY["endnim.thm2.2.proof"].run(3)
    assert result.status == "fails"
    assert result.counterexample.position == "(1)"


def test_a_wrong_proof_move_is_caught():
    game = E.GAMES["normal"]
    from nimlab.engine.solver import solver_for

    ev = E.check_steps(game, solver_for(game), [(3, 1, 6)], lambda r: (r, (3, 1, 3)), 1,
                       show=E.show)
    assert ev.counterexamples[0].computed == "reaches 3,1,3 of value 0"
    ev = E.check_steps(game, solver_for(game), [(3, 1, 6)], lambda r: (r, (2, 2, 6)), 1)
    assert "not one move away" in ev.counterexamples[0].computed


# ------------------------------------------------------------ closed forms vs brute force
def test_l_and_r_by_hand():
    assert E.l_of((2, 2, 3, 1)) == 3 and E.l_of((3, 1)) == 1 and E.l_of((4, 4, 4)) == 3
    assert E.r_of((1, 3, 2, 2)) == 3 and E.r_of((1, 2, 3)) == 1 and E.r_of((3, 3, 3)) == 0
    assert E.r_of((1, 1), "misere") == 1 and E.r_of((2, 2), "misere") == 0
    assert E.r_of((2, 2), "loop") == 1


def test_theorems_2_against_brute_force():
    for variant in E.VARIANTS:
        for k in range(1, 5):
            for row in E.rows(k, 4):
                assert E.theorem2_p(row, variant) == (brute.end_nim(row, variant) == 0), row


rows = st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=6).map(tuple)


@given(rows, st.sampled_from(E.VARIANTS))
def test_theorems_2_random_rows(row, variant):
    assert E.theorem2_p(row, variant) == (brute.end_nim(row, variant) == 0)
    if len(set(row)) == 1:
        assert E.constant_p(row, variant) == (brute.end_nim(row, variant) == 0)


three = st.tuples(*(st.integers(min_value=1, max_value=13),) * 3)


@given(three)
def test_theorems_5_random_rows(row):
    assert E.theorem5("endnim.thm5.1")(row) == (brute.end_nim(row, "normal") == 1)
    assert E.theorem5("endnim.thm5.2")(row) == (brute.end_nim(row, "misere") == 1)
    assert E.theorem5("endnim.thm5.3")(row) == (brute.end_nim(row, "loop") == 1)
    assert E.theorem5("endnim.thm5.4")(row) == (brute.end_nim(row, "normal") == 2)
    for variant in E.VARIANTS:
        assert E.p3(variant)(*E.oriented(row)) == (brute.end_nim(row, variant) == 0)


def test_two_pile_formulas_against_brute_force():
    for a in range(1, 13):
        for b in range(1, 13):
            assert brute.end_nim((a, b), "loop") == ((a - 1) ^ (b - 1)) + 1
            assert E.value("misere", (a, b)) == brute.end_nim((a, b), "misere")


# ------------------------------------------------------------------------------- artifact
def test_every_artifact_is_pinned():
    assert {a for a, x in ARTIFACTS.items() if x.paper == "end-nim"} == {"endnim.p3"}


def test_artifact_p3(tmp_path):
    out = ARTIFACTS["endnim.p3"].run(tmp_path)
    assert out["matches"], out["differences"][:3]
    assert out["compared"] > 3 * 20 ** 3 // 2
    lines = (tmp_path / "endnim_misere_values_0_2.csv").read_text().splitlines()
    assert lines[0] == "a1,a2,a3,value,theorems say"
    assert "1,1,1,0,0" in lines  # (1,1,1) is a P-position of misere End-Nim
    assert "1,2,2,1,1" in lines  # and (1,2,2) a 1-position (Theorem 5.2 (a))


# ------------------------------------------------------------------------------------- CLI
def test_cli_verify_json():
    result = CliRunner().invoke(main, ["verify", "endnim.thm5.4", "endnim.thm5.4.c",
                                       "--bound", "15", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert {r["id"] for r in rows} >= {"endnim.thm5.4", "endnim.thm5.4.c.iii"}
    assert all(r["status"] == "holds" and r["bound"] == 15 and r["counterexample"] is None
               for r in rows)


def test_cli_reproduce(tmp_path):
    result = CliRunner().invoke(main, ["reproduce", "endnim.p3", "--out", str(tmp_path),
                                       "--no-claims"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "endnim_normal_values_0_2.csv").exists()
    report = json.loads((tmp_path / "report.json").read_text())
    assert [a["id"] for a in report["artifacts"]] == ["endnim.p3"]
    assert report["artifacts"][0]["matches"]


# ------------------------------------------------------- vectorised checks vs per-position checks
def _verdict(r):
    if len({E.value(v, r) == 0 for v in E.VARIANTS}) == 1:
        return "same in all three"
    return ", ".join(f"{E.NAMES[v]}: {'P' if E.value(v, r) == 0 else 'N'}" for v in E.VARIANTS)


TWO_PILE = {  # the formulas and rules of Section 4 and 6 as the paper states them
    "endnim.sec4.nim": ("normal", None, lambda a, b: a ^ b),
    "endnim.prop4.1": ("loop", None, lambda a, b: ((a - 1) ^ (b - 1)) + 1),
    "endnim.sec6.two-pile": ("normal", 1, lambda x, y: x % 2 == 0 and y == x + 1),
    "endnim.sec4.misere0": ("misere", 0, lambda a, b: a == b != 1),
    "endnim.prop4.2": ("misere", 1, lambda a, b: a == b == 1 or (a >= 3 and a % 2 == 1
                                                                 and b == a + 1)),
}


def per_position(cid, n):
    """The checks as they were before they were vectorised: one row at a time."""
    show = E.show
    thm2 = {"endnim.thm2.1": "normal", "endnim.thm2.2": "misere", "endnim.thm2.3": "loop"}
    if cid in thm2:
        v = thm2[cid]
        return compare(E.general_box(n), lambda r: E.theorem2_p(r, v),
                       lambda r: E.value(v, r) == 0, show=show)
    if cid == "endnim.cor2.4":
        return compare([r for r in E.general_box(n) if len(set(r)) > 1],
                       lambda r: "same in all three", _verdict, show=show)
    if cid.startswith("endnim.sec5.p."):
        v = cid.rsplit(".", 1)[1]
        return compare(E.three_box(n), lambda r: E.p3(v)(*r), lambda r: E.value(v, r) == 0,
                       show=show)
    if cid in E.THEOREMS5:
        v, g = E.THEOREMS5[cid][:2]
        return compare(E.three_box(n), E.theorem5(cid), lambda r: E.value(v, r) == g, show=show)
    if cid in TWO_PILE:
        v, g, rule = TWO_PILE[cid]
        if g is None:
            return compare(E.rows(2, n), lambda r: rule(*r), lambda r: E.value(v, r), show=show)
        return compare(E.rows(2, n), lambda r: rule(*sorted(r)), lambda r: E.value(v, r) == g,
                       show=show)
    theorem, item = cid[: len("endnim.thm5.x")], cid[len("endnim.thm5.x") + 1:]
    v, g, _, items = E.THEOREMS5[theorem]
    cond = {k.lower(): c for k, c in items.items()}[item]
    return compare([r for r in E.three_box(n) if cond(*r)], lambda r: g,
                   lambda r: E.value(v, r), show=show)


VECTORISED = sorted(c for c in HOLDS if c.startswith(("endnim.thm2.", "endnim.sec5.p.",
                                                      "endnim.thm5.")) and "proof" not in c) + \
    ["endnim.cor2.4"] + sorted(TWO_PILE)


@pytest.mark.parametrize("seed", [None, 0, 1])
@pytest.mark.parametrize("cid", VECTORISED)
def test_vectorised_check_agrees_with_per_position_check(cid, seed, monkeypatch):
    """On the kernel's true tables (seed None) and on tables with some values changed, so that
    both checks must report the same counterexamples in the same order."""
    n = 11
    tables = {}
    for v in E.VARIANTS:
        tables[(v, 3)] = E.three_pile(v, n)[: n + 1, : n + 1, : n + 1].copy()
        tables[(v, 2)] = E.two_pile(v, n)[: n + 1, : n + 1].copy()
    if seed is not None:
        rng = np.random.default_rng(seed)
        for table in tables.values():
            inner = table[(slice(1, None),) * table.ndim]
            inner[rng.random(inner.shape) < 0.3] += 1  # a value changed at 30% of the rows
    monkeypatch.setattr(E, "_KERNEL", tables)
    fast = REGISTRY[cid].run(n).evidence
    slow = per_position(cid, n)
    def rows(ev):
        return ev.checked, [(x.position, x.claimed, x.computed) for x in ev.counterexamples]

    assert rows(fast) == rows(slow)
    if seed is not None and slow.checked >= 20:
        assert slow.counterexamples  # the changed tables do make the check fail


def test_every_claim_runs_at_tiny_bounds():
    """Bounds 0..3 (``nimlab verify --bound 0``) give a status, never an exception."""
    assert tiny_bound_errors("end-nim") == []

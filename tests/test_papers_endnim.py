"""End-Nim (nimlab.papers.endnim): the closed forms against the plain brute force of
``tests/brute.py``, checks shown able to fail, the artifact, the CLI, and the vectorised checks
against per-position checks.  The claims' expected statuses are tested from their rows in
``tests/test_claims.py``.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import brute
from nimlab.claims import REGISTRY, load_all
from nimlab.claims.artifacts import ARTIFACTS
from nimlab.claims.checks import check_steps, compare
from nimlab.engine.solver import Solver, solver_for
from nimlab.papers.endnim import claims_sec1_3
from nimlab.papers.endnim import computed as C
from nimlab.papers.endnim import formulas as F

load_all()


@pytest.fixture(autouse=True, scope="module")
def _own_cache(tmp_path_factory):
    """Never the user's cache: a temporary NIMLAB_CACHE for this module."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("NIMLAB_CACHE", str(tmp_path_factory.mktemp("cache")))
        yield


def cli(*args):
    return CliRunner().invoke(__import__("nimlab.cli", fromlist=["main"]).main, list(args))


# ------------------------------------------------------------ the checks can fail
def test_a_wrong_condition_is_caught():
    """Theorem 5.4 (b)(iii) without its exception for a1 = 3 mod 4 is false: (7,5,8)."""
    T = C.three_pile("normal", 12)
    rule = F.THEOREMS5["endnim.thm5.4"][3]["b.iii"]
    loose = [r for r in C.three_box(12) if r[2] == r[0] + 1 and r[0] % 2 and r[0] >= 7
             and 5 <= r[1] <= r[0] - 1 and r[1] % 4 in (1, 2)]
    ev = compare(loose, lambda r: 2, lambda r: int(T[r]), show=F.show)
    assert ev.counterexamples[0].position == "(7,5,8)" and ev.counterexamples[0].computed != 2
    assert not rule(7, 5, 8)


def test_closure_check_catches_a_wrong_p_set(monkeypatch):
    """With End-Nim's conditions (r instead of r_m), misere End-Nim's set is not closed."""
    original = F.theorem2_p
    monkeypatch.setattr(claims_sec1_3, "theorem2_p",
                        lambda row, variant: original(row, "normal"))
    result = REGISTRY["endnim.thm2.2.proof"].run(3)
    assert result.status == "fails"
    assert result.counterexample.position == "(1)"


def test_the_sum_of_proof_3a_is_checked(monkeypatch):
    """The proof of Theorem 2.3 (latter case (a)) also states l(C) + r_o(C) = 4."""
    monkeypatch.setattr(claims_sec1_3, "l_of", lambda row: F.l_of(row) + 1)
    result = REGISTRY["endnim.thm2.3.proof.3a"].run(4)
    assert result.status == "fails"
    assert result.counterexample.as_tuple() == ("(1,2,2)", "l(C) + r_o(C) = 4", 5)


def test_a_wrong_proof_move_is_caught():
    game = C.GAMES["normal"]
    value = solver_for(game).value
    ev = check_steps(game, value, [(3, 1, 6)], lambda r: (r, (3, 1, 3)), 1, show=F.show)
    assert ev.counterexamples[0].computed == "reaches 3,1,3 of value 0"
    ev = check_steps(game, value, [(3, 1, 6)], lambda r: (r, (2, 2, 6)), 1)
    assert "not one move away" in ev.counterexamples[0].computed


def test_joined_counts_both_checks_and_keeps_the_first_counterexamples_first():
    first = C.Joined(lambda b: compare(range(b), lambda n: 0, lambda n: n % 2, show=str),
                     lambda b: compare(range(b), lambda n: 0, lambda n: n, show=str))
    ev = first(4)
    assert ev.checked == 8
    assert [x.as_tuple() for x in ev.counterexamples] == \
        [("1", 0, 1), ("3", 0, 1), ("1", 0, 1), ("2", 0, 2), ("3", 0, 3)]


# ------------------------------------------------------------ closed forms vs brute force
def test_l_and_r_by_hand():
    assert F.l_of((2, 2, 3, 1)) == 3 and F.l_of((3, 1)) == 1 and F.l_of((4, 4, 4)) == 3
    assert F.r_of((1, 3, 2, 2)) == 3 and F.r_of((1, 2, 3)) == 1 and F.r_of((3, 3, 3)) == 0
    assert F.r_of((1, 1), "misere") == 1 and F.r_of((2, 2), "misere") == 0
    assert F.r_of((2, 2), "loop") == 1


def test_closed_forms_on_arrays_agree_with_ints():
    """One closed form serves a single row and a whole box of rows (elementwise)."""
    a1, a2, a3 = np.meshgrid(*(np.arange(1, 6),) * 3, indexing="ij")
    for variant in F.VARIANTS:
        box = F.theorem2_p((a1, a2, a3), variant)
        for r in C.rows(3, 5):
            assert bool(box[tuple(x - 1 for x in r)]) == bool(F.theorem2_p(r, variant)), r


def test_theorems_2_against_brute_force():
    for variant in F.VARIANTS:
        for k in range(1, 5):
            for row in C.rows(k, 4):
                assert F.theorem2_p(row, variant) == (brute.end_nim(row, variant) == 0), row


rows = st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=6).map(tuple)


@given(rows, st.sampled_from(F.VARIANTS))
def test_theorems_2_random_rows(row, variant):
    assert F.theorem2_p(row, variant) == (brute.end_nim(row, variant) == 0)
    if len(set(row)) == 1:
        assert F.constant_p(row, variant) == (brute.end_nim(row, variant) == 0)


three = st.tuples(*(st.integers(min_value=1, max_value=13),) * 3)


@given(three)
def test_theorems_5_random_rows(row):
    assert F.theorem5("endnim.thm5.1")(row) == (brute.end_nim(row, "normal") == 1)
    assert F.theorem5("endnim.thm5.2")(row) == (brute.end_nim(row, "misere") == 1)
    assert F.theorem5("endnim.thm5.3")(row) == (brute.end_nim(row, "loop") == 1)
    assert F.theorem5("endnim.thm5.4")(row) == (brute.end_nim(row, "normal") == 2)
    for variant in F.VARIANTS:
        assert F.p3(variant)(*F.oriented(row)) == (brute.end_nim(row, variant) == 0)


def test_two_pile_formulas_against_brute_force():
    for a in range(1, 13):
        for b in range(1, 13):
            assert brute.end_nim((a, b), "loop") == ((a - 1) ^ (b - 1)) + 1
            assert C.value("misere", (a, b)) == brute.end_nim((a, b), "misere")


def test_theorem_class_against_brute_force():
    for r in C.rows(3, 7):
        for variant in F.VARIANTS:
            g, said = brute.end_nim(r, variant), F.theorem_class(variant, r)
            if said in ("0", "1", "2"):
                assert str(g) == said, (variant, r)
            elif said == ">2":
                assert g > 2, (variant, r)
            else:
                assert g >= 2, (variant, r)


# ------------------------------------------------------------------------------- artifact
def test_the_paper_has_one_artifact():
    assert {a for a, x in ARTIFACTS.items() if x.paper == "end-nim"} == {"endnim.p3"}


def test_artifact_p3(tmp_path):
    out = ARTIFACTS["endnim.p3"].run(tmp_path)
    assert out["matches"], out["differences"][:3]
    assert out["compared"] > 3 * 20 ** 3 // 2
    assert sorted(out["files"]) == [f"endnim_{v}_values_0_2.csv" for v in
                                    ("loop", "misere", "normal")]
    lines = (tmp_path / "endnim_misere_values_0_2.csv").read_text().splitlines()
    assert lines[0] == "a1,a2,a3,value,theorems say"
    assert "1,1,1,0,0" in lines  # (1,1,1) is a P-position of misere End-Nim
    assert "1,2,2,1,1" in lines  # and (1,2,2) a 1-position (Theorem 5.2 (a))


# ------------------------------------------------------------------------------------- CLI
def test_cli_verify_json():
    result = cli("verify", "endnim.thm5.4", "endnim.thm5.4.c", "--bound", "15", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert {r["id"] for r in out} >= {"endnim.thm5.4", "endnim.thm5.4.c.iii"}
    assert all(r["status"] == "holds" and r["bound"] == 15 and r["counterexample"] is None
               for r in out)


def test_cli_reproduce(tmp_path):
    result = cli("reproduce", "endnim.p3", "--out", str(tmp_path), "--no-claims")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "endnim_normal_values_0_2.csv").exists()
    report = json.loads((tmp_path / "report.json").read_text())
    assert [a["id"] for a in report["artifacts"]] == ["endnim.p3"]
    assert report["artifacts"][0]["matches"]


# ------------------------------------------------------- vectorised checks vs per-position checks
def _verdict(r):
    if len({C.value(v, r) == 0 for v in F.VARIANTS}) == 1:
        return "same in all three"
    return ", ".join(f"{F.NAMES[v]}: {'P' if C.value(v, r) == 0 else 'N'}" for v in F.VARIANTS)


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
    show = F.show
    thm2 = {"endnim.thm2.1": "normal", "endnim.thm2.2": "misere", "endnim.thm2.3": "loop"}
    if cid in thm2:
        v = thm2[cid]
        return compare(C.general_box(n), lambda r: F.theorem2_p(r, v),
                       lambda r: C.value(v, r) == 0, show=show)
    if cid == "endnim.cor2.4":
        return compare([r for r in C.general_box(n) if len(set(r)) > 1],
                       lambda r: "same in all three", _verdict, show=show)
    if cid.startswith("endnim.sec5.p."):
        v = cid.rsplit(".", 1)[1]
        return compare(C.three_box(n), lambda r: F.p3(v)(*r), lambda r: C.value(v, r) == 0,
                       show=show)
    if cid in F.THEOREMS5:
        v, g = F.THEOREMS5[cid][:2]
        return compare(C.three_box(n), F.theorem5(cid), lambda r: C.value(v, r) == g, show=show)
    if cid in TWO_PILE:
        v, g, rule = TWO_PILE[cid]
        if g is None:
            return compare(C.rows(2, n), lambda r: rule(*r), lambda r: C.value(v, r), show=show)
        return compare(C.rows(2, n), lambda r: rule(*sorted(r)), lambda r: C.value(v, r) == g,
                       show=show)
    if cid == "endnim.sec4.misere-nim":
        nim = Solver(C.MisereNim())
        return compare(C.rows(2, n), lambda r: nim.value(r), lambda r: C.value("misere", r),
                       show=show)
    theorem, item = cid[: len("endnim.thm5.x")], cid[len("endnim.thm5.x") + 1:]
    v, g, _, items = F.THEOREMS5[theorem]
    cond = {k.lower(): c for k, c in items.items()}[item]
    return compare([r for r in C.three_box(n) if cond(*r)], lambda r: g,
                   lambda r: C.value(v, r), show=show)


VECTORISED = sorted(c for c in REGISTRY if c.startswith(("endnim.thm2.", "endnim.sec5.p.",
                                                         "endnim.thm5.")) and "proof" not in c) \
    + ["endnim.cor2.4", "endnim.sec4.misere-nim"] + sorted(TWO_PILE)


@pytest.mark.parametrize("seed", [None, 0, 1])
@pytest.mark.parametrize("cid", VECTORISED)
def test_vectorised_check_agrees_with_per_position_check(cid, seed, monkeypatch):
    """On the kernel's true tables (seed None) and on tables with some values changed, so that
    both checks must report the same counterexamples in the same order."""
    n = 11
    tables = {}
    for v in F.VARIANTS:
        tables[(v, 3)] = C.three_pile(v, n)[: n + 1, : n + 1, : n + 1].copy()
        tables[(v, 2)] = C.two_pile(v, n)[: n + 1, : n + 1].copy()
    if seed is not None:
        rng = np.random.default_rng(seed)
        for table in tables.values():
            inner = table[(slice(1, None),) * table.ndim]
            inner[rng.random(inner.shape) < 0.3] += 1  # a value changed at 30% of the rows
    monkeypatch.setattr(C, "_KERNEL", tables)
    fast = REGISTRY[cid].run(n).evidence
    slow = per_position(cid, n)

    def listed(ev):
        return ev.checked, [(x.position, x.claimed, x.computed) for x in ev.counterexamples]

    assert listed(fast) == listed(slow)
    if seed is not None and slow.checked >= 20:
        assert slow.counterexamples  # the changed tables do make the check fail

"""Pins for the Sharing Nim paper's claims and artifacts (nimlab.theory.sharing).

Every registered claim of the paper has its status pinned here at a small bound: holding claims
hold, failing claims fail at their smallest counterexample (position and computed answer), and
corrected forms hold.  The closed forms the claims use are also compared with the plain brute
force of ``tests/brute.py`` (whole boxes and Hypothesis samples).
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
from nimlab.games import SharingNim
from nimlab.theory import sharing as S
from nimlab.theory.artifacts import ARTIFACTS
from nimlab.theory.registry import REGISTRY, compare, load_all
from claim_pins import pin, pinned_ids, tiny_bound_errors

load_all()

# id -> bound at which the claim holds (or, for infinite statements, is supported)
HOLDS = {
    "sharing.sec1.moves": 10,
    "sharing.sec1.terminal": 60,
    "sharing.ex.col5": 5,
    "sharing.lemma1": 10,
    "sharing.thm1": 300,
    "sharing.thm1.proof": 300,
    "sharing.thm1.proof.move.corrected": 40,
    "sharing.rem2": 20,
    "sharing.cor1": 30,
    "sharing.cor2": 300,
    "sharing.cor3": 300,
    "sharing.thm2": 300,
    "sharing.thm2.proof1": 60,
    "sharing.thm2.proof1.only": 100,
    "sharing.prop1.proof": 1000,
    "sharing.thm2.proof2.corrected": 60,
    "sharing.rem4.corrected": 40,
    "sharing.rem5.corrected": 60,
    "sharing.rem5.equal": 60,
    "sharing.rem6.corrected": 60,
    "sharing.prop1.corrected": 100,
    "sharing.prop1.positive": 100,
    "sharing.prop2.1": 1000,
    "sharing.prop2.2": 1000,
    "sharing.prop2.3": 1000,
    "sharing.prop2.exception": 1000,
    "sharing.thm3.proof.sets": 1000,
    "sharing.thm3.proof.witness.corrected": 1000,
    "sharing.sec4.zeros.corrected": 1000,
    "sharing.conj2.moves": 30,
    "sharing.sec4.row0": 490,
    "sharing.sec4.row0.1000": 1000,
    "sharing.sec4.row2": 500,
    "sharing.sec4.row6": 800,
    "sharing.fig4": 500,
    "sharing.fig5": 800,
    "sharing.thm4": 300,
    "sharing.thm4.disjoint": 300,
    "sharing.thm4.proof.i": 60,
    "sharing.thm4.case.i.1.a": 60,
    "sharing.thm4.case.i.1.b": 60,
    "sharing.thm4.case.i.3.a": 60,
    "sharing.thm4.case.i.3.b": 60,
    "sharing.thm4.case.i.4": 60,
    "sharing.thm4.case.ii.1": 60,
    "sharing.thm4.case.ii.2.a": 60,
    "sharing.thm4.case.ii.2.b": 60,
    "sharing.thm4.case.ii.4": 60,
    "sharing.thm4.case.iii.1": 60,
    "sharing.thm4.case.iii.3": 60,
    "sharing.thm4.case.iii.3.a": 60,
    "sharing.thm4.case.iii.3.b": 60,
    "sharing.thm4.case.iii.4.a": 60,
    "sharing.thm4.case.iii.4.b": 60,
    "sharing.thm4.case.iv.2": 60,
    "sharing.thm4.case.iv.3": 60,
    "sharing.thm4.case.iv.4.a": 60,
    "sharing.thm4.case.iv.4.b.i": 60,
    "sharing.thm4.case.iv.4.b.ii": 60,
    "sharing.thm4.case.i.2.corrected": 60,
    "sharing.thm4.case.ii.3.corrected": 60,
    "sharing.thm4.case.iii.2.corrected": 60,
    "sharing.thm4.case.iv.1.corrected": 60,
    "sharing.thm4.proof.cover": 60,
    "sharing.cor5": 300,
    "sharing.sec6.p": 300,
    "sharing.sec6.ones": 300,
    "sharing.sec6.g2.rows": 300,
    "sharing.sec6.g3.rows.corrected": 300,
    "sharing.sec6.g2.list": 300,
    "sharing.sec6.g3.list": 300,
    "sharing.sec6.abounds": 200,
    "sharing.table1": 16,
    "sharing.table2.corrected": 490,
    "sharing.table3.corrected": 490,
    "sharing.table3.bold.corrected": 490,
    "sharing.sec7.complement": 6,
    "sharing.sec7.translation": 6,
    "sharing.sec7.graph": 6,
    "sharing.sec7.wythoff": 20,
}
SUPPORTED = {
    "sharing.thm3": 1000,
    "sharing.cor4": 1000,
    "sharing.rem7": 1000,
    "sharing.sec4.arith": 1000,
    "sharing.conj1": 1000,
    "sharing.conj2": 1000,
    "sharing.conj3": 300,
}
FAILS = {
    "sharing.thm1.proof.move": (40, 'q=(0,0,2), k=1', '(0,1,1) of value 0'),
    "sharing.thm2.proof2": (60, '(0,1,2)',
                            'y - a = 0 is neither 4^k(2l+1) nor 2*4^k(2l+1): no move given'),
    "sharing.rem4": (40, '(0,0,0)', 'P'),
    "sharing.rem5": (60, '(0,0,2)', 2),
    "sharing.rem6": (60, '(0,1,2)', 'no move found'),
    "sharing.prop1": (100, 'n=1', 1),
    "sharing.thm3.proof.witness": (1000, 'p=16',
                                   'f(n+p) = f(n) = 0 for every n = 1 mod 32 (both odd)'),
    "sharing.sec4.zeros": (1000, '(0,0,2)', 1),
    "sharing.thm4.case.i.2": (60, '(0,1,5)',
                               'move 3 tokens from pile 3 to pile 1 is not a legal move'),
    "sharing.thm4.case.ii.3": (60, '(0,2,7)',
                                'move 4 tokens from pile 3 to pile 1 is not a legal move'),
    "sharing.thm4.case.iii.2": (60, '(0,1,3)', 'moves -1 tokens: not a move'),
    "sharing.thm4.case.iv.1": (60, '(0,4,11)',
                                'move 6 tokens from pile 3 to pile 1 is not a legal move'),
    "sharing.sec6.g3.rows": (300, '(0,4,8) of value 3', 'row a = 4'),
    "sharing.table2": (490, 'n=2', 1),
    "sharing.table3": (490, 'n=2', 1),
    "sharing.table3.bold": (490, 'bold column (n = 1 mod 32)', 'constant 0'),
}

PAPER_IDS = pinned_ids("sharing")


def test_every_claim_is_pinned():
    pinned = set(HOLDS) | set(SUPPORTED) | set(FAILS)
    assert PAPER_IDS == pinned
    assert len(PAPER_IDS) >= 30


@pytest.mark.parametrize("cid", sorted(HOLDS))
def test_claim_holds(cid):
    pin(cid, HOLDS[cid], "holds", None)


@pytest.mark.parametrize("cid", sorted(SUPPORTED))
def test_claim_supported(cid):
    result = REGISTRY[cid].run(SUPPORTED[cid])
    assert result.status == "supported", result.line()
    assert not REGISTRY[cid].finite


@pytest.mark.parametrize("cid", sorted(FAILS))
def test_claim_fails_at_smallest_counterexample(cid):
    bound, position, computed = FAILS[cid]
    result = REGISTRY[cid].run(bound)
    assert result.status == "fails"
    first = result.counterexample
    assert (first.position, first.computed) == (position, computed)
    assert first.claimed != first.computed


def test_every_failing_claim_with_a_correction_is_corrected_by_a_holding_claim():
    corrections = {c.corrects for c in REGISTRY.values() if c.paper == "sharing" and c.corrects}
    assert corrections <= set(FAILS)
    for cid, c in REGISTRY.items():
        if c.paper == "sharing" and c.corrects:
            assert cid in HOLDS


def test_remark5_also_fails_where_no_equalising_move_wins():
    cxs = REGISTRY["sharing.rem5"].run(20).evidence.counterexamples
    assert ("(0,1,3)", 1, 0) in [(x.position, x.claimed, x.computed) for x in cxs]
    # (0,1,3): the only winning move brings the empty pile level with the pile of 1
    game = SharingNim()
    wins = [m for m, q in game.options((0, 1, 3)) if brute.sharing(q) == 0]
    assert [m.notation() for m in wins] == ["3>1:1"]


def test_table2_printed_from_n_equal_zero():
    printed = S.printed("sharing", "table2")["values"]
    assert len(printed) == 490
    assert printed[:12] == [brute.sharing((0, 0, n)) for n in range(12)]


def test_periodicity_evidence_can_refute():
    ev = S.periodicity_evidence({"periodic": [0, 1, 2] * 40}, "test")
    assert ev.contradicted and ev.counterexamples[0].position == "periodic, period 3"
    # f(n) follows the parity of the 2-adic valuation (Theorem 2): with periods up to N/4 its
    # last half looked periodic (p = 64 at N = 300, p = 2048 at N = 10,000); up to N/8 it never
    # does, at any of these lengths.
    f = S.f_seq(10_000)
    for n in (300, 1000, 5000, 10_000):
        assert not S.periodicity_evidence({"f": f[: n + 1]}, "f").contradicted
    assert REGISTRY["sharing.thm3"].run(300).status == "supported"


def test_proof_step_checker_reports_illegal_and_missing_moves():
    game = SharingNim()
    V = S.values(10)
    from nimlab.engine.solver import solver_for

    ev = S.check_steps(game, solver_for(game), [(1, 5), (2, 4)], lambda c: None, 1)
    assert ev.checked == 0  # cases the proof does not cover are not counted
    plans = {(1, 5): S.Share(2, 0, 3), (2, 4): "no move", (1, 3): S.Share(2, 1, 1)}
    ev = S.check_steps(game, solver_for(game), list(plans),
                       lambda c: ((0, *c), plans[c]), 1, show=S.pos)
    assert [x.position for x in ev.counterexamples] == ["(0,1,5)", "(0,2,4)"]
    assert S.g3(V, (0, 2, 2)) == 1


# ------------------------------------------------------------------ closed forms vs brute force
def test_theorem2_and_theorem4_sets_against_brute_force():
    for b in range(19):
        for a in range(b + 1):
            g = brute.sharing((0, a, b))
            assert S.in_p(a, b) == (g == 0), (a, b)
            assert S.in_b(a, b) == (g == 1), (a, b)


def test_values_against_brute_force():
    V = S.values(14)
    assert all(V[a, b] == brute.sharing((0, a, b)) for b in range(15) for a in range(b + 1))


def test_p_counts_against_brute_force():
    for n in range(16):
        triples = {tuple(sorted((x, y, n - x - y))) for x in range(n + 1) for y in range(n - x + 1)}
        assert S.p_counts(15)[n] == sum(brute.sharing(t) == 0 for t in triples)
        assert S.p_counts(15, 1)[n] == sum(brute.sharing(t) == 0 for t in triples if min(t) >= 1)


piles = st.integers(min_value=0, max_value=11)


@given(piles, piles, piles, st.integers(min_value=0, max_value=4))
def test_complement_and_translation_brute(a, b, c, extra):
    n = max(a, b, c) + extra
    g = brute.sharing((a, b, c))
    assert brute.sharing((n - a, n - b, n - c)) == g
    assert brute.sharing((a + extra, b + extra, c + extra)) == g


@given(piles, piles, piles)
def test_corrected_p_test_and_strategy_brute(a, b, c):
    p = (a, b, c)
    is_p = brute.sharing(p) == 0
    assert S.p_test(p, all_equal=True) == is_p
    if not is_p:
        move = S.classroom_move(p, corrected=True)
        assert move is not None and brute.sharing(SharingNim().do_move(p, move)) == 0
        assert all(m in S.levelling_moves(p) for m in SharingNim().moves(p)
                   if brute.sharing(SharingNim().do_move(p, m)) == 0)


@given(st.integers(min_value=1, max_value=400))
def test_proposition2_residues_against_theorem2(n):
    f = S.f_seq(400)
    assert f[n] == (0 if S.four_power_odd(n) else 1)


# ------------------------------------------------------------------------------- artifacts
ARTIFACT_MATCHES = {
    "sharing.table1": True, "sharing.table2": False, "sharing.table3": False,
    "sharing.g2-list": True, "sharing.g3-list": False, "sharing.a-bounds": True,
    "sharing.fig4": True, "sharing.fig5": True, "sharing.prop1": False,
}


def test_every_artifact_is_pinned():
    assert {a for a, x in ARTIFACTS.items() if x.paper == "sharing"} == set(ARTIFACT_MATCHES)


@pytest.mark.parametrize("aid", sorted(ARTIFACT_MATCHES))
def test_artifact(aid, tmp_path):
    out = ARTIFACTS[aid].run(tmp_path)
    assert out["matches"] == ARTIFACT_MATCHES[aid], out["differences"][:3]
    for name in out["files"]:
        assert (tmp_path / name).stat().st_size > 0
    if not out["matches"]:
        assert out["explanation"]


def test_artifact_differences(tmp_path):
    g3 = ARTIFACTS["sharing.g3-list"].run(tmp_path)
    assert [d["where"] for d in g3["differences"]] == ["(0,4,8)"]
    t2 = ARTIFACTS["sharing.table2"].run(tmp_path)
    assert t2["differences"][0] == {"where": "n=2", "printed": 0, "computed": 1}
    assert "n = 0..489" in t2["explanation"]
    p1 = ARTIFACTS["sharing.prop1"].run(tmp_path)
    assert p1["differences"][0] == {"where": "n=1", "printed": 0, "computed": 1}
    ARTIFACTS["sharing.table3"].run(tmp_path)
    text = (tmp_path / "sharing_table3.csv").read_text()
    layout = [line.split(",") for line in text.splitlines()]
    assert [len(r) - 1 for r in layout[1:3]] == [10, 32] and layout[2][0] == "10"
    bold = [int(r[23]) for r in layout[2:] if len(r) == 33]  # n = 32, 64, 96, 128, 160, ...
    assert bold[:6] == [int(not S.four_power_odd(32 * m)) for m in range(1, 7)] == \
        [1, 0, 1, 1, 1, 0]
    ARTIFACTS["sharing.table1"].run(tmp_path)
    rows = (tmp_path / "sharing_table1.csv").read_text().splitlines()
    assert rows[1].split(",")[:4] == ["0", "0", "0", "1"]


# ------------------------------------------------------------------------------------- CLI
def test_cli_verify_json():
    result = CliRunner().invoke(main, ["verify", "sharing.rem4", "sharing.rem4.corrected",
                                       "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in json.loads(result.output)}
    assert rows["sharing.rem4"]["status"] == "fails"
    assert rows["sharing.rem4"]["counterexample"] == {"position": "(0,0,0)", "claimed": "N",
                                                      "computed": "P"}
    assert rows["sharing.rem4.corrected"]["status"] == "holds"
    assert rows["sharing.rem4.corrected"]["corrects"] == "sharing.rem4"


def test_cli_verify_strict_exits_1_on_failure():
    result = CliRunner().invoke(main, ["verify", "sharing.sec6.g3.rows", "--strict"])
    assert result.exit_code == 1


def test_cli_reproduce(tmp_path):
    result = CliRunner().invoke(main, ["reproduce", "sharing.g3-list", "--out", str(tmp_path),
                                       "--no-claims", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["artifacts"] == 1
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["artifacts"][0]["id"] == "sharing.g3-list"
    assert not report["artifacts"][0]["matches"]
    assert "(0,4,8)" in (tmp_path / "errata.md").read_text()


# ------------------------------------------------------- vectorised checks vs per-position checks
def p_count(V, n, smallest=0):
    """The per-position count the vectorised Proposition 1 check replaced."""
    return sum(1 for x in range(smallest, n // 3 + 1) for y in range(x, (n - x) // 2 + 1)
               if V[y - x, n - x - y - x] == 0)


def palindrome(V, c):
    seg = list(V[c[0]: c[1] - c[0] + 1, c[1]])
    return seg == seg[::-1]


# The per-position checks (as they were before the checks were vectorised), on a table V.
PER_POSITION = {
    "sharing.thm1": lambda V, n: compare(S.triangle(n), lambda c: int(V[c[1] - c[0], c[1]]),
                                         lambda c: int(V[c]), show=S.pos),
    "sharing.thm1.proof": lambda V, n: compare(
        [(k, m) for m in range(1, n + 1) for k in range(1, m // 2 + 1)],
        lambda c: S.g3(V, (0, c[0], c[1] - c[0])), lambda c: S.g3(V, (c[0], c[1] - c[0], c[1])),
        show=lambda c: f"k={c[0]}, n+1={c[1]}"),
    "sharing.cor2": lambda V, n: compare(S.triangle(n, half=True), lambda c: True,
                                         lambda c: palindrome(V, c), show=S.pos),
    "sharing.cor3": lambda V, n: compare(
        [(a, b - 2 * a) for b in range(n + 1) for a in range(b // 2 + 1)],
        lambda c: int(V[c[0] + c[1], 2 * c[0] + c[1]]), lambda c: int(V[c[0], 2 * c[0] + c[1]]),
        show=lambda c: f"a={c[0]}, i={c[1]}"),
    "sharing.thm2": lambda V, n: compare(S.triangle(n), lambda c: S.in_p(*c),
                                         lambda c: bool(V[c] == 0), show=S.pos),
    "sharing.thm4": lambda V, n: compare(S.triangle(n), lambda c: S.in_b(*c),
                                         lambda c: bool(V[c] == 1), show=S.pos),
    "sharing.thm4.disjoint": lambda V, n: compare(S.triangle(n), lambda c: False,
                                                  lambda c: S.in_p(*c) and S.in_b(*c),
                                                  show=S.pos),
    "sharing.sec6.p": lambda V, n: compare(
        [c for c in S.triangle(n, half=True) if V[c] == 0], lambda c: 0, lambda c: c[0],
        show=S.pos),
    "sharing.sec6.ones": lambda V, n: compare(
        [c for c in S.triangle(n, half=True) if V[c] == 1], lambda c: True,
        lambda c: c[0] in (0, 2) or c == (1, 2), show=S.pos),
    "sharing.conj3": lambda V, n: compare(
        [c for c in S.triangle(n, half=True) if V[c] >= 2],
        lambda c: f"a <= {2 * int(V[c]) - 1}",
        lambda c: f"a <= {2 * int(V[c]) - 1}" if c[0] <= 2 * V[c] - 1 else f"a = {c[0]}",
        show=lambda c: f"{S.pos(c)} value {int(V[c])}"),
    "sharing.prop1": lambda V, n: compare(range(1, n + 1), lambda m: m // 3,
                                          lambda m: p_count(V, m), show=lambda m: f"n={m}"),
    "sharing.prop1.positive": lambda V, n: compare(range(1, n + 1), lambda m: m // 3,
                                                   lambda m: p_count(V, m, 1),
                                                   show=lambda m: f"n={m}"),
}


def evidence_rows(ev):
    return ev.checked, [(x.position, x.claimed, x.computed) for x in ev.counterexamples]


@pytest.mark.parametrize("seed", [None, 0, 1, 2, 3])
@pytest.mark.parametrize("cid", sorted(PER_POSITION))
def test_vectorised_check_agrees_with_per_position_check(cid, seed, monkeypatch):
    """The true table (seed None) and tables with a few entries changed, so that both checks
    must find the same counterexamples in the same order."""
    n = 48
    V = S.values(n).copy()
    if seed is not None:
        rng = np.random.default_rng(seed)
        for _ in range(12):
            b = int(rng.integers(0, n + 1))
            a = int(rng.integers(0, b + 1))
            V[a, b] = int(rng.integers(0, 4))
        V[20, 44] = 2  # a counterexample to Conjecture 3 (a > 2g - 1)
    C = np.ascontiguousarray(V.T)
    monkeypatch.setattr(S, "columns", lambda bound: C[: bound + 1, : bound + 1])
    fast = REGISTRY[cid].run(n).evidence
    assert evidence_rows(fast) == evidence_rows(PER_POSITION[cid](V, n))


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 6), st.booleans(), st.booleans()),
                max_size=30))
def test_compare_blocks_is_compare(cells):
    """compare_blocks visits blocks in order and C order inside them, as compare() does."""
    box = np.zeros((3, 6, 7), bool)
    bad = np.zeros((3, 6, 7), bool)
    for i, (x, y, in_box, wrong) in enumerate(cells):
        box[i % 3, x, y] = in_box
        bad[i % 3, x, y] = wrong
    blocks = [((k,), box[k], bad[k]) for k in range(3)]
    fast = S.compare_blocks(blocks, lambda c: "said", lambda c: "found", show=str)
    cases = [c for c in np.ndindex(*box.shape) if box[c]]
    slow = compare(cases, lambda c: "said", lambda c: "found" if bad[c] else "said", show=str)
    assert evidence_rows(fast) == evidence_rows(slow)


def test_every_claim_runs_at_tiny_bounds():
    """Bounds 0..3 (``nimlab verify --bound 0``) give a status, never an exception."""
    assert tiny_bound_errors("sharing") == []

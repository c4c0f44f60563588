"""The Sharing Nim paper's closed forms, computed side, artifacts and CLI (nimlab.papers.sharing).

The claims' expected statuses live in their rows and are tested by ``tests/test_claims.py``.
Here: the closed forms of :mod:`nimlab.papers.sharing.formulas` against the plain brute force of
``tests/brute.py`` (whole boxes and Hypothesis samples), the vectorised checks against the
per-position checks they replaced (on the true table and on tables with entries changed), the
artifacts and the CLI.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import brute
from nimlab.claims import REGISTRY, load_all
from nimlab.claims.artifacts import ARTIFACTS, printed
from nimlab.claims.checks import check_steps, compare, compare_blocks, periodicity_evidence
from nimlab.games import Share, SharingNim
from nimlab.papers.sharing import computed as S
from nimlab.papers.sharing import formulas as F

load_all()
GAME = SharingNim()


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    """Never the user's store: a temporary NIMLAB_CACHE for every test of this module."""
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path_factory.getbasetemp() / "nimlab-cache"))


def test_remark5_also_fails_where_no_equalising_move_wins():
    cxs = REGISTRY["sharing.rem5"].run(20).evidence.counterexamples
    assert ("(0,1,3)", 1, 0) in [(x.position, x.claimed, x.computed) for x in cxs]
    # (0,1,3): the only winning move brings the empty pile level with the pile of 1
    wins = [m for m, q in GAME.options((0, 1, 3)) if brute.sharing(q) == 0]
    assert [m.notation() for m in wins] == ["3>1:1"]


def test_table2_printed_from_n_equal_zero():
    values = printed("sharing", "table2")["values"]  # sharing-nim.txt, Table 2
    assert len(values) == 490
    assert values[:12] == [brute.sharing((0, 0, n)) for n in range(12)]


def test_periodicity_evidence_can_refute():
    ev = periodicity_evidence({"periodic": [0, 1, 2] * 40}, "test")
    assert ev.contradicted and ev.counterexamples[0].position == "periodic, period 3"
    # f(n) follows the parity of the 2-adic valuation (Theorem 2): with periods up to N/4 its
    # last half looked periodic (p = 64 at N = 300, p = 2048 at N = 10,000); up to N/8 it never
    # does, at any of these lengths.
    f = S.f_seq(10_000)
    for n in (300, 1000, 5000, 10_000):
        assert not periodicity_evidence({"f": f[: n + 1]}, "f").contradicted
    assert REGISTRY["sharing.thm3"].run(300).status == "supported"


def test_proof_step_checker_reports_illegal_and_missing_moves():
    def value(p):
        return brute.sharing(tuple(p))

    ev = check_steps(GAME, value, [(1, 5), (2, 4)], lambda c: None, 1)
    assert ev.checked == 0  # cases the proof does not cover are not counted
    plans = {(1, 5): Share(2, 0, 3), (2, 4): "no move", (1, 3): Share(2, 1, 1)}
    ev = check_steps(GAME, value, list(plans), lambda c: ((0, *c), plans[c]), 1, show=S.pos)
    assert [x.position for x in ev.counterexamples] == ["(0,1,5)", "(0,2,4)"]
    assert S.g3(S.values(10), (0, 2, 2)) == 1 == brute.sharing((0, 2, 2))


# ------------------------------------------------------------------ closed forms vs brute force
def test_theorem2_and_theorem4_sets_against_brute_force():
    for b in range(19):
        for a in range(b + 1):
            g = brute.sharing((0, a, b))
            assert F.in_p(a, b) == (g == 0), (a, b)
            assert F.in_b(a, b) == (g == 1), (a, b)


def test_closed_forms_on_arrays_are_the_closed_forms_on_ints():
    b = np.arange(200)[:, None]
    a = np.arange(200)[None, :]
    for form in (F.in_p, F.in_b):
        grid = form(a, b)
        assert all(grid[j, i] == form(i, j) for j in range(200) for i in range(j + 1))
    assert list(F.four_power_odd(np.arange(300))) == [F.four_power_odd(n) for n in range(300)]


@given(st.integers(min_value=0, max_value=2**70))
def test_four_power_odd_is_an_even_power_of_two_times_an_odd_number(n):
    v = 0
    while n and n % 2 ** (v + 1) == 0:
        v += 1
    assert F.four_power_odd(n) == (n > 0 and v % 2 == 0)


def test_values_against_brute_force():
    V = S.values(14)
    assert all(V[a, b] == brute.sharing((0, a, b)) for b in range(15) for a in range(b + 1))


def test_p_counts_against_brute_force():
    for n in range(16):
        triples = {tuple(sorted((x, y, n - x - y))) for x in range(n + 1) for y in range(n - x + 1)}
        assert S.p_counts(15)[n] == sum(brute.sharing(t) == 0 for t in triples)
        assert S.p_counts(15, 1)[n] == sum(brute.sharing(t) == 0 for t in triples if min(t) >= 1)


def test_section1_moves_against_the_rule():
    """The paper's move types give exactly the options the plain rule gives (brute.graph_nim's
    rule: k tokens from u to v while piles[v] + k <= piles[u] - k)."""
    for t in S.piles_box(3, 9):
        moved = {tuple(sorted(q)) for q in brute.shares(t, brute.complete(3))}
        assert sorted(set(F.paper_moves(t))) == sorted(moved), t


def test_theorem2_proof_moves_against_brute_force():
    """The corrected proof of Theorem 2 (2) gives a move to a P-position from every N-position
    (0,a,b) with a <= b/2."""
    for b in range(2, 26):
        for a in range(b // 2 + 1):
            if F.in_p(a, b):
                continue
            move = F.thm2_move_corrected(a, b)
            assert move in GAME.available_moves((0, a, b)), (a, b)
            assert brute.sharing(GAME.do_move((0, a, b), move)) == 0, (a, b)


def test_theorem4_proof_moves_against_brute_force():
    """Every x = (0,a,b), a <= b/2, outside P and B is covered, and the proof's move (with the
    gaps closed) is legal and reaches a 1-position."""
    for b in range(2, 26):
        for a in range(b // 2 + 1):
            if F.in_p(a, b) or F.in_b(a, b):
                continue
            assert F.thm4_covered(a, b), (a, b)
            q, r, s, t = F.thm4_split(a, b)
            assert (a, b) == (4 * q + r, a + 4 * s + t)
            cases = [c for label, *_ in F.THM4_CASES
                     for c in (F.thm4_fixed(label) if label in F.THM4_FIXES
                               else [F.THM4_CASE[label]])]
            move = F.thm4_move(a, b, cases)
            assert isinstance(move, Share) and move in GAME.available_moves((0, a, b)), (a, b, move)
            assert brute.sharing(GAME.do_move((0, a, b), move)) == 1, (a, b)


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
    assert F.p_test(p, all_equal=True) == is_p
    if not is_p:
        move = F.classroom_move(p, corrected=True)
        assert move is not None and brute.sharing(GAME.do_move(p, move)) == 0
        assert all(m in F.levelling_moves(p) for m in GAME.available_moves(p)
                   if brute.sharing(GAME.do_move(p, m)) == 0)


@given(st.integers(min_value=1, max_value=400))
def test_proposition2_residues_against_theorem2(n):
    f = S.f_seq(400)
    assert f[n] == (0 if F.four_power_odd(n) else 1)


def test_table3_layout():
    rows = F.table3_rows(0)
    assert [len(r) for r in rows[:3]] == [10, 32, 32] and sum(map(len, rows)) == 490
    assert F.bold_column(0)[:3] == [32, 64, 96] and F.bold_column(1)[:3] == [33, 65, 97]


def test_formulas_import_nothing_from_the_claims():
    code = ("import sys, nimlab.papers.sharing.formulas; "
            "print(sorted(m for m in sys.modules if m.startswith(('nimlab.claims', "
            "'nimlab.papers.sharing.c', 'nimlab.theory'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ}, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


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
        assert isinstance(name, str) and (tmp_path / name).stat().st_size > 0
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
    assert bold[:6] == [int(not F.four_power_odd(32 * m)) for m in range(1, 7)] == \
        [1, 0, 1, 1, 1, 0]
    ARTIFACTS["sharing.table1"].run(tmp_path)
    rows = (tmp_path / "sharing_table1.csv").read_text().splitlines()
    assert rows[1].split(",")[:4] == ["0", "0", "0", "1"]


def test_artifact_files_listed_relative_to_a_relative_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = ARTIFACTS["sharing.a-bounds"].run(Path("out"))
    json.dumps(out)  # the report is JSON: file names are strings
    assert (tmp_path / out["files"][0]).exists() or (tmp_path / "out" / out["files"][0]).exists()


# ------------------------------------------------------------------------------------- CLI
def cli(*args: str):
    from nimlab.cli import main  # the CLI loads every paper's hints

    return CliRunner().invoke(main, list(args))


def test_cli_verify_json():
    result = cli("verify", "sharing.rem4", "sharing.rem4.corrected", "--json")
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in json.loads(result.output)}
    assert rows["sharing.rem4"]["status"] == "fails"
    assert rows["sharing.rem4"]["counterexample"] == {"position": "(0,0,0)", "claimed": "N",
                                                      "computed": "P"}
    assert rows["sharing.rem4.corrected"]["status"] == "holds"
    assert rows["sharing.rem4.corrected"]["corrects"] == "sharing.rem4"


def test_cli_verify_strict_exits_1_on_failure():
    result = cli("verify", "sharing.sec6.g3.rows", "--strict")
    assert result.exit_code == 1


def test_cli_reproduce(tmp_path):
    result = cli("reproduce", "sharing.g3-list", "--out", str(tmp_path), "--no-claims",
                 "--json")
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


def triangle(n, half=False):
    return [(a, b) for b in range(n + 1) for a in range((b // 2 if half else b) + 1)]


# The per-position checks (as they were before the checks were vectorised), on a table V.
PER_POSITION = {
    "sharing.thm1": lambda V, n: compare(triangle(n), lambda c: int(V[c[1] - c[0], c[1]]),
                                         lambda c: int(V[c]), show=S.pos),
    "sharing.thm1.proof": lambda V, n: compare(
        [(k, m) for m in range(1, n + 1) for k in range(1, m // 2 + 1)],
        lambda c: S.g3(V, (0, c[0], c[1] - c[0])), lambda c: S.g3(V, (c[0], c[1] - c[0], c[1])),
        show=lambda c: f"k={c[0]}, n+1={c[1]}"),
    "sharing.cor2": lambda V, n: compare(triangle(n, half=True), lambda c: True,
                                         lambda c: palindrome(V, c), show=S.pos),
    "sharing.cor3": lambda V, n: compare(
        [(a, b - 2 * a) for b in range(n + 1) for a in range(b // 2 + 1)],
        lambda c: int(V[c[0] + c[1], 2 * c[0] + c[1]]), lambda c: int(V[c[0], 2 * c[0] + c[1]]),
        show=lambda c: f"a={c[0]}, i={c[1]}"),
    "sharing.thm2": lambda V, n: compare(triangle(n), lambda c: F.in_p(*c),
                                         lambda c: bool(V[c] == 0), show=S.pos),
    "sharing.thm4": lambda V, n: compare(triangle(n), lambda c: F.in_b(*c),
                                         lambda c: bool(V[c] == 1), show=S.pos),
    "sharing.thm4.disjoint": lambda V, n: compare(triangle(n), lambda c: False,
                                                  lambda c: F.in_p(*c) and F.in_b(*c),
                                                  show=S.pos),
    "sharing.sec6.p": lambda V, n: compare(
        [c for c in triangle(n, half=True) if V[c] == 0], lambda c: 0, lambda c: c[0],
        show=S.pos),
    "sharing.sec6.ones": lambda V, n: compare(
        [c for c in triangle(n, half=True) if V[c] == 1], lambda c: True,
        lambda c: c[0] in (0, 2) or c == (1, 2), show=S.pos),
    "sharing.conj3": lambda V, n: compare(
        [c for c in triangle(n, half=True) if V[c] >= 2],
        lambda c: f"a <= {2 * int(V[c]) - 1}",
        lambda c: f"a <= {2 * int(V[c]) - 1}" if c[0] <= 2 * V[c] - 1 else f"a = {c[0]}",
        show=lambda c: f"{S.pos(c)} value {int(V[c])}"),
    "sharing.prop1": lambda V, n: compare(range(1, n + 1), lambda m: m // 3,
                                          lambda m: p_count(V, m), show=lambda m: f"n={m}"),
    "sharing.prop1.positive": lambda V, n: compare(range(1, n + 1), lambda m: m // 3,
                                                   lambda m: p_count(V, m, 1),
                                                   show=lambda m: f"n={m}"),
    "sharing.prop2.2": lambda V, n: compare(
        [m for m in range(3, n + 1) if m % 32 in F.PROP2_ZERO], lambda m: 0,
        lambda m: 0 if V[0, m] == 0 else 1, show=lambda m: f"n={m}"),
    "sharing.prop2.3": lambda V, n: compare(
        [m for m in range(3, n + 1) if m % 32 in F.PROP2_ONE], lambda m: 1,
        lambda m: 0 if V[0, m] == 0 else 1, show=lambda m: f"n={m}"),
    "sharing.sec4.zeros.corrected": lambda V, n: compare(
        range(1, n + 1, 2), lambda b: 0, lambda b: int(V[0, b]), show=lambda b: S.pos((0, b))),
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
        V[0, 35] = V[0, 40] = V[0, 44] = 5  # and to Proposition 2 and the bottom row's zeros
    # the claims read the table through computed.values/columns: give them the changed one
    monkeypatch.setattr(S, "_TABLE", {"V": V, "C": np.ascontiguousarray(V.T)})
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
    fast = compare_blocks(blocks, lambda c: "said", lambda c: "found", show=str)
    cases = [c for c in np.ndindex(*box.shape) if box[c]]
    slow = compare(cases, lambda c: "said", lambda c: "found" if bad[c] else "said", show=str)
    assert evidence_rows(fast) == evidence_rows(slow)

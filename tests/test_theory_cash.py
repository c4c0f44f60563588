"""NIM with Cash (nim-with-cash.txt): every registered claim pinned at a small bound, the
artifacts regenerated, and the game side compared with the plain brute force of tests/brute.py."""

import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st

import brute
from nimlab.cli import main
from nimlab.theory import cash
from nimlab.theory.artifacts import ARTIFACTS
from claim_pins import corrections_fail, pin, pinned_ids, tiny_bound_errors
from nimlab.theory.registry import REGISTRY, compare, load_all

load_all()

#: (claim, bound, status, smallest counterexample: (position, claimed, computed) or None)
CASES = [
    ("cash.ex1.3.1", 30, "holds", None), ("cash.ex1.3.2", 30, "holds", None),
    ("cash.ex1.3.3", 30, "holds", None), ("cash.ex1.3.4", 30, "holds", None),
    ("cash.ex1.3.5", 30, "holds", None), ("cash.ex1.3.6", 30, "holds", None),
    ("cash.ex1.3.2odd", 30, "holds", None), ("cash.abstract.nim123", 30, "holds", None),
    ("cash.def1.1", 16, "holds", None), ("cash.def1.4", 8, "holds", None),
    ("cash.intro.poorer-wins", 16, "holds", None),
    ("cash.thm3.1.1", 16, "holds", None), ("cash.thm3.1.1.proof", 16, "holds", None),
    ("cash.thm3.1.2", 16, "holds", None),
    ("cash.def4.1", 16, "fails", ("NIM(1..2) n=3 (f, W)", (1, "II"), (2, "II"))),
    ("cash.def4.1.corrected", 16, "holds", None), ("cash.def4.1.normal", 16, "holds", None),
    ("cash.thm4.2.1", 16, "holds", None), ("cash.thm4.2.2", 16, "holds", None),
    ("cash.sec4.rich", 16, "fails",
     ("NIM(1..2) n=3, W(n) = II with f(n) = 1 dollars", True, False)),
    ("cash.sec4.rich.corrected", 16, "holds", None),
    ("cash.thm4.3", 16, "holds", None),
    ("cash.thm4.4", 16, "fails", ("NIM(1,2) (0; 1, 0)", "I", "II")),
    ("cash.thm4.4.corrected", 16, "holds", None),
    ("cash.thm4.5.1a", 16, "fails", ("NIM(1,2) (3; 2, 1)", "II", "I")),
    ("cash.thm4.5.1b", 16, "fails", ("NIM(1,2) (1; 1, 1)", "II", "I")),
    ("cash.thm4.5.2", 16, "holds", None), ("cash.thm4.5.3", 16, "holds", None),
    ("cash.thm4.5.4a", 16, "holds", None), ("cash.thm4.5.4b", 16, "holds", None),
    ("cash.thm4.5.1a.corrected", 16, "holds", None),
    ("cash.thm4.5.1b.corrected", 16, "holds", None),
    ("cash.thm4.5.corrected", 16, "holds", None),
    ("cash.sec5.example", 0, "holds", None),
    ("cash.sec5.miserly", 0, "fails",
     ("(13; 8, 9, II), II removes 3 -> (10; 8, 6): Player I wins by always removing one stone",
      True, False)),
    ("cash.sec5.miserly.corrected", 0, "holds", None),
    ("cash.sec5.nim134", 30, "holds", None), ("cash.sec5.speculation", 16, "holds", None),
    ("cash.def6.1", 30, "holds", None), ("cash.def6.1.normal", 16, "holds", None),
    ("cash.thm6.2.1", 16, "fails", ("(1; UF, 1)", "II", "I")),
    ("cash.thm6.2.1.corrected", 16, "holds", None),
    ("cash.thm6.2.2", 16, "fails", ("(0; 0, UF)", "I", "II")),
    ("cash.thm6.2.2.corrected", 16, "holds", None),
    ("cash.table1", 2, "fails", ("n=7k+4 (k=1), a=1: f(n-a-1) <= f(n)-1?", "NO", "YES")),
    ("cash.table2", 2, "holds", None), ("cash.table3", 2, "holds", None),
    ("cash.thm6.10.1", 16, "holds", None), ("cash.thm6.10.2", 16, "holds", None),
    ("cash.thm6.3", 16, "holds", None), ("cash.thm6.10.4.corrected", 16, "holds", None),
    ("cash.thm6.10.4", 16, "fails", ("NIM(1,3,4) (1; 1, 2)", "II", "I")),
    ("cash.thm6.4", 16, "holds", None), ("cash.thm6.10.3", 16, "holds", None),
    ("cash.sec6.4.heading.corrected", 16, "holds", None),
    ("cash.sec6.4.heading", 16, "fails", ("NIM(1,3,4) (1; 0, 0)", "I", "II")),
    ("cash.thm6.5", 16, "holds", None),
    ("cash.lemma6.6.1", 16, "holds", None), ("cash.lemma6.6.2", 16, "holds", None),
    ("cash.thm6.7.1", 16, "holds", None), ("cash.thm6.10.5a", 16, "holds", None),
    ("cash.thm6.7.2", 16, "holds", None), ("cash.thm6.10.5b", 16, "holds", None),
    ("cash.thm6.7.3", 16, "holds", None), ("cash.thm6.10.5c", 16, "holds", None),
    ("cash.thm6.8", 16, "fails", ("NIM(1,3,4) (2; 0, 0)", "I", "II")),
    ("cash.thm6.8.corrected", 16, "holds", None),
    ("cash.thm6.9.1", 16, "fails", ("NIM(1,3,4) (0; 0, 0)", "I", "II")),
    ("cash.thm6.10.6a", 16, "fails", ("NIM(1,3,4) (0; 0, 0)", "I", "II")),
    ("cash.thm6.9.2", 16, "fails", ("NIM(1,3,4) (1; 0, 0)", "I", "II")),
    ("cash.thm6.10.6b", 16, "fails", ("NIM(1,3,4) (1; 0, 0)", "I", "II")),
    ("cash.thm6.9.3", 16, "holds", None), ("cash.thm6.10.6c", 16, "holds", None),
    ("cash.thm6.9.1.corrected", 16, "holds", None),
    ("cash.thm6.10.6a.corrected", 16, "holds", None),
    ("cash.thm6.9.2.corrected", 16, "holds", None),
    ("cash.thm6.10.6b.corrected", 16, "holds", None),
    ("cash.thm6.10.corrected", 16, "holds", None),
    ("cash.conj7.1", 16, "refuted",
     ("NIM(1) (item 1, L=1), M=2, L=1, n=1", "f(1) <= 0", "f(1) = 1")),
    ("cash.conj7.2", 30, "refuted", ("NIM(1,4) (item 2, L=4), M=5, L=2, n=5", 3, 4)),
    ("cash.conj7.nim134", 30, "supported", None),
    ("cash.appendix", 16, "fails", ("NIM(1) (item 1, L=1) f(1)", 0, 1)),
    ("cash.appendix.corrected", 16, "holds", None),
]


def test_every_cash_claim_is_pinned():
    assert pinned_ids("cash") == {case[0] for case in CASES}


@pytest.mark.parametrize("claim_id,bound,status,smallest", CASES, ids=[c[0] for c in CASES])
def test_claim_status(claim_id, bound, status, smallest):
    pin(claim_id, bound, status, smallest)


def test_corrections_point_at_failing_claims():
    corrections_fail("cash", CASES)


# ------------------------------------------------------------------ the game side vs brute force
def test_winner_grid_matches_brute_force():
    for moves in [(1, 3, 4), (1, 2), (2, 3), (1, 2, 3, 4)]:
        grid = cash.winner_grid(moves, 12)
        for n in range(13):
            for d1 in range(14):
                for d2 in range(14):
                    assert bool(grid[n, d1, d2]) == brute.cash_player_one_wins(n, d1, d2, moves)


def brute_f(moves, n):
    """Def 7.1 by brute force: the least budget of the unlimited-funds winner."""
    one = brute.subtraction(n, moves) != 0
    for d in range(n + 1):
        if one and brute.cash_player_one_wins(n, d, n, moves):
            return d
        if not one and not brute.cash_player_one_wins(n, n, d, moves):
            return d


@pytest.mark.parametrize("moves", [(1, 3, 4), (1, 2), (1, 2, 3), (2, 3), (1, 4), (3, 4, 5)])
def test_least_winning_budget_matches_brute_force(moves):
    assert [cash.least_winning_budget(moves, n) for n in range(25)] == \
        [brute_f(moves, n) for n in range(25)]


def test_paper_formulas_are_the_printed_ones():
    # Def 6.1 and Def 4.1 (sec 6 and 4 of nim-with-cash.txt), read off the print
    assert [cash.f_def61(n) for n in range(14)] == [0, 1, 1, 2, 4, 4, 5, 5, 6, 6, 7, 9, 9, 10]
    assert [cash.f_def41(2, n) for n in range(7)] == [0, 1, 2, 1, 2, 3, 2]
    assert [cash.f_def41_corrected(2, n) for n in range(7)] == [0, 1, 2, 2, 3, 4, 4]


@given(st.integers(0, 22), st.integers(0, 23), st.integers(0, 23))
def test_corrected_theorem_6_10_random_states(n, d1, d2):
    winner = "I" if brute.cash_player_one_wins(n, d1, d2, (1, 3, 4)) else "II"
    assert cash.thm610_corrected(n, d1, d2) == winner


@given(st.integers(2, 5), st.integers(0, 20), st.integers(0, 21), st.integers(0, 21))
def test_corrected_theorem_4_5_random_states(L, n, d1, d2):
    moves = tuple(range(1, L + 1))
    winner = "I" if brute.cash_player_one_wins(n, d1, d2, moves) else "II"
    assert cash.thm45_corrected(n, d1, d2, cash.f_def41_corrected(L, n), L) == winner


def test_miserly_strategy_by_hand():
    # (10; 8, 6) of NIM(1,3,4): five single stones each and Player II takes the last one
    assert not cash.miserly_wins((1, 3, 4), 10, 8, 6, "I")
    assert cash.miserly_wins((1, 3, 4), 9, 8, 5, "I")
    assert cash.miserly_wins((1, 2), 3, 2, 0, "I")


# ------------------------------------------------------------------------------------ artifacts
EXPECTED_ARTIFACTS = {
    "cash.example1.3": 0, "cash.sec6-table1": 2, "cash.sec6-table2": 0, "cash.sec6-table3": 0,
    "cash.example14": 1, "cash.thm4.5-grid": 52, "cash.thm6.10-grid": 37,
}


def test_every_cash_artifact_is_pinned():
    assert {a.id for a in ARTIFACTS.values() if a.paper == "cash"} == \
        set(EXPECTED_ARTIFACTS) | {"cash.appendix-f"}


@pytest.mark.parametrize("name", sorted(EXPECTED_ARTIFACTS))
def test_artifact(name, tmp_path):
    done = ARTIFACTS[name].run(tmp_path)
    assert len(done["differences"]) == EXPECTED_ARTIFACTS[name]
    assert done["matches"] == (EXPECTED_ARTIFACTS[name] == 0)
    for f in done["files"]:
        assert (tmp_path / f).stat().st_size > 0


def test_table1_differences(tmp_path):
    done = ARTIFACTS["cash.sec6-table1"].run(tmp_path)
    assert [(d["where"], d["printed"], d["computed"]) for d in done["differences"]] == [
        ("n=7k+4, a=1, column 'f(n-a-1) <= f(n)-1?'", "NO", "YES"),
        ("n=7k+5, a=1, column 'f(n-a-1) <= f(n)-1?'", "NO", "YES")]


def test_appendix_artifact_differs_only_without_one(tmp_path):
    done = ARTIFACTS["cash.appendix-f"].run(tmp_path)
    assert done["differences"]
    assert all(d["where"].startswith(("NIM(2,", "NIM(3,", "NIM(4,", "NIM(5,", "NIM(6,"))
               for d in done["differences"])
    first = done["differences"][0]
    assert (first["where"], first["printed"], first["computed"]) == \
        ("NIM(2,3) f(5), program repaired", 3, 2)


def test_thm610_grid_differences_on_the_diagonal(tmp_path):
    done = ARTIFACTS["cash.thm6.10-grid"].run(tmp_path)
    for d in done["differences"]:
        d1, d2 = d["where"].split("; ")[1].rstrip(")").split(", ")
        assert d1 == d2
    assert "wrong in 0 cells" in done["explanation"]


# ------------------------------------------------------------------------------------------ CLI
def test_verify_json_through_cli():
    result = CliRunner().invoke(main, ["verify", "cash.thm6.8", "cash.thm6.8.corrected",
                                       "--bound", "12", "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in json.loads(result.output)}
    assert rows["cash.thm6.8"]["status"] == "fails"
    assert rows["cash.thm6.8"]["counterexample"]["position"] == "NIM(1,3,4) (2; 0, 0)"
    assert rows["cash.thm6.8.corrected"]["status"] == "holds"
    assert rows["cash.thm6.8.corrected"]["corrects"] == "cash.thm6.8"


def test_verify_strict_exits_one_on_a_failing_claim():
    result = CliRunner().invoke(main, ["verify", "cash.thm4.4", "--bound", "3", "--strict"])
    assert result.exit_code == 1


def test_reproduce_through_cli(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["reproduce", "cash.example14", "--out", str(out),
                                       "--no-claims", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    assert [a["id"] for a in report["artifacts"]] == ["cash.example14"]
    assert not report["artifacts"][0]["matches"]
    assert (out / "cash_example14.csv").read_text().startswith("stones,")
    assert "cash.example14" in (out / "errata.md").read_text()


# ------------------------------------------------------- vectorised checks vs per-position checks
def per_position_state_claim(bound, sets, condition, prediction, note=""):
    """state_claim as it was before it was vectorised: one state at a time."""
    grids = {s: cash.winner_grid(s, bound) for s in sets}
    cases = [c for c in cash._states(bound, *sets) if condition(*c)]
    return compare(cases, lambda c: prediction(*c),
                   lambda c: cash.who(bool(grids[c[0]][c[1], c[2], c[3]])), show=cash._show)


STATE_CLAIMS = sorted(cid for cid, c in REGISTRY.items() if c.paper == "cash" and
                      cid.startswith(("cash.thm4.3", "cash.thm4.4", "cash.thm4.5", "cash.thm6.3",
                                      "cash.thm6.4", "cash.thm6.5", "cash.thm6.7", "cash.thm6.8",
                                      "cash.thm6.9", "cash.thm6.10", "cash.sec6.4")))


@pytest.mark.parametrize("seed", [None, 0, 1])
@pytest.mark.parametrize("cid", STATE_CLAIMS)
def test_vectorised_check_agrees_with_per_position_check(cid, seed, monkeypatch):
    """On the true winner grids (seed None) and on grids with 30% of the winners flipped, so
    that both checks must report the same counterexamples in the same order."""
    n = 22
    if seed is not None:
        rng = np.random.default_rng(seed)
        flipped, true_grid = {}, cash.winner_grid

        def grid(s, bound):
            if s not in flipped:
                g = true_grid(s, n).copy()
                g ^= rng.random(g.shape) < 0.3
                flipped[s] = g
            return flipped[s]

        monkeypatch.setattr(cash, "winner_grid", grid)
    fast = REGISTRY[cid].run(n).evidence
    monkeypatch.setattr(cash, "state_claim", per_position_state_claim)
    slow = REGISTRY[cid].run(n).evidence

    def rows(ev):
        return ev.checked, [(x.position, x.claimed, x.computed) for x in ev.counterexamples]

    assert rows(fast) == rows(slow)
    assert slow.checked > 0
    if seed is not None and slow.checked >= 20:
        assert slow.counterexamples


def test_miser_tables_are_the_miserly_recursion():
    """The layer-by-layer tables of the miserly strategy equal the recursion, state by state."""
    for s in cash.THM31_SETS[:5]:
        M, O = cash.miser_tables(s, 14)
        for n in range(15):
            for d1 in range(n + 2):
                for d2 in range(n + 2):
                    assert M[n, d1, d2] == cash.miserly_wins(s, n, d1, d2, "I")
                    assert O[n, d2, d1] == cash.miserly_wins(s, n, d1, d2, "II")


def per_position_thm31(bound, player, rule, won):
    """_thm31 as it was before it was vectorised, with the miser's result ``won(case)``."""
    cases = []
    for n in range(bound + 1):
        lo, hi = rule(n)
        for s in cash.THM31_SETS:
            for dm in range(max(lo, 0), n + 2):
                for do in range(0, min(hi, n + 1) + 1):
                    cases.append((s, n, dm, do) if player == "I" else (s, n, do, dm))
    return compare(cases, lambda c: True, won, show=cash._show)


@pytest.mark.parametrize("seed", [None, 0])
@pytest.mark.parametrize("player", ["I", "II"])
def test_vectorised_theorem_3_1_agrees_with_per_position_check(player, seed, monkeypatch):
    n = 18
    rule = (lambda m: (m // 2, m // 2 - 1)) if player == "I" else (lambda m: (m // 2, m // 2))
    if seed is None:
        def won(c):
            return cash.miserly_wins(c[0], c[1], c[2], c[3], player)
    else:  # tables with 30% of the entries flipped, read the same way by both checks
        rng = np.random.default_rng(seed)
        flipped = {s: tuple(t ^ (rng.random(t.shape) < 0.3) for t in cash.miser_tables(s, n))
                   for s in cash.THM31_SETS}
        monkeypatch.setattr(cash, "miser_tables", lambda s, bound: flipped[s])

        def won(c):
            M, O = flipped[c[0]]
            return bool(M[c[1], c[2], c[3]] if player == "I" else O[c[1], c[3], c[2]])
    fast = cash._thm31(n, player, rule)
    slow = per_position_thm31(n, player, rule, won)
    assert (fast.checked, [(x.position, x.claimed, x.computed) for x in fast.counterexamples]) == \
        (slow.checked, [(x.position, x.claimed, x.computed) for x in slow.counterexamples])
    assert bool(slow.counterexamples) == (seed is not None)


def test_every_claim_runs_at_tiny_bounds():
    """Bounds 0..3 (``nimlab verify --bound 0``) give a status, never an exception."""
    assert tiny_bound_errors("cash") == []

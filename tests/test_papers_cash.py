"""NIM with Cash (nim-with-cash.txt, package nimlab.papers.cash): the game side and the paper's
closed forms against the plain brute force of tests/brute.py, the vectorised checks against
per-state checks, the artifacts regenerated, and the CLI.  The claims' statuses are tested from
their rows in tests/test_claims.py."""

import json
import os
import subprocess
import sys
from dataclasses import replace
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, strategies as st

import brute
from nimlab.claims import REGISTRY, load_all
from nimlab.claims.artifacts import ARTIFACTS, printed
from nimlab.claims.checks import Region, compare
from nimlab.papers.cash import claims_sec1_3, formulas, game
from nimlab.papers.cash.common import StateRule, show_state, states

load_all()


@pytest.fixture
def cache_env(tmp_path):
    """A private NIMLAB_CACHE for anything that could reach the result store."""
    return {**os.environ, "NIMLAB_CACHE": str(tmp_path / "cache")}


# ------------------------------------------------------------------ the game side vs brute force
def test_winner_grid_matches_brute_force():
    for moves in [(1, 3, 4), (1, 2), (2, 3), (1, 2, 3, 4)]:
        grid = game.winner_grid(moves, 12)
        for n in range(13):
            for d1 in range(14):
                for d2 in range(14):
                    assert bool(grid[n, d1, d2]) == brute.cash_player_one_wins(n, d1, d2, moves)


def test_plain_winner_and_single_states_match_brute_force():
    for moves in [(1, 3, 4), (2, 3), (1, 4)]:
        for n in range(30):
            assert game.plain_winner(moves, n) == ("II" if brute.subtraction(n, moves) == 0
                                                   else "I")
        for n, d1, d2 in [(14, 9, 9), (10, 8, 6), (7, 3, 5), (0, 2, 2)]:
            assert game.player_one_wins(moves, n, d1, d2) == \
                brute.cash_player_one_wins(n, d1, d2, moves)


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
    want = [brute_f(moves, n) for n in range(25)]
    assert [game.least_winning_budget(moves, n) for n in range(25)] == want
    assert list(game.f_values(moves, 24)) == want


@lru_cache(maxsize=None)
def brute_normal(moves, n, budget, winner_to_move):
    """Def 2.2 played out plainly: the plain-game winner, with ``budget``, moves only to
    P-positions of NIM(A); the opponent has unlimited money and tries every move."""
    options = [a for a in moves if a <= n]
    if winner_to_move:
        return any(brute.subtraction(n - a, moves) == 0 and
                   brute_normal(moves, n - a, budget - a, False)
                   for a in options if a <= budget)
    return all(brute_normal(moves, n - a, budget, True) for a in options)


@pytest.mark.parametrize("moves", [(1, 3, 4), (1, 2), (1, 2, 3), (2, 3)])
def test_normal_wins_match_brute_force(moves):
    for n in range(20):
        first = brute.subtraction(n, moves) != 0
        for budget in range(n + 2):
            assert game.wins_normally(moves, n, budget) == brute_normal(moves, n, budget, first)
        assert game.least_normal_budget(moves, n) == \
            next(d for d in range(n + 2) if brute_normal(moves, n, d, first))


def test_miserly_strategy_by_hand():
    # (10; 8, 6) of NIM(1,3,4): five single stones each and Player II takes the last one
    assert not game.miserly_wins((1, 3, 4), 10, 8, 6, "I")
    assert game.miserly_wins((1, 3, 4), 9, 8, 5, "I")
    assert game.miserly_wins((1, 2), 3, 2, 0, "I")


def test_miser_tables_are_the_miserly_recursion():
    """The layer-by-layer tables of the miserly strategy equal the recursion, state by state."""
    for s in claims_sec1_3.THM31_SETS[:5]:
        M, O = game.miser_tables(s, 14)
        for n in range(15):
            for d1 in range(n + 2):
                for d2 in range(n + 2):
                    assert M[n, d1, d2] == game.miserly_wins(s, n, d1, d2, "I")
                    assert O[n, d2, d1] == game.miserly_wins(s, n, d1, d2, "II")


# ------------------------------------------------------------------ the paper's formulas
def test_paper_formulas_are_the_printed_ones():
    # Def 6.1 and Def 4.1 (sec 6 and 4 of nim-with-cash.txt), read off the print
    assert [formulas.f_def61(n) for n in range(14)] == [0, 1, 1, 2, 4, 4, 5, 5, 6, 6, 7, 9, 9, 10]
    assert [formulas.f_def41(2, n) for n in range(7)] == [0, 1, 2, 1, 2, 3, 2]
    assert [formulas.f_def41_corrected(2, n) for n in range(7)] == [0, 1, 2, 2, 3, 4, 4]
    data = printed("cash", "def6.1")  # the transcription of Def 6.1
    assert list(formulas.DEF61_C) == data["c"] and list(formulas.DEF61_W) == data["W"]
    assert [formulas.w_def61(n) for n in range(14)] == data["W"] * 2


def test_corrected_def_6_1_and_4_1_match_brute_force():
    assert [formulas.f_def61(n) for n in range(30)] == [brute_f((1, 3, 4), n) for n in range(30)]
    for L in (2, 3, 4):
        moves = formulas.sec4_set(L)
        assert [formulas.f_def41_corrected(L, n) for n in range(20)] == \
            [brute_f(moves, n) for n in range(20)]


@given(st.integers(0, 22), st.integers(0, 23), st.integers(0, 23))
def test_corrected_theorem_6_10_random_states(n, d1, d2):
    winner = "I" if brute.cash_player_one_wins(n, d1, d2, (1, 3, 4)) else "II"
    assert formulas.thm610_corrected(n, d1, d2) == winner


@given(st.integers(2, 5), st.integers(0, 20), st.integers(0, 21), st.integers(0, 21))
def test_corrected_theorem_4_5_random_states(L, n, d1, d2):
    moves = tuple(range(1, L + 1))
    winner = "I" if brute.cash_player_one_wins(n, d1, d2, moves) else "II"
    assert formulas.thm45_corrected(n, d1, d2, formulas.f_def41_corrected(L, n), L) == winner


def test_predictions_on_arrays_agree_with_scalars():
    """One closed form serves a single state and a whole budget grid (the vectorised checks)."""
    d = np.arange(12)
    for n in range(25):
        grid = formulas.thm610_printed(n, d[:, None], d[None, :])
        fixed = formulas.thm610_corrected(n, d[:, None], d[None, :])
        for d1 in range(12):
            for d2 in range(12):
                assert grid[d1, d2] == formulas.thm610_printed(n, d1, d2)
                assert fixed[d1, d2] == formulas.thm610_corrected(n, d1, d2)


def test_repaired_appendix_program_gives_f_for_sets_with_one():
    for moves in [(1, 3, 4), (1, 2), (1, 4)]:
        got = formulas.appendix_program(moves, 20, lambda i: "II" if brute.subtraction(i, moves)
                                        == 0 else "I", repaired=True)
        assert got == [brute_f(moves, n) for n in range(21)]


def test_formulas_and_game_side_import_no_claims():
    code = ("import sys, nimlab.papers.cash.formulas, nimlab.papers.cash.game; "
            "print(sorted(m for m in sys.modules if m.startswith('nimlab.claims')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


# ------------------------------------------------------- vectorised checks vs per-position checks
STATE_PREFIXES = ("cash.thm4.3", "cash.thm4.4", "cash.thm4.5", "cash.thm6.3", "cash.thm6.4",
                  "cash.thm6.5", "cash.thm6.7", "cash.thm6.8", "cash.thm6.9", "cash.thm6.10",
                  "cash.sec6.4")
STATE_CLAIMS = sorted(cid for cid, c in REGISTRY.items() if c.paper == "cash" and
                      isinstance(c.check, Region) and isinstance(c.check.blocks, StateRule))


def test_every_state_claim_is_checked_on_whole_grids():
    assert set(STATE_CLAIMS) == {cid for cid, c in REGISTRY.items()
                                 if c.paper == "cash" and cid.startswith(STATE_PREFIXES)}
    assert len(STATE_CLAIMS) == 41


def per_position(rule: StateRule, grids: dict, bound: int):
    """The state check one state at a time: the hypothesis and the prediction on scalars."""
    cases = [c for c in states(bound, *rule.sets) if rule.condition(*c)]
    return compare(cases, lambda c: rule.prediction(*c),
                   lambda c: formulas.who(bool(grids[c[0]][c[1], c[2], c[3]])), show=show_state)


def rows(ev):
    return ev.checked, [(x.position, x.claimed, x.computed) for x in ev.counterexamples]


@pytest.mark.parametrize("seed", [None, 0, 1])
@pytest.mark.parametrize("cid", STATE_CLAIMS)
def test_vectorised_check_agrees_with_per_position_check(cid, seed):
    """On the true winner grids (seed None) and on grids with 30% of the winners flipped, so
    that both checks must report the same counterexamples in the same order."""
    n = 22
    check = REGISTRY[cid].check
    rule = check.blocks
    grids = {s: game.winner_grid(s, n) for s in rule.sets}
    if seed is not None:
        rng = np.random.default_rng(seed)
        grids = {s: g ^ (rng.random(g.shape) < 0.3) for s, g in grids.items()}
    fast = replace(check, table=lambda bound: grids)(n)
    slow = per_position(rule, grids, n)
    assert rows(fast) == rows(slow)
    assert slow.checked > 0
    if seed is not None and slow.checked >= 20:
        assert slow.counterexamples


def per_position_thm31(bound, miserly, won):
    """Theorem 3.1's check one state at a time, with the miser's result ``won(case)``."""
    cases = []
    for n in range(bound + 1):
        lo, hi = miserly.rule(n)
        for s in claims_sec1_3.THM31_SETS:
            for dm in range(max(lo, 0), n + 2):
                for do in range(0, min(hi, n + 1) + 1):
                    cases.append((s, n, dm, do) if miserly.player == "I" else (s, n, do, dm))
    return compare(cases, lambda c: True, won, show=show_state)


@pytest.mark.parametrize("seed", [None, 0])
@pytest.mark.parametrize("cid", ["cash.thm3.1.1", "cash.thm3.1.1.proof", "cash.thm3.1.2"])
def test_vectorised_theorem_3_1_agrees_with_per_position_check(cid, seed):
    n = 18
    check = REGISTRY[cid].check
    miserly = check.blocks
    player = miserly.player
    if seed is None:
        tables = miserly.tables(n)

        def won(c):
            return game.miserly_wins(c[0], c[1], c[2], c[3], player)
    else:  # tables with 30% of the entries flipped, read the same way by both checks
        rng = np.random.default_rng(seed)
        tables = {s: t ^ (rng.random(t.shape) < 0.3) for s, t in miserly.tables(n).items()}

        def won(c):
            t = tables[c[0]]
            return bool(t[c[1], c[2], c[3]] if player == "I" else t[c[1], c[3], c[2]])
    fast = replace(check, table=lambda bound: tables)(n)
    slow = per_position_thm31(n, miserly, won)
    assert rows(fast) == rows(slow)
    assert bool(slow.counterexamples) == (seed is not None)


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
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


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


def test_example14_csv(tmp_path):
    ARTIFACTS["cash.example14"].run(tmp_path)
    lines = (tmp_path / "cash_example14.csv").read_text().splitlines()
    assert lines[0] == ("stones,money of I,money of II,to move,winner,"
                        "winning removals of the player to move")
    assert lines[1].startswith("14,9,9,I,I,1")  # Section 5: remove one stone from (14; 9, 9)


# ------------------------------------------------------------------------------------------ CLI
def cli(args, env):
    from click.testing import CliRunner

    from nimlab.cli import main
    return CliRunner(env=env).invoke(main, args)


def test_verify_json_through_cli(cache_env):
    result = cli(["verify", "cash.thm6.8", "cash.thm6.8.corrected", "--bound", "12", "--json"],
                 cache_env)
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in json.loads(result.output)}
    assert rows["cash.thm6.8"]["status"] == "fails"
    assert rows["cash.thm6.8"]["counterexample"]["position"] == "NIM(1,3,4) (2; 0, 0)"
    assert rows["cash.thm6.8.corrected"]["status"] == "holds"
    assert rows["cash.thm6.8.corrected"]["corrects"] == "cash.thm6.8"


def test_verify_strict_exits_one_on_a_failing_claim(cache_env):
    assert cli(["verify", "cash.thm4.4", "--bound", "3", "--strict"], cache_env).exit_code == 1


def test_reproduce_through_cli(tmp_path, cache_env):
    out = tmp_path / "out"
    result = cli(["reproduce", "cash.example14", "--out", str(out), "--no-claims", "--json"],
                 cache_env)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    assert [a["id"] for a in report["artifacts"]] == ["cash.example14"]
    assert not report["artifacts"][0]["matches"]
    assert (out / "cash_example14.csv").read_text().startswith("stones,")
    assert "cash.example14" in (out / "errata.md").read_text()

"""Periodicity: known sequences, a brute-force definition, NIM(A) proofs, the cash function."""

from __future__ import annotations

import json

import brute
import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from nimlab.cli import main
from nimlab.research.periodicity import find_periodicity
from nimlab.research.sequences import analyse_sequence, cash_function, cash_wins


def brute_verdict(s, min_reps=3):
    """The reported pair by its definition: least (preperiod, period) fitting with min_reps
    full periods and a fitting stretch at least as long as the preperiod (2 q <= n)."""
    n = len(s)
    for q in range(n // 2 + 1):
        for p in range(1, n + 1):
            if (n - q) // p < min_reps:
                break
            diffs = {s[i + p] - s[i] for i in range(q, n - p)}
            if len(diffs) <= 1:
                return q, p, (diffs.pop() if diffs else 0)
    return None


def check(result, pre, period, saltus=0):
    assert (result.preperiod, result.period, result.saltus) == (pre, period, saltus)
    assert result.kind == ("periodic" if saltus == 0 else "arithmetic")


def test_purely_periodic_and_least_period():
    check(find_periodicity([1, 2, 3] * 10), 0, 3)
    check(find_periodicity([4, 4] * 10), 0, 1)  # period 2 given, least is 1


def test_long_preperiod():
    prefix = list(range(100, 160))  # 60 terms that never recur
    check(find_periodicity(prefix + [0, 1, 1, 0, 2] * 12), 60, 5)
    # 8 periods (40 terms) after a preperiod of 60: a fit of the last terms only, no evidence
    short = find_periodicity(prefix + [0, 1, 1, 0, 2] * 8)
    assert short.kind == "none" and "period 5 from n = 60" in short.notes[0]


def test_preperiod_ends_where_the_prefix_stops_differing():
    # the prefix's last term happens to continue the period: the least preperiod is shorter
    s = [9, 9, 3] + [1, 2, 3] * 6
    check(find_periodicity(s), 2, 3)


def test_multiple_of_a_near_period():
    # 1,2,3 repeats except at one place in 12: the period is 12, not 3 with a huge preperiod
    block = [1, 2, 3] * 3 + [1, 2, 7]
    s = block * 6
    result = find_periodicity(s)
    check(result, 0, 12)
    assert result.full_periods == 6


def test_arithmetic_periodic_with_saltus():
    s = [5 * k + r for k in range(10) for r in (0, 1, 1, 2, 4, 4, 5)]
    check(find_periodicity(s), 0, 7, 5)
    check(find_periodicity([7, 9] + s), 2, 7, 5)


def test_none_found_and_repetition_requirement():
    loose = find_periodicity([1, 5, 2, 1, 5, 2], min_repetitions=2)
    check(loose, 0, 3)
    assert loose.full_periods == 2
    strict = find_periodicity([1, 5, 2, 1, 5, 2], min_repetitions=3)
    assert strict.kind == "none" and strict.largest_period_tried == 2
    squares = find_periodicity([k * k for k in range(60)])
    assert squares.kind == "none" and squares.status == "none" and squares.terms == 60


def test_min_repetitions_is_enforced():
    s = [3, 1, 4, 0, 5] * 3
    assert find_periodicity(s, min_repetitions=3).period == 5
    assert find_periodicity(s, min_repetitions=4).kind == "none"


@given(st.lists(st.integers(0, 3), min_size=1, max_size=40))
def test_matches_the_definition_on_random_sequences(s):
    result = find_periodicity(s)
    expected = brute_verdict(s)
    if expected is None:
        assert result.kind == "none"
    else:
        assert (result.preperiod, result.period, result.saltus) == expected
        assert result.full_periods == (len(s) - expected[0]) // expected[1]


def least_period(pattern):
    return next(p for p in range(1, len(pattern) + 1)
                if all(pattern[i] == pattern[(i + p) % len(pattern)] for i in range(len(pattern))))


@given(st.lists(st.integers(10, 30), max_size=30), st.lists(st.integers(0, 4), min_size=1,
       max_size=9), st.integers(0, 6), st.integers(3, 6))
def test_recovers_generated_preperiod_period_and_saltus(prefix, pattern, saltus, reps):
    # the prefix takes values the periodic part (values 0..4 + k*saltus) can match only by
    # chance, so the least preperiod is found by walking back over accidental agreements
    p = least_period(pattern) if saltus == 0 else len(pattern)
    # at least as many periodic terms as the prefix: a preperiod of at most half the terms
    length = max(len(pattern) * (reps + 1), len(prefix))
    tail = [pattern[i % len(pattern)] + saltus * (i // len(pattern)) for i in range(length)]
    s = prefix + tail
    q = len(prefix)
    while q > 0 and s[q - 1] + (saltus if p == len(pattern) else 0) == s[q - 1 + p]:
        q -= 1
    result = find_periodicity(s)
    if saltus != 0:
        # with a saltus the least period may divide len(pattern) (e.g. pattern 0,0 / saltus 1)
        assert result.kind == "arithmetic"
        assert len(pattern) % result.period == 0 and result.preperiod <= q
        assert all(s[i + result.period] - s[i] == result.saltus
                   for i in range(result.preperiod, len(s) - result.period))
    else:
        check(result, q, p)


def test_nim_subtraction_periodicity_proven_and_true():
    for moves in [(1, 3, 4), (2, 5, 7), (1, 4, 5), (3, 4, 9), (2, 3)]:
        result, built = analyse_sequence("subtraction", {"set": ",".join(map(str, moves)),
                                                          "max": 150})
        assert result.status == "proven"
        # the proof's claim against plain brute force far beyond the data
        values = [brute.subtraction(n, moves) for n in range(600)]
        assert built.values == values[:151]
        q, p = result.preperiod, result.period
        assert all(values[i] == values[i + p] for i in range(q, 600 - p))
        if q > 0:
            assert values[q - 1] != values[q - 1 + p]
        assert all(any(values[i] != values[i + d] for i in range(q, 600 - d))
                   for d in range(1, p) if p % d == 0)


def test_subtraction_not_yet_proven_says_so():
    result, _ = analyse_sequence("subtraction", {"set": "2,5,7", "max": 12})
    assert result.status != "proven"


def test_cash_wins_against_brute_force():
    moves = (1, 3, 4)
    wins = cash_wins(moves, 16, 12)
    for n in range(17):
        for d1 in range(13):
            for d2 in range(13):
                assert wins[n, d1, d2] == brute.cash_player_one_wins(n, d1, d2, moves)


def brute_f(n, moves):
    """Def 7.1 straight from the game tree; unlimited funds = n dollars."""
    if brute.cash_player_one_wins(n, n, n, moves):
        return next(d for d in range(n + 1) if brute.cash_player_one_wins(n, d, n, moves))
    return next(d for d in range(n + 1) if not brute.cash_player_one_wins(n, n, d, moves))


@pytest.mark.parametrize("moves", [(1, 3, 4), (1, 2), (1, 2, 3), (1, 4)])
def test_cash_function_against_brute_force(moves):
    assert cash_function(moves, 22) == [brute_f(n, moves) for n in range(23)]


def test_cash_function_of_nim_134_matches_the_paper():
    # nim-with-cash.txt Def 6.1: f(7k+i) = 5k + (0, 1, 1, 2, 4, 4, 5)[i]
    expected = [5 * k + (0, 1, 1, 2, 4, 4, 5)[i] for k in range(6) for i in range(7)]
    assert cash_function((1, 3, 4), 41) == expected


def test_money_never_hurts():
    wins = cash_wins((1, 2, 5), 20, 20)
    assert not np.any(wins[:, :-1, :] & ~wins[:, 1:, :])  # more for the mover never loses
    assert not np.any(~wins[:, :, :-1] & wins[:, :, 1:])  # more for the opponent never helps


def test_cash_fixed_budgets_proven_against_brute_force():
    result, built = analyse_sequence("cash-fixed", {"set": "1,3,4", "budgets": "5,4",
                                                     "max": 60})
    assert result.status == "proven"
    truth = [int(brute.cash_player_one_wins(n, 5, 4, (1, 3, 4))) for n in range(150)]
    assert built.values == truth[:61]
    q, p = result.preperiod, result.period
    assert all(truth[i] == truth[i + p] for i in range(q, 150 - p))


def test_sharing_sequences_against_brute_force():
    table = [[brute.sharing((0, a, b)) if a <= b else -1 for b in range(25)] for a in range(25)]
    _, row = analyse_sequence("sharing-row", {"a": 3, "max": 24})
    assert row.values == [table[3][b] for b in range(3, 25)] and row.first_index == 3
    _, diag = analyse_sequence("sharing-diagonal", {"d": 2, "max": 24})
    assert diag.values == [table[i][i + 2] for i in range(23)]
    _, f = analyse_sequence("sharing-f", {"max": 24})
    assert f.values == [0 if table[0][n] == 0 else 1 for n in range(25)]
    _, g = analyse_sequence("sharing-g", {"a": 2, "g": 1, "max": 24})
    assert g.values == [int(table[2][b] == 1) for b in range(2, 25)]


def test_sharing_row_two_one_positions_period_four():
    # Theorem 4 (sharing-nim.txt): (0, 2, 4k+1) are 1-positions; row 2 has no other 1s after b=2
    result, _ = analyse_sequence("sharing-g", {"a": 2, "g": 1, "max": 120})
    assert (result.kind, result.preperiod, result.period) == ("periodic", 1, 4)


def run_cli(*args):
    """The command line in this process (one test below runs the installed `nimlab`)."""
    from click.testing import CliRunner

    from nimlab.cli import main

    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("args", [
    ["periodicity", "values", "1,2,x"],
    ["periodicity", "nosuch"],
    ["periodicity", "subtraction"],
    ["periodicity", "subtraction", "--set", "0,2"],
    ["periodicity", "cash-fixed", "--set", "1,2", "--budgets", "3"],
    ["periodicity", "sharing-row", "--a", "9", "--max", "5"],
    ["periodicity", "subtraction", "1,2", "--set", "1,2"],
])
def test_cli_bad_input_one_line_exit_2(args):
    done = run_cli(*args)
    assert done.exit_code == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_cli_json():
    done = CliRunner().invoke(main, ["periodicity", "subtraction", "--set", "1,3,4", "--max",
                                     "60", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert (data["status"], data["period"], data["preperiod"]) == ("proven", 7, 0)

"""Every command example of issue 10 answers or refuses in one line; a fuzz of the CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from nimlab.cli import main
from nimlab.engine.solver import _SOLVERS, Solver
from nimlab.errors import TooManyStates
from nimlab.games import make_game


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def data(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture(autouse=True)
def temporary_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path / "cache"))


def test_issue_examples_answer_by_closed_forms():
    w = data("value", "wythoff", "100000,161803")  # beyond the kernel table: outcome only
    assert (w["outcome"], w["value"], w["method"]) == ("N", None, "closed form")
    w = data("value", "wythoff", "1000,1618")  # within it: the Grundy value from the kernel
    assert (w["outcome"], w["method"]) == ("N", "kernel table") and w["value"] > 0
    h = data("hint", "wythoff", "1000,1618")
    assert h["to"] == "999,1617"  # (999, 1617) = (a_618, b_618): floor(618 phi) = 999
    s = data("value", "sharing", "100000,3,17")
    assert (s["outcome"], s["method"]) == ("N", "closed form")
    e = data("value", "end-nim", "100,200,300,400")
    assert (e["outcome"], e["value"]) == ("N", None)
    n = data("value", "nim", "100,200,300")
    assert n["value"] == 100 ^ 200 ^ 300
    assert data("value", "nim", "1000000,3")["value"] == 1000000 ^ 3
    big = data("value", "subtraction", "1" + "0" * 30, "--set", "1,3,4")
    assert big["method"] == "proven period"
    assert big["value"] == [0, 1, 0, 1, 2, 3, 2][10 ** 30 % 7]  # NIM(1,3,4): period 7
    guard = data("value", "subtraction", "100000000", "--set", "1,3,4", "--max-states", "1000")
    assert guard["value"] == [0, 1, 0, 1, 2, 3, 2][100000000 % 7]
    end = data("value", "end-nim", "1000000000000,3")
    assert end["outcome"] == "N"
    moves = data("moves", "sharing", "1000000000000000000000000000007,3,17", "--winning")
    assert moves["moves"] and all(m["winning"] for m in moves["moves"])


def test_nim_1_3_4_period_is_the_solvers():
    solver = Solver(make_game("subtraction", set="1,3,4"))
    assert [solver.value(n) for n in range(14)] == [0, 1, 0, 1, 2, 3, 2] * 2


@pytest.mark.parametrize("args", [
    ("value", "fibonacci", "80,60,40,20", "--last", "0"),
    ("moves", "sharing", "1000000000000000000000000000007,3,17"),
    ("value", "graph-nim", "1000,2000,3000", "--edges", "1-2,2-3,3-1"),
    ("value", "sharing", "-1,2,3"),
    ("value", "fibonacci", "7,3,2;1", "--last", "0"),
    ("value", "cash", "14;9,9", "--set", "1,3,4", "--budgets", "1,1"),
    ("value", "nim", "1" * 5000),
    ("value", "subtraction", "5", "--set", "abc"),
    ("table", "fibonacci", "--piles", "3", "--max", "10", "--factor", "1e400"),
])
def test_refusals_are_one_line_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("nimlab: error:"), result.output
    assert "Traceback" not in result.output


def test_negative_pile_and_long_numbers_are_named():
    assert "negative" in run("value", "sharing", "-1,2,3").output
    assert "digits" in run("value", "nim", "1" * 5000).output
    assert ">= -1000000000000000000" not in run("value", "subtraction", "5", "--set",
                                                 "abc").output


def test_the_solver_counts_pending_positions():
    solver = Solver(make_game("nim"), max_states=50)
    with pytest.raises(TooManyStates, match="9,9,9"):
        solver.value((9, 9, 9))
    assert len(solver.cache) <= 50


GAMES = {
    "nim": [], "wythoff": [], "sharing": [], "end-nim": ["--variant", "misere"],
    "fibonacci": ["--last", "0"], "subtraction": ["--set", "1,3,4"],
    "cash": ["--set", "1,3,4", "--budgets", "9,9"], "graph-nim": ["--edges", "1-2,2-3,3-1"],
}
numbers = st.one_of(st.integers(0, 12), st.integers(2, 12), st.integers(0, 40),
                    st.integers(0, 10 ** 40), st.integers(-5, -1),
                    st.just("x"), st.just(""), st.just("1e400"))


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture],
          deadline=None)
@given(st.sampled_from(["value", "moves", "hint"]), st.sampled_from(sorted(GAMES)),
       st.lists(numbers, min_size=0, max_size=4), st.booleans(), st.booleans(),
       st.sampled_from([[], ["--max-states", "200"], ["--max-states", "0"],
                        ["--time-limit", "0.5"], ["--set", "2,5"], ["--bogus"]]))
def test_fuzz_every_call_ends_with_0_or_a_one_line_2(command, game, items, as_json, winning,
                                                      extra):
    position = ",".join(map(str, items))
    args = [command, game, position, *GAMES[game], *extra]
    args += ["--json"] if as_json else []
    args += ["--winning"] if winning and command == "moves" else []
    args += ["--time-limit", "2"] if "--time-limit" not in extra else []
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 2), (args, result.output, result.exception)
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 1, (args, result.stderr)
    for solver in _SOLVERS.values():  # the budget held: never more positions than allowed
        assert len(solver.cache) <= solver.max_states


def test_play_on_a_huge_position_is_instant_and_draws_the_end():
    huge = CliRunner().invoke(main, ["play", "sharing", "1000000000000000000000000000007,3,17"],
                              input="hint\nquit\n")
    assert huge.exit_code == 0, huge.output
    assert "more than 12 moves" in huge.output and "winning move: 1>2:" in huge.output
    done = CliRunner().invoke(main, ["play", "nim", "1,1", "--first", "computer"],
                              input="2-1\n")
    assert done.exit_code == 0, done.output
    assert "computer is thinking" in done.output
    assert "(game over)" in done.output and "You win!" in done.output  # 1,1 is a P-position


def test_moves_keep_the_time_limit_and_options_skip_the_move_search():
    """`moves wythoff 1000,1618` lists 3,618 options from the kernel table: the options are
    answered without searching each one's winning move, and the listing stops at the deadline
    (a one-line refusal, exit 2) instead of running past --time-limit."""
    from nimlab import solve
    from nimlab.engine.solver import Budget

    game = make_game("wythoff")
    with pytest.raises(TooManyStates, match="listing the moves of 1000,1618 takes more than"):
        solve.analyse(game, (1000, 1618), Budget(time_limit=1e-9))
    calls = []

    class Counting:
        skips_move = True
        method = "kernel table"

        def answer(self, game, position, need_move=True):
            calls.append(need_move)
            return None

    solve._RESOLVED["test:counting"] = Counting()
    small = make_game("wythoff")
    small.fast_paths = ("test:counting",)
    analysis = solve.analyse(small, (2, 3))
    assert calls[0] is True and calls[1:] and not any(calls[1:])
    solve._RESOLVED.pop("test:counting")
    import brute

    assert analysis.value == brute.wythoff(2, 3)


def test_a_table_build_stops_at_the_deadline():
    """The time limit holds inside a kernel table's build: the build reports progress to the
    one progress protocol, which stops it past the question's deadline; the answer then is the
    closed form's outcome (Wythoff's theorem) without a value, and nothing half-built is kept."""
    import time

    from nimlab import progress, solve
    from nimlab.engine.solver import Budget
    from nimlab.kernels.solvers import WythoffTable

    game = make_game("wythoff")
    table = WythoffTable()
    with pytest.raises(progress.PastDeadline):
        with progress.deadline(time.monotonic() - 1):
            table.answer(game, (1500, 1997))
    assert not table._tables
    solve._RESOLVED.pop("nimlab.kernels.solvers:WythoffTable", None)
    found = solve.answer(game, (1500, 1997), Budget(time_limit=1e-9))
    assert found.value is None and found.outcome == "N" and found.method == "closed form"
    solve._RESOLVED.pop("nimlab.kernels.solvers:WythoffTable", None)
    with progress.deadline(None):
        progress.quiet(1, 2)                  # no deadline: nothing stops

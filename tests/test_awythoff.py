"""Fraenkel's a-Wythoff games (``wythoff --a A``) in every tool, against a plain brute force.

The brute force here is independent of nimlab's rules: it lists the moves from their
definition (one pile, or ``x > 0`` and ``y > 0`` from the two with ``|x - y| < a``) and takes
mexes.  The P-positions' mex description (``A_n = mex{A_i, B_i : i < n}``, ``B_n = A_n + a n``)
is computed independently too.  Every tool's answer for ``a = 2`` and ``3`` is compared with it,
on whole boxes, including positions where Wythoff's game (``a = 1``) answers otherwise.
"""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab import api, store
from nimlab.cli import main
from nimlab.engine.solver import Solver
from nimlab.errors import InputError
from nimlab.games import load, make_game
from nimlab.kernels.awythoff import awythoff_reference, awythoff_table
from nimlab.strategy.wythoff import a_is_p, a_lower

# ----------------------------------------------------------------------- the brute force
_BRUTE: dict[tuple[int, int], np.ndarray] = {}


def brute(a: int, bound: int) -> np.ndarray:
    """``G[x, y]`` by the definition: every option of every cell, then the mex (a dict of
    cells, not nimlab's code)."""
    held = _BRUTE.get(a)
    if held is not None and held.shape[0] > bound:
        return held[:bound + 1, :bound + 1]
    G: dict[tuple[int, int], int] = {}
    for x in range(bound + 1):
        for y in range(bound + 1):
            seen = {G[x - k, y] for k in range(1, x + 1)} | {G[x, y - k] for k in range(1, y + 1)}
            seen |= {G[x - s, y - t] for s in range(1, x + 1) for t in range(1, y + 1)
                     if abs(s - t) < a}
            g = 0
            while g in seen:
                g += 1
            G[x, y] = g
    table = np.array([[G[x, y] for y in range(bound + 1)] for x in range(bound + 1)])
    _BRUTE[a] = table
    return table


def mex_pairs(a: int, bound: int) -> set[tuple[int, int]]:
    """The P-positions with both piles ``<= bound`` by the mex description, both orders."""
    pairs, used, n, low = set(), set(), 0, 0
    while True:  # the mex only grows: search on from the last one
        while low in used:
            low += 1
        if low > bound:
            return pairs
        high = low + a * n
        used |= {low, high}
        if high <= bound:
            pairs |= {(low, high), (high, low)}
        n += 1


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def run_json(*args: str):
    done = run(*args, "--json")
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


# ----------------------------------------------------------------------- the mathematics
@pytest.mark.parametrize("a", [1, 2, 3, 4, 7])
def test_p_positions_are_the_mex_pairs_and_the_beatty_pairs(a):
    bound = 45
    G = brute(a, bound)
    found = {(x, y) for x in range(bound + 1) for y in range(bound + 1) if G[x, y] == 0}
    assert found == mex_pairs(a, bound)
    assert found == {(x, y) for x in range(bound + 1) for y in range(bound + 1)
                     if a_is_p(x, y, a)}


@pytest.mark.parametrize("a", [1, 2, 3, 5, 12])
def test_the_beatty_formula_is_the_mex_sequence_far_out(a):
    pairs = mex_pairs(a, 20_000)
    lows = sorted(x for x, y in pairs if x <= y)
    assert lows == [a_lower(n, a) for n in range(len(lows))]
    alpha = (2 - a + (a * a + 4) ** 0.5) / 2  # a float check of the closed form, small n only
    assert all(a_lower(n, a) == int(n * alpha) for n in range(1, 2000))


# ----------------------------------------------------------------------- the kernel
@pytest.mark.parametrize("a", [1, 2, 3, 4, 9, 40])
def test_kernel_reference_and_brute_force_agree_on_whole_boxes(a):
    bound = 24
    G = brute(a, bound)
    assert (awythoff_reference(bound, a) == G).all()
    for b in (0, 1, 2, 5, 13, bound):
        assert (awythoff_table(b, a) == G[:b + 1, :b + 1]).all(), b


@settings(max_examples=40)
@given(st.integers(1, 14), st.integers(0, 30))
def test_kernel_against_the_brute_force(a, bound):
    assert (awythoff_table(bound, a) == brute(a, 30)[:bound + 1, :bound + 1]).all()


@pytest.mark.parametrize("a", [2, 3])
def test_kernel_against_the_generic_solver_on_a_whole_box(a):
    game = make_game("wythoff", a=a)
    solver = Solver(game, 10 ** 6)  # the rules' own moves, nothing else
    bound = 22
    T = awythoff_table(bound, a)
    assert all(solver.value((x, y)) == T[x, y] for x in range(bound + 1)
               for y in range(bound + 1))
    assert (T == brute(a, bound)).all()


def test_the_kernel_for_a_1_is_wythoffs_and_huge_a_allows_every_pair():
    from nimlab.kernels.wythoff import wythoff_reference

    assert (awythoff_table(30, 1) == wythoff_reference(30)).all()
    assert (awythoff_table(12, 10 ** 6) == brute(13, 12)).all()  # a > bound: every pair


# ----------------------------------------------------------------------- the rules and hints
@pytest.mark.parametrize("a", [2, 3])
def test_the_games_moves_are_the_definitions(a):
    game = make_game("wythoff", a=a)
    for x in range(9):
        for y in range(9):
            mine = sorted(game.successors((x, y)))
            theirs = sorted([(x - k, y) for k in range(1, x + 1)] +
                            [(x, y - k) for k in range(1, y + 1)] +
                            [(x - s, y - t) for s in range(1, x + 1) for t in range(1, y + 1)
                             if abs(s - t) < a])
            assert mine == theirs
            for move in game.available_moves((x, y)):
                assert game.is_legal((x, y), move)
                assert game.parse_move(move.notation(), (x, y)) == move


@settings(max_examples=80)
@given(st.integers(2, 9), st.integers(0, 45), st.integers(0, 45))
def test_hints_win_against_the_brute_force(a, x, y):
    G = brute(a, 45)
    hint = api.hint("wythoff", f"{x},{y}", a=str(a))
    assert hint["outcome"] == ("P" if G[x, y] == 0 else "N")
    if G[x, y]:
        game, position = load("wythoff", f"{x},{y}", a=str(a))
        move = game.parse_move(hint["notation"], position)
        assert game.is_legal(position, move)
        to = game.do_move(position, move)
        assert game.format(to) == hint["to"] and G[to] == 0


@settings(max_examples=60)
@given(st.integers(2, 40), st.integers(0, 10 ** 40), st.integers(0, 10 ** 40))
def test_hints_on_huge_piles_are_legal_moves_to_pairs(a, x, y):
    from nimlab.strategy.wythoff import AWythoffStrategy

    game = make_game("wythoff", a=a)
    verdict = AWythoffStrategy().verdict(game, (x, y))
    if verdict.p:
        assert a_is_p(x, y, a)
        return
    assert game.is_legal((x, y), verdict.move)
    assert a_is_p(*game.do_move((x, y), verdict.move), a)


def test_hints_from_every_n_position_up_to_2000_reach_the_mex_pairs():
    from nimlab.strategy.wythoff import AWythoffStrategy

    for a in (2, 3, 6):
        game, pairs = make_game("wythoff", a=a), mex_pairs(a, 2000)
        for x in range(0, 2001, 7):
            for y in range(0, 2001, 11):
                verdict = AWythoffStrategy().verdict(game, (x, y))
                assert verdict.p == ((x, y) in pairs)
                if not verdict.p:
                    assert game.is_legal((x, y), verdict.move)
                    assert game.do_move((x, y), verdict.move) in pairs


def test_only_a_1_has_wythoffs_fast_paths():
    assert "WythoffStrategy" in " ".join(make_game("wythoff").proven_fast_paths())
    for a in (2, 3):
        paths = " ".join(make_game("wythoff", a=a).proven_fast_paths())
        assert "AWythoff" in paths and ":WythoffStrategy" not in paths \
            and ":WythoffTable" not in paths
    from nimlab.kernels.solvers import WythoffTable
    from nimlab.strategy.wythoff import WythoffStrategy

    game = make_game("wythoff", a=2)  # asked anyway, Wythoff's own paths decline
    assert WythoffStrategy().answer(game, (3, 5)) is None
    assert WythoffTable().answer(game, (300, 500)) is None


@pytest.mark.parametrize("a", [2, 3])
def test_estimates_bound_the_solvers_positions(a):
    game = make_game("wythoff", a=a)
    for x in range(0, 16, 3):
        for y in range(0, 16, 4):
            solver = Solver(game, 10 ** 9)
            solver.value((x, y))
            assert len(solver.cache) <= game.estimate_states((x, y))
            assert len(game.successors((x, y))) <= game.estimate_moves((x, y))


def test_the_store_keeps_each_a_apart(tmp_path, monkeypatch):
    """Tables big enough to be stored (4 million cells), read back after the memo is gone."""
    from nimlab.kernels.wythoff import wythoff_table

    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path))
    store.forget()
    wythoff = store.wythoff_table(2000)
    two = store.awythoff_table(2000, 2)
    three = store.awythoff_table(2000, 3)
    assert len(store.entries()) == 3
    store.forget()
    for a, table in ((1, store.wythoff_table(1500)), (1, store.awythoff_table(1500, 1)),
                     (2, store.awythoff_table(1500, 2)), (3, store.awythoff_table(1500, 3))):
        assert np.array_equal(table[:46, :46], brute(a, 45)), a
    assert np.array_equal(store.wythoff_table(2000), wythoff_table(2000))
    assert np.array_equal(store.awythoff_table(2000, 2), two)
    assert not np.array_equal(two, three) and not np.array_equal(two, wythoff)
    store.forget()


# ----------------------------------------------------------------------- every tool
BOX = 11  # whole boxes through the tools
#: Positions where the kernel table answers (its low end is 30) and a = 1 differs.
FAR = [(30, 31), (31, 30), (33, 40), (36, 41), (39, 40), (40, 40), (38, 32)]


@pytest.mark.parametrize("a", [2, 3])
def test_value_moves_and_hint_commands_match_the_brute_force(a):
    G = brute(a, 45)
    W = brute(1, 45)
    cells = [(x, y) for x in range(BOX + 1) for y in range(BOX + 1)] + FAR
    assert any(G[c] != W[c] for c in cells) and any((G[c] == 0) != (W[c] == 0) for c in cells)
    for x, y in cells:
        data = run_json("value", "wythoff", f"{x},{y}", "--a", str(a))
        assert data["value"] == G[x, y] and data["params"] == {"a": a}, (x, y)
        hint = run_json("hint", "wythoff", f"{x},{y}", "--a", str(a))
        assert hint["outcome"] == ("P" if G[x, y] == 0 else "N")
    for x, y in [(3, 5), (4, 7), (6, 9), (7, 7), (35, 40)]:
        data = run_json("moves", "wythoff", f"{x},{y}", "--a", str(a))
        got = {m["to"]: m["value"] for m in data["moves"]}
        game, _ = load("wythoff", "0,0", a=str(a))
        assert got == {game.format(q): G[q] for q in game.successors((x, y))}
        winning = {m["to"] for m in data["moves"] if m["winning"]}
        assert winning == {t for t, v in got.items() if v == 0}


@pytest.mark.parametrize("a", [2, 3])
def test_the_kernel_table_fast_path_follows_wythoffs_own_tables(a):
    """With Wythoff's tables in memory first (and stored), a-Wythoff answers stay its own."""
    W = brute(1, 45)
    G = brute(a, 45)
    store.wythoff_table(60)  # Wythoff's table (a = 1) in the memo
    nimlab.value("wythoff", (40, 40))
    for x, y in FAR:
        assert nimlab.value("wythoff", (x, y), a=a) == G[x, y]
        assert nimlab.value("wythoff", (x, y)) == W[x, y]
        answer = nimlab.answer("wythoff", (x, y), a=a)
        assert answer.method == "kernel table" and "a-Wythoff" in answer.source
    from nimlab.kernels.solvers import table_solver

    solver = table_solver("wythoff", 45, a=a)
    assert all(solver.value((x, y)) == G[x, y] for x in range(46) for y in range(0, 46, 5))


@pytest.mark.parametrize("a", [2, 3])
def test_tables_as_text_json_npy_and_csv(a, tmp_path):
    G = brute(a, 45)
    data = run_json("table", "wythoff", "--a", str(a), "--max", str(BOX))
    assert np.array_equal(np.array(data["rows"]), G[:BOX + 1, :BOX + 1])
    npy, text = tmp_path / "t.npy", tmp_path / "t.csv"
    assert run("table", "wythoff", "--a", str(a), "--max", "45", "--out", str(npy)).exit_code == 0
    assert np.array_equal(np.load(npy), G)
    assert run("table", "wythoff", "--a", str(a), "--max", "20", "--out", str(text)).exit_code == 0
    rows = list(csv.reader(text.open()))
    body = [[int(v) for v in row[1:]] for row in rows if row and row[0].isdigit()]
    assert np.array_equal(np.array(body), G[:21, :21])
    printed = run("table", "wythoff", "--a", str(a), "--max", "6")
    assert printed.exit_code == 0 and f"a = {a}" in printed.output
    # the Python API and the web lab's API: the same values
    assert np.array_equal(nimlab.table("wythoff", max=30, a=a).to_numpy(), G[:31, :31])
    assert np.array_equal(np.array(api.table("wythoff", max="9", a=str(a))["rows"]),
                          G[:10, :10])
    # Wythoff's table is still Wythoff's
    assert np.array_equal(nimlab.table("wythoff", max=30).to_numpy(), brute(1, 30))


@pytest.mark.parametrize("a", [2, 3])
def test_python_and_web_api_match_the_brute_force(a):
    G = brute(a, 45)
    for x in range(0, BOX + 1, 2):
        for y in range(BOX + 1):
            assert nimlab.value("wythoff", (x, y), a=a) == G[x, y]
            assert api.value("wythoff", f"{x},{y}", a=str(a))["value"] == G[x, y]
    moves = api.moves("wythoff", "3,5", a=str(a))["moves"]
    assert {m["to"]: m["value"] for m in moves}["1,3"] == G[1, 3]


def test_the_web_lab_answers_a_wythoff(tmp_path):
    import http.client
    from urllib.parse import urlencode, urlparse

    from test_web_support import running_server

    G = brute(2, 45)

    def get(base, path, **params):
        where = urlparse(base)
        connection = http.client.HTTPConnection(where.hostname, where.port, timeout=120)
        connection.request("GET", f"{path}?{urlencode(params)}")
        answer = connection.getresponse()
        body = answer.read()
        connection.close()
        return answer.status, json.loads(body)

    with running_server(tmp_path, "--workers", "1") as url:
        for x, y in [(3, 5), (1, 3), (7, 7), (33, 40)]:
            status, data = get(url, "/api/value", game="wythoff", position=f"{x},{y}", a="2")
            assert status == 200 and data["value"] == G[x, y], data
        status, table = get(url, "/api/table", game="wythoff", max="8", a="2")
        assert status == 200 and np.array_equal(np.array(table["rows"]), G[:9, :9])
        status, refused = get(url, "/api/value", game="wythoff", position="3,5", a="0")
        assert status == 400 and "--a" in refused["error"]


@pytest.mark.parametrize("a", [2, 3])
def test_play_with_a_two_pile_move(a):
    G = brute(a, 12)
    game, position = load("wythoff", "6,9", a=str(a))
    move = next(m for m in game.available_moves(position) if type(m).__name__ == "TakeTwo")
    done = run("play", "wythoff", "6,9", "--a", str(a), stdin=f"{move.notation()}\nquit\n")
    assert done.exit_code == 0, done.output
    assert f"you play {move.notation()}" in done.output
    after = game.do_move(position, move)
    assert G[after] >= 0 and "Traceback" not in done.output
    illegal = run("play", "wythoff", "6,9", "--a", str(a), stdin=f"both-1-{a + 1}\nquit\n")
    assert "differ by less than" in illegal.output


# ----------------------------------------------------------------------- prove, discover
def _dfa_table(dfa, base: str, bound: int) -> np.ndarray:
    """Acceptance of every (x, y) with both piles <= bound, word by word."""
    return np.array([[dfa.run({"p1": x, "p2": y}, base=base) for y in range(bound + 1)]
                     for x in range(bound + 1)])


@pytest.mark.parametrize("a, states", [(2, 16), (3, 28)])
def test_discover_proves_the_p_positions_in_the_ostrowski_numeration(a, states):
    """The P-positions of a = 2 (sqrt 2's Pell numeration) and a = 3, learned word by word and
    proven from the rules; the automaton agrees with the brute force and the mex pairs."""
    found = nimlab.discover("wythoff", p_positions=True, a=a, time_limit=120)
    assert found.status == "proven" and found.base == f"ost[][{a}]", found
    assert found.dfa.radix == a + 1 and found.states == states
    assert np.array_equal(_dfa_table(found.dfa, found.base, 40), brute(a, 40) == 0)
    pairs = mex_pairs(a, 150)
    table = _dfa_table(found.dfa, found.base, 150)
    assert {(x, y) for x, y in zip(*np.nonzero(table))} == pairs


def test_discover_proves_a_2s_value_1_and_the_cli_writes_walnut(tmp_path):
    found = nimlab.discover("wythoff", value=1, a=2, time_limit=120)
    assert found.status == "proven" and [d.n for _, d in found.given] == [16], found
    assert np.array_equal(_dfa_table(found.dfa, found.base, 40), brute(2, 40) == 1)
    out = tmp_path / "aw2.txt"
    done = run("discover", "wythoff", "--a", "2", "--p-positions", "--out", str(out))
    assert done.exit_code == 0, done.output
    text = out.read_text()
    assert text.startswith("# aw2: the P-positions of wythoff(a=2)")  # the comment, then
    assert [line for line in text.splitlines() if not line.startswith("#")][0] == \
        "msd_ost_r_2 msd_ost_r_2"
    again = next(line for line in done.output.splitlines() if "re-prove:" in line)
    import shlex

    words = shlex.split(again.split("re-prove:", 1)[1])
    assert words[:5] == ["nimlab", "prove", "wythoff", "--a", "2"]
    proof = run_json(*words[1:], "--time-limit", "60")
    assert proof["status"] == "proven", proof


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6), st.integers(1, 45))
def test_the_p_positions_from_the_rules_are_the_brute_forces(a, side):
    from nimlab.discover.oracle import awythoff_p_partners

    partner = awythoff_p_partners(a, side)
    P = brute(a, 44)[:side, :side] == 0
    assert [int(np.flatnonzero(row)[0]) if row.any() else -1 for row in P] == partner.tolist()


def test_the_box_learner_declines_ostrowski_in_one_line():
    done = run("discover", "wythoff", "--p-positions", "--a", "2", "--learner", "box")
    assert done.exit_code == 2
    lines = done.output.strip().splitlines()
    assert len(lines) == 1 and "prefixes need not be words" in lines[0], done.output


@pytest.mark.parametrize("a", [2, 3])
def test_the_provers_moves_are_the_games(a):
    from nimlab.prove.games import check_move_formula, game_formula

    gf = game_formula("wythoff", a=a)
    assert gf.base == f"ost[][{a}]" and gf.params == {"a": a}
    assert check_move_formula(gf, make_game("wythoff", a=a)) > 1000
    # in base 2 the same moves (the numeration changes how numbers are read, not the game)
    from dataclasses import replace

    assert check_move_formula(replace(gf, base="2"), make_game("wythoff", a=a)) > 1000


def least_disagreement(statement, a: int, top: int = 40):
    """The first position (by sum, then lexicographically) where ``statement`` and the
    a-Wythoff P-positions differ (brute force over the pairs)."""
    for total in range(2 * top):
        for x in range(total + 1):
            y = total - x
            if statement(x, y) != a_is_p(x, y, a):
                return (x, y)
    return None


@pytest.mark.parametrize("a, text, statement", [
    (2, "p1 = p2", lambda x, y: x == y),
    (3, "p1 = 0 & p2 = 0", lambda x, y: x == y == 0),
    (2, "p1 + p2 = 0 | (p1 = 1 & p2 = 3) | (p1 = 3 & p2 = 1)",
     lambda x, y: (x, y) in ((0, 0), (1, 3), (3, 1))),
])
def test_a_false_statement_about_a_wythoff_is_refuted_at_its_least_counterexample(a, text,
                                                                                    statement):
    found = run_json("prove", "wythoff", "--a", str(a), "--p-positions", text, "--time-limit",
                     "60")
    assert found["status"] == "disproven", found
    where = tuple(found["counterexample"]["position"])
    assert where == least_disagreement(statement, a)
    same = nimlab.prove("wythoff", p_positions=text, a=a, time_limit=60)
    assert same.status == "disproven"


def test_a_true_statement_about_a_wythoff_is_proven():
    found = run_json("prove", "wythoff", "--a", "2", "--holds",
                     "A q1, q2. MOVE => q1 + q2 < p1 + p2", "--time-limit", "60")
    assert found["status"] == "proven", found


def test_prove_with_a_1_is_wythoffs_game():
    formula = '(p1 = p1)'
    plain = run_json("prove", "wythoff", "--p-positions", formula, "--time-limit", "20")
    same = run_json("prove", "wythoff", "--a", "1", "--p-positions", formula, "--time-limit",
                    "20")
    assert plain["status"] == same["status"]
    other = run("prove", "nim", "--a", "2", "--p-positions", formula)
    assert other.exit_code == 2 and "wythoff only" in other.output


# ----------------------------------------------------------------------- bad input
BAD = ["0", "-1", "x", "2.5", "", "99999999999999999999", "1000001"]


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize("tool", ["value", "moves", "hint", "play", "table", "prove",
                                  "discover"])
def test_bad_a_is_one_line_and_exit_2(tool, value):
    args = {"value": ["value", "wythoff", "3,5"], "moves": ["moves", "wythoff", "3,5"],
            "hint": ["hint", "wythoff", "3,5"], "play": ["play", "wythoff", "3,5"],
            "table": ["table", "wythoff", "--max", "5"],
            "prove": ["prove", "wythoff", "--p-positions", "p1 = p1"],
            "discover": ["discover", "wythoff", "--p-positions"]}[tool]
    done = run(*args, f"--a={value}", stdin="quit\n")
    assert done.exit_code == 2, done.output
    lines = done.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nimlab: error: "), done.output
    assert "Traceback" not in done.output


@pytest.mark.parametrize("value", [0, -1, "x", 2.5, True, 10 ** 30, [2]])
def test_bad_a_in_python_is_an_input_error(value):
    with pytest.raises(InputError):
        nimlab.value("wythoff", (3, 5), a=value)
    with pytest.raises(InputError):
        nimlab.table("wythoff", max=5, a=value)
    with pytest.raises(InputError):
        make_game("wythoff", a=value)


def test_a_applies_to_wythoff_only_and_big_tables_are_refused_up_front():
    done = run("value", "nim", "3,5", "--a", "2")
    assert done.exit_code == 2 and "does not apply" in done.output
    done = run("table", "sharing", "--a", "2")
    assert done.exit_code == 2 and "does not apply" in done.output
    done = run("table", "wythoff", "--a", "50", "--max", "30000", "--out", "never.npy")
    assert done.exit_code == 2 and "use --max" in done.output, done.output

"""Every fast path against the generic solver and an independent brute force (tests/brute.py),
over whole boxes; huge positions checked by their own theorem's conditions."""

from __future__ import annotations

from itertools import product

import brute
import pytest
from hypothesis import given, strategies as st

from nimlab.engine.solver import Budget, Solver
from nimlab.games import load, make_game
from nimlab.solve import analyse, answer, fast_paths
from nimlab.strategy import hint
from nimlab.strategy.fibonacci import zeckendorf
from nimlab.strategy.wythoff import is_p, lower

HUGE = 10 ** 120 + 7


def fast_answers(game, position):
    """The answers of the game's own fast paths (no solver)."""
    return [a for a in (p.answer(game, position) for p in fast_paths(game)) if a is not None]


_SOLVERS: dict = {}


def check_against(game, position, truth: int):
    for found in fast_answers(game, position):
        assert found.outcome == ("P" if truth == 0 else "N"), (game, position, found)
        if found.value is not None:
            assert found.value == truth, (game, position, found)
        if found.winning_move is not None:
            target = game.check_move(position, found.winning_move)
            solver = _SOLVERS.setdefault(id(game), Solver(game))
            assert solver.value(target) == 0, (game, position, found)


def test_nim_sum_over_a_box():
    game = make_game("nim")
    for piles in product(range(6), repeat=3):
        check_against(game, piles, brute.nim(piles))


def test_wythoff_pairs_over_a_box():
    game = make_game("wythoff")
    for a, b in product(range(25), repeat=2):
        truth = brute.wythoff(a, b)
        assert is_p(a, b) == (truth == 0), (a, b)
        check_against(game, (a, b), truth)


def test_wythoff_beatty_sequences_split_the_integers():
    seen = sorted([lower(k) for k in range(1, 400)] + [lower(k) + k for k in range(1, 400)])
    assert seen[:600] == list(range(1, 601))


@pytest.mark.parametrize("subtraction_set", [(1, 3, 4), (2, 5), (1, 2), (3, 4, 9), (2, 3, 7)])
def test_proven_period_against_brute_force(subtraction_set):
    game = make_game("subtraction", set=",".join(map(str, subtraction_set)))
    assert any(p.method == "proven period" for p in fast_paths(game))
    for n in range(120):
        check_against(game, n, brute.subtraction(n, subtraction_set))
    assert fast_answers(game, HUGE)[0].method == "proven period"


def test_one_pile_fibonacci_by_zeckendorf_against_brute_force():
    game = make_game("fibonacci")
    for n in range(2, 60):
        for last in range(0, 20):
            if last == 0 and n < 2:
                continue
            check_against(game, ((n,), last), brute.fibonacci((n,), last))


def test_zeckendorf_terms_are_non_consecutive_fibonacci_numbers():
    fibs = [1, 2]
    while fibs[-1] < 10 ** 6:
        fibs.append(fibs[-1] + fibs[-2])
    for n in range(1, 3000):
        terms = zeckendorf(n)
        assert sum(terms) == n and all(t in fibs for t in terms)
        idx = [fibs.index(t) for t in terms]
        assert all(i - j >= 2 for i, j in zip(idx, idx[1:]))


def test_two_pile_fibonacci_and_sharing_and_end_nim_over_boxes():
    fib = make_game("fibonacci")
    for a, b, last in product(range(0, 9), range(0, 9), range(1, 6)):
        check_against(fib, ((a, b), last), brute.fibonacci((a, b), last))
    sharing = make_game("sharing")
    for piles in product(range(7), repeat=3):
        check_against(sharing, piles, brute.sharing(piles))
    for variant in ("normal", "misere", "loop"):
        game = make_game("end-nim", variant=variant)
        for k in (1, 2, 3):
            for row in product(range(1, 5), repeat=k):
                if game.misere and game.primitive(row):
                    continue
                check_against(game, row, brute.end_nim(row, variant))


def test_cash_fold_of_large_heaps_keeps_every_value():
    game = make_game("cash", set="1,3,4")
    solver = Solver(game)
    for n, d1, d2 in product(range(30), range(6), range(6)):
        assert solver.value((n, d1, d2)) == brute.cash(n, d1, d2, (1, 3, 4)), (n, d1, d2)
    huge = answer(game, (HUGE, 7, 5))
    assert huge.value == brute.cash(7 + 5 + 4, 7, 5, (1, 3, 4))


# ------------------------------------------------------------------- huge positions
@given(st.integers(1, 10 ** 200), st.integers(1, 10 ** 200))
def test_huge_wythoff_hint_moves_to_a_wythoff_pair(a, b):
    game, position = load("wythoff", f"{a},{b}")
    found = answer(game, position, Budget(1000, 1))
    assert found.outcome == ("P" if is_p(a, b) else "N")
    if found.outcome == "N":
        target = game.check_move(position, found.winning_move)
        assert is_p(*target)


@given(st.lists(st.integers(0, 10 ** 150), min_size=1, max_size=6))
def test_huge_nim_winning_move_zeroes_the_nim_sum(piles):
    game = make_game("nim")
    found = answer(game, tuple(piles), Budget(1000, 1))
    s = 0
    for p in piles:
        s ^= p
    assert found.value == s
    if s:
        target = game.check_move(tuple(piles), found.winning_move)
        t = 0
        for p in target:
            t ^= p
        assert t == 0


@given(st.integers(0, 10 ** 150), st.integers(0, 10 ** 150), st.integers(0, 10 ** 150))
def test_huge_sharing_hint_lands_on_theorem_2(a, b, c):
    game = make_game("sharing")
    found = answer(game, (a, b, c), Budget(1000, 1))
    if found.outcome == "N":
        target = game.check_move((a, b, c), found.winning_move)
        assert fast_answers(game, target)[0].outcome == "P"


@given(st.integers(2, 10 ** 100), st.integers(1, 10 ** 50))
def test_huge_one_pile_fibonacci_follows_zeckendorf(n, last):
    game = make_game("fibonacci")
    found = answer(game, ((n,), last), Budget(1000, 1))
    assert found.outcome == ("P" if zeckendorf(n)[-1] > 2 * last else "N")
    if found.outcome == "N":
        piles, taken = game.check_move(((n,), last), found.winning_move)
        assert piles == (0,) or zeckendorf(piles[0])[-1] > 2 * taken


def test_value_null_with_the_outcome_when_only_the_outcome_is_known():
    game, position = load("end-nim", "100,200,300,400")
    found = answer(game, position)
    assert found.value is None and found.outcome == "N" and found.method == "closed form"
    assert hint(game, position).move is not None


def test_analyse_reports_method_and_source():
    game, position = load("nim", "3,5,7")
    result = analyse(game, position)
    assert result.method == "closed form" and "Bouton" in result.source
    assert result.value == 1 and [o.value for o in result.options][:1] == [brute.nim((2, 5, 7))]


def test_sharing_one_positions_theorem_4_against_the_solver():
    game = make_game("sharing")
    solver = Solver(game)
    for a in range(0, 26):
        for b in range(a, 26):
            found = fast_answers(game, (0, a, b))[0]
            truth = solver.value((0, a, b))
            assert (found.value == 1) == (truth == 1), (a, b)
            assert found.outcome == ("P" if truth == 0 else "N")


# ------------------------------------------------------------ the kernel tables declared by games
# Each path answers from its size ``low`` on (below it the solver is as quick): the boxes start
# there, and below it the path must stay silent.
def _kernel_answer(game, position, kind):
    found = [a for a in fast_answers(game, position) if a.method == "kernel table"]
    assert found, (game, position, kind)
    return found[0]


def _silent(game, position):
    assert not [a for a in fast_answers(game, position) if a.method == "kernel table"], position


def test_wythoff_table_path_against_brute_force():
    game = make_game("wythoff")
    for a, b in product(range(41), range(30, 41)):
        for position in ((a, b), (b, a)):
            found = _kernel_answer(game, position, "wythoff")
            assert found.value == brute.wythoff(*position), position
    check_against(game, (31, 40), brute.wythoff(31, 40))
    _silent(game, (29, 29))


@pytest.mark.parametrize("variant", ["normal", "misere", "loop"])
def test_four_pile_end_nim_table_path_against_brute_force(variant):
    game = make_game("end-nim", variant=variant)
    for row in product(range(1, 12), repeat=4):
        if max(row) < 10:
            continue
        found = _kernel_answer(game, row, "end-nim 4")
        assert found.value == brute.end_nim(row, variant), (row, variant)
    _silent(game, (9, 9, 9, 9))


@pytest.mark.parametrize("edges", ["1-2,2-3", "1-2,2-3,3-1", "1-2,1-3,2-3,3-2,4-1"])
def test_graph_nim_table_path_against_brute_force(edges):
    vertices = 4 if "4" in edges else 3
    game = make_game("graph-nim", edges=edges, vertices=vertices)
    for position in product(range(12), repeat=vertices):
        if max(position) - min(position) < 10:
            continue
        found = _kernel_answer(game, position, "graph-nim")
        assert found.value == brute.graph_nim(position, game.edges), (position, edges)
    _silent(game, (0,) * (vertices - 1) + (9,))


def test_four_pile_sharing_table_path_against_brute_force():
    game = make_game("sharing")
    for position in product(range(12), repeat=4):
        if position != tuple(sorted(position)) or sum(position) - 4 * position[0] < 20:
            continue
        found = _kernel_answer(game, position, "sharing 4")
        assert found.value == brute.sharing(position), position
    _silent(game, (0, 0, 9, 10))


def test_graph_nim_tables_are_kept_per_digraph_vertex_count_included():
    # the same edges on 2 and on 3 vertices are different games: one table each
    small = make_game("graph-nim", edges="2-1", vertices=2)
    large = make_game("graph-nim", edges="2-1", vertices=3)
    for game, position in ((small, (0, 12)), (large, (0, 12, 5)), (small, (3, 14))):
        found = _kernel_answer(game, position, "graph-nim")
        assert found.value == brute.graph_nim(position, game.edges), (game, position)

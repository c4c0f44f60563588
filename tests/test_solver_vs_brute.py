"""The generic solver against the independent brute force of tests/brute.py, on whole boxes."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brute
from nimlab.engine import Solver
from nimlab.games import (CashNim, EndNim, FibonacciNim, GraphNim, Nim, SharingNim,
                          SubtractionNim, Wythoff, complete_digraph)


def test_nim_box():
    solver = Solver(Nim())
    for piles in product(range(6), repeat=3):
        assert solver.value(piles) == brute.nim(piles)


def test_wythoff_box():
    solver = Solver(Wythoff())
    for a, b in product(range(13), repeat=2):
        assert solver.value((a, b)) == brute.wythoff(a, b)


def test_sharing_three_piles_box():
    solver = Solver(SharingNim())
    for piles in product(range(15), repeat=3):
        assert solver.value(piles) == brute.sharing(piles), piles


def test_sharing_four_piles_box():
    solver = Solver(SharingNim())
    for piles in product(range(6), repeat=4):
        assert solver.value(piles) == brute.sharing(piles), piles


@pytest.mark.parametrize("edges", [((0, 1), (1, 2), (2, 0)), ((0, 1), (1, 0), (1, 2)),
                                   ((0, 1), (0, 2), (1, 2), (2, 1))])
def test_graph_nim_box(edges):
    solver = Solver(GraphNim(3, edges))
    for piles in product(range(8), repeat=3):
        assert solver.value(piles) == brute.graph_nim(piles, edges), piles


@pytest.mark.parametrize("variant", ["normal", "misere", "loop"])
def test_end_nim_box(variant):
    solver = Solver(EndNim(variant))
    for k in range(1, 5):
        for row in product(range(1, 6 if k < 4 else 4), repeat=k):
            assert solver.value(row) == brute.end_nim(row, variant), row


@pytest.mark.parametrize("factor", [Fraction(1), Fraction(2), Fraction(3), Fraction(3, 2)])
def test_fibonacci_box(factor):
    solver = Solver(FibonacciNim(factor))
    for piles in product(range(0, 8), repeat=2):
        for last in range(0, 9):
            if last == 0 and min(piles) < 2:
                continue
            assert solver.value((piles, last)) == brute.fibonacci(piles, last, factor)
    for piles in product(range(2, 7), repeat=3):
        assert solver.value((piles, 0)) == brute.fibonacci(piles, 0, factor)


@pytest.mark.parametrize("moves", [(1, 2, 3), (1, 3, 4), (2, 5), (1, 4, 9)])
def test_subtraction_and_cash_box(moves):
    sub, money = Solver(SubtractionNim(moves)), Solver(CashNim(moves))
    for n in range(60):
        assert sub.value(n) == brute.subtraction(n, moves)
    for n, d1, d2 in product(range(16), range(12), range(12)):
        assert money.value((n, d1, d2)) == brute.cash(n, d1, d2, moves)
        assert (money.outcome((n, d1, d2)) == "N") == brute.cash_player_one_wins(n, d1, d2, moves)


@given(st.lists(st.integers(0, 12), min_size=2, max_size=3))
def test_sharing_random(piles):
    assert Solver(SharingNim()).value(tuple(piles)) == brute.sharing(tuple(piles))


@given(st.lists(st.integers(1, 7), min_size=1, max_size=5), st.sampled_from(["normal", "misere", "loop"]))
def test_end_nim_random(row, variant):
    row = tuple(row)
    assert Solver(EndNim(variant)).value(row) == brute.end_nim(row, variant)


@given(st.sets(st.integers(1, 9), min_size=1, max_size=4), st.integers(0, 40),
       st.integers(0, 25), st.integers(0, 25))
def test_cash_random(moves, n, d1, d2):
    moves = tuple(sorted(moves))
    assert Solver(CashNim(moves)).value((n, d1, d2)) == brute.cash(n, d1, d2, moves)


def test_graph_nim_on_complete_digraph_is_sharing_nim():
    for n in (2, 3, 4):
        graph, sharing = Solver(GraphNim(n, complete_digraph(n))), Solver(SharingNim())
        for piles in product(range(7 if n < 4 else 5), repeat=n):
            assert graph.value(piles) == sharing.value(piles)


@pytest.mark.parametrize("game,position", [
    (SharingNim(), (0, 17, 45)), (SharingNim(), (7, 30, 52)), (EndNim("normal"), (21, 4, 17)),
    (EndNim("misere"), (20, 20, 3)), (EndNim("loop"), (2, 22)), (EndNim("misere"), (23,))])
def test_large_positions_use_a_kernel_table_with_the_same_answers(game, position):
    from nimlab.solve import analyse

    quick, plain = analyse(game, position), Solver(game).analyse(position)
    assert quick.method == "kernel table"
    assert quick.value == plain.value
    assert [(o.move, o.value) for o in quick.options] == [(o.move, o.value) for o in plain.options]


def test_small_or_uncovered_positions_use_the_generic_solver():
    from nimlab.solve import answer

    assert answer(SharingNim(), (0, 4, 8)).method == "solver"
    assert answer(SharingNim(), (0, 1, 2, 3, 5)).method == "solver"  # 5 piles: no table
    assert answer(EndNim(), (5, 2, 1, 4, 3)).method == "solver"  # 5 piles: no table
    assert answer(EndNim(), (30, 1, 1, 30)).method == "closed form"  # a P-position: value 0
    assert answer(Nim(), (300, 1)).method == "closed form"


def test_the_shared_walk_refuses_a_cycle_and_stops_at_its_ceiling():
    """:func:`nimlab.engine.solver.postorder`, the walk of the value solver and of the
    remoteness search: a game graph with a cycle is refused in one line (no endless loop), and
    the cache never grows past the ceiling."""
    from nimlab.engine.remoteness import outcome_and_remoteness
    from nimlab.engine.solver import postorder
    from nimlab.errors import NimlabError, TooManyStates

    class Loop(Nim):  # from n: to n - 1, and from 0 back to 2 (a cycle 2 -> 1 -> 0 -> 2)
        name = "loop"

        def successors(self, position):
            return [(position[0] - 1,)] if position[0] else [(2,)]

    for ask in (lambda: Solver(Loop()).value((5,)),
                lambda: outcome_and_remoteness(Loop(), (5,))):
        with pytest.raises(NimlabError, match="cycle"):
            ask()
    cache: dict = {}
    with pytest.raises(TooManyStates, match="stop"):
        postorder(Nim(), (30,), cache, lambda values, _: max(values, default=-1) + 1,
                  ceiling=10, deadline=None, too_slow=None,
                  too_many=lambda: TooManyStates("stop"), what="")
    assert len(cache) <= 10
    postorder(Nim(), (30,), cache, lambda values, _: len(values), ceiling=100, deadline=None,
              too_slow=None, too_many=None, what="")
    assert cache[(30,)] == 30  # Nim's pile 30 has 30 options

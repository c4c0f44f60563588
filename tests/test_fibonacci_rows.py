"""Fibonacci Nim without fractions: the rules' integer arithmetic, and the rows fast path
(nimlab.kernels.fibonacci_rows) against the independent brute force of tests/brute.py, over whole
boxes and at random, for integer and non-integer factors."""

from __future__ import annotations

import time
from fractions import Fraction
from itertools import count, product
from math import floor

import brute
import pytest
from hypothesis import given, settings, strategies as st

from nimlab import solve
from nimlab.engine.solver import Budget, Solver
from nimlab.errors import TooManyStates
from nimlab.games.fibonacci import FibonacciNim
from nimlab.kernels.fibonacci_rows import SOURCE, FibonacciRows, tuples_below

FACTORS = [Fraction(2), Fraction(1), Fraction(3), Fraction(3, 2), Fraction(5, 3),
           Fraction(1, 2), Fraction(2, 3), Fraction(7, 4)]


def positions(piles: int, top: int, lasts: range):
    for p in product(range(top + 1), repeat=piles):
        for last in lasts:
            if last == 0 and any(size < 2 for size in p):
                continue  # not a legal first move
            yield p, last


@pytest.mark.parametrize("factor", FACTORS, ids=str)
def test_rows_equal_the_brute_force_over_whole_boxes(factor):
    game, rows = FibonacciNim(factor), FibonacciRows()
    for count, top in ((1, 14), (2, 8), (3, 5)):
        for piles, last in positions(count, top, range(0, 8)):
            assert rows.value(game, (piles, last)) == brute.fibonacci(piles, last, factor), \
                (factor, piles, last)


@settings(max_examples=120, deadline=None)
@given(st.integers(1, 9), st.integers(1, 5), st.lists(st.integers(0, 9), min_size=1, max_size=3),
       st.integers(0, 12))
def test_dispatcher_answers_equal_the_brute_force(num, den, piles, last):
    factor = Fraction(num, den)
    if last == 0:
        piles = [max(2, p) for p in piles]
    game, position = FibonacciNim(factor), (tuple(piles), last)
    truth = brute.fibonacci(position[0], last, factor)
    found = solve.answer(game, position)
    assert found.outcome == ("P" if truth == 0 else "N")
    assert found.value in (truth, None)
    if found.winning_move is not None:
        target = game.check_move(position, found.winning_move)
        assert brute.fibonacci(target[0], target[1], factor) == 0


@pytest.mark.parametrize("factor", [Fraction(2), Fraction(3, 2)], ids=str)
def test_moves_of_a_one_pile_position_by_the_rows(factor):
    game = FibonacciNim(factor)
    analysis = solve.analyse(game, ((60,), 5))
    assert analysis.method == "solver" and analysis.source == SOURCE
    assert analysis.value == brute.fibonacci((60,), 5, factor)
    assert [o.value for o in analysis.options] == [
        brute.fibonacci(q[0], q[1], factor) for _, q in game.options(((60,), 5))]


def test_the_rows_answer_what_the_generic_solver_did():
    """300/5 was the generic solver's (seconds of Fraction arithmetic); the rows answer it and
    agree with the solver at a size the solver handles quickly."""
    game = FibonacciNim(2)
    found = solve.answer(game, ((300,), 5))
    assert (found.method, found.source, found.value) == ("solver", SOURCE, 5)
    assert solve.answer(game, ((40, 30), 7)).value == Solver(game).value(((40, 30), 7))


def test_tuples_below_come_after_every_tuple_below_them():
    for bounds in [(5,), (4, 2), (3, 3, 1), (4, 4, 4), (2, 2, 2, 2)]:
        seen = list(tuples_below(bounds))
        assert len(seen) == len(set(seen)) and seen[-1] == bounds
        place = {t: i for i, t in enumerate(seen)}
        for t in seen:  # every tuple one move below is listed earlier
            for i, size in enumerate(t):
                for left in range(size):
                    lower = tuple(sorted((*t[:i], left, *t[i + 1:]), reverse=True))
                    lower = tuple(p for p in lower if p)
                    assert place[lower] < place[t]


def test_the_budget_is_the_questions():
    game = FibonacciNim(2)
    with pytest.raises(TooManyStates, match="max-states"):
        solve.answer(game, ((12, 11, 10), 3), Budget(max_states=50))
    with pytest.raises(TooManyStates, match="over --time-limit 0.01"):  # at once
        solve.answer(game, ((30, 20, 10), 3), Budget(time_limit=0.01))
    with pytest.raises(TooManyStates, match="30,20,11/3 takes more than 20 seconds"):
        solve.answer(game, ((30, 20, 11), 3), deadline=time.monotonic() - 1)  # stops at once
    assert solve.answer(game, ((30, 20, 11), 3)).value == Solver(game).value(((30, 20, 11), 3))


def test_the_rules_do_no_fraction_arithmetic(monkeypatch):
    """The generic solver's inner loop (key, limit, enough) computes on the factor's numerator
    and denominator only, and stays exact for every rational factor."""
    games = [FibonacciNim(f) for f in FACTORS]
    expected = [(floor(g.factor * x), next(e for e in count(1) if floor(g.factor * e) >= x))
                for g in games for x in range(40)]
    truths = [brute.fibonacci((9, 7, 4), 3, g.factor) for g in games]

    def forbidden(*args):
        raise AssertionError("Fraction arithmetic in the rules")

    for name in ("__mul__", "__rmul__", "__truediv__", "__rtruediv__", "__floor__",
                 "__ceil__", "__lt__", "__le__", "__gt__", "__ge__"):
        monkeypatch.setattr(Fraction, name, forbidden)
    found = [(g.limit(x), g.enough(x)) for g in games for x in range(40)]
    values = [Solver(g).value(((9, 7, 4), 3)) for g in games]
    monkeypatch.undo()
    assert found == expected and values == truths

"""Every game's ``estimate_states`` is an upper bound on the positions the solver stores.

The budget refuses up front by this estimate, and the web lab's fast lane takes a question as
cheap by it (``solve.cost``), so an estimate below the truth sends slow work to the fast lane.
Checked against a fresh solver's count over whole boxes of 2 to 5 piles for every game, and by
Hypothesis on random positions; the estimate of a huge position is computed from bit lengths
and refused in one line.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.engine.solver import Solver
from nimlab.games import GAMES, load

FACTORS = ("2", "3/2", "1", "3", "1/2")


def stored(game, position) -> int:
    """The positions a fresh solver stores to solve ``position``."""
    solver = Solver(game, 10 ** 9)
    solver.value(position)
    return len(solver.cache)


def assert_bound(game, positions) -> int:
    checked = 0
    for position in positions:
        estimate, count = game.estimate_states(position), stored(game, position)
        assert estimate >= count, (game.describe(), position, estimate, count)
        checked += 1
    return checked


def boxes(values, piles=range(2, 6)):
    return (p for k in piles for p in itertools.product(values, repeat=k))


def test_nim_and_wythoff():
    assert assert_bound(load("nim", "1,1")[0], boxes(range(4))) == 16 + 64 + 256 + 1024
    assert_bound(load("wythoff", "1,1")[0], itertools.product(range(12), repeat=2))


def test_sharing_and_graph_nim():
    assert_bound(load("sharing", "1,1")[0], boxes(range(5), range(2, 5)))
    assert_bound(load("sharing", "1,1")[0], itertools.product(range(4), repeat=5))
    for edges in ("1-2", "1-2,2-1", "1-2,2-3,3-1", "1-2,2-3", "1-3,2-3",
                  "1-2,2-3,3-4,4-1", "1-2,1-3,1-4", "1-2,2-3,3-4,4-5,5-1", "1-5,2-5,3-5,4-5"):
        vertices = max(int(v) for v in edges.replace("-", ",").split(","))
        game = load("graph-nim", ",".join(["1"] * vertices), edges=edges)[0]
        assert_bound(game, itertools.product(range(4 if vertices < 5 else 3), repeat=vertices))


def test_end_nim_every_variant():
    for variant in ("normal", "misere", "loop"):
        assert_bound(load("end-nim", "1,1", variant=variant)[0], boxes(range(1, 4), range(1, 6)))


@pytest.mark.parametrize("factor", FACTORS)
def test_fibonacci_every_factor(factor):
    game = load("fibonacci", "2,2;0", factor=factor)[0]
    assert_bound(game, ((p, 0) for p in boxes(range(2, 5), range(2, 5))))
    assert_bound(game, ((p, 0) for p in itertools.product(range(2, 4), repeat=5)))
    assert_bound(game, ((p, last) for p in boxes(range(4), range(2, 4)) for last in (1, 2, 5)))
    assert_bound(game, ((p, last) for p in itertools.product(range(3), repeat=5)
                        for last in (1, 3)))


def test_fibonacci_the_positions_once_underestimated():
    # 7,7,7,7,7;0 was estimated at 2,184 positions; the solver stores 2,482
    game, position = load("fibonacci", "7,7,7,7,7;0")
    assert game.estimate_states(position) >= stored(game, position) == 2482


def test_subtraction_and_cash():
    for subtraction_set in ("1,3,4", "2,5", "1,2"):
        game = load("subtraction", "1", set=subtraction_set)[0]
        assert_bound(game, range(40))
        cash = load("cash", "1", set=subtraction_set, budgets="1,1")[0]
        assert_bound(cash, itertools.product(range(14), range(9), range(9)))


def test_octal_estimates():
    from nimlab.games.octal import OctalGame

    for code in ("0.77", "0.137", "4.07", "0.8"):
        game = OctalGame(code)
        assert_bound(game, [tuple(h for h in p if h) or (0,)
                            for p in itertools.product(range(9), repeat=2)])
        assert_bound(game, [(3, 4, 5), (1, 1, 9), (12,)])


def test_every_game_is_checked_here():
    # a new game needs its box above (its estimate is trusted by the budget and the fast lane)
    assert set(GAMES) == {"nim", "wythoff", "sharing", "graph-nim", "end-nim", "fibonacci",
                          "subtraction", "cash", "octal"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 8), min_size=2, max_size=5), st.integers(0, 9),
       st.sampled_from(FACTORS))
def test_fibonacci_random_positions(piles, last, factor):
    if sum(piles) > 24:
        piles = [min(p, 4) for p in piles]
    if last == 0:
        piles = [max(p, 2) for p in piles]
    game = load("fibonacci", "2,2;0", factor=factor)[0]
    assert_bound(game, [(tuple(piles), last)])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=2, max_size=5), st.sampled_from(["nim", "sharing"]))
def test_random_pile_positions(piles, name):
    assert_bound(load(name, "1,1")[0], [tuple(piles)])


def test_huge_positions_are_estimated_from_bit_lengths_and_refused_in_one_line():
    big = 10 ** 4000 - 1
    for name, text, options in [("fibonacci", f"{big},{big},{big},{big}", {"last": "0"}),
                                ("fibonacci", ",".join([str(big)] * 300), {"last": "5"}),
                                ("nim", ",".join([str(big)] * 300), {}),
                                ("sharing", f"0,{big},5,7", {})]:
        game, position = load(name, text, **options)
        assert game.estimate_states(position) > 10 ** 4300
    done = CliRunner().invoke(__import__("nimlab.cli", fromlist=["main"]).main,
                              ["value", "fibonacci", f"{big},{big},{big},{big}", "--last", "0"])
    assert done.exit_code == 2, done.output
    assert "out of reach" in done.output and "about 10^" in done.output
    assert len(done.output.strip().splitlines()) == 1


def test_the_fast_lane_takes_only_what_the_estimate_makes_cheap():
    from nimlab import solve
    from nimlab.web.calls import cheap

    # 10,10,10,10,10;0 stores about 13,000 positions but examines about 40 moves at each
    slow, _ = load("fibonacci", "10,10,10,10,10;0")
    assert solve.cost(slow, ((10,) * 5, 0)) == "slow"
    assert not cheap("value", {"game": "fibonacci", "position": "10,10,10,10,10;0"})
    assert not cheap("remoteness", {"game": "fibonacci", "position": "10,10,10,10,10;0"})
    assert cheap("value", {"game": "fibonacci", "position": "5,5,5,5,5;0"})
    assert cheap("remoteness", {"game": "fibonacci", "position": "5,5,5,5,5;0"})
    states, work = solve.work_estimate(slow, ((10,) * 5, 0))
    assert states <= solve.CHEAP_STATES < work


def test_the_estimate_lowers_the_removal_to_the_key():
    # factor 2: a removal of 4 or more allows all of a pile of 7: 1 + 792 * 4 keys at most
    game, position = load("fibonacci", "7,7,7,7,7;0")
    assert game.enough(7) == 4 and game.estimate_states(position) == 1 + 792 * 4
    assert load("fibonacci", "7,7;0", factor=Fraction(1, 2))[0].enough(7) == 14


def sorted_below_by_enumeration(bounds) -> int:
    bounds = sorted(bounds)
    return sum(1 for t in itertools.product(*[range(b + 1) for b in bounds])
               if list(t) == sorted(t))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 7), max_size=5))
def test_sorted_tuples_below_counts_exactly(bounds):
    from nimlab.games.base import sorted_tuples_below

    assert sorted_tuples_below(bounds) == sorted_below_by_enumeration(bounds)


def test_sorted_tuples_below_past_its_exact_range_is_an_upper_bound():
    from nimlab.games import base

    for bounds in ([1] * 41 + [2], [0] * 30 + [1] * 12, [2, 1] * 21):
        exact = base.sorted_tuples_below(bounds)  # 42 piles: over EXACT_PILES
        saved, base.EXACT_PILES = base.EXACT_PILES, 100
        try:
            assert exact >= base.sorted_tuples_below(bounds)
        finally:
            base.EXACT_PILES = saved

"""Nim and Wythoff, the papers' baselines, against their classical formulas."""

from __future__ import annotations

from functools import reduce
from itertools import product
from math import isqrt
from operator import xor

from hypothesis import given
from hypothesis import strategies as st

from nimlab.engine import Solver
from nimlab.games import Nim, Wythoff


def test_nim_value_is_the_nim_sum():
    solver = Solver(Nim())
    for piles in product(range(8), repeat=3):
        assert solver.value(piles) == reduce(xor, piles)


NIM = Solver(Nim())


@given(st.lists(st.integers(0, 25), min_size=1, max_size=3))
def test_nim_sum_random(piles):
    assert NIM.value(tuple(piles)) == reduce(xor, piles, 0)


def wythoff_p_positions(limit: int) -> set[tuple[int, int]]:
    """(floor(k phi), floor(k phi^2)) and its mirror, by exact integer arithmetic."""
    found = set()
    k = 0
    while True:
        a = (k + isqrt(5 * k * k)) // 2  # floor(k * phi)
        b = a + k
        if a > limit:
            return found
        if b <= limit:
            found |= {(a, b), (b, a)}
        k += 1


def test_wythoff_p_positions_are_the_golden_ratio_pairs():
    solver = Solver(Wythoff())
    limit = 60
    expected = wythoff_p_positions(limit)
    computed = {(a, b) for a in range(limit + 1) for b in range(limit + 1)
                if solver.value((a, b)) == 0}
    assert computed == expected
    assert (3, 5) in expected and (4, 7) in expected

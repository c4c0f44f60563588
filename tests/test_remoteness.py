"""Remoteness (moves to the end under perfect play) against a plain minimax of tests/brute.py,
over whole boxes, and its budget: out of reach is a refusal, never a guess."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brute
from nimlab.engine.remoteness import outcome_and_remoteness
from nimlab.errors import TooManyStates
from nimlab.games import make_game


def test_nim_box():
    game = make_game("nim")
    for piles in itertools.product(range(5), repeat=3):
        wins, far = brute.nim_remoteness(piles)
        assert outcome_and_remoteness(game, piles) == ("N" if wins else "P", far), piles


def test_sharing_box():
    game = make_game("sharing")
    for piles in itertools.product(range(9), repeat=3):
        wins, far = brute.sharing_remoteness(piles)
        assert outcome_and_remoteness(game, piles) == ("N" if wins else "P", far), piles


def test_outcome_agrees_with_the_values_in_end_nim_misere():
    game = make_game("end-nim", variant="misere")
    for row in itertools.product(range(1, 5), repeat=3):
        outcome, _ = outcome_and_remoteness(game, row)
        assert (outcome == "P") == (brute.end_nim(row, "misere") == 0), row


def test_out_of_budget_is_a_refusal():
    game = make_game("nim")
    with pytest.raises(TooManyStates, match="remoteness"):
        outcome_and_remoteness(game, (30, 31, 32, 33), max_states=100)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=3, max_size=3))
def test_random_sharing_positions(piles):
    wins, far = brute.sharing_remoteness(tuple(piles))
    assert outcome_and_remoteness(make_game("sharing"), tuple(piles)) == \
        ("N" if wins else "P", far)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=4))
def test_random_nim_positions_and_the_winner_wins_fastest(piles):
    game = make_game("nim")
    outcome, far = outcome_and_remoteness(game, tuple(piles))
    assert (outcome, far) == (("N" if brute.nim_remoteness(tuple(piles))[0] else "P"),
                              brute.nim_remoteness(tuple(piles))[1])
    children = [outcome_and_remoteness(game, q) for q in game.successors(tuple(piles))]
    if outcome == "N":    # the fastest win: no move to a P-position ends sooner
        assert far == 1 + min(r for o, r in children if o == "P")
    elif children:        # the slowest loss
        assert far == 1 + max(r for _, r in children)

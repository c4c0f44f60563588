"""Remoteness (moves to the end under perfect play) against a plain minimax of tests/brute.py,
over whole boxes, and its budget: out of reach is a refusal, never a guess."""

from __future__ import annotations

import itertools

import pytest

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

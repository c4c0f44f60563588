"""Remoteness (moves to the end under perfect play) against a plain minimax of tests/brute.py,
over whole boxes, and its budget: out of reach is a refusal, never a guess."""

from __future__ import annotations

import importlib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brute
from conftest import without_made_by
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


# ------------------------------------------------------------------ the Python API
def _brute_entry(wins_far: tuple[bool, int]) -> tuple[str, int]:
    wins, far = wins_far
    return ("N" if wins else "P"), far


def _check_against_brute(found, position, brute_remoteness):
    assert (found.outcome, found.remoteness) == _brute_entry(brute_remoteness(position))
    assert found.note is None
    targets = [m.to for m in found.moves]
    assert len(set(targets)) == len(targets)
    for entry in found.moves:
        assert (entry.outcome, entry.remoteness) == _brute_entry(brute_remoteness(entry.to))


def test_api_remoteness_of_a_position_and_its_moves_on_boxes():
    import nimlab

    for piles in itertools.product(range(4), repeat=3):
        found = nimlab.remoteness("nim", piles)
        _check_against_brute(found, piles, brute.nim_remoteness)
        assert len(found.moves) == sum(piles)
    for piles in itertools.product(range(7), repeat=3):
        _check_against_brute(nimlab.remoteness("sharing", piles), piles,
                             brute.sharing_remoteness)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=4))
def test_api_remoteness_random_nim_positions(piles):
    import nimlab

    position = tuple(piles)
    found = nimlab.remoteness("nim", position)
    _check_against_brute(found, position, brute.nim_remoteness)
    # the text form and the tuple answer alike, and to_json says the same
    assert nimlab.remoteness("nim", ",".join(map(str, piles))).to_json() == found.to_json()


def test_api_remoteness_out_of_budget_is_null_with_one_line_note():
    import nimlab

    huge = nimlab.remoteness("nim", (10**30, 3, 17))
    assert (huge.outcome, huge.remoteness, huge.moves) == (None, None, ())
    assert huge.note.startswith("remoteness unknown:") and "\n" not in huge.note
    assert "--max-states" in huge.note
    assert huge.to_json() == {"position": f"{10**30},3,17", "outcome": None, "remoteness": None,
                              "note": huge.note, "moves": []}
    small = nimlab.remoteness("nim", (30, 31, 32, 33), max_states=100)
    assert small.remoteness is None and "100" in small.note
    late = nimlab.remoteness("nim", (20, 20, 20, 20), time_limit=0.001)
    assert late.remoteness is None and "time-limit" in late.note
    few = nimlab.remoteness("nim", (3, 3), max_moves=2)
    assert (few.outcome, few.remoteness, few.moves) == ("P", 6, ()) and "more than 2 moves" in \
        few.note


def test_api_remoteness_displays():
    import nimlab

    found = nimlab.remoteness("nim", (1, 2))
    assert repr(found).startswith("Remoteness(nim 1,2: N-position, 3 moves to the end; 3 moves")
    assert "2-1->1,1 (P, 2)" in repr(found)
    shown = found._repr_html_()
    assert "<svg" in shown and "<td>2-1</td>" in shown and "3 moves to the end" in shown
    assert "remoteness unknown" in repr(nimlab.remoteness("nim", (10**30, 3, 17)))
    # the function, whatever module of the API was imported first (the web lab's workers
    # import nimlab.lab.solving before they ask for it)
    importlib.import_module("nimlab.lab.solving")
    assert callable(importlib.import_module("nimlab.lab").remoteness)
    # the same function (its errors in Python's terms: nimlab.errors.python_errors)
    assert nimlab.remoteness.__wrapped__ is importlib.import_module("nimlab.lab").remoteness


def test_moves_with_remoteness_in_text_and_json():
    import json

    from click.testing import CliRunner

    import nimlab
    from nimlab.cli import main

    for piles in [(1, 2, 3), (2, 2), (0, 4)]:
        position = ",".join(map(str, piles))
        found = nimlab.moves("nim", piles, remoteness=True)
        data = found.to_json()
        assert (data["outcome"], data["remoteness"]) == _brute_entry(brute.nim_remoteness(piles))
        assert data["remoteness_note"] is None
        for row in data["moves"]:
            to = tuple(map(int, row["to"].split(",")))
            assert row["remoteness"] == brute.nim_remoteness(to)[1]
        done = CliRunner().invoke(main, ["moves", "nim", position, "--remoteness", "--json"])
        assert done.exit_code == 0 and without_made_by(json.loads(done.output)) == data
        text = CliRunner().invoke(main, ["moves", "nim", position, "--remoteness"]).output
        lines = text.splitlines()
        assert lines[2].split()[-1] == "remoteness"
        for line, row in zip(lines[3:], data["moves"]):
            assert line.split()[-1] == str(row["remoteness"])
    # without the flag nothing changes
    assert "remoteness" not in nimlab.moves("nim", (1, 2)).to_json()
    # out of reach: unknown, said in one line, never guessed
    huge = nimlab.moves("sharing", (10**30 + 7, 3, 17), winning=True, remoteness=True)
    assert huge.to_json()["remoteness"] is None and huge.rows()[0]["remoteness"] is None
    assert "remoteness unknown" in huge.to_json()["remoteness_note"]
    text = CliRunner().invoke(main, ["moves", "sharing", f"{10**30 + 7},3,17", "--winning",
                                     "--remoteness"]).output
    assert "remoteness unknown" in text and "remoteness: ?" in text

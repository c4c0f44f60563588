"""``nimlab play`` and :mod:`nimlab.play`: the perfect computer never throws away a win, whole
scripted games through the command line (illegal moves, hint, undo, quit, end of input), the
drawing of each game, JSON events and bad input."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.cli import main
from nimlab.engine.solver import solver_for
from nimlab.games import load
from nimlab.play import COMPUTER, YOU, Match, draw
from nimlab.strategy import hint

# (game, options, positions) the matches start from: small enough for the solver to referee.
START = [
    ("nim", {}, ["3,5,7", "1,2,3", "4,4,1", "6,2"]),
    ("sharing", {}, ["0,4,8", "3,3,15", "2,5,11", "1,6,6", "0,1,9,4"]),
    ("wythoff", {}, ["4,7", "6,9", "3,3"]),
    ("graph-nim", {"edges": "1-2,2-3,3-1"}, ["1,4,9", "0,5,7"]),
    ("end-nim", {"variant": "normal"}, ["2,5,3", "1,1,2,3", "4,1,4"]),
    ("end-nim", {"variant": "misere"}, ["1,2,2", "3,1,3", "1", "2,2,2,1"]),
    ("end-nim", {"variant": "loop"}, ["2,5,3", "1,1,1", "3,2,2,4"]),
    ("fibonacci", {}, ["7,3;0", "6,6;0", "7,3,2;0", "5,5;2", "9,4;1"]),
    ("subtraction", {"set": "1,3,4"}, ["14", "17", "7"]),
    ("cash", {"set": "1,3,4"}, ["14;9,9", "10;4,4", "12;6,3"]),
    ("cash", {"set": "1,2"}, ["10;3,2", "9;5,5"]),
]
CASES = [(name, options, text) for name, options, texts in START for text in texts]


def random_policy(seed: int):
    rng = random.Random(seed)

    def choose(match: Match):
        game, position = match.game, match.position
        return rng.choice(list(game.legal_moves(position)))
    return choose


def perfect_policy(match: Match):
    advice = hint(match.game, match.position)
    return advice.move or advice.stalling


def play_out(match: Match, opponent) -> list:
    """Play the match to its end; at every computer turn record (won before?, won after?)."""
    solver = solver_for(match.game)
    record = []
    while not match.over:
        if match.to_move == COMPUTER:
            before = solver.value(match.position) != 0
            match.play(match.computer_move()[0])
            # after the computer's move the opponent is to move: a P-position means the
            # computer still wins (and an over game under normal play is a P-position too)
            after = match.over and match.winner == COMPUTER or (
                not match.over and solver.value(match.position) == 0)
            record.append((before, after))
        else:
            match.play(opponent(match))
    return record


@settings(max_examples=200)
@given(st.sampled_from(CASES), st.integers(0, 10 ** 6), st.booleans(), st.booleans())
def test_perfect_computer_never_throws_away_a_win(case, seed, computer_first, adversarial):
    name, options, text = case
    game, position = load(name, text, **options)
    match = Match(game, position, to_move=COMPUTER if computer_first else YOU)
    opponent = perfect_policy if adversarial else random_policy(seed)
    won_at_start = computer_first and solver_for(game).value(position) != 0
    record = play_out(match, opponent)
    for before, after in record:
        if before:
            assert after, (name, text)
    if won_at_start:
        assert match.winner == COMPUTER
    if any(before for before, _ in record):
        assert match.winner == COMPUTER
    if adversarial and not computer_first and solver_for(game).value(position) != 0:
        assert match.winner == YOU  # the adversary plays the same perfect strategy


@pytest.mark.parametrize("name,options,text", CASES[::3])
def test_easy_computer_plays_legal_random_moves_reproducibly(name, options, text):
    game, position = load(name, text, **options)
    runs = []
    for _ in range(2):
        match = Match(game, position, to_move=COMPUTER, level="easy", seed=7)
        moves = []
        while not match.over:
            move = match.computer_move()[0] if match.to_move == COMPUTER else \
                random_policy(3)(match)
            assert move in list(game.legal_moves(match.position))
            match.play(move)
            moves.append(move)
        runs.append(moves)
    assert runs[0] == runs[1]


def test_undo_restores_the_position_before_your_move():
    game, position = load("nim", "3,5,7")
    match = Match(game, position)
    assert not match.undo()
    match.play(game.parse_move("1-1", position))
    match.play(match.computer_move()[0])
    assert match.position != position and match.to_move == YOU
    assert match.undo()
    assert match.position == position and match.to_move == YOU


def test_misere_move_that_ends_the_game_is_legal_and_loses():
    game, position = load("end-nim", "1", variant="misere")
    match = Match(game, position)
    match.play(game.parse_move("L-1", position))
    assert match.over and match.winner == COMPUTER and "misere" in match.reason


# ------------------------------------------------------------------ drawings
@pytest.mark.parametrize("name,options,text,expected", [
    ("nim", {}, "4,2", ["pile 1 | \u25cf\u25cf\u25cf\u25cf (4)", "pile 2 | \u25cf\u25cf (2)"]),
    ("end-nim", {"variant": "normal"}, "2,5,3", ["row, left to right: 2 | 5 | 3", "(left end)",
                                                   "(right end)"]),
    ("fibonacci", {}, "7,3;2", ["pile 1 |", "previous removal: 2", "at most 4 chips"]),
    ("fibonacci", {}, "7,3;0", ["first move"]),
    ("cash", {"set": "1,3,4"}, "14;9,5", ["heap", "(14)", "you $9, computer $5",
                                          "removals allowed: 1, 3, 4"]),
    ("subtraction", {"set": "1,3,4"}, "14", ["heap", "removals allowed: 1, 3, 4"]),
    ("graph-nim", {"edges": "1-2,2-3"}, "1,4,9", ["tokens may move along: 1>2, 2>3"]),
    ("nim", {}, "100", ["\u2026 (100)"]),
])
def test_drawings(name, options, text, expected):
    game, position = load(name, text, **options)
    picture = "\n".join(draw(game, position, YOU))
    for fragment in expected:
        assert fragment in picture, picture


# ------------------------------------------------------- the command line
def play(args: list[str], lines: list[str]):
    return CliRunner().invoke(main, ["play", *args], input="".join(f"{x}\n" for x in lines))


def test_scripted_win_with_an_illegal_move_a_hint_and_undo():
    result = play(["nim", "2,3"], ["2-5", "hint", "undo", "1-1", "undo", "2-1", "2-1", "2-1"])
    out = result.output
    assert result.exit_code == 0, out
    assert "Not allowed" in out and "pile 2 holds only 3" in out
    assert "winning move: 2-1" in out
    assert "Nothing to undo" in out
    assert "Took back your last move" in out
    assert "You win!" in out
    assert "pile 1 | \u25cf\u25cf (2)" in out and "your move> " in out


def test_scripted_game_where_the_computer_wins_from_an_n_position():
    moves = ["1-1", "2-1", "3-1"] * 20
    result = play(["nim", "3,5,7", "--first", "computer"], moves)
    assert result.exit_code == 0, result.output
    assert "computer plays" in result.output
    assert "The computer wins." in result.output


def test_quit_and_end_of_input():
    result = play(["sharing", "0,4,8"], ["moves", "quit"])
    assert result.exit_code == 0 and "moves: 2>1:1 2>1:2 3>1:1" in result.output
    assert "You quit" in result.output
    silent = CliRunner().invoke(main, ["play", "wythoff", "4,7"], input="")
    assert silent.exit_code == 0 and "You quit" in silent.output


def test_misere_ending_move_through_the_cli():
    result = play(["end-nim", "1", "--variant", "misere"], ["L-1"])
    assert result.exit_code == 0 and "The computer wins." in result.output
    assert "misere" in result.output


def test_cash_game_through_the_cli_names_the_money():
    result = play(["cash", "4", "--set", "1,3,4", "--budgets", "1,1"], ["3", "1", "1", "1"])
    out = result.output
    assert result.exit_code == 0, out
    assert "it costs 3 dollars and the player to move has 1" in out
    assert "money: you $1, computer $1" in out
    assert "wins" in out


def test_json_events_one_per_line():
    result = play(["end-nim", "2,5,3", "--json", "--first", "computer"],
                  ["hint", "L-9", "undo", "L-1", "R-1", "L-1", "R-1", "L-1", "R-1", "L-1"] * 3)
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in result.output.strip().splitlines()]
    kinds = [e["event"] for e in events]
    assert kinds[0] == "start" and kinds[-1] in ("winner", "quit")
    assert {"position", "move", "hint", "illegal"} <= set(kinds)
    assert kinds[-1] == "winner" and events[-1]["winner"] == COMPUTER
    first_move = next(e for e in events if e["event"] == "move")
    assert first_move["player"] == COMPUTER and first_move["to"] == "2,5,2"
    assert all(e["event"] != "hint" or "explanation" in e for e in events)


def test_easy_level_is_reproducible_with_a_seed_and_another_seed_changes_it():
    def computer_moves(seed: str) -> list:
        args = ["subtraction", "30", "--set", "1,3,4", "--level", "easy", "--seed", seed,
                "--first", "computer", "--json"]
        done = play(args, ["1", "3", "4"] * 20)
        assert done.exit_code == 0, done.output
        events = [json.loads(line) for line in done.output.strip().splitlines()]
        return [e["to"] for e in events if e["event"] == "move" and e["player"] == COMPUTER]

    five = computer_moves("5")
    assert five and computer_moves("5") == five  # the same seed: the same game
    # Another seed: other random choices (deterministic for these two seeds; were the seed
    # ignored, the first assertion would fail instead).
    assert computer_moves("6") != five


BAD = [
    (["play", "chess", "1,2"], "unknown game"),
    (["play", "nim", "1,2", "--level", "godlike"], "godlike"),
    (["play", "nim", "1,2", "--first", "nobody"], "nobody"),
    (["play", "end-nim", "0,1"], "below 1"),
    (["play", "cash", "14", "--set", "1,3,4"], "budgets"),
    (["play", "end-nim", "1", "--variant", "misere", "--seed", "x"], "x"),
]


@pytest.mark.parametrize("args,fragment", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_to_play_is_one_line_and_exit_2(args, fragment):
    result = CliRunner().invoke(main, args, input="quit\n")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("nimlab: error: ") and fragment in lines[0]


def test_look_ahead_levels_take_near_wins_and_avoid_near_losses():
    """ahead-K against the brute force of Nim: a win within reach is taken, and a move that
    lets the opponent win at once is never played when another exists."""
    import random

    import brute
    from nimlab import load
    from nimlab.play import look_ahead

    game, position = load("nim", "0,0,5")
    assert look_ahead(game, position, 1, random.Random(1)).notation() == "3-5"
    game, position = load("nim", "0,2,5")
    for seed in range(20):
        move = look_ahead(game, position, 2, random.Random(seed))
        assert sum(1 for p in game.do_move(position, move) if p) == 2
    game, position = load("nim", "1,1,2")     # the only winning move is 3-2 (1^1^0 = 0)
    for seed in range(10):
        move = look_ahead(game, position, 3, random.Random(seed))
        assert brute.nim(game.do_move(position, move)) == 0

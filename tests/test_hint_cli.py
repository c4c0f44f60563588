"""``nimlab hint``: text and JSON output, every game, huge Sharing Nim piles, bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from nimlab.cli import main
from nimlab.engine.solver import solver_for
from nimlab.games import GAMES, load
from test_strategy import rule_p


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def hint_json(*args: str) -> dict:
    result = run("hint", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def options_args(options: dict) -> list[str]:
    return [x for k, v in options.items() for x in (f"--{k}", str(v))]


@pytest.mark.parametrize("name", list(GAMES))
def test_hint_json_for_every_game_agrees_with_the_solver(name):
    spec = GAMES[name]
    data = hint_json(name, spec.example_position, *options_args(spec.example_options))
    game, position = load(name, spec.example_position, **spec.example_options)
    solver = solver_for(game)
    value = solver.value(position)
    assert {"move", "notation", "to", "explanation", "outcome", "value"} <= set(data)
    assert data["outcome"] == ("P" if value == 0 else "N")
    assert data["value"] in (None, value)
    if value:
        move = game.parse_move(data["notation"], position)
        after = game.check_move(position, move)
        assert game.format(after) == data["to"]
        assert solver.value(after) == 0
        assert move.describe() == data["move"]
    else:
        assert data["move"] is None and data["to"] is None
        assert "no winning move" in data["explanation"].lower()


def test_hint_text_names_the_move_the_position_and_the_theorem():
    result = run("hint", "sharing", "3,3,17")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "winning move: " in out and "leads to:" in out and "Theorem 2" in out
    data = hint_json("sharing", "3,3,17")
    assert data["to"] in out and data["notation"] in out


def test_hint_at_a_p_position_says_there_is_no_winning_move():
    data = hint_json("sharing", "3,3,15")  # difference 12 = 4 x 3: Theorem 2
    assert data["outcome"] == "P" and data["move"] is None and data["notation"] is None
    assert "No winning move" in data["explanation"] and "12 = 4 x 3" in data["explanation"]
    assert data["stalling_notation"]
    text = run("hint", "sharing", "3,3,15").output
    assert "no winning move" in text and "stalling move" in text


def test_hint_cash_reports_the_winner_and_the_theorem():
    data = hint_json("cash", "10", "--set", "1,2", "--budgets", "3,2")
    assert data["winner"] == "I" and "Theorem 4.5" in data["source"]
    assert data["to"] == "9/2,2"


def test_hint_on_huge_sharing_piles_uses_integer_arithmetic_only():
    base = 7 * 10 ** 299 + 12345
    d = 4 ** 200 * 12345679  # even power of 2: the pair + d is a P-position
    text = f"{base + 3},{base},{base + d}"
    data = hint_json("sharing", text)
    assert data["outcome"] == "N" and data["method"] == "closed form"
    assert data["value"] is None and "too large" in data["value_note"]
    to = tuple(int(x) for x in data["to"].split(","))
    assert sum(to) == 3 * base + 3 + d
    assert rule_p(to)
    p_data = hint_json("sharing", data["to"])
    assert p_data["outcome"] == "P" and p_data["move"] is None


BAD = [
    (["hint", "chess", "1,2"], "unknown game"),
    (["hint", "nim", "3,x"], "not an integer"),
    (["hint", "end-nim", "0,2"], "below 1"),
    (["hint", "cash", "14", "--set", "1,3,4"], "budgets"),
    (["hint", "subtraction", "14"], "--set"),
    (["hint", "end-nim", "1,2", "--variant", "sideways"], "variant"),
    (["hint", "nim", "1,2", "--factor", "2"], "does not apply"),
    (["hint", "end-nim", "1", "--variant", "loop", "--json", "--max-states", "0"], "max-states"),
]


@pytest.mark.parametrize("args,fragment", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_to_hint_is_one_line_and_exit_2(args, fragment):
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("nimlab: error: ") and fragment in lines[0], lines[0]


def test_hint_beyond_max_states_is_a_clean_error():
    # Wythoff answers by its closed form at any size; Graph Nim on 5 vertices has no fast path.
    result = run("hint", "graph-nim", "4,9,16,25,36", "--edges", "1-2,2-3,3-4,4-5",
                 "--max-states", "50")
    assert result.exit_code == 2
    assert "max-states" in result.output and "Traceback" not in result.output

"""``nimlab discover --restrict FORMULA``: the set inside a slice of the positions, proven when
the slice is closed under moves (decided by the prover, checked here by brute force over the
game's own moves), a hypothesis otherwise; the automata against plain brute force on boxes."""

from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner

import brute
from nimlab.cli import main
from nimlab.discover import discover
from nimlab.discover.slices import inside_rows, make_slice
from nimlab.prove.games import game_formula


def accepted(found, p) -> bool:
    automaton = found.dfa if found.dfa is not None else found.hypothesis
    return automaton.run(dict(zip(found.variables, p)), base=found.base)


@pytest.mark.parametrize("game, piles, formula, inside", [
    ("nim", 3, "p3 = 0", lambda p: p[2] == 0),
    ("nim", 3, "p1 = p2", lambda p: p[0] == p[1]),
    ("nim", 3, "p1 + p2 <= 5", lambda p: p[0] + p[1] <= 5),
    ("nim", 3, "p1 >= 2", lambda p: p[0] >= 2),
    ("wythoff", None, "p1 = 0", lambda p: p[0] == 0),
    ("wythoff", None, "p1 <= p2", lambda p: p[0] <= p[1]),
    ("sharing", 3, "p1 = 0", lambda p: p[0] == 0),
    ("sharing", 3, "p1 + p2 + p3 <= 4", lambda p: sum(p) <= 4),
])
def test_closure_is_what_the_moves_say(game, piles, formula, inside):
    gf = game_formula(game, piles)
    piece = make_slice(gf, formula)
    side = 7
    box = list(itertools.product(range(side), repeat=len(gf.names)))
    # the slice's automaton is the formula, on a whole box
    assert inside_rows(piece, box).tolist() == [inside(p) for p in box]
    # closed exactly when no move of the game leaves it (the moves of positions in a box; a
    # move only lowers numbers here, so the box holds every move's target)
    played = gf.make_game()
    assert gf.domain == "true"
    leaving = [(p, q) for p in box if inside(p)
               for q in (tuple(x) for x in played.successors(gf.to_game(p)))
               if not inside(q)]
    assert piece.closed == (not leaving), (formula, leaving[:3])
    if not piece.closed:
        a, b = piece.leaving
        assert inside(a) and not inside(b)
        assert b in {tuple(q) for q in played.successors(gf.to_game(a))}


def test_a_closed_slice_is_proven_level_by_level():
    found = discover("nim", 3, value=1, restrict="p3 = 0")
    assert found.status == "proven" and found.target == "value 1 inside p3 = 0"
    for p in itertools.product(range(12), repeat=3):
        assert accepted(found, p) == (p[2] == 0 and brute.nim(p) == 1), p
    # the smaller value first, inside the slice too
    (name, zero), = found.given
    for p in itertools.product(range(12), repeat=3):
        assert zero.run(dict(zip(found.variables, p))) == (p[2] == 0 and brute.nim(p) == 0)


def test_a_row_of_wythoff_is_closed_and_proven():
    # from (0, b) a move only takes from b: the row's values are G(0, b) = b
    found = discover("wythoff", value=2, restrict="p1 = 0")
    assert found.status == "proven" and len(found.given) == 2
    for p in itertools.product(range(20), repeat=2):
        assert accepted(found, p) == (p == (0, 2)), p


def test_a_slice_that_moves_leave_is_a_hypothesis_never_proven():
    found = discover("nim", 3, p_positions=True, restrict="p1 = p2")
    assert found.status == "unknown" and found.dfa is None and found.hypothesis is not None
    assert "not closed under moves" in found.reason and "->" in found.reason
    assert "closed under moves" in found.further
    for p in itertools.product(range(16), repeat=3):  # the set it describes: exact here
        assert accepted(found, p) == (p[0] == p[1] and brute.nim(p) == 0), p
    data = found.to_json()
    assert data["status"] == "unknown" and data["hypothesis"]["proven"] is False


def test_the_command_line(tmp_path):
    runner = CliRunner()
    done = runner.invoke(main, ["discover", "nim", "--piles", "3", "--p-positions",
                                "--restrict", "p3 = 0", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["status"] == "proven" and data["target"] == "p-positions inside p3 = 0"
    text = runner.invoke(main, ["discover", "nim", "--piles", "3", "--p-positions",
                                "--restrict", "p3 = 0"]).output
    assert text.startswith("proven: the P-positions inside p3 = 0 of nim")
    assert "re-prove" not in text  # nimlab prove reads whole games


@pytest.mark.parametrize("args, message", [
    (["--restrict", "q = 0"], "q, which is not a position variable"),
    (["--restrict", "p1 = "], "--restrict 'p1 ='"),
    (["--restrict", "p1 < 0"], "no position of nim(piles=3) is in it"),
    (["--restrict", ""], "give a formula"),
    (["--restrict", "p1 = 0", "--workers", "2"], "--restrict with --workers"),
    (["--restrict", "p1 = p2", "--learner", "box"], "active learner only"),
])
def test_bad_slices_are_one_line(args, message):
    done = CliRunner().invoke(main, ["discover", "nim", "--piles", "3", "--p-positions", *args])
    assert done.exit_code == 2, done.output
    assert message in done.output and "Traceback" not in done.output
    assert len(done.output.strip().splitlines()) == 1


def test_from_data_refuses_a_slice(tmp_path):
    table = tmp_path / "t.csv"
    table.write_text("".join(f"{a},{b},{int(a == b)}\n" for a in range(4) for b in range(4)))
    done = CliRunner().invoke(main, ["discover", "--from", str(table), "--restrict", "p1 = 0"])
    assert done.exit_code == 2 and "--restrict is for a game" in done.output

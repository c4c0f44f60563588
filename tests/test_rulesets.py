"""Games of one's own (the ruleset API): the example rules files of docs/RULESETS.md through every
command and the Python API, each answer against a plain brute force (tests/brute.py); bad rules
in one line with exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import brute
import nimlab
from nimlab.errors import InputError
from nimlab.games.registry import RULES_VARIABLE, forget, user_games

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
BAD = Path(__file__).parent / "data" / "rules"
KAYLES, MISERE, EUCLID = (EXAMPLES / f for f in ("kayles.py", "misere_subtraction.py",
                                                 "euclid.py"))
CLI = "import sys; from nimlab.cli import main; sys.argv[0] = 'nimlab'; main()"


@pytest.fixture(scope="module", autouse=True)
def registered():
    """The three example games, registered in this process (as `--rules` does in a command);
    the variable that hands them to worker processes is put back afterwards."""
    before = os.environ.get(RULES_VARIABLE)
    known = set(user_games())
    for path in (KAYLES, MISERE, EUCLID):
        nimlab.load_rules(path)
    yield
    for name in set(user_games()) - known:  # the other tests of this process see none of them
        forget(name)
    if before is None:
        os.environ.pop(RULES_VARIABLE, None)
    else:
        os.environ[RULES_VARIABLE] = before


def run(*args: str, rules=(KAYLES, MISERE, EUCLID), timeout: float = 120):
    env = {k: v for k, v in os.environ.items() if k != RULES_VARIABLE}
    words = [w for path in rules for w in ("--rules", str(path))]
    return subprocess.run([sys.executable, "-c", CLI, *args, *words], capture_output=True,
                          text=True, env=env, timeout=timeout)


def run_json(*args: str, **kwargs):
    done = run(*args, "--json", **kwargs)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def one_line_error(done) -> str:
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nimlab: error: "), done.stderr
    return lines[0]


# -------------------------------------------------------------------------- Kayles: sums
def kayles_sum(heaps):
    total = 0
    for n in heaps:
        total ^= brute.kayles_row(n)
    return total


def test_kayles_rows_and_sums_against_brute_force():
    """The heap values against a plain mex, and the sum theorem itself against a recursion on
    whole positions (no XOR used), over a box of positions of up to three rows."""
    for n in range(0, 80):
        assert nimlab.value("kayles", (n,)) == brute.kayles_row(n), n
    for a in range(0, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                heaps = tuple(h for h in (a, b, c) if h) or (0,)
                expected = brute.kayles_position(tuple(sorted(h for h in heaps if h)))
                found = nimlab.answer("kayles", heaps)
                assert found.value == expected == kayles_sum(heaps), heaps
                assert found.method == "sum of heaps"


@settings(max_examples=40)
@given(st.lists(st.integers(0, 300), min_size=1, max_size=5))
def test_kayles_winning_moves_reach_p_positions(heaps):
    hint = nimlab.hint("kayles", tuple(heaps))
    if kayles_sum(heaps) == 0:
        assert hint.outcome == "P"
    else:
        assert hint.outcome == "N" and kayles_sum(hint.to) == 0, (heaps, hint.to)


def test_a_row_of_200_and_a_sum_of_four_rows_by_the_sum_theorem():
    """Answered from the heaps' values (no search of the whole position): the method says so,
    and the values are the plain mex's."""
    assert nimlab.answer("kayles", (200,)).value == brute.kayles_row(200)
    four = (200, 171, 133, 97)
    found = nimlab.answer("kayles", four)
    assert found.method == "sum of heaps" and found.value == kayles_sum(four)


def test_kayles_table_and_periodicity_from_the_command_line(tmp_path):
    out = tmp_path / "kayles.npy"
    done = run("table", "kayles", "--max", "300", "--out", str(out))
    assert done.returncode == 0, done.stderr
    values = np.load(out)
    assert values.tolist() == [brute.kayles_row(n) for n in range(301)]
    # Kayles: period 12 from heap 71 on (its last exception is heap 70; Guy and Smith 1956)
    found = run_json("periodicity", "kayles", "--max", "400")
    assert (found["preperiod"], found["period"], found["status"]) == (71, 12, "observed")


def test_a_table_too_slow_for_python_is_refused_with_the_largest_max_that_fits():
    line = one_line_error(run("table", "kayles", "--max", "100000"))
    assert "seconds" in line and "use --max" in line


def test_misere_heap_game_is_never_answered_by_the_sum():
    class MisereKayles(nimlab.games.HeapGame):
        misere = True

        def heap_moves(self, n):
            return nimlab.GAMES["kayles"].cls().heap_moves(n)

    game = MisereKayles()
    for heaps in [(1,), (2,), (1, 1), (2, 2), (1, 1, 1), (3, 4), (1, 2, 3), (4, 4, 1)]:
        found = nimlab.answer(game, heaps)
        assert found.method != "sum of heaps"
        expected = "N" if brute.misere_kayles_wins(tuple(sorted(heaps))) else "P"
        assert found.outcome == expected, heaps


def test_a_heap_game_that_changes_the_moves_of_positions_is_not_a_sum():
    class OnlyFirstHeap(nimlab.games.HeapGame):
        def heap_moves(self, n):
            return [(n - 1,)] if n else []

        def legal_moves(self, position):  # only the first heap may be played
            return [m for m in super().legal_moves(position) if m.heap == 0]

    found = nimlab.answer(OnlyFirstHeap(), (1, 1))
    assert found.method != "sum of heaps" and found.outcome == "N"


# ------------------------------------------------------- misere NIM(1,3,4): a Game in a few lines
def test_misere_subtraction_by_the_python_api_and_the_command_line():
    for n in list(range(1, 61)) + [100]:
        expected = "N" if brute.misere_subtraction_wins(n, (1, 3, 4)) else "P"
        assert nimlab.answer("misere-subtraction", (n,)).outcome == expected, n
    found = run_json("value", "misere-subtraction", "100")
    assert found["outcome"] == "N"  # 100 = 2 (mod 7)
    other = run_json("value", "misere-subtraction", "30", "--option", "removals=1,2,5")
    assert other["outcome"] == ("N" if brute.misere_subtraction_wins(30, (1, 2, 5)) else "P")
    assert other["params"] == {"removals": [1, 2, 5]}


def test_misere_subtraction_sequence_is_periodic_7_observed():
    found = run_json("periodicity", "misere-subtraction", "--max", "100")
    assert (found["period"], found["status"]) == (7, "observed")


# -------------------------------------------------------------- Euclid's game: two numbers
def test_euclid_values_table_moves_and_hint():
    for a in range(0, 13):
        for b in range(0, 13):
            assert nimlab.value("euclid", (a, b)) == brute.euclid(a, b), (a, b)
    table = run_json("table", "euclid", "--max", "10")
    assert table["rows"] == [[brute.euclid(a, b) for b in range(11)] for a in range(11)]
    moves = run_json("moves", "euclid", "31,12")
    assert {tuple(map(int, m["to"].split(","))) for m in moves["moves"]} == \
        {(19, 12), (7, 12)}
    hint = run_json("hint", "euclid", "31,12")
    assert brute.euclid(*map(int, hint["to"].split(","))) == 0
    for a, b in [(8, 3), (31, 12), (5, 5), (13, 8)]:
        far = run_json("moves", "euclid", f"{a},{b}", "--remoteness")
        assert (far["outcome"] == "N", far["remoteness"]) == brute.euclid_remoteness(a, b)


def test_play_in_the_terminal():
    """A scripted game: the player types the winning move, the computer answers, and quits."""
    script = "19.12\nq\n"
    done = subprocess.run([sys.executable, "-c", CLI, "play", "euclid", "31,12", "--rules",
                           str(EUCLID)], input=script, capture_output=True, text=True,
                          timeout=120, env={k: v for k, v in os.environ.items()
                                            if k != RULES_VARIABLE})
    assert done.returncode == 0, done.stderr
    assert "19,12" in done.stdout


# ---------------------------------------------------------------------------- every tool
def test_games_lists_the_games_of_ones_own_with_their_options():
    rows = {row["name"]: row for row in run_json("games")}
    assert rows["kayles"]["fast_paths"] == ["nimlab.engine.sums:HeapSums"]
    assert rows["misere-subtraction"]["options"] == {
        "--option removals=VALUE": "the subtraction set, e.g. 1,3,4 (the default)"}
    assert rows["euclid"]["origin"] == f"--rules {EUCLID}"


def test_prove_and_discover_say_what_they_need():
    for tool in (("prove", "kayles", "--p-positions", "p1 = 0"),
                 ("prove", "euclid", "--p-positions", "p1 = 0")):
        line = one_line_error(run(*tool))
        assert "formula" in line and f"nimlab periodicity {tool[1]}" in line


def test_table_of_a_game_object_from_python():
    kayles = nimlab.GAMES["kayles"].cls()
    table = nimlab.table(kayles, max=40)
    assert table.to_numpy().tolist() == [brute.kayles_row(n) for n in range(41)]


def test_register_a_class_in_python():
    @nimlab.register
    class Turn(nimlab.Game):
        pile_count = 1

        def moves(self, position):
            (n,) = position
            return [(n - k,) for k in (1, 2) if k <= n]

    assert Turn.name == "turn"
    assert [nimlab.value("turn", (n,)) for n in range(7)] == [0, 1, 2, 0, 1, 2, 0]
    with pytest.raises(InputError, match="clashes with nimlab's built-in game 'nim'"):
        nimlab.register(type("Nim2", (nimlab.HeapGame,), {"name": "nim",
                                                           "heap_moves": lambda s, n: []}))


def test_entry_points_register_a_package_s_games(tmp_path):
    """A package ships games through the entry-point group nimlab.games."""
    (tmp_path / "mygames.py").write_text(textwrap.dedent("""
        import nimlab

        class Dawson(nimlab.HeapGame):
            name = "dawsons-kayles"

            def heap_moves(self, n):  # knock down two adjacent pins
                for left in range(n - 1):
                    yield tuple(h for h in (left, n - 2 - left) if h)
        """))
    info = tmp_path / "mygames-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mygames\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[nimlab.games]\ndawson = mygames:Dawson\n")
    env = {**{k: v for k, v in os.environ.items() if k != RULES_VARIABLE},
           "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", CLI, "table", "dawsons-kayles", "--max", "20",
                           "--json"], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    # Dawson's Kayles (octal 0.07): 0,0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3 (OEIS A002187)
    assert [row[1] for row in json.loads(done.stdout)["rows"]] == \
        [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]


# ----------------------------------------------------------------------------- bad rules
@pytest.mark.parametrize("file, command, expected", [
    ("syntax_error.py", ("value", "broken", "3"), "syntax error at line 3"),
    ("raises.py", ("value", "raises", "7"), "moves(7) raised ZeroDivisionError"),
    ("not_a_position.py", ("value", "not-a-position", "7"), "which is not a position"),
    ("cycle.py", ("value", "cycle", "3"), "has a cycle: 2 -> 1 -> 0 -> 2"),
    ("cycle.py", ("value", "heap-cycle", "2"), "have a loop: a heap of 2"),
    ("clash.py", ("value", "nim", "3"), "clashes with nimlab's built-in game 'nim'"),
    ("no_game.py", ("games",), "defines no game"),
    ("fails_on_load.py", ("games",), "running it raised RuntimeError at line 3"),
    ("missing.py", ("games",), "no such file"),
])
def test_bad_rules_are_one_line_and_exit_2(file, command, expected):
    line = one_line_error(run(*command, rules=(BAD / file,), timeout=60))
    assert expected in line, line


def test_bad_rules_in_python_are_one_input_error():
    with pytest.raises(InputError, match="syntax error"):
        nimlab.load_rules(BAD / "syntax_error.py")
    nimlab.load_rules(BAD / "raises.py")
    with pytest.raises(InputError, match="raised ZeroDivisionError"):
        nimlab.answer("raises", (7,))


# ------------------------------------------------- proofs and discovery from a move formula
def test_prove_a_game_of_ones_own_from_its_move_formula():
    found = run_json("prove", "misere-subtraction", "--p-positions", "p1 % 7 = 1 | p1 % 7 = 3")
    assert found["status"] == "proven"
    wrong = run_json("prove", "misere-subtraction", "--p-positions", "p1 % 7 = 1")
    assert wrong["status"] == "disproven"
    n = wrong["counterexample"]["position"] if isinstance(wrong["counterexample"], dict) else None
    assert n is None or brute.misere_subtraction_wins(int(str(n).strip("()[], ")), (1, 3, 4)) \
        == (int(str(n).strip("()[], ")) % 7 not in (1, 3))


def test_discover_a_game_of_ones_own_and_check_the_automaton_by_brute_force():
    found = nimlab.discover("misere-subtraction", p_positions=True)
    assert found.status == "proven" and found.states == 7  # one state per residue mod 7
    for n in range(1, 400):
        expected = not brute.misere_subtraction_wins(n, (1, 3, 4))
        assert found.dfa.run({"p1": n}) == expected, n


def test_a_move_formula_that_disagrees_with_the_moves_is_refused(tmp_path):
    rules = tmp_path / "wrong.py"
    rules.write_text(textwrap.dedent("""
        import nimlab

        class Wrong(nimlab.Game):
            name = "wrong-formula"
            pile_count = 1
            move_formula = "q1 + 1 = p1"

            def moves(self, position):
                (n,) = position
                return [(n - a,) for a in (1, 2) if a <= n]
        """))
    line = one_line_error(run("prove", "wrong-formula", "--p-positions", "p1 % 2 = 0",
                              rules=(rules,)))
    assert "move_formula does not allow the move from 2 to 0, and its moves() does" in line


def test_discover_without_a_formula_gives_the_hypothesis_as_evidence_never_proven(tmp_path):
    rules = tmp_path / "plain.py"
    rules.write_text(textwrap.dedent("""
        import nimlab

        class Plain134(nimlab.Game):
            name = "plain-134"
            pile_count = 1

            def moves(self, position):
                (n,) = position
                return [(n - a,) for a in (1, 3, 4) if a <= n]
        """))
    found = run_json("discover", "plain-134", "--p-positions", "--out", str(tmp_path / "p.txt"),
                     rules=(rules,))
    assert found["status"] == "unknown" and "move_formula" in found["reason"]
    assert found["hypothesis"]["proven"] is False and found["hypothesis"]["states"] == 7
    assert "move_formula" in found["further"]
    assert not (tmp_path / "p.txt").exists()  # nothing unproven is written as an automaton
    from nimlab.prove.walnut import loads

    dfa, _ = loads(found["hypothesis"]["walnut"])
    for n in range(0, 300):  # the hypothesis is right here: NIM(1,3,4)'s P-positions
        assert dfa.run({dfa.vars[0]: n}) == (n % 7 in (0, 2)), n


def test_a_discovery_stopped_before_its_first_question_ends_in_one_answer():
    """The time limit passes while the first table is built: 'unknown', no KeyError from an
    empty observation table (the hostile round's 'KeyError: ()')."""
    found = run_json("discover", "kayles", "--piles", "1", "--value", "1", "--time-limit", "0.5")
    assert found["status"] == "unknown" and "time limit" in found["reason"]


def test_a_game_with_an_ending_rule_of_its_own():
    """primitive() is the game's to say: here Nim on two piles ends as soon as a pile is empty
    (the player who empties one wins), against a plain recursion."""
    class TwoLeft(nimlab.Game):
        pile_count = 2

        def moves(self, position):
            return [position[:i] + (p - k,) + position[i + 1:]
                    for i, p in enumerate(position) for k in range(1, p + 1)]

        def primitive(self, position):
            return 0 in position

    def wins(a, b):  # plain recursion on the rules, no nimlab
        if a == 0 or b == 0:
            return False
        return any(not wins(a - k, b) for k in range(1, a + 1)) or \
            any(not wins(a, b - k) for k in range(1, b + 1))

    game = TwoLeft()
    for a in range(0, 7):
        for b in range(0, 7):
            expected = "N" if wins(a, b) else "P"
            assert nimlab.answer(game, (a, b)).outcome == expected, (a, b)

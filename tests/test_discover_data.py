"""nimlab discover --from FILE.csv: automata learned from a user's data (tables written here by
plain Python), compared with the automata discover proves from the games' rules (equal
languages); the answer is never proven, --out is refused, and bad data is one line, exit 2."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

import nimlab
from nimlab.cli import main
from nimlab.discover import discover, discover_data
from nimlab.prove import automata as am
from nimlab.prove.walnut import loads


def run(*args: str, **kwargs):
    return CliRunner().invoke(main, list(args), **kwargs)


def csv(rows, header=None) -> str:
    lines = [",".join(header)] if header else []
    return "\n".join(lines + [",".join(map(str, r)) for r in rows]) + "\n"


def same_language(a: am.DFA, b: am.DFA) -> bool:
    assert a.vars == b.vars, (a.vars, b.vars)
    return am.complement(am.product(a, b, "iff")).is_empty()


def unproven(found) -> am.DFA:
    assert found.status == "unknown" and found.dfa is None and found.formula is None
    assert found.hypothesis is not None, found.evidence
    return found.hypothesis


@pytest.fixture(scope="module")
def nim2_p():
    return discover("nim", 2, p_positions=True).dfa


def test_two_pile_nim_p_positions_from_complete_data(tmp_path, nim2_p):
    path = tmp_path / "nim2.csv"  # a box of 5 digits (0..31) and rows beyond it up to 40
    path.write_text(csv([(a, b, int(a == b)) for a in range(41) for b in range(41)],
                        ("p1", "p2", "label")))
    found = discover_data(path)
    dfa = unproven(found)
    assert dfa.n == 2 and same_language(dfa, nim2_p)
    assert found.digits == 5 and "box of 5 digits" in found.evidence
    assert "1,681 rows" in found.evidence and "657 beyond it" in found.evidence
    assert "1, 2, 2" in found.evidence  # the residual classes at each length
    assert "not proven" in repr(found)


def test_three_pile_nim_from_a_table_of_values_on_a_5_digit_box():
    rows = [(a, b, c, a ^ b ^ c) for a in range(32) for b in range(32) for c in range(32)]
    found = discover_data(io.StringIO(csv(rows)), p_positions=True)
    dfa = unproven(found)
    assert found.variables == ("p1", "p2", "p3") and found.target == "p-positions"
    assert same_language(dfa, discover("nim", 3, p_positions=True).dfa)


def test_values_with_value_1_and_a_header_that_names_the_variables():
    rows = [(a, b, a ^ b) for a in range(32) for b in range(32)]
    found = nimlab.discover(from_file=io.StringIO(csv(rows, ("y", "x", "g"))), value=1)
    dfa = unproven(found)
    assert found.variables == ("x", "y") and found.target == "value 1"  # tracks sorted
    truth = am.rename(discover("nim", 2, value=1).dfa, {"p1": "y", "p2": "x"})
    assert dfa.n == 3 and same_language(dfa, truth)


def test_zeckendorf_data():
    rows = [(a, b, int(a == b)) for a in range(34) for b in range(34)]  # W_7 = 34: 7 digits
    found = discover_data(io.StringIO(csv(rows)), base="fib")
    dfa = unproven(found)
    assert found.digits == 7 and found.base == "fib"
    for a in range(60):
        for b in range(60):
            assert dfa.run({"p1": a, "p2": b}, base="fib") == (a == b)
    proven = discover("nim", 2, p_positions=True, base="fib").dfa
    assert all(dfa.run({"p1": a, "p2": b}, base="fib") == proven.run({"p1": a, "p2": b},
                                                                     base="fib")
               for a in range(60) for b in range(60))


def test_standard_input_and_json(nim2_p):
    text = csv([(a, b, 1 - int(a == b)) for a in range(16) for b in range(16)])
    done = run("discover", "--from", "-", "--p-positions", "--json", input=text)
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["status"] == "unknown" and data["game"] == "data (standard input)"
    assert data["hypothesis"]["proven"] is False and data["levels"][0]["rows"] == 256
    dfa, _ = loads(data["hypothesis"]["walnut"])
    assert same_language(am.rename(dfa, dict(zip(dfa.vars, ("p1", "p2")))), nim2_p)


def test_text_answer_says_hypothesis_not_proven(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(csv([(a, b, int(a == b)) for a in range(8) for b in range(8)]))
    done = run("discover", "--from", str(path))
    assert done.exit_code == 0, done.output
    assert done.output.startswith("unknown: a hypothesis, not proven") and "2 states" in \
        done.output
    assert not any(line.startswith("proven") for line in done.output.splitlines())


def test_a_row_beyond_the_box_is_checked():
    rows = [(a, b, int(a == b)) for a in range(16) for b in range(16)] + [(40, 40, 0)]
    found = discover_data(io.StringIO(csv(rows)))
    assert found.status == "unknown"
    assert found.hypothesis is None or not found.hypothesis.run({"p1": 40, "p2": 40})
    assert found.hypothesis is None or found.hypothesis.n > 2


def test_out_is_refused_and_nothing_written(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text(csv([(a, b, int(a == b)) for a in range(8) for b in range(8)]))
    done = run("discover", "--from", str(path), "--out", str(tmp_path / "p.txt"))
    assert done.exit_code == 2 and "nothing learned from data is proven" in done.output
    assert len(done.output.strip().splitlines()) == 1
    assert not (tmp_path / "p.txt").exists()


GOOD = "0,0,1\n0,1,0\n1,0,0\n1,1,1\n"


@pytest.mark.parametrize("text, args, words", [
    ("0,0,1\n0,x,0\n", (), "line 2: 'x' is not an integer"),
    ("0,0,1\n0,1.5,0\n", (), "line 2: '1.5' is not an integer"),
    ("p1,p2,label\n0,0,1\n0,1\n", (), "line 3: 2 fields where the header has 3"),
    ("0,0,1\n0,1,0,4\n", (), "line 2: 4 fields where the first row has 3"),
    ("0,0,1\n\n0,-1,0\n", (), "line 3: -1 is negative"),
    ("0,0,1\n0,1,2\n", (), "line 2: label 2 is not 0 or 1"),
    (GOOD + "1,1,0\n", (), "line 5: position (1, 1) is also on line 4"),
    (GOOD + "1,0,3\n", ("--value", "3"), "line 5: position (1, 0) is also on line 3"),
    ("", (), "holds no rows"),
    ("p1,p2,label\n", (), "holds no rows"),
    ("0,0,1\n1,0,0\n1,1,1\n", (), "position (0, 1) is missing"),
    ("pile one,p2,label\n" + GOOD, (), "line 1: the header's name 'pile one'"),
    ("5\n", (), "line 1: a row needs at least one number and a label"),
    (GOOD, ("--piles", "2"), "--piles is for a game"),
    (GOOD, ("--base", "fib", "--value", "1", "--p-positions"), "not both"),
])
def test_bad_data_is_one_line_exit_2(tmp_path, text, args, words):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    done = run("discover", "--from", str(path), *args)
    assert done.exit_code == 2, done.output
    line = done.output.strip()
    assert "\n" not in line and line.startswith("nimlab: error:") and words in line, line
    if "line " in words:
        assert "bad.csv, line" in line


def test_missing_file_game_and_data_together_and_the_python_terms(tmp_path):
    done = run("discover", "--from", str(tmp_path / "none.csv"))
    assert done.exit_code == 2 and "no such file" in done.output
    done = run("discover", "nim", "--from", str(tmp_path / "none.csv"))
    assert done.exit_code == 2 and "not both" in done.output
    with pytest.raises(nimlab.InputError, match="drop piles="):
        nimlab.discover(from_file=io.StringIO(GOOD), piles=2)
    with pytest.raises(nimlab.InputError, match="max_states"):
        nimlab.discover(from_file=io.StringIO(GOOD), max_states=0)
    found = discover_data(io.StringIO(GOOD + GOOD))  # the same rows twice: one box
    assert found.digits == 1 and found.levels[0]["rows"] == 8

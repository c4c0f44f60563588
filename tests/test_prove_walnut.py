"""Walnut's automaton text format: writing, reading, round trips and refusals."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from test_prove_automata import formula_strategy

from nimlab.prove import automata as am
from nimlab.prove import walnut
from nimlab.prove.logic import compile_formula, evaluate, parse

FORMULAS = {
    "2": ["a ^ b = c", "a + b = c", "a < b", 'a in "1(0|1)*0"', "a % 3 = 1 & b > a",
          "E d. b = a + 2*d + 1"],
    "fib": ["a + b = c", "a <= b", 'a in "10*"', "2*a = b + 1", "E d. b = a + d & d % 2 = 1"],
}


def box(names, size):
    return itertools.product(range(size), repeat=len(names))


def accepts(dfa, values, base):
    return dfa.run(dict(zip(dfa.vars, values)), base=base)


@pytest.mark.parametrize("base", ["2", "fib"])
def test_round_trip_accepts_the_same_tuples(base):
    for text in FORMULAS[base]:
        dfa = compile_formula(text, base)
        read, read_base = walnut.loads(walnut.dumps(dfa, base))
        assert read_base == base
        assert read.vars == walnut.track_names(len(dfa.vars))
        tree = parse(text)
        for values in box(dfa.vars, 14 if len(dfa.vars) < 3 else 9):
            truth = evaluate(tree, dict(zip(dfa.vars, values)), base, bound=30)
            assert accepts(read, values, base) == truth, (text, values)
            assert accepts(dfa, values, base) == truth, (text, values)
        # the written text is canonical: writing what was read gives the same file
        assert walnut.dumps(read, base) == walnut.dumps(dfa, base)


def test_track_order_and_names_beyond_nine():
    dfa = compile_formula("a + 1 = b")  # tracks (a, b)
    read, _ = walnut.loads(walnut.dumps(dfa, "2", order=("b", "a")))
    # the file's first track is b: t01 = b, t02 = a
    assert read.run({"t01": 5, "t02": 4}) and not read.run({"t01": 4, "t02": 5})
    names = walnut.track_names(12)
    assert list(names) == sorted(names) and names[9] == "t10"
    with pytest.raises(walnut.WalnutError, match="track order"):
        walnut.dumps(dfa, "2", order=("a",))


def test_written_layout_is_walnuts():
    text = walnut.dumps(compile_formula("a = b + 1"), "2")
    lines = text.splitlines()
    assert lines[0] == "msd_2 msd_2"
    assert lines[1] == "" and lines[2] == "0 0"  # state 0 first, the initial state
    # no transition names a dead state: every target is declared, each state once
    states = [line for line in lines[1:] if line and "->" not in line]
    declared = [int(s.split()[0]) for s in states]
    assert declared == list(range(len(declared)))
    targets = {int(line.split("->")[1]) for line in lines if "->" in line}
    assert targets <= set(declared)
    assert walnut.dumps(am.constant(True), "2") == "true\n"
    assert walnut.dumps(compile_formula("a < 0"), "2").splitlines()[1:] == ["", "0 0"]


HAND_WRITTEN = """\
// a small automaton written by hand in the style of Walnut files
msd_2 {0, 1}

0 0
0 0 -> 0
1 * -> 1      # a wildcard: either digit
0 1 -> 2

1 0
1 1 -> 1
0 0 -> 1
1 0 -> 3

2 0
0 * -> 2
3 1
"""


def test_hand_written_file():
    dfa, base = walnut.loads(HAND_WRITTEN)
    assert base == "2"

    def plain(x, y):  # the language of the file above, read with some leading zeros
        for pad in range(0, 3):
            wx, wy = am.encode(x, "2"), am.encode(y, "2")
            width = max(len(wx), len(wy)) + pad
            wx, wy = wx.rjust(width, "0"), wy.rjust(width, "0")
            state = 0
            for dx, dy in zip(wx, wy):
                state = {(0, "00"): 0, (0, "10"): 1, (0, "11"): 1, (0, "01"): 2,
                         (1, "11"): 1, (1, "00"): 1, (1, "10"): 3,
                         (2, "00"): 2, (2, "01"): 2}.get((state, dx + dy), -1)
                if state < 0:
                    break
            if state == 3:
                return True
        return False

    for x, y in box("xy", 40):
        assert dfa.run({"t01": x, "t02": y}) == plain(x, y), (x, y)


def test_nondeterministic_file_and_start_state():
    # two targets on one line, and the first declared state is the initial one
    text = "msd_2\n\n1 0\n0 -> 1\n1 -> 1 0\n\n0 1\n0 -> 0\n"
    dfa, _ = walnut.loads(text)  # accepts the words containing a 1 that end in 0s
    for n in range(40):
        assert dfa.run({"t01": n}) == (n > 0), n


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("lsd_2 lsd_2\n0 1\n", "least significant"),
    ("msd_17\n0 1\n", "unsupported number system"),
    ("msd_2 msd_fib\n0 1\n", "mix"),
    ("msd_2 {0, 1, 2}\n0 1\n", "an alphabet of 3 digits in numeration 2"),
    ("msd_2\n0 1\n2 -> 0\n", "digits of numeration 2 are 0 to 1"),
    ("msd_2\n0 2\n", "outputs 0 and 1"),
    ("msd_2 msd_2\n0 1\n0 -> 0\n", "1 digits where the header declares 2"),
    ("msd_2\n0 1\n1 -> 5\n", "never declared"),
    ("msd_2\n0 1\n0 1\n", "declared twice"),
    ("msd_2\n0 1\n2 0\n", "numbered 0, 1, 2"),
    ("msd_2\n1 -> 0\n", "before any state"),
    ("msd_2\nhello\n", "cannot read"),
    ("msd_2\n", "no state"),
    ("true\n0 1\n", "nothing may follow"),
    pytest.param("msd_2 " * 16 + "\n" + "".join(f"{q} 0\n" for q in range(100)),
                 "too large to read", id="too-many-states"),
    pytest.param("msd_2 " * 12 + "\n0 1\n" + ("* " * 12 + "-> 0\n") * 2000,
                 "too large to read", id="too-many-wildcards"),
])
def test_malformed_files_are_one_line_errors(text, message):
    with pytest.raises(walnut.WalnutError, match=message) as info:
        walnut.loads(text)
    assert "\n" not in str(info.value)


def test_save_and_load(tmp_path):
    dfa = compile_formula("a + b = c", "fib")
    path = walnut.save(tmp_path / "adder.txt", dfa, "fib")
    read, base = walnut.load(path)
    assert base == "fib" and read.n == walnut.loads(walnut.dumps(dfa, "fib"))[0].n
    assert [p.name for p in tmp_path.iterdir()] == ["adder.txt"]
    with pytest.raises(walnut.WalnutError, match="cannot read"):
        walnut.load(tmp_path / "missing.txt")
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(walnut.WalnutError, match="not a text file"):
        walnut.load(tmp_path / "bin.txt")
    assert walnut.loads("true")[0].accept[0]


@pytest.mark.parametrize("base", ["2", "fib"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_automata_round_trip(base, data):
    dfa = compile_formula(data.draw(formula_strategy(base)), base)
    text = walnut.dumps(dfa, base)
    read, read_base = walnut.loads(text)
    assert read_base == (base if dfa.vars else "2")  # true/false files name no numeration
    assert walnut.dumps(read, base) == text
    for values in box(dfa.vars, 8):
        assert accepts(read, values, base) == accepts(dfa, values, base)

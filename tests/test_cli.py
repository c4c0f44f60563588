"""The command line: the issue's examples, tables, files and every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from nimlab.cli import main

TABLE1 = Path(__file__).parent / "data" / "sharing_table1.txt"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def run_json(*args: str):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# ----------------------------------------------------------------- the examples
def test_value_sharing():
    data = run_json("value", "sharing", "0,4,8")
    assert data["value"] == 3 and data["outcome"] == "N"


def test_value_misere_end_nim():
    assert run_json("value", "end-nim", "1,2,2", "--variant", "misere")["value"] == 1


def test_value_fibonacci_first_move():
    assert run_json("value", "fibonacci", "7,3,2", "--last", "0")["outcome"] == "P"


def test_value_cash_winner():
    assert run_json("value", "cash", "14", "--set", "1,3,4", "--budgets", "9,9")["winner"] == "I"


def test_value_text_output():
    result = run("value", "sharing", "0,4,8")
    assert result.exit_code == 0 and "value 3" in result.output


def test_moves_and_winning_moves():
    every = run_json("moves", "sharing", "0,4,8")["moves"]
    winning = run_json("moves", "sharing", "0,4,8", "--winning")["moves"]
    # k <= (4-0)/2 from pile 2 to pile 1, k <= (8-0)/2 from 3 to 1, k <= (8-4)/2 from 3 to 2.
    assert len(every) == 2 + 4 + 2
    assert [m["to"] for m in winning] == ["4,4,4"]
    assert all(m["winning"] == (m["value"] == 0) for m in every)
    result = run("moves", "wythoff", "3,5", "--winning")
    assert result.exit_code == 0 and "no winning move" in result.output


def test_graph_nim_and_other_games_answer():
    assert run_json("value", "graph-nim", "1,4,9", "--edges", "1-2,2-3,3-1")["outcome"] in "PN"
    assert run_json("value", "subtraction", "14", "--set", "1,3,4")["outcome"] == "P"
    assert run_json("value", "nim", "3,5,6")["value"] == 0
    assert run_json("value", "wythoff", "4,7")["value"] == 0
    assert run_json("value", "fibonacci", "7,3,2;0")["outcome"] == "P"
    assert run_json("value", "cash", "14;9,9", "--set", "1,3,4")["winner"] == "I"


def test_games_and_tour():
    games = run_json("games")
    assert {g["name"] for g in games} == {"nim", "wythoff", "sharing", "graph-nim", "end-nim",
                                          "fibonacci", "subtraction", "cash", "octal"}
    stops = run_json("tour")
    assert len(stops) == len(games)
    for stop in stops:
        assert (stop["winning_move"] is None) == (stop["outcome"] == "P")
    assert "winning move" in run("tour").output


# ---------------------------------------------------------------------------- tables
def printed_table1() -> dict[tuple[int, int], int]:
    values = {}
    for line in TABLE1.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        label, row = line.split(":")
        a = int(label)
        for b, v in enumerate(map(int, row.split()), start=a):
            values[a, b] = v
    return values


def test_table_sharing_is_the_papers_table_1(tmp_path):
    printed = printed_table1()
    assert len(printed) == 17 * 18 // 2
    out = tmp_path / "t.npy"
    assert run("table", "sharing", "--max", "16", "--out", str(out)).exit_code == 0
    array = np.load(out)
    assert array.shape == (17, 17) and array.dtype.kind == "i"
    assert {(a, b): int(array[a, b]) for a in range(17) for b in range(a, 17)} == printed
    assert all(array[a, b] == -1 for a in range(17) for b in range(a))


def test_table_sharing_printed_layout():
    # the paper's layout: row a = 16 on top, a = 0 above the column labels; every cell in
    # full (the table fits 80 columns, so it is one block)
    text = run("table", "sharing", "--max", "16").output
    title, *lines = text.splitlines()
    assert title.startswith("Sharing Nim") and len(lines) == 18
    assert all(len(line) <= 80 for line in lines)
    cells = [line.split() for line in lines]
    assert cells[0] == ["16", "0"] and cells[-1][0] == "a/b" and cells[-2][0] == "0"
    assert cells[-2][1:] == [str(v) for v in [0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0]]
    assert cells[-1][1:] == [str(b) for b in range(17)]
    printed = printed_table1()
    for row in cells[:-1]:
        a = int(row[0])
        assert [int(v) for v in row[1:]] == [printed[(a, b)] for b in range(a, 17)]


def test_table_fibonacci_csv(tmp_path):
    out = tmp_path / "f.csv"
    assert run("table", "fibonacci", "--piles", "3", "--max", "9", "--out", str(out)).exit_code == 0
    rows = [tuple(map(int, line.split(","))) for line in out.read_text().splitlines()]
    assert rows and all(list(r) == sorted(r, reverse=True) for r in rows)
    assert all(2 <= p <= 9 for r in rows for p in r)
    assert (7, 3, 2) in rows and (2, 2, 2) in rows


def test_table_json_and_csv_forms(tmp_path):
    data = run_json("table", "end-nim", "--piles", "2", "--max", "6", "--variant", "loop")
    assert data["kind"] == "grid" and len(data["rows"]) == 6
    # Proposition 4.1: G_o(a, b) = ((a-1) xor (b-1)) + 1.
    assert data["rows"][2][4] == ((3 - 1) ^ (5 - 1)) + 1
    out = tmp_path / "cash.csv"
    assert run("table", "cash", "--set", "1,3,4", "--n", "14", "--max", "10",
               "--out", str(out)).exit_code == 0
    header, *rows = out.read_text().splitlines()
    assert header.split(",")[0] == "d1/d2" and rows[9].split(",")[10] == "I"  # (14; 9, 9)
    three = run_json("table", "end-nim", "--piles", "3", "--max", "3")
    assert three["columns"] == ["a1", "a2", "a3", "value"] and len(three["rows"]) == 27


# -------------------------------------------------------------------------- bad input
BAD = [
    (["value", "nim", "3,-1,2"], "below 0"),
    (["value", "nim", "3,x,2"], "not an integer"),
    (["value", "wythoff", "1,2,3"], "2 piles"),
    (["value", "fibonacci", "7,1,2", "--last", "0"], "more than one chip"),
    (["value", "subtraction", "5", "--set", ""], "empty"),
    (["value", "subtraction", "5", "--set", "0,2"], "positive"),
    (["value", "subtraction", "5", "--set", "-1,2"], "positive"),
    (["value", "subtraction", "5"], "needs --set"),
    (["value", "cash", "14", "--set", "1,3,4"], "--budgets"),
    (["value", "cash", "14", "--set", "1,3,4", "--budgets", "9"], "two amounts"),
    (["value", "chess", "1,2"], "unknown game"),
    (["value", "end-nim", "1,2", "--variant", "reverse"], "unknown End-Nim variant"),
    (["value", "graph-nim", "1,2,3", "--edges", "1-2,2-5"], "vertex 5 does not exist"),
    (["value", "graph-nim", "0,5,20,30,40", "--edges", "1-2,2-3,3-4,4-5", "--max-states", "50"],
     "--max-states"),
    (["value", "nim", "3,4", "--last", "2"], "does not apply"),
    (["value", "end-nim", "3,0"], "below 1"),
    (["value", "sharing", "5"], "at least two piles"),
    (["value", "fibonacci", "5,5", "--factor", "-2", "--last", "1"], "positive"),
    (["table", "sharing", "--out", "x.txt"], ".csv, .json, .npy or .tex"),
    (["table", "chess"], "no table"),
    (["table", "sharing", "--max", "-3"], ">= 0"),
    (["table", "sharing", "--set", "1,2"], "does not apply"),
    (["moves", "nim"], "Missing argument"),
    (["frobnicate"], "No such command"),
]


@pytest.mark.parametrize("args,fragment", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_and_exit_2(args, fragment, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("nimlab: error: ") and fragment in lines[0]
    assert "Traceback" not in result.output


def test_unwritable_output_is_one_line_and_exit_2(tmp_path):
    blocker = tmp_path / "afile"
    blocker.write_text("not a directory")
    result = CliRunner().invoke(main, ["table", "sharing", "--max", "4",
                                       "--out", str(blocker / "t.npy")])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("nimlab: error: cannot write")
    assert "is not a directory" in result.output

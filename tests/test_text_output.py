"""Text output never hides data: at 80 columns, in a file or a pipe, every value of a table and
every digit of a move is printed (blocks of whole columns, records for wide rows), no line is
wider than 80 characters, and no value is replaced by an ellipsis."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nimlab.cli import main

from nimlab.results.text import grid_text, text_table, wrap  # noqa: E402

NIMLAB = str(Path(sys.executable).parent / "nimlab")


def piped(*args: str, columns: str | None = "80", process: bool = False) -> str:
    """``nimlab ARGS | cat``: standard output is not a terminal; COLUMNS as a terminal of 80
    sets it (unset: a pipe's default).  ``process``: a real process writing into a pipe."""
    env = {**os.environ}
    env.pop("COLUMNS", None)
    if columns is not None:
        env["COLUMNS"] = columns
    if process:
        done = subprocess.run([NIMLAB, *args], capture_output=True, text=True, env=env,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    return result.output


def read_grid(lines: list[str]) -> dict[tuple[str, str], str]:
    """The cells of a grid printed in blocks: {(row label, column label): cell}."""
    cells: dict[tuple[str, str], str] = {}
    blocks, block = [], []
    for line in lines:
        if not line.strip():
            blocks.append(block)
            block = []
        elif not line.startswith("columns "):
            block.append(line)
    blocks.append(block)
    for block in blocks:
        footer = block[-1]
        heads = list(re.finditer(r"\S+", footer))[1:]  # after the corner
        size = min(h.end() - h.start() for h in heads) if len(heads) < 2 else \
            heads[1].end() - heads[0].end() - 1
        for line in block[:-1]:
            label = line.split()[0]
            for head in heads:
                cells[label, head.group()] = line[head.end() - size:head.end()].strip()
    return cells


def check_lines(text: str) -> list[str]:
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "…" not in text
    return lines


@pytest.mark.parametrize("columns", ["80", None])
def test_cash_table_at_80_columns_shows_every_cell(columns):
    args = ["table", "cash", "--set", "1,3,4", "--n", "14", "--max", "20"]
    data = json.loads(piped(*args, "--json"))
    lines = check_lines(piped(*args, columns=columns))
    heading = wrap(data["title"], 80)
    assert lines[:len(heading)] == heading
    cells = read_grid(lines[len(heading):])
    for d1, row in zip(data["row_labels"], data["rows"]):
        for d2, cell in zip(data["columns"], row):
            assert cells[str(d1), str(d2)] == cell


def test_sharing_table_piped_keeps_its_values():
    data = json.loads(piped("table", "sharing", "--max", "30", "--json"))
    lines = check_lines(piped("table", "sharing", "--max", "30", columns=None, process=True))
    cells = read_grid(lines[len(wrap(data["title"], 80)):])
    shown = 0
    for a, row in zip(data["row_labels"], data["rows"]):
        for b, cell in zip(data["columns"], row):
            if cell is None:
                assert cells.get((str(a), str(b)), "") == ""
            else:
                assert cells[str(a), str(b)] == str(cell)
                shown += 1
    assert shown == 31 * 32 // 2


def test_wide_grid_is_printed_in_blocks_or_refused_in_one_line():
    text = piped("table", "wythoff", "--max", "60")
    assert text.count("columns ") >= 2
    data = json.loads(piped("table", "wythoff", "--max", "60", "--json"))
    cells = read_grid(check_lines(text)[len(wrap(data["title"], 80)):])
    assert all(cells[str(a), str(b)] == str(data["rows"][a][b])
               for a in range(61) for b in range(61))
    env = {**os.environ, "COLUMNS": "80"}
    done = subprocess.run([NIMLAB, "table", "sharing", "--max", "300"], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "--out" in done.stderr


def test_moves_winning_prints_big_numbers_in_full():
    big = "1000000000000000000000000000007"
    text = piped("moves", "sharing", f"{big},3,17", "--winning")
    check_lines(text)
    data = json.loads(piped("moves", "sharing", f"{big},3,17", "--winning", "--json"))
    joined = "".join(line.strip() for line in text.splitlines())
    for move in data["moves"]:
        assert move["to"] in joined and move["notation"] in joined


def test_games_list_every_word_at_80_columns():
    text = piped("games")
    check_lines(text)
    words = set(text.split())
    for game in json.loads(piped("games", "--json")):
        for field in (game["rules"], game["source"], game["example"],
                      *game["options"].values()):
            assert set(field.split()) <= words, field
        assert {f"{flag}:" for flag in game["options"]} <= words


def test_moves_that_fit_are_columns():
    lines = check_lines(piped("moves", "nim", "1,2"))
    assert lines[1].split() == ["move", "notation", "to", "value", "winning"]
    assert "2-1" in lines[3] and lines[3].endswith("yes")


def test_text_table_folds_a_long_cell_instead_of_cutting_it():
    long = "9" * 200
    lines = text_table(["n", "value"], [[1, long]], width=40)
    assert all(len(line) <= 40 for line in lines)
    assert "".join(line.split(": ", 1)[-1].strip() for line in lines[1:]) == long


def test_grid_text_blocks_hold_every_column_once():
    rows = [[r * 100 + c for c in range(37)] for r in range(5)]
    lines = grid_text(rows, list(range(5)), list(range(37)), "r/c", width=50)
    assert all(len(line) <= 50 for line in lines)
    cells = read_grid(lines)
    assert cells == {(str(r), str(c)): str(r * 100 + c) for r in range(5) for c in range(37)}

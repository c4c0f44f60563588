"""Every option of the papers' games in `nimlab table` and `nimlab discover`: End-Nim tables of
4, 5 and more piles and Graph Nim tables (--edges), checked against the plain brute force of
tests/brute.py on whole boxes; their CSV and .npy forms (one row per position: the piles, then
the value); the refusals of too big a table (one line, exit 2, the estimate and the largest
--max that fits); and discovery on 5-pile End-Nim and on Graph Nim, proven and checked against
brute force, or refused with the reason."""

from __future__ import annotations

import csv
import itertools
import json
import time

import brute
import numpy as np
import pytest
from click.testing import CliRunner

import nimlab
from nimlab import store
from nimlab.cli import main
from nimlab.discover import discover
from nimlab.errors import InputError


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh store that keeps every table (so the stored path is exercised too)."""
    monkeypatch.setenv(store.ENV, str(tmp_path / "store"))
    monkeypatch.setattr(store, "MIN_WORK", 0)
    store.forget()
    yield
    store.forget()


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_line_error(result, *words: str) -> str:
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and line.startswith("nimlab: error:"), line
    for word in words:
        assert word in line, line
    return line


def end_nim_brute(row: tuple, variant: str) -> int:
    return brute.end_nim(tuple(row), variant)


def edges0(text: str) -> tuple:
    """``"1-2,2-3"`` as the brute force's 0-based pairs."""
    return tuple((int(u) - 1, int(v) - 1) for u, v in (e.split("-") for e in text.split(",")))


# ------------------------------------------------------------------ End-Nim, any pile count
@pytest.mark.parametrize("variant", ["normal", "misere", "loop"])
@pytest.mark.parametrize("piles, top", [(4, 5), (5, 3), (6, 2)])
def test_end_nim_tables_against_brute_force_on_whole_boxes(cache, variant, piles, top):
    table = nimlab.table("end-nim", piles=piles, max=top, variant=variant)
    assert table.kind == "list"
    assert table.columns == [f"a{i}" for i in range(1, piles + 1)] + ["value"]
    rows = list(table.rows)
    # every position once: each pile 1..top (a pile of 0 is no End-Nim pile), in order
    assert [tuple(r[:piles]) for r in rows] == list(itertools.product(range(1, top + 1),
                                                                     repeat=piles))
    for row in rows:
        assert row[piles] == end_nim_brute(row[:piles], variant), (variant, row)
    # the array form and random access say the same
    assert table.to_numpy().tolist() == rows
    assert table.rows[-1] == rows[-1] and table.rows[7] == rows[7]


def test_five_piles_agree_with_the_solver_and_the_stored_table(cache):
    row = nimlab.table("end-nim", piles=5, max=5).rows
    index = np.ravel_multi_index((2, 0, 3, 0, 4), (5,) * 5)  # the row 3,1,4,1,5
    assert row[int(index)] == [3, 1, 4, 1, 5, 6]
    assert nimlab.value("end-nim", "3,1,4,1,5") == 6
    again = nimlab.table("end-nim", piles=5, max=4)  # cut from the stored --max 5 table
    assert list(again.rows) == [r for r in row if max(r[:5]) <= 4]


@pytest.mark.parametrize("variant", ["normal", "misere", "loop"])
def test_end_nim_csv_and_npy_through_the_command_line(cache, tmp_path, variant):
    out = tmp_path / "e.csv"
    result = run("table", "end-nim", "--piles", 4, "--max", 4, "--variant", variant,
                 "--out", out)
    assert result.exit_code == 0, result.output
    header, *lines = list(csv.reader(out.read_text().splitlines()))
    assert header == ["a1", "a2", "a3", "a4", "value"]
    assert len(lines) == 4 ** 4 and all(len(line) == 5 for line in lines)
    for line in lines:
        row = tuple(map(int, line))
        assert min(row[:4]) >= 1 and row[4] == end_nim_brute(row[:4], variant)
    npy = tmp_path / "e.npy"
    assert run("table", "end-nim", "--piles", 4, "--max", 4, "--variant", variant,
               "--out", npy).exit_code == 0
    array = np.load(npy)
    assert array.shape == (256, 5) and array.tolist() == [list(map(int, r)) for r in lines]


def test_three_and_two_piles_keep_their_forms(cache):
    three = nimlab.table("end-nim", piles=3, max=3)
    assert three.columns == ["a1", "a2", "a3", "value"] and len(three.rows) == 27
    two = nimlab.table("end-nim", piles=2, max=5, variant="loop")
    assert two.kind == "grid" and two.rows[2][4] == ((3 - 1) ^ (5 - 1)) + 1


# -------------------------------------------------------------------------------- Graph Nim
@pytest.mark.parametrize("edges, top", [
    ("1-2,2-3,3-1", 7),          # the README's directed 3-cycle
    ("1-2", 12),                 # one arc
    ("1-2,2-3,3-4,4-1,1-3", 4),  # 4 vertices: the kernel's largest
    ("1-2,2-3,3-4,4-5,5-1", 3),  # 5 vertices: the generic solver
])
def test_graph_nim_tables_against_brute_force_on_whole_boxes(cache, edges, top):
    table = nimlab.table("graph-nim", edges=edges, max=top)
    n = max(int(v) for v in edges.replace("-", ",").split(","))
    assert table.columns == [f"p{i}" for i in range(1, n + 1)] + ["value"]
    rows = list(table.rows)
    assert [tuple(r[:n]) for r in rows] == list(itertools.product(range(top + 1), repeat=n))
    arcs = edges0(edges)
    for row in rows:
        assert row[n] == brute.graph_nim(tuple(row[:n]), arcs), row


def test_graph_nim_edges_as_pairs_and_isolated_vertices(cache):
    pairs = nimlab.table("graph-nim", edges=[(1, 2), (2, 3), (3, 1)], max=3)
    text = nimlab.table("graph-nim", edges="1-2,2-3,3-1", max=3)
    assert list(pairs.rows) == list(text.rows)
    four = nimlab.table("graph-nim", edges="1-2", piles=3, max=3)  # vertex 3 has no arc
    assert all(row[3] == brute.graph_nim(tuple(row[:2]), ((0, 1),)) for row in four.rows)


def test_graph_nim_csv_through_the_command_line(cache, tmp_path):
    out = tmp_path / "g.csv"
    result = run("table", "graph-nim", "--edges", "1-2,2-3,3-1", "--max", 8, "--out", out,
                 "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rows"] == 9 ** 3
    header, *lines = list(csv.reader(out.read_text().splitlines()))
    assert header == ["p1", "p2", "p3", "value"] and len(lines) == 729
    for line in lines:
        p1, p2, p3, g = map(int, line)
        assert g == brute.graph_nim((p1, p2, p3), ((0, 1), (1, 2), (2, 0)))
    printed = run("table", "graph-nim", "--edges", "1-2,2-3,3-1", "--max", 2)
    assert printed.exit_code == 0 and "p1  p2  p3  value" in printed.output


# ------------------------------------------------------------------------------- refusals
@pytest.mark.parametrize("args, words", [
    (("end-nim", "--piles", 5, "--max", 40), ("102,400,000 positions", "GB as CSV",
                                              "use --max 31 or less")),
    (("end-nim", "--piles", 4, "--max", 100), ("100,000,000 positions", "use --max 74 or less")),
    (("end-nim", "--piles", 30, "--max", 1), ("cells", "use fewer piles")),
    (("end-nim", "--piles", 10 ** 9, "--max", 3), ("at most 32 piles",)),
    (("end-nim", "--piles", 1), ("2 or more piles",)),
    (("graph-nim", "--edges", "1-2,2-3,3-1", "--max", 500), ("125,751,501 positions",
                                                             "options to examine",
                                                             "use --max 277 or less")),
    (("graph-nim", "--edges", "1-2,2-3,3-4,4-5,5-1", "--max", 40), ("use --max 12 or less",)),
    (("graph-nim", "--max", 3), ("needs --edges",)),
    (("graph-nim", "--edges", "1-4", "--piles", 3), ("vertex 4",)),
    (("nim", "--edges", "1-2"), ("--edges does not apply",)),
    (("end-nim", "--piles", 5, "--max", 20), ("too many to hold as text", "--out FILE.csv")),
    (("nim", "--piles", 4, "--max", 80), ("43,046,721 positions", "GB as CSV",
                                          "use --max 73 or less")),
    (("sharing", "--piles", 4, "--max", 100), ("104,060,401 positions",
                                               "use --max 73 or less")),
    (("nim", "--piles", 30, "--max", 1), ("use fewer piles",)),
    (("nim", "--piles", 10 ** 9), ("at most 32 piles",)),
    (("nim", "--piles", 1), ("2 piles",)),
    (("sharing", "--piles", 5), ("3 piles", "or 4")),
    (("nim", "--piles", 3, "--max", 150), ("too many to hold as text", "--out FILE.csv")),
])
def test_too_big_or_wrong_is_one_line_at_once(cache, args, words):
    started = time.monotonic()
    one_line_error(run("table", *args), *words)
    assert time.monotonic() - started < 5  # refused up front, nothing computed


def test_the_python_api_refuses_the_same(cache):
    with pytest.raises(InputError, match="use --max 31 or less|max=31 or less"):
        nimlab.table("end-nim", piles=5, max=40)
    with pytest.raises(InputError, match="277 or less"):
        nimlab.table("graph-nim", edges="1-2,2-3,3-1", max=500)
    with pytest.raises(InputError, match="use --max 73 or less|max=73 or less"):
        nimlab.table("sharing", piles=4, max=100)
    with pytest.raises(InputError, match="use --max 73 or less|max=73 or less"):
        nimlab.table("nim", piles=4, max=80)


# -------------------------------------------------------------------------------- discover
def accepted_box(found, truth, top: int) -> int:
    assert found.status == "proven", (found.status, found.reason, found.evidence)
    count = 0
    for p in itertools.product(range(top + 1), repeat=len(found.variables)):
        assert found.dfa.run(dict(zip(found.variables, p)), base=found.base) == truth(p), p
        count += 1
    return count


@pytest.mark.parametrize("variant", ["normal", "misere", "loop"])
def test_discover_five_pile_end_nim_p_positions(cache, variant):
    found = discover("end-nim", 5, p_positions=True, variant=variant, time_limit=120)

    def truth(p):
        if any(p[i] and not p[i + 1] for i in range(4)):
            return False  # not a row (a zero inside): never accepted
        return brute.end_nim(tuple(v for v in p if v), variant) == 0

    assert accepted_box(found, truth, 3) == 4 ** 5


def test_discover_five_pile_end_nim_through_the_command_line(cache, tmp_path):
    out = tmp_path / "end5.txt"
    result = run("discover", "end-nim", "--piles", 5, "--p-positions", "--time-limit", 120,
                 "--out", out)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("proven") and out.exists()
    assert "nimlab prove end-nim --piles 5" in result.output  # the command that proves it again


def test_discover_graph_nim_one_arc_is_p1_at_most_p2_plus_1(cache):
    found = discover("graph-nim", p_positions=True, edges="1-2", time_limit=60)
    assert accepted_box(found, lambda p: p[0] <= p[1] + 1, 31) == 32 ** 2
    assert accepted_box(found, lambda p: brute.graph_nim(p, ((0, 1),)) == 0, 12)


def test_discover_graph_nim_three_cycle_through_the_command_line(cache):
    result = run("discover", "graph-nim", "--edges", "1-2,2-3,3-1", "--p-positions",
                 "--time-limit", 60, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["status"] == "proven" and data["variables"] == ["p1", "p2", "p3"]
    found = discover("graph-nim", p_positions=True, edges="1-2,2-3,3-1", time_limit=60)
    cycle = ((0, 1), (1, 2), (2, 0))
    assert accepted_box(found, lambda p: brute.graph_nim(p, cycle) == 0, 7) == 512


def test_discover_graph_nim_value_one(cache):
    found = discover("graph-nim", value=1, edges="1-2,2-1", time_limit=60)
    assert accepted_box(found, lambda p: brute.graph_nim(p, ((0, 1), (1, 0))) == 1, 20)


@pytest.mark.parametrize("args, words", [
    (("graph-nim", "--edges", "1-2,2-3,3-4,4-5,5-1", "--p-positions"), ("compiled table",
                                                                       "1 to 4 vertices")),
    (("graph-nim", "--p-positions"), ("needs --edges",)),
    (("end-nim", "--piles", 9, "--p-positions"), ("at most 16 numbers",)),
])
def test_discover_refuses_what_it_cannot_read_in_one_line(cache, args, words):
    one_line_error(run("discover", *args, "--time-limit", 10), *words)


# ------------------------------------------------- nim of K piles, Sharing Nim of 4 piles
@pytest.mark.parametrize("piles, top", [(3, 7), (4, 4), (5, 2)])
def test_nim_tables_of_k_piles_against_brute_force_on_whole_boxes(cache, piles, top):
    table = nimlab.table("nim", piles=piles, max=top)
    assert table.kind == "list"
    assert table.columns == [f"p{i}" for i in range(1, piles + 1)] + ["value"]
    rows = list(table.rows)
    assert [tuple(r[:piles]) for r in rows] == list(itertools.product(range(top + 1),
                                                                      repeat=piles))
    for row in rows:
        assert row[piles] == brute.nim(tuple(row[:piles])), row
    assert np.array_equal(table.table.to_array(), np.array(rows))


@pytest.mark.parametrize("top", [0, 1, 5])
def test_four_pile_sharing_tables_against_brute_force_on_whole_boxes(cache, top):
    # (0, top, top, top) needs the store's keys of total 3 * top: the whole box is checked
    table = nimlab.table("sharing", piles=4, max=top)
    assert table.columns == ["p1", "p2", "p3", "p4", "value"]
    rows = list(table.rows)
    assert [tuple(r[:4]) for r in rows] == list(itertools.product(range(top + 1), repeat=4))
    for row in rows:
        assert row[4] == brute.sharing(tuple(row[:4])), row


def test_two_pile_nim_and_three_pile_sharing_keep_their_grids(cache):
    for piles in (None, 2):
        grid = nimlab.table("nim", piles=piles, max=5)
        assert grid.kind == "grid" and grid.rows[3][5] == 3 ^ 5
    for piles in (None, 3):
        triangle = nimlab.table("sharing", piles=piles, max=6)
        assert triangle.kind == "grid" and triangle.columns == list(range(7))


@pytest.mark.parametrize("game, piles, top, truth", [
    ("nim", 3, 6, brute.nim),
    ("sharing", 4, 4, brute.sharing),
])
def test_box_tables_csv_and_npy_through_the_command_line(cache, tmp_path, game, piles, top,
                                                         truth):
    out = tmp_path / "t.csv"
    result = run("table", game, "--piles", piles, "--max", top, "--out", out, "--json")
    assert result.exit_code == 0, result.output
    count = (top + 1) ** piles
    assert json.loads(result.output)["rows"] == count
    header, *lines = list(csv.reader(out.read_text().splitlines()))
    assert header == [f"p{i}" for i in range(1, piles + 1)] + ["value"]
    assert len(lines) == count
    for line in lines:
        *position, g = map(int, line)
        assert len(position) == piles and g == truth(tuple(position)), line
    npy = tmp_path / "t.npy"
    assert run("table", game, "--piles", piles, "--max", top, "--out", npy).exit_code == 0
    assert np.load(npy).tolist() == [list(map(int, line)) for line in lines]
    printed = run("table", game, "--piles", piles, "--max", 1)
    assert printed.exit_code == 0 and "value" in printed.output

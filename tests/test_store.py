"""The result store (nimlab.store), `nimlab cache` and `nimlab table` on the kernels."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from nimlab import store, tables
from nimlab.errors import NimlabWarning
from nimlab.cli import main
from nimlab.engine import Solver
from nimlab.errors import InputError
from nimlab.games import CashNim, EndNim, FibonacciNim, SharingNim
from nimlab.kernels import sharing as sh_k


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    """Every test gets its own store, every table is worth storing, and no table is kept in
    memory (the memo has tests of its own): each request goes to the disk."""
    directory = tmp_path / "cache"
    monkeypatch.setenv(store.ENV, str(directory))
    monkeypatch.setattr(store, "MIN_WORK", 0)
    monkeypatch.setattr(store, "MEMO_BYTES", 0)
    store.forget()
    yield directory
    store.forget()


class Counter:
    """A compute function that counts its calls: ``V[i, j] = i * 100 + j``."""

    def __init__(self):
        self.calls = []

    def __call__(self, bound, progress):
        self.calls.append(bound)
        i, j = np.indices((bound + 1, bound + 1))
        return i * 100 + j


def files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir()) if directory.exists() else []


def test_cache_dir_follows_the_environment(cache, monkeypatch):
    assert store.cache_dir() == cache
    monkeypatch.delenv(store.ENV)
    from platformdirs import user_cache_dir
    assert store.cache_dir() == Path(user_cache_dir("nimlab"))


def test_a_stored_table_is_reused_and_sliced(cache):
    compute = Counter()
    first = store.cached("demo", {"k": 1}, 20, compute)
    again = store.cached("demo", {"k": 1}, 20, compute)
    smaller = store.cached("demo", {"k": 1}, 7, compute)
    assert compute.calls == [20]
    assert np.array_equal(first, again)
    assert np.array_equal(smaller, first[:8, :8])
    # Other parameters are another table.
    store.cached("demo", {"k": 2}, 5, compute)
    assert compute.calls == [20, 5]
    assert len(store.entries()) == 2


def test_other_versions_are_not_reused(cache, monkeypatch):
    compute = Counter()
    store.cached("demo", {}, 6, compute)
    monkeypatch.setattr(store, "__version__", "99.0")
    store.cached("demo", {}, 6, compute)
    assert compute.calls == [6, 6]


def test_use_cache_false_touches_nothing(cache):
    compute = Counter()
    store.cached("demo", {}, 6, compute, use_cache=False)
    store.cached("demo", {}, 6, compute, use_cache=False)
    assert compute.calls == [6, 6] and files(cache) == []


def test_small_tables_are_not_written(cache, monkeypatch):
    monkeypatch.setattr(store, "MIN_WORK", 10_000)
    store.cached("demo", {}, 6, Counter())
    assert store.entries() == []


def test_sharing_values_are_extended_not_recomputed(cache, monkeypatch):
    small = store.sharing_values(45)
    assert np.array_equal(small, sh_k.sharing_values(45))

    def refuse(*args, **kwargs):
        raise AssertionError("computed from scratch")

    monkeypatch.setattr(sh_k, "sharing_values", refuse)
    grown = store.sharing_values(100)
    assert np.array_equal(grown, sh_k.sharing_reference_compiled(100))
    [entry] = store.entries()  # the smaller table was superseded
    assert entry.bound == (100,)
    assert np.array_equal(store.sharing_values(30), grown[:31, :31])


def test_a_truncated_or_corrupted_file_is_recomputed(cache):
    compute = Counter()
    good = store.cached("demo", {}, 30, compute)
    [entry] = store.entries()
    data = entry.path.read_bytes()
    entry.path.write_bytes(data[: len(data) // 2])  # truncated
    with pytest.warns(NimlabWarning, match="truncated"):
        assert np.array_equal(store.cached("demo", {}, 30, compute), good)
    assert compute.calls == [30, 30]
    [entry] = store.entries()
    data = bytearray(entry.path.read_bytes())
    data[-5] ^= 0xFF  # same size, one byte changed
    entry.path.write_bytes(bytes(data))
    with pytest.warns(NimlabWarning, match="checksum"):
        assert np.array_equal(store.cached("demo", {}, 30, compute), good)
    assert compute.calls == [30, 30, 30]
    # A data file without its sidecar (a run stopped between the two) is ignored.
    store.entries()[0].sidecar.unlink()
    assert store.entries() == []
    assert np.array_equal(store.cached("demo", {}, 30, compute), good)
    assert compute.calls == [30, 30, 30, 30]


def test_an_interrupted_write_leaves_no_table(cache, monkeypatch):
    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(store.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        store.cached("demo", {}, 12, Counter())
    assert files(cache) == []  # the temporary file was removed too


def test_a_process_killed_before_the_replace_leaves_no_table(cache):
    script = textwrap.dedent("""
        import os, signal
        from nimlab import store
        store.MIN_WORK = 0
        store.os.replace = lambda src, dst: os.kill(os.getpid(), signal.SIGKILL)
        store.sharing_values(60)
    """)
    done = subprocess.run([sys.executable, "-c", script], env={**__import__("os").environ},
                          capture_output=True)
    assert done.returncode != 0
    assert [f for f in files(cache) if not f.endswith(".part")] == []
    assert store.entries() == []
    assert np.array_equal(store.sharing_values(60), sh_k.sharing_values(60))
    store.clear()
    assert files(cache) == []


def test_other_games_through_the_store(cache):
    first = store.fibonacci_first_move(3, 14)
    assert store.fibonacci_first_move(3, 10) == [p for p in first if max(p) <= 10]
    W = store.cash_winners((1, 3, 4), 12, 15)
    assert np.array_equal(store.cash_winners((4, 3, 1), 10, 9), W[:11, :10, :10])
    V = store.endnim_values(3, 9, "misere")
    assert np.array_equal(store.endnim_values(3, 6, "misere"), V[:7, :7, :7])
    assert list(store.subtraction_values((1, 3, 4), 9)) == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
    games = sorted(e.meta["game"] for e in store.entries())
    assert games == ["cash", "end-nim", "fibonacci-first-move", "subtraction"]


# ------------------------------------------------------------------------------ builders
def test_builders_agree_with_the_generic_solver():
    sharing = Solver(SharingNim())
    V = tables.sharing_values(12)
    assert all(V[a, b] == sharing.value((0, a, b)) for b in range(13) for a in range(b + 1))
    end = Solver(EndNim("loop"))
    table = tables.endnim_table(3, 5, "loop")
    assert len(table.rows) == 125
    assert all(row[3] == end.value(tuple(row[:3])) for row in table.rows)
    grid = tables.endnim_table(2, 6, "misere")
    misere = Solver(EndNim("misere"))
    assert grid.rows[2][4] == misere.value((3, 5))
    cash = Solver(CashNim((1, 3, 4)))
    rows = tables.cash_table("1,3,4", 11, 9).rows
    assert all(rows[d1][d2] == ("I" if cash.value((11, d1, d2)) else "II")
               for d1 in range(10) for d2 in range(10))
    fib = Solver(FibonacciNim(2))
    four = tables.fibonacci_first_move_p_positions(4, 5)  # 4 piles: the generic solver
    assert all(fib.value((p, 0)) == 0 for p in four) and four


# ------------------------------------------------------------------------------ CLI
def test_cache_list_and_clear_through_the_cli(cache, tmp_path):
    runner = CliRunner()
    listed = runner.invoke(main, ["cache", "list", "--json"])
    assert listed.exit_code == 0 and json.loads(listed.output)["tables"] == []
    out = tmp_path / "t.npy"
    made = runner.invoke(main, ["table", "sharing", "--max", "70", "--out", str(out)])
    assert made.exit_code == 0, made.output
    assert np.array_equal(np.load(out), sh_k.sharing_values(70))
    listed = json.loads(runner.invoke(main, ["cache", "list", "--json"]).output)
    [entry] = listed["tables"]
    assert (entry["game"], entry["bound"], entry["current"]) == ("sharing", 70, True)
    assert "sharing" in runner.invoke(main, ["cache", "list"]).output
    runner.invoke(main, ["table", "end-nim", "--max", "5", "--no-cache", "--out",
                         str(tmp_path / "e.csv")])
    assert len(json.loads(runner.invoke(main, ["cache", "list", "--json"]).output)["tables"]) == 1
    cleared = runner.invoke(main, ["cache", "clear", "--json"])
    assert json.loads(cleared.output)["removed"] == 1
    assert files(cache) == []
    assert "no stored tables" in runner.invoke(main, ["cache", "list"]).output


def test_table_command_writes_kernel_tables(tmp_path):
    runner = CliRunner()
    out = tmp_path / "f.csv"
    done = runner.invoke(main, ["table", "fibonacci", "--piles", "3", "--max", "15", "--out",
                                str(out), "--no-cache"])
    assert done.exit_code == 0, done.output
    solver = Solver(FibonacciNim(2))
    lines = [tuple(map(int, line.split(","))) for line in out.read_text().split()]
    assert lines and all(solver.value((p, 0)) == 0 for p in lines)
    shown = runner.invoke(main, ["table", "cash", "--set", "1,3,4", "--n", "9", "--max", "4",
                                 "--json"])
    assert json.loads(shown.output)["rows"][0] == ["II"] * 5
    bad = runner.invoke(main, ["table", "end-nim", "--piles", "1"])
    assert bad.exit_code == 2 and "2 or more piles" in bad.output


def test_ctrl_c_during_nimlab_table_leaves_no_file(cache, tmp_path, monkeypatch):
    from contextlib import contextmanager

    from nimlab.cli.commands import table as table_command

    calls = []

    @contextmanager
    def interrupting_bar(label, enabled=True):
        def update(done, total):
            calls.append(done)
            if len(calls) == 3:
                raise KeyboardInterrupt

        yield update

    monkeypatch.setattr(table_command, "progress_bar", interrupting_bar)
    out = tmp_path / "out" / "v.npy"
    out.parent.mkdir()
    done = CliRunner().invoke(main, ["table", "sharing", "--max", "300", "--out", str(out)])
    assert done.exit_code == 130 and len(calls) == 3
    assert not out.exists() and store.entries() == [] and files(cache) == []


def test_lazy_rows_behave_like_lists():
    values = np.array([[0, -1], [2, 3]])
    rows = tables.GridRows(values, missing=True)
    assert list(rows) == [[0, None], [2, 3]] and rows[-1] == [2, 3] and rows[0:1] == [[0, None]]
    with pytest.raises(IndexError):
        rows[2]
    three = tables.TripleRows(np.arange(27).reshape(3, 3, 3))
    assert len(three) == 8 and three[0] == [1, 1, 1, 13] and three[-1] == [2, 2, 2, 26]
    assert [list(r) for r in three.array()] == list(three)
    table = tables.endnim_table(2, 3)
    assert table.csv_text().splitlines()[1] == "1,0,3,2"


# ------------------------------------------------------------------ the cap
def test_store_stays_under_its_cap_during_a_sweep(monkeypatch, tmp_path):
    """A small NIMLAB_CACHE_MAX: tables stored before and during a sweep never hold more than
    the cap; the least recently used go first."""
    from nimlab.research.families import SWEEPS
    from nimlab.research.sweeps import run_sweep

    monkeypatch.setenv(store.ENV, str(tmp_path / "store"))
    monkeypatch.setattr(store, "MIN_WORK", 0)
    store.forget()
    cap = 400_000
    monkeypatch.setenv(store.MAX_ENV, str(cap))
    sizes = []
    real_save = store.save

    def watched(*args, **kwargs):
        entry = real_save(*args, **kwargs)
        sizes.append(sum(e.size for e in store.listing()))
        return entry

    monkeypatch.setattr(store, "save", watched)
    for n in range(40, 60, 4):  # End-Nim tables of about 100 KB each fill the store first
        store.endnim_values(3, n, "normal")
    first = sorted(store.listing(), key=lambda e: e.path.stat().st_mtime)[0]
    run_sweep(SWEEPS["sharing-conjectures"], tmp_path / "s.csv", {"max": 300, "rows": 3},
              processes=False, workers=1)
    assert len(sizes) >= 6 and max(sizes) <= cap
    assert not first.path.exists()  # the least recently used went first
    assert any(e.game == "sharing" for e in store.listing())
    store.forget()


def test_cache_max_is_read_and_a_table_past_it_is_not_stored(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv(store.ENV, str(tmp_path))
    monkeypatch.setattr(store, "MIN_WORK", 0)
    store.forget()
    for text, expect in [("500M", 500 * 2**20), ("4G", 4 * 2**30), ("1234", 1234), ("0", 0)]:
        monkeypatch.setenv(store.MAX_ENV, text)
        assert store.max_bytes() == expect
    monkeypatch.setenv(store.MAX_ENV, "lots")
    with pytest.raises(InputError, match="NIMLAB_CACHE_MAX"):
        store.max_bytes()
    monkeypatch.setenv(store.MAX_ENV, "1000")
    with pytest.warns(NimlabWarning, match="not stored"):
        store.sharing_values(100)
    assert store.listing() == []
    store.forget()


def test_a_run_storing_much_says_how_much_and_where(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv(store.ENV, str(tmp_path))
    monkeypatch.setattr(store, "MIN_WORK", 0)
    monkeypatch.setattr(store, "ANNOUNCE_BYTES", 1000)
    monkeypatch.setitem(store._STORED, "bytes", 0)
    store.forget()
    assert store.stored_note() is None
    store.sharing_values(100)
    note = store.stored_note()
    assert "this run stored" in note and str(tmp_path) in note and "nimlab cache clear" in note
    store.forget()


def test_cache_command_shows_size_and_location_and_clears_by_game_or_age(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from nimlab.cli import main

    monkeypatch.setenv(store.ENV, str(tmp_path))
    monkeypatch.setattr(store, "MIN_WORK", 0)
    store.forget()
    store.sharing_values(100)
    store.endnim_values(2, 30, "normal")
    shown = CliRunner().invoke(main, ["cache"])
    assert shown.exit_code == 0 and str(tmp_path) in shown.output and "2 stored tables" in shown.output
    wrong = CliRunner().invoke(main, ["cache", "clear", "--game", "NOSUCH"])
    assert wrong.exit_code == 2 and "sharing" in wrong.output and "end-nim" in wrong.output
    assert len(store.listing()) == 2
    old = CliRunner().invoke(main, ["cache", "clear", "--older-than", "1", "--json"])
    assert '"removed": 0' in old.output and len(store.listing()) == 2
    for entry in store.listing():
        if entry.game == "end-nim":
            os.utime(entry.path, (1, 1))
    CliRunner().invoke(main, ["cache", "clear", "--older-than", "1"])
    assert [e.game for e in store.listing()] == ["sharing"]
    assert CliRunner().invoke(main, ["cache", "clear", "--game", "sharing"]).exit_code == 0
    assert store.listing() == []
    store.forget()


def test_the_command_line_says_when_a_command_stored_much(monkeypatch, tmp_path):
    from click.testing import CliRunner

    from nimlab.cli import main

    monkeypatch.setenv(store.ENV, str(tmp_path))
    monkeypatch.setattr(store, "MIN_WORK", 0)
    monkeypatch.setattr(store, "ANNOUNCE_BYTES", 1000)
    monkeypatch.setitem(store._STORED, "bytes", 0)
    store.forget()
    done = CliRunner().invoke(main, ["table", "sharing", "--max", "100", "--out",
                                     str(tmp_path / "t.npy")])
    assert done.exit_code == 0
    assert "nimlab: note: this run stored" in done.output and str(tmp_path) in done.output
    store.forget()

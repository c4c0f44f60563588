"""`nimlab table wythoff` and `nimlab table fibonacci --piles 4` (issue 12) and the store's new
tables, checked against the plain brute force of tests/brute.py."""

from __future__ import annotations

import json
from itertools import product

import brute
import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab import store
from nimlab.cli import main
from nimlab.kernels import graphnim


@pytest.fixture
def cache(tmp_path, monkeypatch):
    directory = tmp_path / "store"
    monkeypatch.setenv(store.ENV, str(directory))
    monkeypatch.setattr(store, "MIN_WORK", 0)
    return directory


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_table_wythoff_npy(cache, tmp_path):
    out = tmp_path / "w.npy"
    result = run("table", "wythoff", "--max", "25", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rows"] == 26
    G = np.load(out)
    assert G.shape == (26, 26)
    for a, b in product(range(26), repeat=2):
        assert G[a, b] == brute.wythoff(a, b)
    assert [e.meta["game"] for e in store.entries()] == ["wythoff"]
    again = run("table", "wythoff", "--max", "12", "--json")  # sliced from the store
    assert json.loads(again.output)["rows"][12] == [int(x) for x in G[12, :13]]


def test_table_fibonacci_four_piles_csv(cache, tmp_path):
    out = tmp_path / "f.csv"
    result = run("table", "fibonacci", "--piles", "4", "--max", "7", "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    expect = sorted(p for p in product(range(2, 8), repeat=4)
                    if list(p) == sorted(p, reverse=True) and brute.fibonacci(p, 0) == 0)
    assert lines == [",".join(map(str, p)) for p in expect]


def test_table_fibonacci_four_piles_rational_factor(cache):
    result = run("table", "fibonacci", "--piles", "4", "--max", "5", "--factor", "3/2", "--json")
    assert result.exit_code == 0, result.output
    from fractions import Fraction
    rows = [tuple(r) for r in json.loads(result.output)["rows"]]
    expect = sorted(p for p in product(range(2, 6), repeat=4)
                    if list(p) == sorted(p, reverse=True)
                    and brute.fibonacci(p, 0, Fraction(3, 2)) == 0)
    assert rows == expect


def test_table_fibonacci_four_piles_refuses_huge_bounds(cache):
    result = run("table", "fibonacci", "--piles", "4", "--max", "5000", "--json")
    assert result.exit_code == 2
    assert "--max 320 or less" in result.output and "Traceback" not in result.output


def test_store_keeps_sharing4_and_graph_tables(cache):
    big = store.sharing4_values(30)
    small = store.sharing4_values(20)  # sliced: keys of total > 20 are not part of it
    assert np.array_equal(small, graphnim.sharing4_values(20))
    assert np.array_equal(big, graphnim.sharing4_values(30))
    edges = ((0, 1), (1, 2), (2, 0))
    V = store.graph_values(3, edges, 8)
    assert np.array_equal(store.graph_values(3, edges, 5), V[:6, :6, :6])
    assert {e.meta["game"] for e in store.entries()} == {"sharing4", "graph-nim"}


def test_table_wythoff_refuses_huge_bounds(cache):
    result = run("table", "wythoff", "--max", "100000", "--json")
    assert result.exit_code == 2
    assert "--max 30000 or less" in result.output and "Traceback" not in result.output


def test_nim_table_equals_brute_force_and_uses_the_closed_form(cache, monkeypatch):
    """`nimlab table nim` (a grid of two-pile values) against the plain mex recursion; its cells
    come from the nim-sum, not from a search (the generic solver is never asked)."""
    from nimlab.engine.solver import Solver

    asked = []
    real = Solver.value
    monkeypatch.setattr(Solver, "value", lambda self, p: asked.append(p) or real(self, p))
    done = run("table", "nim", "--max", "12", "--json")
    assert done.exit_code == 0, done.output
    rows = json.loads(done.output)["rows"]
    assert rows == [[brute.nim((a, b)) for b in range(13)] for a in range(13)]
    assert asked == []


@given(st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9)))
@settings(max_examples=40, deadline=None)
def test_value_function_equals_brute_force(piles):
    """The table helper: the closed form where the game has one (Nim), the solver where it does
    not (Sharing Nim, whose fast path is a kernel table, not a closed value)."""
    from nimlab import make_game
    from nimlab.solve import value_function

    assert value_function(make_game("nim"))(piles) == brute.nim(piles)
    assert value_function(make_game("sharing"))(piles) == brute.sharing(piles)


# --------------------------------------------------------------------------- computed into the file
def test_a_mapped_table_has_its_pages_touched_by_as_many_threads_as_compute_it(tmp_path,
                                                                                monkeypatch):
    """With more than one worker the file's pages are made present by that many threads, each
    its own share, all done before the array is given; with one, by this thread.  The file
    holds what was written to the array either way."""
    import threading

    from nimlab import fileio

    real = fileio._libc
    calls = []

    def libc(name, *argtypes):
        function = real(name, *argtypes)
        if name != "madvise":
            return function

        def madvise(address, length, advice):
            call = ["started", threading.current_thread().name, length, advice]
            calls.append(call)
            result = function(address, length, advice)
            call[0] = "done"
            return result
        return madvise

    monkeypatch.setattr(fileio, "_libc", libc)
    monkeypatch.setattr(fileio.MappedNpy, "MIN_BYTES", 1)
    for workers in (3, 1):
        table = np.arange(300 * 301, dtype=np.int32).reshape(300, 301) * workers
        calls.clear()
        seen = []

        def write(handle):
            target = fileio.MappedNpy(handle)
            array = target.claim(table.shape, table.dtype, workers)
            seen.extend(calls)
            array[:] = table
            target.finish(array)

        path = fileio.write_bytes(tmp_path / f"t{workers}.npy", write)
        if workers > 1:
            assert [call[:2] for call in seen] == [["done", "nimlab-populate"]] * workers
            assert sum(call[2] for call in seen) >= table.nbytes
            assert {call[3] for call in seen} == {fileio.MADV_POPULATE_WRITE}
        else:
            assert seen == []  # mmap's own madvise, on this thread
        assert np.array_equal(np.load(path), table)


def test_a_big_npy_table_is_computed_straight_into_its_file(cache, tmp_path, monkeypatch):
    """The Wythoff kernel's table is the file's mapped data (nothing copied at the end): the file
    holds the table the kernel computes in memory, and no temporary file is left."""
    from nimlab import fileio
    from nimlab import table as nimlab_table
    from nimlab.kernels import wythoff

    claims = []
    real = fileio.MappedNpy.claim

    def claim(self, shape, dtype, workers=1):
        array = real(self, shape, dtype, workers)
        claims.append(array is not None)
        return array

    monkeypatch.setattr(fileio.MappedNpy, "MIN_BYTES", 1)
    monkeypatch.setattr(fileio.MappedNpy, "claim", claim)
    folder = tmp_path / "out"
    folder.mkdir()
    out = folder / "w.npy"
    result = nimlab_table("wythoff", max=300, cache=False, out=out)
    assert claims == [True] and result.saved == out
    assert np.array_equal(np.load(out), wythoff.wythoff_table(300, parallel=False))
    assert [p.name for p in folder.iterdir()] == ["w.npy"]
    # through the store too (the store keeps its own copy); and a CSV is written as before
    result = nimlab_table("wythoff", max=120, out=tmp_path / "s.npy")
    assert np.array_equal(np.load(tmp_path / "s.npy"), wythoff.wythoff_table(120))
    nimlab_table("wythoff", max=12, cache=False, out=tmp_path / "w.csv")
    assert (tmp_path / "w.csv").read_text().startswith("a/b,0,1,2")


def test_an_interrupted_table_leaves_no_file_when_computed_into_it(cache, tmp_path,
                                                                   monkeypatch):
    from nimlab import fileio
    from nimlab import table as nimlab_table

    monkeypatch.setattr(fileio.MappedNpy, "MIN_BYTES", 1)

    def stop(done, total):
        if done > 0:
            raise KeyboardInterrupt

    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(KeyboardInterrupt):
        nimlab_table("wythoff", max=2000, cache=False, out=folder / "w.npy", progress=stop)
    assert list(folder.iterdir()) == []


def test_a_table_other_than_the_claimed_array_is_written_over_it(tmp_path):
    from nimlab import fileio

    def write(handle):
        target = fileio.MappedNpy(handle)
        target.MIN_BYTES = 1
        mapped = target.claim((3, 4), np.int16)
        mapped[:] = 7
        assert target.holds(mapped) and not target.holds(mapped.copy())
        target.finish(np.arange(5))  # not the mapped one: replaces the file's content

    fileio.write_bytes(tmp_path / "x.npy", write)
    assert np.load(tmp_path / "x.npy").tolist() == [0, 1, 2, 3, 4]


def test_a_table_computed_into_its_file_hands_its_settled_rows_to_the_disk_in_order(
        cache, tmp_path, monkeypatch):
    """After each step the Wythoff table says how many rows are final (the row of every ``a``
    below, and their mirror); the file writes those bytes to the disk in the background, whole
    pages, each byte once, in order, on its own descriptor, which is closed at the end; the fill
    of a fresh table's pages is left out, since the file's pages are made present already."""
    import mmap
    import os
    import threading

    from nimlab import fileio
    from nimlab import table as nimlab_table
    from nimlab.kernels import pace, wythoff

    bound = 400
    ranges, descriptors, threads = [], set(), set()

    def sync(fd, start, length, flags):
        ranges.append((start, length, flags))
        descriptors.add(fd)
        threads.add(threading.current_thread().name)
        return 0

    settled = []  # the bytes the table says are final, after each step
    real_upto = fileio.Writeback.upto

    def upto(self, end):
        settled.append(end)
        real_upto(self, end)

    fills = []
    real_fill = pace.fill_rows

    def fill(array, lo, hi, value, on_threads):
        fills.append(array.shape)
        real_fill(array, lo, hi, value, on_threads)

    monkeypatch.setattr(fileio, "_sync_file_range", lambda: sync)
    monkeypatch.setattr(fileio.Writeback, "upto", upto)
    monkeypatch.setattr(fileio.MappedNpy, "MIN_BYTES", 1)
    monkeypatch.setattr(fileio.Writeback, "CHUNK", 1)
    monkeypatch.setattr(pace, "fill_rows", fill)
    monkeypatch.setattr(pace, "STEP_SECONDS", 1e-4)  # many steps
    out = tmp_path / "w.npy"
    nimlab_table("wythoff", max=bound, cache=False, out=out)
    table = np.load(out)
    assert np.array_equal(table, wythoff.wythoff_reference_compiled(bound))
    assert (bound + 1, bound + 1) not in fills  # the file's pages were not filled again
    header = out.stat().st_size - table.nbytes
    # after each step, rows 0..hi-1 (the pace's first step is short, so there are several)
    assert len(settled) > 1 and settled == sorted(settled)
    assert all((end - header) % table.strides[0] == 0 for end in settled)
    assert settled[-1] == header + table.nbytes
    # the thread writes what is new each time it looks (as it is scheduled: what it has not
    # started when the file is flushed, the flush writes)
    assert threads <= {"nimlab-writeback"}
    assert all(flags == fileio.SYNC_FILE_RANGE_WRITE for *_, flags in ranges)
    ends = [start + length for start, length, _ in ranges]
    # each byte once, in order (a thread not yet scheduled when the file closes writes nothing:
    # the flush does it all, which a busy machine shows now and then)
    assert [start for start, *_ in ranges] == ([0, *ends[:-1]] if ranges else [])
    assert all(end % mmap.PAGESIZE == 0 and end <= settled[-1] for end in ends)
    for fd in descriptors:  # the writeback's own descriptor is closed
        with pytest.raises(OSError):
            os.fstat(fd)


def test_a_writeback_starts_writing_each_new_whole_page_once_in_order(tmp_path, monkeypatch):
    import mmap
    import os

    from nimlab import fileio

    ranges = []
    monkeypatch.setattr(fileio, "_sync_file_range",
                        lambda: lambda fd, start, length, flags: ranges.append(
                            (os.fstat(fd).st_ino, start, length, flags)) or 0)
    page = mmap.PAGESIZE
    monkeypatch.setattr(fileio.Writeback, "CHUNK", page)
    with open(tmp_path / "f", "wb") as handle:
        inode = os.fstat(handle.fileno()).st_ino
        writeback = fileio.Writeback(handle.fileno())

        def settle(end):
            writeback.upto(end)
            thread = writeback._thread
            if thread is not None:
                thread.join()

        settle(page + 10)
        settle(page - 1)  # nothing new
        settle(5 * page + 1)
        settle(5 * page)  # nothing new
        assert ranges == [(inode, 0, page, fileio.SYNC_FILE_RANGE_WRITE),
                          (inode, page, 4 * page, fileio.SYNC_FILE_RANGE_WRITE)]
        writeback.close()
        writeback.upto(9 * page)  # closed: nothing more
        assert len(ranges) == 2
        handle.write(b"still open")  # the caller's own descriptor is untouched
    # less than a chunk new waits for more (or for the flush)
    monkeypatch.setattr(fileio.Writeback, "CHUNK", 3 * page)
    with open(tmp_path / "g", "wb") as handle:
        writeback = fileio.Writeback(handle.fileno())
        for end in (page, 2 * page, 3 * page, 4 * page, 6 * page):
            writeback.upto(end)
            if writeback._thread is not None:
                writeback._thread.join()
        writeback.close()
    assert [(start, length) for _, start, length, _ in ranges[2:]] == [(0, 3 * page),
                                                                        (3 * page, 3 * page)]


def test_a_writeback_without_sync_file_range_writes_nothing_early(tmp_path, monkeypatch):
    from nimlab import fileio

    monkeypatch.setattr(fileio, "_sync_file_range", lambda: None)
    with open(tmp_path / "f", "wb") as handle:
        writeback = fileio.Writeback(handle.fileno())
        writeback.upto(1 << 20)
        writeback.close()
        handle.write(b"still open")  # the caller's own descriptor is untouched

"""Sweeps end to end on small families with a local Dask cluster, against brute force."""

from __future__ import annotations

import csv
import re
import subprocess
import sys
from functools import lru_cache
from itertools import product
from pathlib import Path

import brute
import pytest
from click.testing import CliRunner

from nimlab.cli import main
from nimlab.research import families
from nimlab.research.sweeps import run_sweep


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                           dashboard_address=":0")
    with Client(cluster) as dask_client:
        yield dask_client
    cluster.close()


def read(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


@lru_cache(maxsize=None)
def first_wins(n, d1, d2, moves):
    return brute.cash(n, d1, d2, moves) != 0


def brute_f(n, moves):
    if first_wins(n, n, n, moves):
        return next(d for d in range(n + 1) if first_wins(n, d, n, moves))
    return next(d for d in range(n + 1) if not first_wins(n, n, d, moves))


def brute_conjecture(moves, bound):
    """The conjecture's two parts for NIM(moves), from brute force alone."""
    losing = [brute.subtraction(n, moves) == 0 for n in range(bound + 1)]
    M = next(p for p in range(1, bound) if all(losing[i] == losing[i + p]
                                               for i in range(bound + 1 - p)))
    L = sum(losing[:M])
    f = [brute_f(n, moves) for n in range(bound + 1)]
    a = all(f[i] <= M - L - 1 for i in range(M))
    b = all(f[n] == (M - L) * (n // M) + f[n % M] for n in range(bound + 1))
    return M, L, a, b


def test_cash_conjecture_end_to_end_rerun_and_extension(client, tmp_path):
    out = tmp_path / "cash.csv"
    bounds = {"max_element": 4, "n": 36}
    first = run_sweep(families.SWEEPS["cash-conjecture"], out, bounds, client=client)
    assert (first.jobs, first.ran, first.skipped) == (8, 8, 0)
    rows = read(out)
    assert len(rows) == 8
    for row in rows:
        moves = tuple(int(x) for x in row["set"].split(";"))
        M, L, a, b = brute_conjecture(moves, 36)
        assert (int(row["M"]), int(row["L"])) == (M, L)
        assert (row["a_holds"] == "yes", row["b_holds"] == "yes") == (a, b)
    # NIM(1,4): part (b) first fails at n = 5, f(5) = 4 against (M-L)k + f(i) = 3
    row14 = next(r for r in rows if r["set"] == "1;4")
    assert row14["b_witness"].startswith("f(5) = 4")
    # a rerun skips every finished job and leaves the file as it was
    before = out.read_text()
    again = run_sweep(families.SWEEPS["cash-conjecture"], out, bounds, client=client)
    assert (again.ran, again.skipped) == (0, 8) and out.read_text() == before
    assert again.summary == first.summary
    # larger bounds add jobs beside the old rows
    more = run_sweep(families.SWEEPS["cash-conjecture"], out, {"max_element": 5, "n": 36}, client=client)
    assert (more.jobs, more.skipped, more.ran) == (16, 8, 8)
    assert len(read(out)) == 16


def test_interrupted_sweep_keeps_finished_rows(client, tmp_path):
    out = tmp_path / "s4.csv"
    seen = []

    def stop_after_two(job, row):
        seen.append(job)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(families.SWEEPS["sharing4"], out, {"total": 9, "complement": 3}, client=client,
                  on_row=stop_after_two)
    rows = read(out)
    assert [r["job"] for r in rows] == seen
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    done = run_sweep(families.SWEEPS["sharing4"], out, {"total": 9, "complement": 3}, client=client)
    assert (done.skipped, done.ran, done.jobs) == (2, 12, 14)
    assert sorted(r["job"] for r in read(out)) == sorted(j for j, _ in
                                                         families._sharing4_jobs(done.bounds))


def test_sharing4_against_brute_force(client, tmp_path):
    result = run_sweep(families.SWEEPS["sharing4"], tmp_path / "s.csv", {"total": 11, "complement": 4},
                       client=client)
    for row in result.rows:
        if row["kind"] == "total":
            n = int(row["n"])
            truth = sorted(p for p in families.four_pile_positions(n)
                           if brute.sharing(p) == 0)
            assert row["p_positions"].split(";") == [".".join(map(str, p)) for p in truth]
        else:
            m = int(row["m"])
            holds = all(brute.sharing((0, b, c, m)) == brute.sharing((0, m - c, m - b, m))
                        for b in range(m + 1) for c in range(b, m + 1))
            assert (row["complement_holds"] == "yes") == holds
    assert result.summary["P_positions_(0,0,0,m)_have_m_in"] == [0, 1, 3]


def test_graph_nim_rows_against_brute_force():
    assert len(families.digraphs(3)) == 16  # OEIS A000273
    for edges in [((0, 1), (1, 2), (2, 0)), ((0, 1), (1, 0), (1, 2)), ()]:
        row = families.compare_graph(3, edges, 5)
        box = list(product(range(6), repeat=3))
        mine = {p for p in box if brute.graph_nim(p, edges) == 0}
        ref = {p for p in box if brute.sharing(p) == 0}
        assert row["p_count"] == len(mine) and row["sharing_p_count"] == len(ref)
        assert (row["only_graph"], row["only_sharing"]) == (len(mine - ref), len(ref - mine))
        assert row["sharing_matches_theorem2"] is True


def test_graph_nim_sweep_small(client, tmp_path):
    result = run_sweep(families.SWEEPS["graph-nim"], tmp_path / "g.csv", {"tokens3": 4, "tokens4": 2},
                       client=client)
    three = result.summary["3_vertices"]
    assert three["digraphs"] == 16 and three["weakly_connected"] == 13
    assert result.summary["4_vertices"]["digraphs"] == 218
    # the complete digraph is Sharing Nim itself
    assert "1-2,1-3,2-1,2-3,3-1,3-2" in three["same_p_positions_as_sharing"]


def test_sharing_rows_against_brute_force():
    import numpy as np

    B = 26
    table = np.array([[brute.sharing((0, a, b)) if a <= b else -1 for b in range(B + 1)]
                      for a in range(B + 1)])
    for a in range(0, 8):
        row = families.check_sharing_row(table, a)
        bad = [b for b in range(2 * a, B + 1) if table[a][b] >= 2 and a > 2 * table[a][b] - 1]
        assert row["conj3_violations"] == len(bad)
        assert row["max_value"] == max(table[a][a:])
        assert row["max_first_half"] == max(table[a][a:a + (B + 1 - a) // 2])
    whole = families.check_conjecture3(table)
    largest = {}
    for a in range(B // 2 + 1):
        for b in range(2 * a, B + 1):
            if table[a][b] >= 2:
                largest[table[a][b]] = a
    assert whole["largest_a_per_g"] == [f"{g}:{a}" for g, a in sorted(largest.items())]
    assert whole["conj3_violations"] == sum(1 for g, a in [(table[a][b], a) for a in
                                                           range(B // 2 + 1)
                                                           for b in range(2 * a, B + 1)]
                                            if g >= 2 and a > 2 * g - 1)


def test_sharing_conjectures_sweep_small(client, tmp_path):
    result = run_sweep(families.SWEEPS["sharing-conjectures"], tmp_path / "c.csv", {"max": 40, "rows": 6},
                       client=client)
    assert result.ran == 8 and result.summary["corollary_3_fails"] == []
    assert result.summary["conjecture_3_violations_whole_table"] == 0


@pytest.mark.parametrize("args", [
    ["sweep", "nosuch"],
    ["sweep", "sharing4", "--tokens3", "3"],
    ["sweep", "sharing4", "--out", "x.txt"],
    ["sweep", "sharing4", "--total", "-1"],
])
def test_cli_bad_input(args, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from nimlab.cli import main

    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_cli_rejects_a_foreign_file(tmp_path):
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    done = CliRunner().invoke(main, ["sweep", "sharing4", "--total", "3", "--out", str(other)])
    assert done.exit_code == 2 and "not a result file" in done.stderr
    assert other.read_text() == "a,b\n1,2\n"


def test_cli_runs_a_local_cluster(tmp_path):
    out = tmp_path / "t.csv"
    # the installed console script of this interpreter, in a process of its own
    nimlab = str(Path(sys.executable).with_name("nimlab"))
    done = subprocess.run([nimlab, "sweep", "sharing4", "--total", "6", "--complement", "2",
                           "--threads", "--out", str(out), "--json"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert len(read(out)) == 10


def test_section6_printed_data():
    """sharing-nim.txt Section 6: the largest row a holding a g-position (a <= b/2), b <= 200,
    and the b of the 2-positions in rows 0 and 3 (first 300 values) - test data."""
    from nimlab.store import sharing_values

    table = sharing_values(300)
    largest = dict(x.split(":") for x in
                   families.check_conjecture3(table[:201, :201])["largest_a_per_g"])
    printed = {4: 6, 5: 6, 6: 7, 7: 9, 8: 12, 9: 11, 10: 13}
    assert {g: int(largest[str(g)]) for g in printed} == printed
    assert [b for b in range(301) if table[0, b] == 2] == [32, 72, 104, 120, 128, 136, 200,
                                                         216, 232, 248, 288]
    assert [b for b in range(6, 301) if table[3, b] == 2] == [23, 67, 147, 243, 259, 275]
    # The paper says 3-positions lie in rows a <= 3; its own Table 1 has G(0,4,8) = 3.
    assert brute.sharing((0, 4, 8)) == 3 and int(largest["3"]) == 4


def test_existing_scheduler_by_address(client, tmp_path):
    # the --scheduler path: connect to a running cluster by its address (here the module's)
    out = tmp_path / "g.csv"
    result = run_sweep(families.SWEEPS["sharing4"], out, {"total": 5, "complement": 2},
                       scheduler=client.scheduler.address)
    assert result.ran == 9 and len(read(out)) == 9


def test_failed_job_is_reported_left_out_and_retried(client, tmp_path, monkeypatch):
    from nimlab.research.sweeps import Sweep

    broken = {"on": True}

    def run(params, shared):
        if params["k"] == 2 and broken["on"]:
            raise ValueError("no luck")
        return {"square": params["k"] ** 2}

    toy = Sweep("toy", "squares", ["square"], {"top": (3, "k = 0..top", 10)},
                lambda b: [(f"k={k}", {"k": k}) for k in range(b["top"] + 1)], run,
                lambda rows, b: {"sum": sum(int(r["square"]) for r in rows)})
    out = tmp_path / "toy.csv"
    first = run_sweep(toy, out, client=client)
    assert first.failed == [("k=2", "ValueError: no luck")] and first.ran == 3
    assert "incomplete" in first.summary and sorted(r["job"] for r in read(out)) == [
        "k=0", "k=1", "k=3"]
    broken["on"] = False
    second = run_sweep(toy, out, client=client)
    assert (second.skipped, second.ran, second.summary) == (3, 1, {"sum": 14})


@pytest.mark.parametrize("address", ["garbage", "tcp://127.0.0.1:1"])
def test_unreachable_or_malformed_scheduler_is_one_line(tmp_path, address):
    done = subprocess.run([sys.executable, "-m", "nimlab.cli", "sweep", "cash-conjecture",
                           "--max-element", "2", "--n", "5", "--out", str(tmp_path / "x.csv"),
                           "--scheduler", address], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    # off a terminal a long run prints a progress line every 5 s (connecting may take 10 s);
    # apart from those, the error is one line
    progress = re.compile(r"nimlab: sweep cash-conjecture: .*, \d+ s")
    lines = [line for line in done.stderr.splitlines()
             if line.strip() and not progress.fullmatch(line)]
    assert len(lines) == 1 and lines[0].startswith("nimlab: error: cannot reach the Dask "
                                                   "scheduler"), done.stderr
    assert not (tmp_path / "x.csv").exists()

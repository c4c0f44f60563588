"""Probe 3b: periodicity's tail periods, one artifact's reproduction cost, a sweep's store use."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

import nimlab
from nimlab import store
from nimlab.cli import main
from nimlab.research.periodicity import find_periodicity


def directory_bytes(path):
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


@pytest.fixture
def own_store(tmp_path, monkeypatch):
    """An empty result store of this test's own (and no table remembered in the process)."""
    directory = tmp_path / "store"
    directory.mkdir()
    monkeypatch.setenv("NIMLAB_CACHE", str(directory))
    store.forget()
    yield directory
    store.forget()


# ------------------------------------------------------------------ 1. tail periods
def test_a_fit_of_the_last_terms_only_is_none():
    # 0/1 terms with no period, ending in four 0s: "period 1 from term 3,996" was reported
    rng = np.random.default_rng(3)
    s = [int(x) for x in rng.integers(0, 2, 3996)] + [1, 0, 0, 0, 0]
    result = find_periodicity(s)
    assert result.kind == "none" and result.status == "none"
    assert any("period 1" in note and "not counted" in note for note in result.notes)


def test_sharing_g_near_the_edge_of_the_table_cli():
    done = CliRunner().invoke(main, ["periodicity", "sharing-g", "--a", "1", "--g", "2",
                                     "--max", "4000", "--json"])
    assert done.exit_code == 0, done.output
    import json

    data = json.loads(done.stdout)
    assert data["kind"] == "none" and data["preperiod"] is None
    assert "preperiod of at most half" in data["summary"]


def test_the_stretch_must_be_as_long_as_the_preperiod():
    prefix = list(range(100, 130))  # 30 terms that never recur
    at_half = find_periodicity(prefix + [0, 1, 2] * 10)  # 30 periodic terms: 2 q = n
    assert (at_half.kind, at_half.preperiod, at_half.period) == ("periodic", 30, 3)
    short = find_periodicity(prefix + [0, 1, 2] * 9 + [0, 1])  # 29: 2 q > n
    assert short.kind == "none"


def test_a_proof_needs_no_share_of_the_data():
    # a recurrence of memory 2 (the caller's word): a repeated window proves the period
    prefix = list(range(100, 150))
    result = find_periodicity(prefix + [1, 2] * 4, window=2)
    assert (result.status, result.preperiod, result.period) == ("proven", 50, 2)


def test_octal_0127_periodic_from_46578_is_observed_in_100000_terms():
    from nimlab.games.octal import parse_code

    G = store.octal_values(parse_code("0.127"), 99_999, use_cache=False)
    result = find_periodicity(G, max_period=64)
    assert (result.kind, result.status, result.preperiod, result.period) == \
        ("periodic", "observed", 46_578, 4)
    fewer = find_periodicity(G[:80_000], max_period=64)
    assert fewer.kind == "none" and "period 4 from n = 46578" in fewer.notes[0]


def test_nim_a_proofs_still_proven():
    from nimlab.research.sequences import analyse_sequence

    result, _ = analyse_sequence("subtraction", {"set": "2,5,7", "max": 200})
    assert result.status == "proven"


# ------------------------------------------------- 2. reproducing one artifact
def test_reproducing_table1_stores_little_and_checks_its_own_claim(own_store, tmp_path):
    import nimlab

    before = store.stored_bytes()
    report = nimlab.reproduce("sharing.table1", out=tmp_path / "out")
    assert store.stored_bytes() - before < 4 * 2**20
    assert directory_bytes(own_store) < 4 * 2**20
    assert [a["id"] for a in report.artifacts] == ["sharing.table1"]
    assert report.artifacts[0]["matches"]
    assert [c.id for c in report.checks] == ["sharing.table1"]
    assert report.checks[0].status == "holds"
    rows = (tmp_path / "out" / "sharing_table1.csv").read_text().splitlines()
    assert len(rows) == 18  # header and a = 0..16
    assert "the places of sharing.table1" in (tmp_path / "out" / "report.md").read_text()


def test_a_whole_paper_still_checks_every_claim():
    from nimlab.claims import select
    from nimlab.claims.artifacts import claims_of, select_artifacts

    claims, scope = claims_of(select_artifacts(["sharing"]))
    assert [c.id for c in claims] == [c.id for c in select((), "sharing")]
    every, _ = claims_of(select_artifacts(["all"]))
    assert {c.id for c in every} == {c.id for c in select((), "all")}
    few, _ = claims_of(select_artifacts(["sharing.table2", "cash.sec6-table1"]))
    assert {c.id for c in few} == {"sharing.table2", "sharing.table2.corrected", "cash.table1"}


# ----------------------------------------------------------- 3. a sweep's store use
def test_cash_sweep_leaves_no_table_per_job(own_store, tmp_path, monkeypatch):
    from distributed import Client, LocalCluster

    from nimlab.research import families
    from nimlab.research.sweeps import run_sweep

    monkeypatch.setattr(store, "MIN_WORK", 0)  # every table computed would be worth a file
    cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                           dashboard_address=":0")
    try:
        with Client(cluster) as client:
            done = run_sweep(families.SWEEPS["cash-conjecture"], tmp_path / "cash.csv",
                             {"max_element": 3, "n": 30}, client=client)
    finally:
        cluster.close()
    assert done.ran == 4 and not done.failed
    assert [e.game for e in store.listing()] == []
    assert directory_bytes(own_store) < 64 * 1024


def test_a_partial_errata_page_names_the_reproduce_that_wrote_it(tmp_path):
    """Reproducing one artifact writes the errata of that part only: its stamp said `nimlab
    reproduce all`."""
    from nimlab.claims.report import errata_stamp

    nimlab.reproduce("sharing.table1", out=tmp_path / "r")
    text = (tmp_path / "r" / "errata.md").read_text()
    assert "Generated by `nimlab reproduce sharing.table1` with nimlab" in text
    assert errata_stamp(text)[0] == nimlab.__version__

"""Multiple Fibonacci Nim (multiple-fibonacci-nim.txt): every registered claim pinned at a small
bound, the artifacts regenerated, and the solver and the paper's algorithms compared with the
plain brute force of tests/brute.py."""

import dataclasses
import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st

import brute
from nimlab.cli import main
from nimlab.theory import fibonacci as fib
from nimlab.theory.artifacts import ARTIFACTS
from nimlab.theory.registry import REGISTRY, compare, load_all
from claim_pins import corrections_fail, pin, pinned_ids, tiny_bound_errors

load_all()

CASES = [
    ("fib.intro.classic", 30, "holds", None), ("fib.intro.zeckendorf", 30, "holds", None),
    ("fib.intro.count", 30, "fails", ("n=2 piles, N=1: count <= N^(n+1)/n!", True, False)),
    ("fib.intro.count.corrected", 30, "holds", None),
    ("fib.def.rules", 6, "holds", None), ("fib.thm2.1", 30, "holds", None),
    ("fib.thm2.2", 8, "holds", None), ("fib.cor2.3", 8, "holds", None),
    ("fib.thm2.4", 8, "holds", None), ("fib.cor2.5", 8, "holds", None),
    ("fib.cor2.5.1", 8, "holds", None), ("fib.thm2.6.1", 8, "holds", None),
    ("fib.thm2.6.2", 8, "holds", None), ("fib.thm2.7", 7, "holds", None),
    ("fib.thm3.1.1", 30, "holds", None), ("fib.thm3.1.2", 8, "holds", None),
    ("fib.cor3.2", 20, "holds", None),
    ("fib.alg.mult2fib", 8, "fails",
     ("m=0, k=1: (1, 0; 0)", "Left wins",
      "first move takes the whole pile of 1 (not allowed on the first move)")),
    ("fib.alg.mult2fib.corrected", 8, "holds", None),
    ("fib.ex3.2", 0, "holds", None), ("fib.sec3.2.forms", 8, "holds", None),
    ("fib.lemma3.3", 30, "holds", None), ("fib.thm3.4", 30, "holds", None),
    ("fib.thm3.5", 8, "holds", None),
    ("fib.alg.ppos1", 30, "fails", ("(5; 1)", "N", "P")),
    ("fib.alg.ppos1.corrected", 30, "holds", None), ("fib.alg.ppos1.array", 30, "holds", None),
    ("fib.alg.ppos2", 8, "holds", None), ("fib.alg.ppos2.array", 8, "holds", None),
    ("fib.thm4.1", 8, "holds", None), ("fib.thm4.2", 8, "holds", None),
    ("fib.alg.ppos3", 8, "holds", None), ("fib.alg.ppos3.first", 8, "holds", None),
    ("fib.alg.ppos3.memory", 8, "holds", None),
    ("fib.alg.ppos3.array", 8, "fails",
     ("N=3, PPos3Arr[3]: 1 stored vs ((N+1-m)/2)^2 = 0.25", True, False)),
    ("fib.alg.ppos3.sum", 30, "holds", None),
    ("fib.alg.mfib3win", 6, "fails",
     ("(3, 3, 2; 0)", "Left wins", "Left finds no move at (1, 3, 2; 1)")),
    ("fib.alg.mfib3win.corrected", 7, "holds", None),
]


def test_every_fibonacci_claim_is_pinned():
    assert pinned_ids("fibonacci") == {case[0] for case in CASES}


@pytest.mark.parametrize("claim_id,bound,status,smallest", CASES, ids=[c[0] for c in CASES])
def test_claim_status(claim_id, bound, status, smallest):
    pin(claim_id, bound, status, smallest)


def test_corrections_point_at_failing_claims():
    corrections_fail("fibonacci", CASES)


# ------------------------------------------------------------ solver and algorithms vs brute force
def test_solver_matches_brute_force_box():
    for piles in list(fib.boxes(2, 9)) + list(fib.boxes(3, 6)):
        for x in range(0, 7):
            if x == 0 and min(piles) < 1:
                continue
            assert fib.is_p(piles, x) == (brute.fibonacci(piles, x) == 0)


def test_ppos_algorithms_match_brute_force():
    t1, t2 = fib.tables12(12)
    for a in range(13):
        for x in range(1, 8):
            assert fib.p1_lookup(t1, a, x) == (brute.fibonacci((a,), x) == 0)
            for b in range(a + 1):
                assert fib.p2_lookup(t1, t2, a, b, x) == (brute.fibonacci((a, b), x) == 0)


@given(st.integers(1, 8), st.integers(1, 8), st.integers(1, 8), st.integers(0, 6))
def test_ppos3_random_positions(h, k, m, x):
    alg = fib.ppos3(8)
    piles = tuple(sorted((h, k, m), reverse=True))
    expected = brute.fibonacci(piles, x) == 0
    assert (piles in alg.first if x == 0 else alg.p(piles, x)) == expected


def test_printed_ppos1_stops_after_its_first_round():
    # As listed, step (12) is followed by (13) End: only m = 3 is ever examined.
    assert fib.ppos1(30, loop_back=False) == {3: 1}
    assert fib.ppos1(30)[5] == 2


def test_classic_fibonacci_positions_by_brute_force():
    assert [n for n in range(1, 60) if brute.fibonacci((n,), 0) == 0] == fib.fib_numbers(59)


# ------------------------------------------------------------------------------------ artifacts
@pytest.mark.parametrize("name", ["fib.p1", "fib.p2", "fib.p3"])
def test_artifacts_match(name, tmp_path):
    done = ARTIFACTS[name].run(tmp_path)
    assert done["matches"], done["differences"][:3]
    assert done["compared"] > 0
    for f in done["files"]:
        assert (tmp_path / f).stat().st_size > 0


def test_every_fibonacci_artifact_is_tested():
    assert {a.id for a in ARTIFACTS.values() if a.paper == "fibonacci"} == \
        {"fib.p1", "fib.p2", "fib.p3"}


def test_p1_lists_the_fibonacci_numbers(tmp_path):
    ARTIFACTS["fib.p1"].run(tmp_path)
    rows = (tmp_path / "fib_p1_first_move.csv").read_text().split()
    assert rows[0] == "n" and [int(r) for r in rows[1:]] == fib.fib_numbers(200)


# ------------------------------------------------------------------------------------------ CLI
def test_verify_json_through_cli():
    result = CliRunner().invoke(main, ["verify", "fib.alg.ppos1", "fib.thm3.1.1", "--bound", "10",
                                       "--json"])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in json.loads(result.output)}
    assert rows["fib.alg.ppos1"]["status"] == "fails"
    assert rows["fib.alg.ppos1"]["counterexample"] == \
        {"position": "(5; 1)", "claimed": "N", "computed": "P"}
    assert rows["fib.thm3.1.1"]["status"] == "holds"


def test_reproduce_through_cli(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["reproduce", "fib.p2", "--out", str(out), "--no-claims"])
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    assert report["artifacts"][0]["id"] == "fib.p2" and report["artifacts"][0]["matches"]
    assert (out / "fib_p2_first_move.csv").read_text().startswith("pile1,pile2\n2,2\n3,3\n")


# ------------------------------------------------------- vectorised checks vs per-position checks
def _outcome(P):
    return lambda piles, x: "P" if P(piles, x) else "N"


def per_position(cid, n, P):
    """The checks as they were before they were vectorised, one position at a time, with the
    outcome ``P(piles, x)`` (the solver's, or a table's)."""
    out = _outcome(P)
    if cid == "fib.thm3.1.1":
        cases = [((m, m), x) for m in range(n + 1) for x in range(1, m + 3)]
        return compare(cases, lambda c: "P", lambda c: out(*c), show=lambda c: fib.show(*c))
    if cid == "fib.thm3.1.2":
        cases = [((m + k, m), x) for s in range(1, n + 1) for m in range(s)
                 for k in [s - m] for x in range((k + 1) // 2, s + 2) if x > 0]
        return compare(cases, lambda c: "N", lambda c: out(*c), show=lambda c: fib.show(*c))
    if cid == "fib.cor3.2":
        cases = [(s, m) for s in range(3, n + 1) for m in range(2, s)]
        return compare(cases, lambda p: "N", lambda p: out(p, 0), show=lambda p: fib.show(p, 0))
    if cid == "fib.lemma3.3":
        cases = [((m,), x) for m in range(1, n + 1) for x in range((m + 1) // 2, m + 2)]
        return compare(cases, lambda c: "N", lambda c: out(*c), show=lambda c: fib.show(*c))
    if cid == "fib.thm3.4":
        cases = [((m,), x) for m in range(1, n + 1) for x in range(1, (m + 1) // 2) if m > 2 * x]
        return compare(cases, lambda c: "N" if any(P((c[0][0] - i,), i)
                                                   for i in range(1, 2 * c[1] + 1)
                                                   if 3 * i < c[0][0]) else "P",
                       lambda c: out(*c), show=lambda c: fib.show(*c))
    if cid == "fib.thm2.6.2":
        cases = [p for k in (1, 2, 3) for p in fib.boxes(k, n, 2) if P(p, 1)]
        cases.sort(key=lambda p: (p[0], p))
        return compare(cases, lambda p: fib.thm262_says(p, P), lambda p: out(p, 0),
                       show=lambda p: fib.show(p, 0))
    assert cid == "fib.thm2.6.1"
    cases = [p for k in (1, 2, 3) for p in fib.boxes(k, n, 3) if not P(p, 1)]
    cases.sort(key=lambda p: (p[0], p))
    return compare(cases, lambda p: "N", lambda p: out(p, 0), show=lambda p: fib.show(p, 0))


VECTORISED = ["fib.thm2.6.1", "fib.thm2.6.2", "fib.thm3.1.1", "fib.thm3.1.2", "fib.cor3.2", "fib.lemma3.3",
              "fib.thm3.4"]


def rows(ev):
    return ev.checked, [(x.position, x.claimed, x.computed) for x in ev.counterexamples]


@pytest.mark.parametrize("cid", VECTORISED)
def test_vectorised_check_agrees_with_the_solver_check(cid, monkeypatch):
    """Kernel tables, whole boxes at once, against the generic solver, one position at a time."""
    monkeypatch.setattr(fib, "_REACHES", {})
    n = 14
    assert rows(REGISTRY[cid].run(n).evidence) == rows(per_position(cid, n, fib.is_p))


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("cid", VECTORISED)
def test_vectorised_check_agrees_on_changed_tables(cid, seed, monkeypatch):
    """With 30% of the kernel's entries changed, both checks report the same counterexamples in
    the same order."""
    n = 16
    rng = np.random.default_rng(seed)
    tables = {}
    for k in (1, 2, 3):
        t = fib.kernel(k, n)
        last, first = t.last_p.copy(), t.first.copy()
        change = rng.random(last.shape) < 0.3
        last[change] = rng.integers(0, 6, size=int(change.sum()))
        first ^= (rng.random(first.shape) < 0.3).astype(first.dtype)
        tables[k] = dataclasses.replace(t, last_p=last, first=first)
    monkeypatch.setattr(fib, "_TABLES", tables)
    monkeypatch.setattr(fib, "_REACHES", {})
    slow = per_position(cid, n, lambda piles, x: tables[len(piles)].is_p(tuple(piles), x))
    assert rows(REGISTRY[cid].run(n).evidence) == rows(slow)
    assert slow.counterexamples


def test_every_claim_runs_at_tiny_bounds():
    """Bounds 0..3 (``nimlab verify --bound 0``) give a status, never an exception."""
    assert tiny_bound_errors("fibonacci") == []

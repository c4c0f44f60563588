"""Multiple Fibonacci Nim (nimlab.papers.fibonacci): the solver, the paper's theorem conditions
and its algorithms against the plain brute force of tests/brute.py, the artifacts, the CLI, and
the vectorised checks against per-position checks.  The claims' expected statuses are tested
from their rows in ``tests/test_claims.py``."""

import dataclasses
import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st

import brute
from nimlab.claims import REGISTRY, load_all
from nimlab.claims.artifacts import ARTIFACTS
from nimlab.claims.checks import compare
from nimlab.papers.fibonacci import algorithms as A
from nimlab.papers.fibonacci import computed as C
from nimlab.papers.fibonacci import formulas as F

load_all()


@pytest.fixture(autouse=True, scope="module")
def _own_cache(tmp_path_factory):
    """Never the user's cache: a temporary NIMLAB_CACHE for this module."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("NIMLAB_CACHE", str(tmp_path_factory.mktemp("cache")))
        yield


def cli(*args):
    from nimlab.cli import main

    return CliRunner().invoke(main, list(args))


def brute_p(piles, x):
    return brute.fibonacci(tuple(piles), x) == 0


# ------------------------------------------------------------ solver and algorithms vs brute force
def test_solver_matches_brute_force_box():
    for piles in list(C.boxes(2, 9)) + list(C.boxes(3, 6)):
        for x in range(0, 7):
            if x == 0 and min(piles) < 1:
                continue
            assert C.is_p(piles, x) == brute_p(piles, x)


def test_ppos_algorithms_match_brute_force():
    t1, t2 = A.tables12(12)
    for a in range(13):
        for x in range(1, 8):
            assert A.p1_lookup(t1, a, x) == brute_p((a,), x)
            for b in range(a + 1):
                assert A.p2_lookup(t1, t2, a, b, x) == brute_p((a, b), x)


@given(st.integers(1, 8), st.integers(1, 8), st.integers(1, 8), st.integers(0, 6))
def test_ppos3_random_positions(h, k, m, x):
    alg = A.ppos3(8)
    piles = tuple(sorted((h, k, m), reverse=True))
    expected = brute_p(piles, x)
    assert (piles in alg.first if x == 0 else alg.p(piles, x)) == expected


def test_printed_ppos1_stops_after_its_first_round():
    # As listed, step (12) is followed by (13) End: only m = 3 is ever examined.
    assert A.ppos1(30, loop_back=False) == {3: 1}
    assert A.ppos1(30)[5] == 2


def test_classic_fibonacci_positions_by_brute_force():
    assert [n for n in range(1, 60) if brute.fibonacci((n,), 0) == 0] == F.fib_numbers(59)


# ------------------------------------------------------ the theorems' conditions vs brute force
def test_theorem_conditions_with_brute_force_outcomes():
    """Theorems 2.6(2), 3.5, 4.1 and 4.2 as conditions on the brute force's outcomes."""
    for piles in C.boxes(3, 6, 1):
        assert F.thm42_says(piles, brute_p) == ("P" if brute_p(piles, 0) else "N"), piles
        for x in range(1, F.cap(piles) + 2):
            assert F.thm41_says_n(*piles, x, brute_p) == (not brute_p(piles, x)), (piles, x)
        if brute_p(piles, 1) and min(piles) > 1:
            assert F.thm262_says(piles, brute_p) == ("P" if brute_p(piles, 0) else "N"), piles
    for m, k, x in [(m, k, x) for m in range(1, 7) for k in range(3, 9)
                    for x in range(1, 5) if k > 2 * x]:
        assert F.thm35_says_n(m, k, x, brute_p) == (not brute_p((m + k, m), x)), (m, k, x)


@given(st.integers(1, 40), st.integers(1, 20))
def test_zeckendorf_smallest_is_a_term_of_a_sum_of_fibonacci_numbers(n, x):
    z = F.zeckendorf_smallest(n)
    fibs = F.fib_numbers(n)
    assert z in fibs
    rest, terms = n, []
    for f in reversed(fibs):  # the greedy representation, no two consecutive terms
        if f <= rest:
            rest -= f
            terms.append(f)
    assert rest == 0 and min(terms) == z


def test_position_count_closed_form():
    for n in (1, 2, 3):
        for N in range(1, 12):
            assert F.position_count(n, N) == F.position_count_closed(n, N)


def test_forms_are_the_followers():
    for m in range(1, 8):
        for k in range(3, 10):
            for x in range(1, (k + 1) // 2):
                want = {C.GAME.key(q) for q in C.GAME.successors(((m + k, m), x))}
                assert {C.GAME.key(q) for q in F.forms(m, k, x)} == want


def test_block_point_names_the_block_tuples():
    for smallest in (2, 3):
        for a in range(smallest, 9):
            rows, last, _ = C.first_move_block(a, smallest, 9)
            assert [C.block_point(a, smallest, i) for i in range(len(last))] == \
                [C.block_tuple(a, rows, i) for i in range(len(last))]


def test_x_star_with_brute_force():
    for piles in list(C.boxes(1, 12, 1)) + list(C.boxes(2, 7, 1)):
        want = 0
        for x in range(1, F.cap(piles) + 1):
            if not brute_p(piles, x):
                break
            want = x
        assert F.x_star(piles, brute_p) == want


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
    assert rows[0] == "n" and [int(r) for r in rows[1:]] == F.fib_numbers(200)


# ------------------------------------------------------------------------------------------ CLI
def test_verify_json_through_cli():
    result = cli("verify", "fib.alg.ppos1", "fib.thm3.1.1", "--bound", "10", "--json")
    assert result.exit_code == 0, result.output
    rows = {r["id"]: r for r in json.loads(result.output)}
    assert rows["fib.alg.ppos1"]["status"] == "fails"
    assert rows["fib.alg.ppos1"]["counterexample"] == \
        {"position": "(5; 1)", "claimed": "N", "computed": "P"}
    assert rows["fib.thm3.1.1"]["status"] == "holds"


def test_reproduce_through_cli(tmp_path):
    out = tmp_path / "out"
    result = cli("reproduce", "fib.p2", "--out", str(out), "--no-claims")
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
    show = F.show
    if cid == "fib.thm3.1.1":
        cases = [((m, m), x) for m in range(n + 1) for x in range(1, m + 3)]
        return compare(cases, lambda c: "P", lambda c: out(*c), show=lambda c: show(*c))
    if cid == "fib.thm3.1.2":
        cases = [((m + k, m), x) for s in range(1, n + 1) for m in range(s)
                 for k in [s - m] for x in range((k + 1) // 2, s + 2) if x > 0]
        return compare(cases, lambda c: "N", lambda c: out(*c), show=lambda c: show(*c))
    if cid == "fib.cor3.2":
        cases = [(s, m) for s in range(3, n + 1) for m in range(2, s)]
        return compare(cases, lambda p: "N", lambda p: out(p, 0), show=lambda p: show(p, 0))
    if cid == "fib.lemma3.3":
        cases = [((m,), x) for m in range(1, n + 1) for x in range((m + 1) // 2, m + 2)]
        return compare(cases, lambda c: "N", lambda c: out(*c), show=lambda c: show(*c))
    if cid == "fib.thm3.4":
        cases = [((m,), x) for m in range(1, n + 1) for x in range(1, (m + 1) // 2) if m > 2 * x]
        return compare(cases, lambda c: "N" if any(P((c[0][0] - i,), i)
                                                   for i in range(1, 2 * c[1] + 1)
                                                   if 3 * i < c[0][0]) else "P",
                       lambda c: out(*c), show=lambda c: show(*c))
    if cid == "fib.thm2.6.2":
        cases = [p for k in (1, 2, 3) for p in C.boxes(k, n, 2) if P(p, 1)]
        cases.sort(key=lambda p: (p[0], p))
        return compare(cases, lambda p: F.thm262_says(p, P), lambda p: out(p, 0),
                       show=lambda p: show(p, 0))
    assert cid == "fib.thm2.6.1"
    cases = [p for k in (1, 2, 3) for p in C.boxes(k, n, 3) if not P(p, 1)]
    cases.sort(key=lambda p: (p[0], p))
    return compare(cases, lambda p: "N", lambda p: out(p, 0), show=lambda p: show(p, 0))


VECTORISED = ["fib.thm2.6.1", "fib.thm2.6.2", "fib.thm3.1.1", "fib.thm3.1.2", "fib.cor3.2",
              "fib.lemma3.3", "fib.thm3.4"]


def rows(ev):
    return ev.checked, [(x.position, x.claimed, x.computed) for x in ev.counterexamples]


@pytest.mark.parametrize("cid", VECTORISED)
def test_vectorised_check_agrees_with_the_solver_check(cid, monkeypatch):
    """Kernel tables, whole boxes at once, against the generic solver, one position at a time."""
    monkeypatch.setattr(C, "_REACHES", {})
    n = 14
    assert rows(REGISTRY[cid].run(n).evidence) == rows(per_position(cid, n, C.is_p))


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("cid", VECTORISED)
def test_vectorised_check_agrees_on_changed_tables(cid, seed, monkeypatch):
    """With 30% of the kernel's entries changed, both checks report the same counterexamples in
    the same order."""
    n = 16
    rng = np.random.default_rng(seed)
    tables = {}
    for k in (1, 2, 3):
        t = C.kernel(k, n)
        last, first = t.last_p.copy(), t.first.copy()
        change = rng.random(last.shape) < 0.3
        last[change] = rng.integers(0, 6, size=int(change.sum()))
        first ^= (rng.random(first.shape) < 0.3).astype(first.dtype)
        tables[k] = dataclasses.replace(t, last_p=last, first=first)
    monkeypatch.setattr(C, "_TABLES", tables)
    monkeypatch.setattr(C, "_REACHES", {})
    slow = per_position(cid, n, lambda piles, x: tables[len(piles)].is_p(tuple(piles), x))
    assert rows(REGISTRY[cid].run(n).evidence) == rows(slow)
    assert slow.counterexamples

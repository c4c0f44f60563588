"""The active learner (L* with a teacher of exact tables, boxes in slabs, the prover): its
automata against plain brute force, its lower-bound certificates re-checked independently, its
box checks on Dask workers equal to one process, and the pieces it stands on (the compiled
automaton runner, the Fibonacci kernel's first-move flags, the tables asked position by
position)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brute
from nimlab.discover import discover, learn, oracle
from nimlab.discover.active import Learner, Words, check_certificate
from nimlab.kernels.automata import accepted, reference_accepted
from nimlab.progress import quiet


def agree_on_box(found, truth, top: int) -> int:
    assert found.status == "proven", found
    count = 0
    for p in itertools.product(range(top + 1), repeat=len(found.variables)):
        assert found.dfa.run(dict(zip(found.variables, p)), base=found.base) == truth(p), p
        count += 1
    return count


def test_two_pile_fibonacci_nim_is_proven_with_the_default_settings():
    found = discover("fibonacci", 2, p_positions=True)
    assert found.learner == "active" and found.states == 86
    agree_on_box(found, lambda p: brute.fibonacci(p[:2], p[2]) == 0, 13)


@pytest.mark.parametrize("learner", ["active", "box"])
@pytest.mark.parametrize("base", ["2", "fib"])
def test_both_learners_in_both_numerations_against_brute_force(learner, base):
    found = discover("end-nim", 3, p_positions=True, variant="misere", base=base,
                     learner=learner)
    assert found.learner == learner

    def truth(p):
        if any(p[i] and not p[i + 1] for i in range(2)):
            return False
        return brute.end_nim(tuple(v for v in p if v), "misere") == 0
    agree_on_box(found, truth, 9)


def test_sharing_value_1_actively_equals_the_box_learner():
    a = discover("sharing", 3, value=1, learner="active")
    b = discover("sharing", 3, value=1, learner="box")
    assert a.states == b.states == 36
    agree_on_box(a, lambda p: brute.sharing(p) == 1, 8)


def test_box_checks_on_two_dask_workers_give_the_same_automaton(monkeypatch):
    """The box checks go out in slabs of 4,096 positions to a local cluster of two worker
    processes (each reads the table from its own store): the same automaton, the same rounds."""
    from nimlab.discover import teacher

    monkeypatch.setattr(teacher, "SLAB", 4096)
    alone = discover("sharing", 3, value=1, learner="active")
    spread = discover("sharing", 3, value=1, learner="active", workers=2)
    from nimlab.discover.search import _canonical

    assert spread.status == alone.status == "proven"
    assert _canonical(spread.dfa) == _canonical(alone.dfa)
    assert spread.evidence == alone.evidence  # the same hypotheses, round by round


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 3), st.integers(1, 6), st.integers(2, 12), st.data())
def test_compiled_runner_equals_the_reference(tracks, L, states, data):
    base = data.draw(st.sampled_from(["2", "fib", "fib3", "ost[][2]", "ost[][3]"]))
    radix = learn.radix(base)
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    trans = rng.integers(0, states, size=(states, radix ** tracks)).astype(np.int32)
    accept = rng.integers(0, 2, size=states).astype(bool)
    D = learn.digits(min(L, 4) if radix > 2 else L, base).astype(np.uint8)
    total = len(D) ** tracks
    lo = data.draw(st.integers(0, total - 1))
    hi = data.draw(st.integers(lo + 1, total))
    assert np.array_equal(accepted(trans, accept, D, tracks, lo, hi, radix),
                          reference_accepted(trans, accept, D, tracks, lo, hi, radix))


@pytest.mark.parametrize("piles, side", [(1, 30), (2, 14), (3, 8)])
def test_fibonacci_kernel_first_move_flags_for_every_tuple(piles, side):
    """``first != 0``: no move leaving its pile non-empty reaches a P-position, for every tuple
    (also with a pile below 2), against the plain brute force at x = 0."""
    from nimlab import store
    T = store.fibonacci_table(piles, side - 1)
    for p in itertools.combinations_with_replacement(range(side), piles):
        assert (T.first[T.index(p)] != 0) == (brute.fibonacci(p, 0) == 0), p
        assert (T.first[T.index(p)] == 1) == (min(p) >= 2 and brute.fibonacci(p, 0) == 0), p


@pytest.mark.parametrize("game, piles, options, tracks", [
    ("nim", 3, {}, 3), ("wythoff", 2, {}, 2), ("sharing", 3, {}, 3), ("sharing", 4, {}, 4),
    ("end-nim", 3, {"variant": "loop"}, 3), ("end-nim", 4, {}, 4),
    ("subtraction", 1, {"set": "2,3,5"}, 1), ("cash", 3, {"set": "1,6"}, 3),
    ("fibonacci", 1, {}, 2), ("fibonacci", 2, {}, 3), ("fibonacci", 3, {}, 4)])
def test_tables_asked_position_by_position_equal_the_box(game, piles, options, tracks):
    src = oracle.source(game, piles, options)
    side = 9 if tracks < 4 else 6
    V = np.asarray(src.build(side, quiet)).astype(np.int64)
    P = np.array(list(itertools.product(range(side), repeat=tracks)), dtype=np.int64)
    assert np.array_equal(src.table(side, quiet)(P).reshape((side,) * tracks), V)


def test_words_read_as_numbers_and_back():
    for base in ("2", "fib"):
        w = Words(base, 3)
        for p in itertools.product(range(12), repeat=3):
            word = w.word(p)
            P, valid = w.numbers(np.array([word], dtype=np.uint8).reshape(1, len(word)))
            assert valid[0] and tuple(P[0]) == p


def test_learner_rows_and_a_plain_membership_count():
    """The table's rows are the memberships of prefix + suffix, asked one word at a time."""
    w = Words("2", 2)

    def member(P, valid):
        return ((P[:, 0] ^ P[:, 1]) % 3 == 0).astype(np.uint8)
    learner = Learner(w, member)
    for a in range(1, 4):
        learner.add_suffix((a,))
    assert learner.close(100)
    for s in learner.S:
        for j, e in enumerate(learner.E):
            P, _ = w.numbers(np.array([s + e], dtype=np.uint8).reshape(1, len(s + e)))
            assert learner.rows[s][j] == int(member(P, None)[0])
    cert = learner.certificate()
    assert check_certificate(cert.to_json(("p1", "p2")),
                             lambda p: (p[0] ^ p[1]) % 3 == 0) == cert.bound == len(learner.S)


def test_a_cold_compile_cache_still_proves(tmp_path):
    """With an empty Numba cache and an empty store, the first box's compile time is not read
    as a cost per position: three-pile Sharing Nim's P-positions are proven within 60 s."""
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"),
               NIMLAB_CACHE=str(tmp_path / "store"))
    out = subprocess.run([sys.executable, "-m", "nimlab.cli", "discover", "sharing", "--piles",
                          "3", "--p-positions", "--time-limit", "60", "--json"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert found["status"] == "proven" and found["states"] == 8, found


def test_one_pile_fibonacci_values_equal_brute_force():
    from nimlab import store
    V = store.fibonacci_one_pile_values(40)
    for n in range(41):
        for x in range(41):
            assert V[n, x] == brute.fibonacci((n,), x), (n, x)


@pytest.mark.parametrize("factor", [2, 3, 4])
def test_the_removals_table_gives_the_values_of_the_square_and_the_brute_force(factor):
    """One-pile Fibonacci Nim's values read off the least removal to each value (a few numbers
    a pile) against the compiled square of values (whole box) and a plain game search."""
    from nimlab import store
    from nimlab.kernels.fibonacci import firsts_values

    count, side = 6, 500
    F = store.fibonacci_one_pile_firsts(side - 1, factor, count)
    V = store.fibonacci_one_pile_values(side - 1, factor).astype(np.int64)
    n, x = np.meshgrid(np.arange(side), np.arange(side), indexing="ij")
    got = firsts_values(F, factor, n.ravel(), x.ravel()).reshape(side, side)
    want = V[n, np.minimum(x, n)]
    assert np.array_equal(got == -1, want >= count)
    assert np.array_equal(np.where(got == -1, want, got), want)
    far = firsts_values(F, factor, n[:, :3].ravel(), (x[:, :3] + 10**15).ravel())
    assert np.array_equal(far, got[:, -1:].repeat(3, axis=1).ravel())  # x past the pile
    for p in itertools.product(range(25), range(25)):
        assert got[p] == brute.fibonacci((p[0],), p[1], Fraction(factor)) or \
            (got[p] == -1 and brute.fibonacci((p[0],), p[1], Fraction(factor)) >= count)


def test_a_workers_slab_reads_the_value_it_checks(monkeypatch):
    """A worker builds its own table: for one-pile Fibonacci Nim (values known up to the one
    asked) it must know the slab's value g, not a default, or it calls members outsiders."""
    from nimlab import store
    from nimlab.discover import teacher
    from nimlab.prove.automata import DFA

    monkeypatch.setattr(oracle, "FIRSTS_VALUES", 1)  # a default below the value checked
    monkeypatch.setattr(teacher, "_WORKER_TABLES", {})
    spec, side, L = ("fibonacci", 1, ()), learn.width(8, "fib"), 8
    reject = DFA(("p1", "x"), np.zeros((1, 4), dtype=np.int32), np.array([False]))
    wrong = teacher._slab_task(spec, side, 2, reject.trans, reject.accept, "fib", L, 2, 0,
                               side * side)
    V = store.fibonacci_one_pile_values(side - 1)
    members = np.array([(n, x) for n in range(side) for x in range(side)
                        if V[n, min(x, n)] == 2], dtype=np.int64)
    assert len(members) > 0  # the automaton accepting nothing is wrong exactly at these
    assert np.array_equal(wrong, teacher._smallest(members, teacher.KEEP))


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 9), st.integers(1, 300), st.integers(1, 8))
def test_the_removals_table_grows_as_a_prefix(factor, bound, count):
    from nimlab import store

    big = store.fibonacci_one_pile_firsts(bound, factor, count)
    small = store.fibonacci_one_pile_firsts(bound // 2, factor, max(1, count - 1))
    assert np.array_equal(big[:bound // 2 + 1, :small.shape[1]], small)


@pytest.mark.parametrize("value", [1, 2])
def test_one_pile_fibonacci_value_sets_found_and_proven(value):
    found = discover("fibonacci", 1, value=value)
    assert found.status == "proven" and found.base == "fib"
    agree_on_box(found, lambda p: brute.fibonacci((p[0],), p[1]) == value, 30)


def test_python_errors_name_keyword_arguments_and_the_command_line_its_options():
    import nimlab
    from click.testing import CliRunner

    from nimlab.cli import main
    from nimlab.errors import InputError

    with pytest.raises(InputError) as caught:
        nimlab.discover("nim", 2, value=0, max_digits=10**6)
    assert "max_digits=" in str(caught.value) and "--max-digits" not in str(caught.value)
    with pytest.raises(InputError) as caught:
        nimlab.discover("nim", 2)
    assert "p_positions=True" in str(caught.value) and "--" not in str(caught.value)
    out = CliRunner().invoke(main, ["discover", "nim", "--piles", "2"])
    assert out.exit_code == 2 and "--p-positions" in out.output


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(1, 6), st.data())
def test_residuals_in_slabs_equal_the_whole_box(tracks, L, data):
    """The box learner's rows reduced one slab at a time (any number of slabs) give the same
    classes, at every depth, as the whole box."""
    from nimlab.discover.slabs import residuals_by_slabs

    L = min(L, {1: 6, 2: 5, 3: 4}[tracks])
    s = data.draw(st.integers(0, L))
    seed = data.draw(st.integers(0, 2**32 - 1))
    rule = data.draw(st.sampled_from(["random", "xor", "sum"]))
    side = 1 << L
    grid = np.indices((side,) * tracks)
    M = {"random": np.random.default_rng(seed).random((side,) * tracks) < 0.3,
         "xor": np.bitwise_xor.reduce(grid, axis=0) % 3 == 0,
         "sum": grid.sum(axis=0) % 5 == 1}[rule]
    whole = learn.residuals(M, "2", L)
    asked = []
    slabbed = residuals_by_slabs(lambda lo, hi: asked.append(lo) or M[lo:hi], tracks, L, s)
    assert asked == [i * (side >> s) for i in range(1 << s)]  # each slab once, in order
    for m in range(1, L + 1):
        a, b = whole.classes(m), slabbed.classes(m)
        assert len(set(zip(a.tolist(), b.tolist()))) == len(set(a.tolist())) == \
            len(set(b.tolist()))
        assert whole.counts(m) == slabbed.counts(m)


@pytest.mark.parametrize("A", ["1,2", "1,4"])
def test_the_box_learner_in_slabs_answers_as_with_the_whole_box(A, monkeypatch):
    from nimlab.discover import search

    whole = discover("cash", p_positions=True, set=A, max_digits=7, time_limit=120)
    monkeypatch.setattr(search, "SLAB_CELLS", 1 << 12)
    slabbed = discover("cash", p_positions=True, set=A, max_digits=7, time_limit=120)
    assert (whole.status, whole.states, whole.lower_bound, whole.evidence) == \
        (slabbed.status, slabbed.states, slabbed.lower_bound, slabbed.evidence)
    if whole.dfa is not None:
        from nimlab.discover.search import _canonical
        assert _canonical(whole.dfa) == _canonical(slabbed.dfa)


def test_the_box_learners_slabs_on_two_dask_workers_give_the_same_automaton(monkeypatch):
    """The box of NIM(1,2) with cash goes out in slabs of 2^12 positions to a local cluster of
    two worker processes (each reduces its slabs from its own table and sends back only the
    rows' keys): the same classes, the same automaton as in one process."""
    from nimlab.discover import search
    from nimlab.discover.search import _canonical

    monkeypatch.setattr(search, "SLAB_CELLS", 1 << 12)
    alone = discover("cash", p_positions=True, set="1,2", max_digits=7, time_limit=120)
    spread = discover("cash", p_positions=True, set="1,2", max_digits=7, time_limit=120,
                      workers=2)
    assert alone.status == spread.status == "proven"
    assert _canonical(alone.dfa) == _canonical(spread.dfa)
    assert alone.evidence == spread.evidence

"""The kernels of issue 12 (Wythoff, Fibonacci Nim with 4 piles, Graph Nim, 4-pile Sharing Nim,
4-pile End-Nim, the parallel Sharing Nim and Fibonacci kernels) against plain references
(tests/brute.py, written independently of nimlab, and each module's reference) on whole boxes,
plus Hypothesis cases."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from fractions import Fraction
from itertools import permutations, product
from pathlib import Path

import brute
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.errors import InputError
from nimlab.kernels import endnim as end_k
from nimlab.kernels import fibonacci as fib_k
from nimlab.kernels import graphnim as graph_k
from nimlab.kernels import sharing as sh_k
from nimlab.kernels import wythoff as wy_k

DATA = Path(__file__).parent / "data"
K4 = tuple(permutations(range(4), 2))


# ------------------------------------------------------------------------------- wythoff
@pytest.mark.parametrize("bound", [0, 1, 2, 3, 64, 150])
def test_wythoff_kernel_equals_compiled_triple_loop_on_whole_boxes(bound):
    fast = wy_k.wythoff_table(bound)
    assert fast.shape == (bound + 1, bound + 1)
    assert np.array_equal(fast, wy_k.wythoff_reference_compiled(bound))


def test_wythoff_reference_equals_brute_force():
    G = wy_k.wythoff_reference(22)
    for a, b in product(range(23), repeat=2):
        assert G[a, b] == brute.wythoff(a, b), (a, b)
    assert np.array_equal(wy_k.wythoff_table(22), G)


def _oeis(name: str) -> list[int]:
    for line in (DATA / "wythoff_oeis.txt").read_text().splitlines():
        if line.startswith(name + ":"):
            return [int(x) for x in line.split(":")[1].split(",")]
    raise AssertionError(name)


def test_wythoff_kernel_matches_oeis_rows_and_diagonal():
    # Test data: OEIS A317205 (rows 0..11 of the triangle G(n, m), m <= n, the lower half of
    # A004481) and A047708 (the diagonal G(n, n)); sources in tests/data/wythoff_oeis.txt.
    G = wy_k.wythoff_table(80)
    triangle = _oeis("A317205")
    at = 0
    for n in range(12):
        assert list(G[n, :n + 1]) == triangle[at:at + n + 1], n
        assert list(G[:n + 1, n]) == triangle[at:at + n + 1], n  # the table is symmetric
        at += n + 1
    assert at == len(triangle)
    diagonal = _oeis("A047708")
    assert [int(G[n, n]) for n in range(len(diagonal))] == diagonal


@given(st.integers(0, 70), st.integers(0, 70))
def test_wythoff_random_cells_equal_brute_force(a, b):
    assert wy_k.wythoff_table(max(a, b))[a, b] == brute.wythoff(a, b)


def test_wythoff_lookup():
    look = wy_k.WythoffLookup(30)
    assert look.value((4, 7)) == brute.wythoff(4, 7)
    assert look.outcome((3, 5)) == "P" and look.outcome((4, 7)) == "P"
    assert look.outcome((4, 6)) == "N"
    assert not look.covers((3, 31))
    with pytest.raises(InputError, match="outside"):
        look.value((31, 2))
    with pytest.raises(InputError, match=">= 0"):
        wy_k.wythoff_table(-1)
    with pytest.raises(InputError, match="GB of memory"):
        wy_k.wythoff_table(10**6)


# ----------------------------------------------------------------- fibonacci, 1 to 4 piles
def check_fibonacci4(table, piles: int, bound: int, factor) -> None:
    status, first, top = fib_k.reference_status(piles, bound, factor)
    for (p, x), is_p in status.items():
        assert table.is_p(p, x) == is_p, (p, x)
    for p, is_p in first.items():
        assert table.is_p(p, 0) == is_p, p
    assert table.first_move_p_positions() == sorted(p for p, s in first.items() if s)


@pytest.mark.parametrize("factor", [2, Fraction(3, 2), 1, Fraction(7, 3)])
def test_fibonacci_four_piles_equal_reference_on_a_whole_box(factor):
    for parallel in (False, True):
        check_fibonacci4(fib_k.last_p_table4(4, 5, factor, parallel=parallel), 4, 5, factor)


def test_fibonacci_four_piles_first_moves_equal_brute_force():
    found = fib_k.first_move_p_positions(4, 7)
    expect = sorted(p for p in product(range(2, 8), repeat=4)
                    if list(p) == sorted(p, reverse=True) and brute.fibonacci(p, 0) == 0)
    assert found == expect


@settings(max_examples=15)
@given(st.integers(1, 7), st.integers(1, 4), st.integers(0, 4))
def test_fibonacci_four_piles_random_rational_factors(num, den, bound):
    factor = Fraction(num, den)
    check_fibonacci4(fib_k.last_p_table4(4, bound, factor), 4, bound, factor)


@pytest.mark.parametrize("piles,bound", [(1, 40), (2, 40), (3, 30), (4, 18)])
@pytest.mark.parametrize("factor", [2, Fraction(3, 2), Fraction(5, 2)])
def test_fibonacci_parallel_equals_sequential_bit_for_bit(piles, bound, factor):
    seq = fib_k.last_p_table4(piles, bound, factor)
    par = fib_k.last_p_table4(piles, bound, factor, parallel=True)
    assert np.array_equal(seq.last_p, par.last_p) and np.array_equal(seq.first, par.first)
    if piles < 4:  # the general kernel is the 3-pile kernel on fewer piles
        old = fib_k.last_p_table(piles, bound, factor)
        assert np.array_equal(old.last_p, seq.last_p) and np.array_equal(old.first, seq.first)


def test_fibonacci_lookup_four_piles():
    look = fib_k.FibonacciLookup(4, 5, "3/2")
    game = look.game
    for piles in product(range(0, 6), repeat=4):
        for last in range(0, 5):
            if last == 0 and min(piles) < 2:
                continue
            position = (piles, last)
            expect = brute.fibonacci(tuple(piles), last, Fraction(3, 2))
            assert look.outcome(position) == ("P" if expect == 0 else "N"), position
    assert not look.covers(((7, 2, 2, 2), 1))
    assert not look.covers(((2, 2, 2), 0))  # a first move must have 4 piles
    with pytest.raises(InputError, match="outside"):
        look.outcome(((9, 2, 2, 2), 0))
    assert game.name == "fibonacci"


# ------------------------------------------------------------------- parallel sharing nim
# "always" runs the pipelined kernel for every step (True would let the pace pick one thread).
@pytest.mark.parametrize("bound", [0, 1, 2, 3, 4, 5, 250, 1200])
def test_sharing_parallel_equals_sequential_bit_for_bit(bound):
    assert np.array_equal(sh_k.sharing_values(bound, parallel="always"),
                          sh_k.sharing_values(bound, parallel=False))


def random_steps(stop: int, sizes: list[int], seed: int):
    """Consecutive ``(lo, hi)`` of random sizes covering ``range(stop)``."""
    import random

    rng, lo = random.Random(seed), 0
    while lo < stop:
        hi = min(stop, lo + rng.choice(sizes))
        yield lo, hi
        lo = hi


def test_sharing_pipelined_kernel_in_random_steps_equals_sequential():
    # Steps of every size (a step's first column relies on the earlier ones being complete),
    # on 2 and 3 workers, several times: a missing wait would show as a differing table sooner
    # or later.
    bound = 700
    expected = sh_k.sharing_values(bound, parallel=False)
    for seed in range(4):
        T = np.full((bound + 1, bound + 1), -1, dtype=np.int16)
        run = sh_k.SharingRun(bound)
        run.workers = 2 + seed % 2  # three workers on Numba's threads: the last finds less to do
        for lo, hi in random_steps(bound + 1, [1, 2, 7, 50, 300], seed):
            run.step(T, 0, lo, hi, True)
        assert np.array_equal(T.T, expected), seed


def test_sharing_parallel_extension_equals_sequential():
    full = sh_k.sharing_values(300, parallel=False)
    grown = sh_k.extend_sharing_values(np.ascontiguousarray(full[:121, :121]), 300,
                                      parallel="always")
    assert np.array_equal(grown, full)


@pytest.mark.parametrize("bound", [0, 1, 2, 63, 64, 65, 127, 128, 129, 255, 256, 257, 700])
def test_wythoff_parallel_equals_sequential_bit_for_bit(bound):
    assert np.array_equal(wy_k.wythoff_table(bound, parallel="always"),
                          wy_k.wythoff_table(bound, parallel=False))


@pytest.mark.parametrize("rows", [128, 16])
def test_wythoff_pipelined_kernel_in_random_steps_equals_sequential(rows):
    bound = 700
    expected = wy_k.wythoff_table(bound, parallel=False)
    for seed in range(4):
        G = np.zeros((bound + 1, bound + 1), dtype=np.uint16)
        # two workers (three: more than Numba's threads here, the last finds less to do) and
        # bands of ``rows``, on any machine
        run = wy_k.WythoffRun(bound, workers=2 + seed % 2, rows=rows)
        for lo, hi in random_steps(bound + 1, [1, 3, 40, 200], seed):
            run.step(G, -1, lo, hi, seed % 2 == 0 or lo % 3 != 0)  # threads, or now and then one
        assert np.array_equal(G, expected), seed


def test_compare_swap_writes_only_over_the_expected_value():
    from nimlab.kernels.atomics import compare_swap
    from nimlab.kernels.jit import njit

    @njit
    def swaps(array):
        return (compare_swap(array, 1, 0, 5), compare_swap(array, 1, 0, 7),
                compare_swap(array, 1, 5, 0))

    array = np.array([3, 0, 3], dtype=np.int64)
    assert swaps(array) == (True, False, True) and list(array) == [3, 0, 3]
    array[1] = 4
    assert swaps(array) == (False, False, False) and list(array) == [3, 4, 3]


OVERSUBSCRIBED = """
import random
import numpy as np
from nimlab.kernels import sharing as sh, wythoff as wy
def random_steps(stop, sizes, seed):
    rng, lo = random.Random(seed), 0
    while lo < stop:
        hi = min(stop, lo + rng.choice(sizes))
        yield lo, hi
        lo = hi
bound = 700
for seed in range(3):
    G = np.zeros((bound + 1, bound + 1), dtype=np.uint16)
    run = wy.WythoffRun(bound, rows=16 << seed % 2)
    for lo, hi in random_steps(bound + 1, [1, 40, 200, 700], seed):
        run.step(G, -1, lo, hi, True)
    assert np.array_equal(G, wy.wythoff_table(bound, parallel=False)), seed
    T = np.full((bound + 1, bound + 1), -1, dtype=np.int16)
    run = sh.SharingRun(bound)
    for lo, hi in random_steps(bound + 1, [1, 7, 50, 300], seed):
        run.step(T, 0, lo, hi, True)
    assert np.array_equal(T.T, sh.sharing_values(bound, parallel=False)), seed
print(run.workers, "ok")
"""


def test_parallel_kernels_with_more_threads_than_cores_equal_sequential():
    """Four of Numba's threads on this machine's cores (two here): the system deschedules
    threads in the middle of their blocks, and the others take the work that is ready."""
    env = {**os.environ, "NUMBA_NUM_THREADS": "4"}
    out = subprocess.run([sys.executable, "-c", OVERSUBSCRIBED], env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0 and out.stdout.split() == ["4", "ok"], out.stderr[-2000:]


def test_wythoff_bands_shrink_for_wide_tables():
    assert wy_k.band_rows(6000) == wy_k.ROWS
    assert wy_k.band_rows(20_000) == 128 and wy_k.band_rows(50_000) == 64
    assert wy_k.band_rows(10 ** 7) == 16
    for bound in (100, 6000, 20_000, 50_000):
        rows = wy_k.band_rows(bound)
        assert rows * (bound + 1) <= wy_k.BAND_CELLS or rows == 16


def _paced(pace, record, speeds, total=20_000, first=0.0, calls=None, guess=None):
    """Run ``run_paced`` on a simulated machine: ``speeds[threads]`` milliseconds per line (a
    step holds a few hundred lines, as in the kernels); the first step takes ``first`` seconds
    more (a fresh table's first touch); returns the steps ``(lo, hi, threads)`` (``calls``, a
    list: gets every call, the empty ones that load a kernel included)."""
    from types import SimpleNamespace

    clock = [0.0]
    calls = [] if calls is None else calls

    def step(lo, hi, threads):
        calls.append((lo, hi, threads))
        clock[0] += (hi - lo) * speeds[threads] / 1000
        if hi > lo == 0:
            clock[0] += first

    real = pace.time
    pace.time = SimpleNamespace(perf_counter=lambda: clock[0])
    try:
        pace.run_paced(0, total, step, np.arange(total + 1, dtype=np.float64), pace=record,
                       seconds_per_work=guess)
    finally:
        pace.time = real
    steps = [c for c in calls if c[1] > c[0]]
    assert sum(hi - lo for lo, hi, _ in steps) == total  # every line once, in order
    assert [c[:2] for c in steps] == sorted(c[:2] for c in steps)
    return steps


def _on_two_cores(pace):
    record = pace.Pace(True)
    # two threads, whatever this machine is
    record.parallel, record.workers, record.best, record.span = True, 2, True, 2
    record.ready = True  # the parallel kernels loaded
    return record


def test_pace_picks_the_faster_mode_and_tries_the_other_again():
    from nimlab.kernels import pace

    record = _on_two_cores(pace)
    steps = _paced(pace, record, {False: 1.0, True: 3.0})  # the threads lose
    slow = sum(hi - lo for lo, hi, threads in steps if threads)
    assert 0 < slow < 0.05 * 20_000  # they were tried, briefly
    # the load changes: now the threads win, and take over
    steps = _paced(pace, record, {False: 3.0, True: 1.0})
    assert sum(hi - lo for lo, hi, threads in steps if threads) > 0.8 * 20_000
    # on an idle machine the threads start, and one thread is tried only briefly
    record = _on_two_cores(pace)
    steps = _paced(pace, record, {False: 2.0, True: 1.0})
    assert steps[0][2] and 0 < sum(hi - lo for lo, hi, t in steps if not t) < 0.05 * 20_000


def test_pace_tries_a_mode_far_behind_only_after_the_longest_gap():
    """Threads twice as fast as one (an idle machine): after the first try of one thread the
    next comes MAX_GAP steps later (each costs half its length); threads ahead by little (1.18
    times, a competing process) keep trying one thread after doubling gaps, and so does one
    thread far ahead of the threads (a try of them is not put off so long)."""
    from nimlab.kernels import pace

    for speeds, gap in (({False: 2.0, True: 1.0}, pace.MAX_GAP),
                        ({False: 1.0, True: 0.85}, 2 * pace.FIRST_TRY),
                        ({False: 1.0, True: 2.0}, 2 * pace.FIRST_TRY)):
        record = _on_two_cores(pace)
        steps = _paced(pace, record, speeds, total=60_000)
        behind = speeds[True] > speeds[False]  # the mode that loses: the threads or one thread
        # where a try of it starts (it may take two steps: a first one too short)
        starts = [i for i, (_, _, t) in enumerate(steps)
                  if i and t == behind and steps[i - 1][2] != behind]
        assert len(starts) >= 2
        between = sum(1 for _, _, t in steps[starts[0]:starts[1]] if t != behind)
        assert gap <= between <= gap + 2  # after the first try


def test_pace_keeps_threads_that_win_by_little_and_leaves_threads_no_faster():
    """Another process on the cores: the threads are faster by less (here 1.18 times) and still
    do nearly all the work; threads no faster than one thread (a process confined to one core)
    are left, and given back their lead they return."""
    from nimlab.kernels import pace

    record = _on_two_cores(pace)
    steps = _paced(pace, record, {False: 1.0, True: 0.85})
    assert sum(hi - lo for lo, hi, threads in steps if threads) > 0.9 * 20_000
    record = _on_two_cores(pace)
    steps = _paced(pace, record, {False: 1.0, True: 1.02})
    assert sum(hi - lo for lo, hi, threads in steps if not threads) > 0.8 * 20_000
    steps = _paced(pace, record, {False: 2.0, True: 1.0})
    assert sum(hi - lo for lo, hi, threads in steps if threads) > 0.8 * 20_000


def test_pace_measures_neither_the_first_step_nor_a_step_too_narrow_for_the_threads():
    """The first step pays the first touch of a fresh table (a speed far below one thread's):
    the threads stay.  Every parallel step but the last gives each thread a block of lines."""
    from nimlab.kernels import pace

    record = _on_two_cores(pace)
    record.span = 64  # two threads, blocks of 32 lines
    steps = _paced(pace, record, {False: 2.0, True: 1.0}, first=2.0)
    assert steps[0][2] and sum(hi - lo for lo, hi, t in steps if not t) < 0.05 * 20_000
    assert all(hi - lo >= 64 for lo, hi, t in steps[:-1] if t)
    # a slow one-line step of the threads at the end measures nothing either
    record = _on_two_cores(pace)
    record.record(True, 1.0, 1.0, lines=100)  # the first step
    record.record(True, 3.0, 1.0, lines=100)
    record.rate[False] = 1.0  # one thread measured: a third of the threads' speed
    assert record.best and record.since_try == 1
    record.record(True, 0.1, 1.0, lines=1)
    assert record.best and record.since_try == 1  # not a sign that the lead is gone
    record.record(True, 0.1, 1.0, lines=100)
    assert record.since_try == record.gap  # this one is: one thread is tried next


def test_pace_tries_one_thread_only_after_the_threads_first_steps():
    """On an idle machine a run shorter than FIRST_TRY steps never tries one thread (each try
    costs about half its length there); a longer one does, once; no kernel is loaded before
    its mode is chosen."""
    from nimlab.kernels import pace

    record = _on_two_cores(pace)
    short = int(pace.FIRST_TRY * pace.STEP_SECONDS * 1000 * 0.6)  # lines of 1 ms on threads
    calls = []
    steps = _paced(pace, record, {False: 2.0, True: 1.0}, total=short, calls=calls)
    assert all(t for _, _, t in steps) and all(t for _, _, t in calls)
    record = _on_two_cores(pace)
    steps = _paced(pace, record, {False: 2.0, True: 1.0}, total=4 * short)
    assert sum(not t for _, _, t in steps) >= 1


def test_numba_num_threads_is_respected(tmp_path):
    code = ("import hashlib, numba, numpy as np\n"
            "from nimlab.kernels import sharing, fibonacci\n"
            "V = np.ascontiguousarray(sharing.sharing_values(200, parallel='always'))\n"
            "F = fibonacci.last_p_table4(4, 12, parallel=True).last_p\n"
            "print(numba.get_num_threads(), hashlib.sha256(V.tobytes() + F.tobytes())"
            ".hexdigest())\n")
    V = np.ascontiguousarray(sh_k.sharing_values(200))
    F = fib_k.last_p_table4(4, 12).last_p
    digest = hashlib.sha256(V.tobytes() + F.tobytes()).hexdigest()
    for threads in ("1", "2"):
        env = {**os.environ, "NUMBA_NUM_THREADS": threads, "NIMLAB_CACHE": str(tmp_path)}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, timeout=600, check=True).stdout.split()
        assert out == [threads, digest]


# --------------------------------------------------------------------------- graph nim
GRAPHS = [
    (1, ()),
    (2, ((0, 1),)),
    (3, ((0, 1), (1, 2), (2, 0))),
    (3, tuple(permutations(range(3), 2))),
    (4, ((0, 1), (1, 2), (2, 3), (3, 0))),
    (4, ((0, 1), (0, 2), (0, 3), (3, 2))),
    (4, K4),
]


@pytest.mark.parametrize("vertices,edges", GRAPHS)
def test_graph_kernel_equals_brute_force_on_a_whole_box(vertices, edges):
    bound = {1: 9, 2: 12, 3: 8, 4: 5}[vertices]
    V = graph_k.graph_values(vertices, edges, bound)
    reference = graph_k.graph_reference(vertices, edges)
    for p in product(range(bound + 1), repeat=vertices):
        assert V[p] == brute.graph_nim(p, tuple(edges)) == reference(p), p


@settings(max_examples=25)
@given(st.sets(st.sampled_from(K4), max_size=12), st.integers(0, 4))
def test_graph_kernel_random_digraphs(arcs, bound):
    edges = tuple(sorted(arcs))
    V = graph_k.graph_values(4, edges, bound)
    for p in product(range(bound + 1), repeat=4):
        assert V[p] == brute.graph_nim(p, edges), (edges, p)


def test_graph_lookup_uses_lemma_1():
    look = graph_k.GraphNimLookup(3, ((0, 1), (1, 2), (2, 0)), 6)
    assert look.value((10, 12, 16)) == brute.graph_nim((0, 2, 6), ((0, 1), (1, 2), (2, 0)))
    assert not look.covers((0, 0, 7)) and not look.covers((1, 2))
    with pytest.raises(InputError, match="outside"):
        look.value((0, 0, 7))
    with pytest.raises(InputError, match="1 to 4 vertices"):
        graph_k.graph_values(5, ((0, 1),), 3)
    with pytest.raises(InputError, match="not an arc"):
        graph_k.graph_values(3, ((0, 3),), 3)


# ------------------------------------------------------------------ sharing nim, 4 piles
def test_sharing4_kernel_equals_brute_force_on_every_total_up_to_14():
    V = graph_k.sharing4_values(14)
    count = 0
    for z in range(15):
        for y in range(z + 1):
            for x in range(y + 1):
                if x + y + z <= 14:
                    assert V[x, y, z] == brute.sharing((0, x, y, z)), (x, y, z)
                    count += 1
                else:
                    assert V[x, y, z] == -1
    assert count == int((V >= 0).sum())


def test_sharing4_kernel_equals_the_graph_kernel_on_k4():
    box = graph_k.graph_values(4, K4, 9)
    look = graph_k.Sharing4Lookup(36)
    for p in product(range(10), repeat=4):
        assert look.value(p) == box[p], p


@settings(max_examples=30)
@given(st.tuples(*(st.integers(0, 9),) * 4))
def test_sharing4_random_positions(position):
    look = graph_k.Sharing4Lookup(sum(position))
    assert look.value(position) == brute.sharing(tuple(position))


def test_sharing4_lookup_bounds():
    look = graph_k.Sharing4Lookup(10)
    assert look.covers((5, 5, 5, 15)) and not look.covers((0, 0, 0, 11))
    with pytest.raises(InputError, match="outside"):
        look.value((0, 0, 0, 11))


# -------------------------------------------------------------------- end-nim, 4 piles
@pytest.mark.parametrize("variant", end_k.VARIANTS)
def test_endnim_four_piles_equal_brute_force_on_a_whole_box(variant):
    look = end_k.EndNimLookup(4, 5, variant)
    for k in range(1, 5):
        for row in product(range(1, 6), repeat=k):
            assert look.value(row) == brute.end_nim(row, variant), row


@settings(max_examples=20)
@given(st.sampled_from(end_k.VARIANTS), st.lists(st.integers(1, 9), min_size=4, max_size=4))
def test_endnim_four_piles_random_rows(variant, row):
    V = end_k.endnim_values(4, max(row), variant)
    assert V[tuple(row)] == brute.end_nim(tuple(row), variant)
    assert V[0, row[1], row[2], row[3]] == brute.end_nim(tuple(row[1:]), variant)


def test_endnim_lookup_bounds():
    look = end_k.EndNimLookup(4, 4)
    assert not look.covers((1, 2, 3, 4, 1)) and not look.covers((5, 1)) and look.covers((4,))
    with pytest.raises(InputError, match="outside"):
        look.value((0, 1))


def _unready(pace):
    """Two threads whose kernels are not loaded yet (the state a process starts in)."""
    record = pace.Pace(True)
    record.parallel, record.workers, record.span = True, 2, 2
    return record


def test_pace_starts_on_one_thread_and_a_short_table_never_loads_the_threads():
    """One thread starts (the kernel compiled ahead of time); a table whose one-thread work
    left stays under LOAD_WORTH never looks for the parallel kernels at all."""
    from nimlab.kernels import jit, pace

    calls = _NotLoaded()
    record = _unready(pace)
    # 1 ms a line on one thread: 600 lines = 0.6 s < LOAD_WORTH
    steps = _paced(pace, record, {False: 1.0, True: 0.5}, total=600, calls=calls)
    assert not any(t for _, _, t in calls) and not record.ready and not steps[0][2]
    assert getattr(jit._mode, "loading_only", False) is False


def test_pace_loads_threads_at_hand_once_the_work_left_pays_and_tries_them_at_once():
    from nimlab.kernels import jit, pace

    record = _unready(pace)
    calls = _NotLoaded()
    steps = _paced(pace, record, {False: 2.0, True: 1.0}, total=20_000, calls=calls)
    looks = [c for c in calls if c[0] == c[1] and c[2]]
    assert record.ready and len(looks) == 1  # one look, which loaded them
    first_threads = next(i for i, (_, _, t) in enumerate(steps) if t)
    assert not steps[0][2] and first_threads <= 4  # tried at once
    assert sum(hi - lo for lo, hi, t in steps if t) > 0.8 * 20_000
    assert getattr(jit._mode, "loading_only", False) is False


class _NotLoaded(list):
    """``_paced``'s list of calls, standing in for a threads' kernel not loaded in the process
    (in Numba's disk cache once ``compiled[0]``): an empty step of the threads inside
    ``loading_only`` raises where the kernel is not at hand."""

    def __init__(self, compiled=(True,), kernel="the threads' kernel"):
        super().__init__()
        self.compiled, self.kernel = compiled, kernel

    def append(self, call):
        from nimlab.kernels import jit

        if call[2] and getattr(jit._mode, "loading_only", False) and not (
                jit._mode.disk and self.compiled[0]):
            raise jit.NeedsCompiling(self.kernel, ())
        super().append(call)


def test_pace_starts_on_the_threads_when_an_earlier_table_loaded_them():
    import numba  # noqa: F401 - loaded, as by an earlier table

    from nimlab.kernels import pace

    record = _unready(pace)
    calls = []  # every kernel at hand, in this process
    steps = _paced(pace, record, {False: 2.0, True: 1.0}, total=20_000, calls=calls)
    assert steps[0][2] and record.ready


def test_pace_has_a_missing_parallel_kernel_compiled_elsewhere_and_the_threads_join_after(
        monkeypatch):
    """A first run: the threads' kernel is not compiled.  Another process compiles it (here a
    stand-in that takes three looks to finish) while one thread goes on; with enough work left
    the threads are then loaded and take over."""
    from nimlab.kernels import jit, pace

    compiled, started = [False], []

    class Compiler:
        looks, returncode, needed = 0, None, 3

        def poll(self):
            self.looks += 1
            if self.looks >= self.needed:
                self.returncode = 0
                compiled[0] = True
            return self.returncode

    def compile_elsewhere(self):
        started.append(self.kernel)
        return Compiler()

    monkeypatch.setattr(jit.NeedsCompiling, "compile_elsewhere", compile_elsewhere)
    kernel = "the threads' kernel"
    # 2 ms a line on one thread, 20,000 lines: 40 s of work, enough to compile elsewhere
    record = _unready(pace)
    steps = _paced(pace, record, {False: 2.0, True: 1.0}, total=20_000,
                   calls=_NotLoaded(compiled, kernel))
    assert started == [kernel] and record.rounds == 1 and record.ready
    first_threads = next(i for i, (_, _, t) in enumerate(steps) if t)
    assert first_threads >= 3  # one thread went on while it compiled
    assert sum(hi - lo for lo, hi, t in steps if t) > 0.6 * 20_000
    # too little work to wait for it (2 s): compiled all the same, for the next runs, while one
    # thread finishes
    compiled[0] = False
    started.clear()
    Compiler.needed = 10**6  # not done before the table
    record = _unready(pace)
    steps = _paced(pace, record, {False: 2.0, True: 1.0}, total=1_000,
                   calls=_NotLoaded(compiled, kernel))
    assert started == [kernel] and not record.ready and record.looking == "compiling"
    assert not any(t for _, _, t in steps)
    # and a table under LOAD_WORTH neither loads nor compiles anything
    started.clear()
    record = _unready(pace)
    _paced(pace, record, {False: 2.0, True: 1.0}, total=400, calls=_NotLoaded(compiled, kernel))
    assert started == [] and record.looking is None


def test_pace_loads_the_threads_first_for_a_table_its_kernel_guesses_long():
    """A kernel's guess of one thread's seconds a unit of work: a table guessed at EARLY_LOAD
    seconds or more loads the parallel kernels before its first step, and the threads start; a
    shorter one starts on one thread."""
    from nimlab.kernels import pace

    record, calls = _unready(pace), _NotLoaded()
    # 2 ms a line on one thread, guessed at 1 ms: 20 s
    steps = _paced(pace, record, {False: 2.0, True: 1.0}, calls=calls, guess=0.001)
    assert calls[0] == (0, 0, True) and steps[0][2] and record.ready
    assert sum(hi - lo for lo, hi, t in steps if t) > 0.9 * 20_000
    record, calls = _unready(pace), _NotLoaded()
    steps = _paced(pace, record, {False: 2.0, True: 1.0}, total=1000, calls=calls, guess=0.001)
    assert not steps[0][2]


def test_pace_stretches_the_steps_of_threads_a_signal_stops_and_keeps_the_tries_short():
    """A kernel whose threads stop at a signal runs longer parallel steps (``stretch`` times a
    step): fewer ends of steps, where the threads wait for the last band.  A try of one thread
    stays short, and so do the tiny first steps."""
    from nimlab.kernels import pace

    for stretch in (1, 4):
        record = _on_two_cores(pace)
        record.stretch = stretch
        steps = _paced(pace, record, {False: 2.0, True: 1.0}, total=200_000)
        seconds = {mode: [(hi - lo) * (1.0 if mode else 2.0) / 1000
                          for lo, hi, threads in steps[1:-1] if threads == mode]
                   for mode in (True, False)}
        longest = max(seconds[True])
        assert stretch * pace.STEP_SECONDS * 0.9 <= longest <= stretch * pace.STEP_SECONDS * 1.1
        assert seconds[False]  # one thread was tried, briefly
        assert max(seconds[False]) <= pace.ONE_THREAD_TRY * pace.STEP_SECONDS * 1.1
    assert pace.Pace(True, stretch=3).stretch == 3 and wy_k.WythoffRun.stretch == wy_k.STRETCH

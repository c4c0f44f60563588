"""The compiled kernels (nimlab.kernels) against their plain references on whole boxes, and the
references against the generic solver (nimlab.engine) on smaller boxes."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.engine import Solver
from nimlab.errors import InputError
from nimlab.games import CashNim, EndNim, FibonacciNim, SharingNim, SubtractionNim
from nimlab.kernels import cash as cash_k
from nimlab.kernels import endnim as end_k
from nimlab.kernels import fibonacci as fib_k
from nimlab.kernels import sharing as sh_k

DATA = Path(__file__).parent / "data"


# ------------------------------------------------------------------------------ sharing
def test_sharing_kernel_equals_compiled_triple_loop_on_a_whole_box():
    fast = sh_k.sharing_values(110)
    slow = sh_k.sharing_reference_compiled(110)
    assert fast.shape == slow.shape == (111, 111)
    assert np.array_equal(fast, slow)
    below = np.tril_indices(111, -1)
    assert (fast[below] == -1).all()
    assert (fast[np.triu_indices(111)] >= 0).all()


def test_sharing_plain_python_reference_equals_kernel():
    assert np.array_equal(sh_k.sharing_reference(28), sh_k.sharing_values(28))


def test_sharing_reference_equals_generic_solver():
    solver = Solver(SharingNim())
    V = sh_k.sharing_reference(14)
    for b in range(15):
        for a in range(b + 1):
            assert V[a, b] == solver.value((0, a, b)), (a, b)


def test_sharing_kernel_matches_the_papers_table_1():
    # Test data: sharing-nim.txt, Table 1 (G(0, a, b) for 0 <= a <= b <= 16).
    V = sh_k.sharing_values(16)
    rows = 0
    for line in (DATA / "sharing_table1.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, values = line.split(":")
        a = int(label)
        printed = [int(v) for v in values.split()]
        assert list(V[a, a:17]) == printed, a
        rows += 1
    assert rows == 17


def test_sharing_extension_equals_a_fresh_table():
    fresh = sh_k.sharing_values(90)
    grown = sh_k.extend_sharing_values(sh_k.sharing_values(37), 90)
    assert np.array_equal(fresh, grown)
    assert np.array_equal(sh_k.extend_sharing_values(fresh, 40), fresh[:41, :41])


def test_sharing_value_dtype_falls_back_when_int16_is_too_small():
    assert sh_k.value_dtype(2000) == np.int16
    assert sh_k.value_dtype(40000) == np.int16  # values stay near 0.66 b (checked as it goes)
    assert sh_k.value_dtype(60000) == np.int32
    assert sh_k.reference_dtype(40000) == np.int32


@pytest.mark.parametrize("parallel", [False, "always"])
def test_sharing_kernel_widens_a_table_whose_values_might_overflow(parallel):
    # An int8 table for B = 300 (values up to about 200): the kernel must widen it in time.
    from nimlab.progress import quiet
    T = np.full((301, 301), -1, dtype=np.int8)
    widened = sh_k._run(T, 0, 300, quiet, parallel)
    assert widened.dtype == np.int32 and widened.max() > 127
    assert np.array_equal(widened, sh_k.sharing_values(300))


def test_sharing_kernel_reports_progress_to_the_end():
    seen = []
    sh_k.sharing_values(60, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (61, 61)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


# ------------------------------------------------------------------------------ fibonacci
def check_fibonacci(piles: int, bound: int, factor) -> None:
    table = fib_k.last_p_table(piles, bound, factor)
    status, first, top = fib_k.reference_status(piles, bound, factor)
    for p in first:
        assert table.is_p(p, 0) == first[p], (p, 0)
    tuples = {p for p, _ in status}
    for p in tuples:
        ps = [x for x in range(1, top + 1) if status[(p, x)]]
        # Theorem 2.2: the P-positions among (p; 1), (p; 2), ... form a prefix.
        assert ps == list(range(1, len(ps) + 1)), p
        expected = table.cap if len(ps) == top else len(ps)
        assert int(table.last_p[table.index(p)]) == expected, p
    assert table.first_move_p_positions() == sorted(p for p, is_p in first.items() if is_p)


@pytest.mark.parametrize("factor", [1, 2, 3])
@pytest.mark.parametrize("piles,bound", [(1, 40), (2, 24), (3, 13)])
def test_fibonacci_kernel_equals_reference_on_whole_boxes(piles, bound, factor):
    check_fibonacci(piles, bound, factor)


@settings(max_examples=15)
@given(st.integers(1, 7), st.integers(1, 4), st.integers(2, 3), st.integers(4, 11))
def test_fibonacci_kernel_random_rational_factors(num, den, piles, bound):
    check_fibonacci(piles, bound if piles == 2 else min(bound, 8), Fraction(num, den))


def test_fibonacci_reference_equals_generic_solver():
    for factor in (1, 2, Fraction(3, 2)):
        solver = Solver(FibonacciNim(factor))
        status, first, top = fib_k.reference_status(3, 7, factor)
        for (p, x), is_p in status.items():
            if any(p) or x > 0:
                assert (solver.value((p, x)) == 0) == is_p, (p, x)
        for p, is_p in first.items():
            assert (solver.value((p, 0)) == 0) == is_p, p


def test_fibonacci_first_move_positions_equal_the_generic_solvers():
    solver = Solver(FibonacciNim(2))
    found = fib_k.first_move_p_positions(3, 12)
    expected = sorted(p for p in product(range(2, 13), repeat=3)
                      if list(p) == sorted(p, reverse=True) and solver.value((p, 0)) == 0)
    assert found == expected


# ------------------------------------------------------------------------------ end-nim
@pytest.mark.parametrize("variant", end_k.VARIANTS)
def test_endnim_kernel_equals_reference(variant):
    ref = end_k.reference_values(variant)
    n = 12
    single = end_k.endnim_values(1, n, variant)
    two = end_k.endnim_values(2, n, variant)
    three = end_k.endnim_values(3, n, variant)
    for c in range(1, n + 1):
        assert single[c] == ref((c,))
    for a, b in product(range(1, n + 1), repeat=2):
        assert two[a, b] == ref((a, b)), (a, b)
    for a, b, c in product(range(1, n + 1), repeat=3):
        assert three[a, b, c] == ref((a, b, c)), (a, b, c)
    # Index 0 means the pile is gone.
    for b, c in product(range(1, n + 1), repeat=2):
        assert three[0, b, c] == two[b, c] and three[b, c, 0] == two[b, c]
    assert (three[:, 0, :] == -1).all()


@pytest.mark.parametrize("variant", end_k.VARIANTS)
def test_endnim_reference_equals_generic_solver(variant):
    ref = end_k.reference_values(variant)
    solver = Solver(EndNim(variant))
    for k in (1, 2, 3):
        for row in product(range(1, 7), repeat=k):
            assert ref(row) == solver.value(row), row


# ------------------------------------------------------------------------------ cash
@pytest.mark.parametrize("subtraction_set", [(1, 3, 4), (2, 5), (1, 2, 3), (3, 4, 9)])
def test_cash_kernel_equals_reference(subtraction_set):
    n, d = 30, 28
    W = cash_k.cash_winners(subtraction_set, n, d)
    wins = cash_k.reference_cash(subtraction_set)
    expected = np.array([[[wins(m, d1, d2) for d2 in range(d + 1)] for d1 in range(d + 1)]
                         for m in range(n + 1)], dtype=np.uint8)
    assert np.array_equal(W, expected)
    G = cash_k.subtraction_values(subtraction_set, 200)
    value = cash_k.reference_subtraction(subtraction_set)
    assert list(G) == [value(m) for m in range(201)]


@settings(max_examples=25)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4), st.integers(0, 18),
       st.integers(0, 14))
def test_cash_kernel_random_sets(subtraction_set, n, d):
    W = cash_k.cash_winners(subtraction_set, n, d)
    wins = cash_k.reference_cash(subtraction_set)
    for m, d1, d2 in product(range(n + 1), range(d + 1), range(d + 1)):
        assert bool(W[m, d1, d2]) == wins(m, d1, d2)
    value = cash_k.reference_subtraction(subtraction_set)
    assert list(cash_k.subtraction_values(subtraction_set, 3 * n)) == \
        [value(m) for m in range(3 * n + 1)]


def test_cash_references_equal_generic_solver():
    for subtraction_set in [(1, 3, 4), (2, 5, 6)]:
        wins = cash_k.reference_cash(subtraction_set)
        cash = Solver(CashNim(subtraction_set))
        for m, d1, d2 in product(range(13), range(13), range(13)):
            assert wins(m, d1, d2) == (cash.value((m, d1, d2)) != 0), (m, d1, d2)
        value = cash_k.reference_subtraction(subtraction_set)
        plain = Solver(SubtractionNim(subtraction_set))
        assert [value(m) for m in range(60)] == [plain.value(m) for m in range(60)]


def test_kernels_reject_bad_parameters():
    with pytest.raises(InputError):
        cash_k.subtraction_values([0, 2], 5)
    with pytest.raises(InputError):
        end_k.endnim_values(2, 5, "sideways")
    with pytest.raises(InputError):
        fib_k.last_p_table(5, 5)
    with pytest.raises(InputError, match="0..65534"):
        fib_k.last_p_table(2, 70000)
    with pytest.raises(InputError, match="GB of memory"):
        sh_k.sharing_values(10**6)  # refused before anything is allocated
    with pytest.raises(InputError, match="GB of memory"):
        end_k.endnim_values(3, 10**4)


# ------------------------------------------------------------------------------ solver API
def test_table_solvers_answer_like_the_generic_solver():
    from nimlab.kernels.solvers import table_solver

    sharing = table_solver("sharing", 14, use_cache=False)
    generic = Solver(SharingNim())
    for piles in product(range(3, 10), repeat=3):
        if max(piles) - min(piles) <= 14:
            assert sharing.value(piles) == generic.value(piles), piles
            assert sharing.outcome(piles) == generic.outcome(piles)
    with pytest.raises(InputError):
        sharing.value((0, 1, 15))
    for variant in end_k.VARIANTS:
        for piles in (2, 3):
            ends = table_solver("end-nim", 6, use_cache=False, variant=variant, piles=piles)
            generic = Solver(EndNim(variant))
            for k in range(1, piles + 1):
                for row in product(range(1, 7), repeat=k):
                    assert ends.value(row) == generic.value(row), (variant, row)
    fib = table_solver("fibonacci", 9, factor="3/2", piles=3)
    generic = Solver(FibonacciNim("3/2"))
    for piles in product(range(0, 10), repeat=3):
        for last in range(0 if min(piles) >= 2 else 1, 8):
            assert fib.outcome((piles, last)) == generic.outcome((piles, last)), (piles, last)
    with pytest.raises(InputError):
        fib.outcome(((5, 5), 0))
    with pytest.raises(InputError):
        fib.value(((5, 5, 5), 1))
    cash = table_solver("cash", 12, use_cache=False, set="1,3,4")
    generic = Solver(CashNim((1, 3, 4)))
    for m, d1, d2 in product(range(13), range(16), range(16)):
        assert cash.outcome((m, d1, d2)) == generic.outcome((m, d1, d2))
    sub = table_solver("subtraction", 40, use_cache=False, set="2,5")
    generic = Solver(SubtractionNim((2, 5)))
    assert [sub.value(n) for n in range(41)] == [generic.value(n) for n in range(41)]
    with pytest.raises(InputError):
        table_solver("nim", 5)


@pytest.mark.parametrize("piles,bound", [(2, 80), (3, 24)])
def test_fibonacci_first_moves_follow_theorem_2_6(piles, bound):
    """multiple-fibonacci-nim.txt, Theorem 2.6, on the kernel's table (factor 2)."""
    table = fib_k.last_p_table(piles, bound, 2)
    checked = 0
    for p in product(range(2, bound + 1), repeat=piles):
        if list(p) != sorted(p, reverse=True):
            continue
        first = table.is_p(p, 0)
        xstar = int(table.last_p[table.index(p)])
        if xstar == 0:
            # (1): every pile > 2 and (p; 1) an N-position make (p; 0) an N-position.
            assert not (min(p) > 2 and first), p
            continue
        # (2): (p; 0) is P iff every (p - j e_i; j), 2x* + 1 <= j < p_i, is an N-position.
        never = xstar == table.cap
        followers_n = never or all(
            not table.is_p(tuple(p[k] - j * (k == i) for k in range(piles)), j)
            for i in range(piles) for j in range(2 * xstar + 1, p[i]))
        assert followers_n == first, p
        checked += 1
    assert checked > 100

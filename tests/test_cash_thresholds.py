"""NIM(A) with cash (Gasarch and Purtilo, Def 1.4) as a threshold table: the monotonicity it
rests on, checked on the cube; the compiled table against the cube, the plain reference and the
brute force of tests/brute.py; membership at every position of whole boxes; the store."""

from itertools import combinations

import brute
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab import store
from nimlab.errors import InputError
from nimlab.kernels import cash
from nimlab.kernels import cash_thresholds as ct

SETS = [c for k in range(1, 7) for c in combinations(range(1, 7), k)]  # the 63 sets in {1..6}
WIDE = [(2, 7), (3, 8), (1, 9, 10), (4, 11), (5, 6, 12), (7,), (2, 3, 11)]


def check_monotone_and_capped(W: np.ndarray) -> None:
    """More money never hurts the mover, never helps the other; money above n is worth n."""
    stones, budget = W.shape[0] - 1, W.shape[1] - 1
    assert (W[:, 1:, :] >= W[:, :-1, :]).all(), "the mover's win is not monotone in its money"
    assert (W[:, :, 1:] <= W[:, :, :-1]).all(), "the mover's win grows with the other's money"
    for n in range(stones + 1):
        d = np.minimum(np.arange(budget + 1), n)
        assert (W[n] == W[n][np.ix_(d, d)]).all(), f"money above n = {n} matters"


@pytest.mark.parametrize("subtraction_set", SETS + WIDE)
def test_monotone_on_the_cube(subtraction_set):
    check_monotone_and_capped(cash.cash_winners(subtraction_set, 40, 46))


@pytest.mark.parametrize("subtraction_set", [(1,), (2,), (1, 3, 4), (2, 5), (3, 4, 6), (1, 6)])
def test_monotone_by_brute_force(subtraction_set):
    box = 14
    W = np.array([[[brute.cash_player_one_wins(n, d1, d2, subtraction_set)
                    for d2 in range(box + 3)] for d1 in range(box + 3)]
                  for n in range(box + 1)], dtype=np.uint8)
    check_monotone_and_capped(W)
    assert (W == cash.cash_winners(subtraction_set, box, box + 2)).all()


@pytest.mark.parametrize("subtraction_set", SETS)
def test_thresholds_equal_the_cube(subtraction_set):
    N = 60
    W = cash.cash_winners(subtraction_set, N, N)
    T = ct.cash_thresholds(subtraction_set, N)
    assert T.dtype == np.int32 and T.shape == (N + 1, N + 1)
    assert (T == ct.thresholds_from_winners(W)).all()
    assert (ct.threshold_slab(T, 0, N + 1, N) == W).all()  # membership at every position
    assert ((T >= 0) & ((T == ct.NEVER) | (T <= np.arange(N + 1)[:, None]))).all()  # T <= n
    assert (np.diff(T.astype(np.int64), axis=1) >= 0).all()  # more money for the other: higher


@settings(max_examples=40)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=5), st.integers(0, 45))
def test_thresholds_random_sets(subtraction_set, N):
    W = cash.cash_winners(subtraction_set, N, N + 3)
    T = ct.cash_thresholds(subtraction_set, N)
    assert (T == ct.thresholds_from_winners(W)[:, :N + 1]).all()
    assert (ct.threshold_slab(T, 0, N + 1, N + 3) == W).all()  # money above N: capped


@pytest.mark.parametrize("subtraction_set", [(1,), (1, 3, 4), (2, 5), (3, 5, 6), (1, 9, 10)])
def test_kernel_equals_reference(subtraction_set):
    assert (ct.cash_thresholds(subtraction_set, 30) ==
            ct.reference_thresholds(subtraction_set, 30)).all()


@pytest.mark.parametrize("subtraction_set", [(1, 3, 4), (2, 3, 5), (1, 2, 3, 4, 5, 6)])
def test_whole_cube_at_300(subtraction_set):
    N = 300
    W = cash.cash_winners(subtraction_set, N, N)
    T = ct.cash_thresholds(subtraction_set, N)
    for lo in range(0, N + 1, 50):
        hi = min(lo + 50, N + 1)
        assert (ct.threshold_slab(T, lo, hi, N) == W[lo:hi]).all(), lo


def test_member_numbers_and_arrays():
    A = (1, 3, 4)
    T = ct.cash_thresholds(A, 40)
    W = cash.cash_winners(A, 40, 40)
    wins = brute.cash_player_one_wins
    for n, d1, d2 in [(14, 9, 9), (13, 8, 9), (0, 5, 5), (40, 40, 40), (7, 100, 3), (9, 3, 10**12)]:
        got = ct.threshold_member(T, n, d1, d2)
        assert isinstance(got, int) and got == int(wins(n, min(d1, n), min(d2, n), A))
    rng = np.random.default_rng(1)
    P = rng.integers(0, 41, size=(2000, 3))
    n, d1, d2 = P.T
    assert (ct.threshold_member(T, n, d1, d2) == W[n, d1, d2]).all()
    assert ct.threshold_member(T, 14, 9, 9) == 1  # Gasarch and Purtilo, Section 5: (14; 9, 9)
    assert ct.threshold_member(T, 10, 2**40, 0) == 1  # more money than int32: capped, not wrapped
    with pytest.raises(InputError):
        ct.threshold_member(T, 41, 0, 0)
    with pytest.raises(InputError):
        ct.threshold_member(T, 3, -1, 0)


def test_cut_and_extended_tables_agree():
    A = (2, 5, 6)
    big = ct.cash_thresholds(A, 120)
    assert (ct.cash_thresholds(A, 70) == big[:71, :71]).all()
    assert (ct.extend_cash_thresholds(A, big[:71, :71], 120) == big).all()
    assert (ct.extend_cash_thresholds(A, big[:1, :1], 120) == big).all()


def test_store_entry_point(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path))
    store.forget()
    A = (1, 4, 5)
    T = store.cash_thresholds(A, 2500)  # 6.3 million cells: stored
    assert not T.flags.writeable
    assert (T[:200, :200] == ct.cash_thresholds(A, 199)).all()
    saved = [e for e in store.entries() if e.meta["params"].get("table") == "thresholds"]
    assert len(saved) == 1 and saved[0].meta["game"] == "cash"
    store.forget()
    assert (store.cash_thresholds(A, 1000) == T[:1001, :1001]).all()  # cut from the file
    store.forget()
    expected = ct.cash_thresholds(A, 2600)
    with monkeypatch.context() as patch:  # extended from the file, not computed afresh
        patch.setattr(ct, "cash_thresholds", lambda *args: pytest.fail("recomputed"))
        assert (store.cash_thresholds(A, 2600) == expected).all()
    assert [e.bound for e in store.entries() if e.meta["params"].get("table")] == [(2600,)]
    assert (store.cash_thresholds(A, 40, use_cache=False) ==
            ct.thresholds_from_winners(store.cash_winners(A, 40, 40, use_cache=False))).all()
    with pytest.raises(InputError):
        store.cash_thresholds(A, -1)
    with pytest.raises(InputError, match="memory"):
        store.cash_thresholds(A, 10**7)
    store.forget()

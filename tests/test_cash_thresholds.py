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
    assert T.dtype == np.int64 and T.shape == (ct.table_words(N),) and ct.table_bound(T) == N
    assert (T == ct.thresholds_from_winners(W)).all()
    assert (ct.threshold_slab(T, 0, N + 1, N) == W).all()  # membership at every position
    S = ct.to_square(T)
    assert ((S >= 1) & ((S == ct.NEVER) | (S <= np.arange(N + 1)[:, None]))).all()  # 1 <= T <= n
    assert (np.diff(S.astype(np.int64), axis=1) >= 0).all()  # more money for the other: higher


@settings(max_examples=40)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=5), st.integers(0, 45))
def test_thresholds_random_sets(subtraction_set, N):
    W = cash.cash_winners(subtraction_set, N, N + 3)
    T = ct.cash_thresholds(subtraction_set, N)
    assert (T == ct.thresholds_from_winners(W)).all()
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
    assert (ct.cash_thresholds(A, 70) == ct.cut_thresholds(big, 70)).all()
    assert (ct.extend_cash_thresholds(A, ct.cut_thresholds(big, 70), 120) == big).all()
    assert (ct.extend_cash_thresholds(A, ct.cut_thresholds(big, 0), 120) == big).all()
    assert (ct.to_square(ct.cut_thresholds(big, 70)) == ct.to_square(big)[:71, :71]).all()
    with pytest.raises(InputError):
        ct.extend_cash_thresholds(A, big, 70)
    with pytest.raises(InputError):
        ct.extend_cash_thresholds(A, big[:-1], 130)  # not a triangle


def test_store_entry_point(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path))
    store.forget()
    A = (1, 4, 5)
    T = store.cash_thresholds(A, 2500)  # 6.3 million cells: stored
    assert not T.flags.writeable
    assert T.nbytes == ct.table_nbytes(2500) < 2501 * 2502 / 7  # packed: not the uint16 triangle
    assert (ct.cut_thresholds(T, 199) == ct.cash_thresholds(A, 199)).all()
    saved = [e for e in store.entries() if e.meta["params"].get("table") == "thresholds"]
    assert len(saved) == 1 and saved[0].meta["game"] == "cash"
    store.forget()
    assert (store.cash_thresholds(A, 1000) == ct.cut_thresholds(T, 1000)).all()  # from the file
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


def old_square_from_winners(W: np.ndarray) -> np.ndarray:
    """The square int32 table of before the triangle (``NEVER``; ``d2 > n`` as ``d2 = n``)."""
    stones = W.shape[0] - 1
    T = np.full((stones + 1, stones + 1), ct.NEVER, dtype=np.int32)
    for n in range(stones + 1):
        wins = W[n, :n + 1, :stones + 1] != 0
        T[n] = np.where(wins.any(axis=0), wins.argmax(axis=0), ct.NEVER)
    return T


@pytest.mark.parametrize("subtraction_set", SETS + WIDE)
def test_triangle_holds_the_square(subtraction_set):
    """The triangle of loss limits says what the int32 square said, at every position of a box
    with money past the stones: the square back from it, and membership by the old rule."""
    N, budget = 45, 52
    W = cash.cash_winners(subtraction_set, N, budget)
    L = ct.cash_thresholds(subtraction_set, N)
    S = old_square_from_winners(W)
    assert (ct.to_square(L) == S).all() and (ct.from_square(S) == L).all()
    n, d1, d2 = np.ogrid[:N + 1, :budget + 1, :budget + 1]
    old = (np.minimum(d1, n) >= S[n, np.minimum(d2, n)]).astype(np.uint8)
    assert (old == W).all()
    assert (ct.threshold_member(L, n, d1, d2) == old).all()
    assert (ct.threshold_slab(L, 0, N + 1, budget) == old).all()


def test_memory_footprint():
    """About 2 bits a cell and a sample word every 512 cells: a quarter of a byte a cell, where
    the uint16 triangle took 2 bytes and the int32 square 4; the side 131,072 in 2.3 GB."""
    for N in (0, 1, 10, 1000, 3000):
        T = ct.cash_thresholds((5, 6), N)
        assert T.nbytes == ct.table_nbytes(N) == 8 * sum(2 + n // 32 + n // 512
                                                         for n in range(N + 1))
    assert 2.2e9 < ct.table_nbytes(131071) < 2.3e9
    assert ct.table_nbytes(65535) < 65536 * 65537 / 7  # the uint16 triangle of before
    from nimlab.discover import oracle
    source = oracle._cash("5,6")
    for side in (1, 2, 1000, 32768, 65536, 65537, 100000):  # the learner's teacher: the table,
        assert source.nbytes(side) >= ct.table_nbytes(side - 1) + ct.work_nbytes((5, 6),
                                                                                side - 1)
        assert source.nbytes(side) <= 1.3 * ct.table_nbytes(side - 1) + 10**7  # and the half


@pytest.mark.parametrize("offset", [0, 1, 31, 32, 33, 511, 512, 513, 100_000, 10**9])
def test_row_offsets_closed_form(offset):
    """row_offset's closed form against the plain sum, and the bound read back from a size."""
    n = offset
    plain = 2 * n + sum(k // 32 for k in range(n)) + sum(k // 512 for k in range(n)) \
        if n < 10**6 else None
    if plain is not None:
        assert ct.row_offset(n) == plain
    assert ct.row_offset(n + 1) - ct.row_offset(n) == 2 + n // 32 + n // 512
    if n < 10**6:
        assert ct.table_bound(np.zeros(ct.table_words(n), dtype=np.int64)) == n
        with pytest.raises(InputError):
            ct.table_bound(np.zeros(ct.table_words(n) + 1, dtype=np.int64))


monotone_rows = st.integers(0, 3000).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, n), min_size=n + 1, max_size=n + 1)))


@settings(max_examples=60)
@given(monotone_rows)
def test_pack_and_read_back(row_data):
    """Any row that never decreases within 0..n: packed, read back whole and cell by cell,
    with its neighbours untouched (jumps of whole words of one-bits included)."""
    n, values = row_data
    row = np.sort(np.array(values, dtype=np.int64))
    T = np.full(ct.table_words(n + 1), -7, dtype=np.int64)
    ct._pack_row(T, n, row)
    back = np.empty(n + 1, dtype=np.int64)
    ct._unpack_row(T, n, back)
    assert (back == row).all()
    cells = np.arange(n + 1)
    assert [ct._loss_at(T, n, int(c)) for c in cells] == row.tolist()
    assert (T[:ct.row_offset(n)] == -7).all() and (T[ct.row_offset(n + 1):] == -7).all()


def test_jump_rows():
    """Rows of one big jump (all one-bits for words) and of the largest values."""
    for n in (63, 64, 200, 257, 1000):
        for row in (np.full(n + 1, n), np.r_[np.zeros(n // 2), np.full(n - n // 2 + 1, n)],
                    np.arange(n + 1), np.r_[np.zeros(n), [n]]):
            row = row.astype(np.int64)
            T = np.zeros(ct.table_words(n), dtype=np.int64)
            ct._pack_row(T, n, row)
            assert [ct._loss_at(T, n, c) for c in range(n + 1)] == row.tolist()


def test_bad_tables_refused():
    with pytest.raises(InputError):
        ct.from_square(np.array([[1, 1, 1], [1, 1, 1], [2, 1, 1]], dtype=np.int32))  # decreases
    with pytest.raises(InputError):
        ct.cash_thresholds((5, 6), ct.MAX_BOUND + 1)
    with pytest.raises(InputError):
        ct.loss_row(ct.cash_thresholds((5, 6), 10), 11)

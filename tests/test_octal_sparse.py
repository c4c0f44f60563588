"""The sparse-space kernel of octal games (``kernels.octal_sparse.sparse_values``) against the plain
kernel and a plain Python mex over every move: the same nim-sequence for every code, with the
mask chosen from the data, with any mask fixed from the start, and where no sparse space holds
(the plain fallback); the literature's values and 0.16's period (Gangolli and Plambeck 1989)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import brute
from nimlab import store
from nimlab.games.octal import code_text, parse_code
from nimlab.kernels.octal import octal_values, reference_values
from nimlab.kernels.octal_sparse import FIRST_PLAIN, _bits, choose_mask, sparse_values

#: The issue's dozen codes: sparse in the range (0.16, 0.77, 0.177, 4.7, 0.51), in the domain
#: (0.127), and games with no sparse space at these sizes (0.007, 0.137, 0.07, 0.4, 0.15, 0.6).
CODES = ["0.16", "0.007", "0.77", "0.137", "0.177", "0.127", "0.07", "0.4", "0.6", "0.51",
         "0.15", "4.7"]


@pytest.mark.parametrize("code", CODES)
def test_the_sparse_kernel_is_the_plain_kernel_on_whole_ranges(code):
    digits = parse_code(code)
    top = 3 * FIRST_PLAIN  # past the plain start, so the mask is chosen and used
    G, run = sparse_values(digits, top)
    assert G.dtype == np.int32 and G.tolist() == octal_values(digits, top).tolist()
    assert run.sparse_heaps + run.plain_heaps == top + 1
    expected = brute.octal_sequence(digits, 200)  # a plain Python mex over every move
    assert G[:201].tolist() == expected == reference_values(digits, 200)


@pytest.mark.parametrize("code", CODES)
def test_any_mask_from_the_start_gives_the_same_sequence(code):
    digits = parse_code(code)
    plain = octal_values(digits, 1500).tolist()
    twists = (0, 1) if len({k & 1 for k, d in enumerate(digits) if d & 4}) == 1 else (0,)
    for mask in (1, 2, 3, 6, -1, -2, -72, 0b1011, 0):
        for twist in twists:
            G, run = sparse_values(digits, 1500, mask=(mask, twist))
            assert G.tolist() == plain, (code, mask, twist)
            assert run.sparse_heaps == 1501


@st.composite
def octal_codes(draw):
    """Random octal codes of 2-4 digits (before the point 0 or 4) with a split somewhere."""
    size = draw(st.integers(2, 4))
    digits = [draw(st.sampled_from([0, 4]))] + [draw(st.integers(0, 7)) for _ in range(size - 1)]
    if not any(d & 4 for d in digits):
        digits[draw(st.integers(1, size - 1))] |= 4
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return tuple(digits)


@settings(max_examples=40)
@given(octal_codes(), st.integers(0, 5000), st.integers(-300, 300), st.integers(0, 1))
def test_random_codes_and_masks_against_the_plain_kernel(digits, top, mask, twist):
    code = code_text(digits)
    plain = octal_values(digits, top)
    G, _ = sparse_values(digits, top)
    assert G.tolist() == plain.tolist(), code
    if twist and len({k & 1 for k, d in enumerate(digits) if d & 4}) > 1:
        with pytest.raises(ValueError):
            sparse_values(digits, 10, mask=(mask, twist))
        twist = 0
    G, _ = sparse_values(digits, min(top, 800), mask=(mask, twist))
    assert G.tolist() == plain[:min(top, 800) + 1].tolist(), (code, mask, twist)


@settings(max_examples=15)
@given(octal_codes(), st.integers(0, 60))
def test_random_codes_against_a_plain_python_mex(digits, top):
    assert sparse_values(digits, top, mask=(-2, 0))[0].tolist() == \
        brute.octal_sequence(digits, top)


def test_the_fallback_where_no_mask_makes_the_rare_heaps_few():
    # Dawson's chess (0.137): P-positions (value 0, rare for every mask) at a seventh of heaps
    G, run = sparse_values(parse_code("0.137"), 20_000)
    assert G.tolist() == octal_values(parse_code("0.137"), 20_000).tolist()
    assert run.plain_heaps > 15_000 and "plain" in run.note.split(";")[-1]
    assert "no sparse space" in run.note or "took" in run.note
    # hexadecimal codes and codes without a split: plain, with a note
    G, run = sparse_values(parse_code("0.8"), 40)
    assert G.tolist() == brute.octal_sequence((0, 8), 40) and run.note == \
        "plain: a hexadecimal code"
    G, run = sparse_values(parse_code("0.3033"), 5000)
    assert G.tolist() == octal_values(parse_code("0.3033"), 5000).tolist()
    assert run.note.startswith("plain: no split")


def test_the_sparse_space_of_0_16():
    # 0.16's rare values are 0, 1, 6 and 7 (an even number of bits past the first): 52 heaps,
    # the last at 13,935 (up to 2^17 heaps); the mask chosen from the data says so
    G, run = sparse_values(parse_code("0.16"), 1 << 17)
    assert (run.mask, run.twist, run.rare) == (-2, 0, 52) and _bits(run.mask) == "...10"
    assert run.plain_heaps == FIRST_PLAIN and run.note.split("; ")[-1].startswith(
        "from heap 2,048: sparse (mask ...10")
    rare = np.flatnonzero(np.bitwise_count(G[1:].astype(np.int64) & -2) % 2 == 0) + 1
    assert rare.size == 52 and rare[-1] == 13_935 and set(G[rare].tolist()) == {0, 1, 6, 7}
    assert choose_mask(parse_code("0.16"), G)[::3] == (-2, 52)
    # work: the rare pass and the search for witnesses, against the plain N^2 / 4
    assert run.work < (1 << 17) * 300


def test_a_sparse_space_in_the_domain():
    # 0.106 (Flammenkamp's sparse space in the domain): heap parity enters, 15 rare heaps
    digits = parse_code("0.106")
    G, run = sparse_values(digits, 20_000)
    assert G.tolist() == octal_values(digits, 20_000).tolist()
    assert run.twist == 1 and run.rare == 15


def test_oeis_values_of_0_16():
    # OEIS A071430 (Sprague-Grundy values for octal game .16), a(1), a(2), ...: from heap 1
    a071430 = [1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4, 2, 1, 4, 0, 1, 4, 2, 1, 4, 2, 1, 0, 2, 1, 4, 2,
               1, 4, 5, 1, 4, 2, 1, 4, 2, 1, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2,
               1, 4, 2, 3, 3, 2, 5, 4, 2, 5, 4, 2, 3, 1, 2, 5, 4, 2, 3, 4, 2, 5, 4, 2, 3, 3, 2,
               5, 4, 2, 5, 3, 2, 5, 3, 2, 1, 4, 2, 5, 3, 2, 5, 4, 2, 5, 3, 2]
    assert sparse_values(parse_code("0.16"), 102)[0].tolist()[1:] == a071430
    # OEIS A002186 (Kayles, .77) from heap 0, through the sparse kernel past its plain start
    a002186 = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2,
               8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2]
    G, run = sparse_values(parse_code("0.77"), 5000)
    assert G[:51].tolist() == a002186 and run.sparse_heaps > 0
    assert G[71:].tolist() == [G[71 + (n - 71) % 12] for n in range(71, 5001)]  # period 12


def test_the_period_of_0_16_gangolli_and_plambeck():
    # Gangolli and Plambeck (1989; OEIS A071430): period 149,459, last exception at heap
    # 105,350.  The octal periodicity theorem (code's last digit at k = 2) wants G(n + p) = G(n)
    # for n0 <= n < 2 n0 + p + k, so the values of heaps up to 2 n0 + 2 p + k - 1.
    n0, p, k = 105_351, 149_459, 2
    terms = 2 * n0 + 2 * p + k
    G, run = sparse_values(parse_code("0.16"), terms - 1)
    assert run.sparse_heaps == terms - FIRST_PLAIN
    assert np.array_equal(G[n0 + p:], G[n0:terms - p])
    assert G[n0 - 1] != G[n0 - 1 + p]  # heap 105,350 is an exception
    assert all(p % q for q in range(2, int(p ** 0.5) + 1))  # prime: no smaller period divides


def test_the_store_uses_the_sparse_kernel(monkeypatch):
    from nimlab.kernels import octal_sparse

    runs = []

    def recorded(*args, **kwargs):
        G, run = sparse_values(*args, **kwargs)
        runs.append(run)
        return G, run

    monkeypatch.setattr(octal_sparse, "sparse_values", recorded)
    digits = parse_code("0.16")
    G = store.octal_values(digits, 50_000, use_cache=False)
    assert G.tolist() == octal_values(digits, 50_000).tolist()
    assert len(runs) == 1 and runs[0].sparse_heaps == 50_001 - FIRST_PLAIN


# ------------------------------------------------------------------ a known period decided
@pytest.mark.parametrize("code, n0, p", [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34),
                                         ("0.177", 497, 20)])
def test_a_given_period_is_decided_as_the_search_decides_it(code, n0, p):
    """check_period (used for the literature's long periods, 0.16 and 0.1777) agrees with the
    period search at the theorem's bound, and says observed a value short of it."""
    from nimlab.research.octal import check_period, octal_period
    from nimlab.store import octal_values

    digits = parse_code(code)
    k = len(digits) - 1
    needed = 2 * n0 + 2 * p + k
    G = octal_values(digits, needed - 1)
    found = check_period(digits, G, n0, p)
    searched = octal_period(digits, G)
    assert (found.status, found.preperiod, found.period, found.needed) == \
        ("proven", searched.preperiod, searched.period, needed) == ("proven", n0, p, needed)
    assert check_period(digits, G[:-1], n0, p).status == "observed"
    assert check_period(digits, G, n0 + 1, p).status == "none"  # heap n0 repeats: not least
    assert check_period(digits, G, n0, 2 * p).status == "none"  # p divides it
    assert check_period(digits, G, n0 - 1, p).status == "none"  # heap n0 - 1 is an exception

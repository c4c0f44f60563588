"""End-Nim rows of four piles, the positions of values 0..G without the table
(kernels/endnim_points.py): against the 4-pile table of the row kernel on whole boxes for the
three variants, Hypothesis for random bounds and values, the brute force of tests/brute.py, and
the discovery source (its rows of 1 to 4 piles and the invalid words)."""

from __future__ import annotations

import itertools

import brute
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.errors import InputError
from nimlab.kernels import endnim_points as ep, endnim_rows
from nimlab.progress import quiet


def all_rows(bound: int) -> np.ndarray:
    return np.array(list(itertools.product(range(1, bound + 1), repeat=4)), dtype=np.int64)


@pytest.mark.parametrize("variant", ["normal", "misere", "loop"])
@pytest.mark.parametrize("top", [0, 2, 5])
def test_equals_the_table_on_a_whole_box(variant, top):
    B = 22
    V4 = endnim_rows.row_values(4, B, variant)
    D = ep.four_pile_points(top, endnim_rows.row_values(3, B, variant))
    P = all_rows(B)
    assert (ep.point_values(D, P) == np.minimum(V4[tuple(P.T)], top + 1)).all()


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 9), st.integers(1, 14), st.sampled_from(["normal", "misere", "loop"]))
def test_random_bounds_and_values(top, B, variant):
    V4 = endnim_rows.row_values(4, B, variant)
    D = ep.four_pile_points(top, endnim_rows.row_values(3, B, variant))
    P = all_rows(B)
    assert (ep.point_values(D, P) == np.minimum(V4[tuple(P.T)], top + 1)).all()
    for g in range(top + 1):  # a row of a grid holds one cell of a value at most
        hits = D[g] >= 0
        assert (D[g][hits] >= 1).all() and (D[g][hits] <= B).all()


def test_against_the_brute_force():
    D = ep.four_pile_points(3, endnim_rows.row_values(3, 6))
    for row in itertools.product(range(1, 7), repeat=4):
        v = brute.end_nim(row, "normal")
        assert ep.point_values(D, np.array([row]))[0] == min(v, 4), row


def test_cut_to_a_smaller_bound():
    V3 = endnim_rows.row_values(3, 16)
    big = ep.four_pile_points(3, V3)
    small = ep.four_pile_points(3, endnim_rows.row_values(3, 9))
    assert (ep.cut_points(big, 9) == small).all()


def test_bad_input():
    with pytest.raises(InputError):
        ep.four_pile_points(ep.MAX_TOP + 1, endnim_rows.row_values(3, 3))
    with pytest.raises(InputError):
        ep.four_pile_points(1, np.zeros((3, 3), dtype=np.int16))


def test_discovery_source_reads_rows_of_one_to_four_piles():
    from nimlab.discover import oracle

    few = oracle.source("end-nim", 4, {"variant": "misere"}, top_value=2)
    assert "no table" in few.describe
    whole = oracle.source("end-nim", 4, {"variant": "misere"})
    assert "no table" not in whole.describe
    P = np.array(list(itertools.product(range(13), repeat=4)), dtype=np.int64)
    got, want = few.table(13, quiet)(P), whole.table(13, quiet)(P)
    assert ((got == want) | ((want > 2) & (got == 3))).all()  # every value up to 2
    assert (got == -1).sum() > 0 and ((got == -1) == (want == -1)).all()  # a zero after a pile


def test_discover_proves_value_1_from_the_points():
    """The teacher on the points finds and proves the 4-pile value-1 set of the loop variant
    saved in docs/discoveries (the same automaton: both are proven, so equal sets)."""
    import json
    from pathlib import Path

    import nimlab
    from nimlab.prove import automata as am
    from nimlab.prove.walnut import load

    found = nimlab.discover("end-nim", 4, value=1, variant="loop", time_limit=120)
    assert found.status == "proven", found
    saved, _ = load(Path(__file__).resolve().parent.parent / "docs" / "discoveries" /
                    "endnim4_loop_v1.txt")
    manifest = json.loads((Path(__file__).resolve().parent.parent / "docs" / "discoveries" /
                           "MANIFEST.json").read_text())
    assert found.states == manifest["endnim4_loop_v1"]["states"]
    from nimlab.discover.search import _canonical
    mine = am.minimize(found.dfa)
    theirs = am.minimize(am.DFA(mine.vars, saved.trans, saved.accept))
    assert _canonical(mine) == _canonical(theirs)


def test_the_store_takes_the_callers_three_pile_table(tmp_path, monkeypatch):
    from nimlab import store

    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path))
    store.forget()
    V3 = endnim_rows.row_values(3, 15, "misere")
    given = store.endnim_four_pile_points(2, 15, "misere", three_piles=V3, use_cache=False)
    assert (given == ep.four_pile_points(2, V3)).all()
    with pytest.raises(InputError):
        store.endnim_four_pile_points(2, 16, "misere", three_piles=V3, use_cache=False)
    store.forget()

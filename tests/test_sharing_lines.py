"""3-pile Sharing Nim's positions of values 0..G without the table (kernels/sharing_lines.py):
against the table kernel and the plain triple loop on whole boxes, Hypothesis for random bounds
and values, the brute force of tests/brute.py through the lookup, and the discovery source."""

from __future__ import annotations

import itertools

import brute
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.errors import InputError
from nimlab.kernels import sharing, sharing_lines as sl
from nimlab.progress import quiet


def table_points(V: np.ndarray, g: int) -> set:
    return set(map(tuple, np.argwhere(V == g).tolist()))


@pytest.mark.parametrize("top", [0, 1, 2, 7])
def test_equals_the_table_kernel(top):
    B = 900
    V = sharing.sharing_values(B)
    for g, (a, b) in enumerate(sl.sharing_value_points(top, B)):
        assert set(zip(a.tolist(), b.tolist())) == table_points(V, g), g


def test_equals_the_plain_triple_loop():
    V = sharing.sharing_reference(60)
    for g, (a, b) in enumerate(sl.sharing_value_points(5, 60)):
        assert set(zip(a.tolist(), b.tolist())) == table_points(V, g), g


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 12), st.integers(0, 400))
def test_random_bounds_and_values(top, B):
    V = sharing.sharing_values(B)
    T = sl.point_table(top, B)
    a, b = np.triu_indices(B + 1)
    assert (sl.point_values(T, B, top, a, b) == np.minimum(V[a, b], top + 1)).all()
    small = B // 2  # a smaller bound's lookup, cut from this one
    a, b = np.triu_indices(small + 1)
    assert (sl.point_values(sl.cut_point_table(T, B, small), small, top, a, b) ==
            np.minimum(V[a, b], top + 1)).all()


def test_room_is_made_when_a_value_has_many_points(monkeypatch):
    """The lists start small here; the kernel asks for room and goes on from that column."""
    V = sharing.sharing_values(300)
    monkeypatch.setattr(sl, "_room", lambda bound: 64)
    parts = sl.sharing_value_points(3, 300)
    assert max(len(a) for a, _ in parts) > 64 * 4  # the lists grew at least twice
    for g, (a, b) in enumerate(parts):
        assert set(zip(a.tolist(), b.tolist())) == table_points(V, g)


def test_values_of_positions_against_the_brute_force():
    T = sl.point_table(3, 12)
    for p in itertools.product(range(9), repeat=3):
        v = brute.sharing(p)
        assert sl.position_values(T, 12, 3, np.array([p]))[0] == min(v, 4), p


def test_bad_input():
    with pytest.raises(InputError):
        sl.sharing_value_points(sl.MAX_TOP + 1, 10)
    with pytest.raises(InputError):
        sl.sharing_value_points(1, -1)
    with pytest.raises(InputError, match="memory"):
        sl.sharing_value_points(2, 10**12)


def test_discovery_source_reads_the_points():
    from nimlab.discover import oracle

    src = oracle.source("sharing", 3, {}, top_value=2)
    from nimlab.discover import points
    assert "no table" in src.describe and src.check_side == points.SHARING_CHECK_SIDE
    values = src.table(64, quiet)
    V = sharing.sharing_values(63)
    grid = np.array(list(itertools.product(range(64), repeat=3)), dtype=np.int64)
    S = np.sort(grid, axis=1)
    assert (values(grid) == np.minimum(V[S[:, 1] - S[:, 0], S[:, 2] - S[:, 0]], 3)).all()
    P = src.probes(np.random.default_rng(2), 3000, 64)
    assert len(P) > 500 and (P >= 0).all() and (P < 64).all()
    S = np.sort(P, axis=1)
    a, b = S[:, 1] - S[:, 0], S[:, 2] - S[:, 0]
    near = np.zeros(len(P), dtype=bool)  # each probe is two steps at most from a point of 0..2
    for da, db in itertools.product(range(-2, 3), repeat=2):
        ok = (a + da >= 0) & (b + db >= a + da) & (b + db <= 63)
        near[ok] |= V[(a + da)[ok], (b + db)[ok]] <= 2
        mirror_ok = (b + db - (a + da) >= 0) & (b + db <= 63) & (a + da >= 0)
        near[mirror_ok] |= V[(b + db - (a + da))[mirror_ok], (b + db)[mirror_ok]] <= 2
    assert near.all()
    assert "no table" not in oracle.source("sharing", 3, {}).describe
    assert "no table" not in oracle.source("sharing", 4, {}, top_value=2).describe


def test_a_source_asked_for_a_smaller_table_after_a_larger_one():
    """The levels of a value share one source: a table asked for after a larger one reads the
    larger one's keys right (they were once read with the smaller bound: wrong values)."""
    from nimlab.discover import oracle

    src = oracle.source("sharing", 3, {}, top_value=1)
    src.table(200, quiet)
    small = src.table(20, quiet)
    V = sharing.sharing_values(19)
    grid = np.array(list(itertools.product(range(20), repeat=3)), dtype=np.int64)
    S = np.sort(grid, axis=1)
    assert (small(grid) == np.minimum(V[S[:, 1] - S[:, 0], S[:, 2] - S[:, 0]], 2)).all()

"""Wythoff's positions of values 0..G row by row (kernels/wythoff_lines.py): against a plain
mex square, the compiled square kernel on whole boxes, the brute force of tests/brute.py and
Wythoff's theorem (the P-positions are the Beatty pairs); and the discovery source built on it
(its values, its probes, the teacher's checks on a table larger than the words asked)."""

from __future__ import annotations

import itertools
from math import isqrt

import brute
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.errors import InputError
from nimlab.kernels import wythoff, wythoff_lines as wl
from nimlab.progress import quiet


def expected(T: np.ndarray, top: int, side: int) -> np.ndarray:
    """The partners table read off a square of values ``T`` (at least ``columns(side)`` wide):
    every row below ``side``; past it, the rows whose partner is below ``side`` (mirrors)."""
    cols = wl.columns(side)
    out = np.full((top + 1, cols), -1, dtype=np.int32)
    for g in range(top + 1):
        for x in range(cols):
            hits = np.flatnonzero(T[x, :cols] == g)
            if hits.size and (x < side or hits[0] < side):
                out[g, x] = hits[0]
    return out


def test_equals_the_plain_mex():
    assert (wl.wythoff_partners(4, 30) == wl.reference_partners(4, 30)).all()


@pytest.mark.parametrize("side", [1, 2, 3, 17, 1500])
def test_equals_the_square_kernel_on_whole_boxes(side):
    T = np.asarray(wythoff.wythoff_table(wl.columns(side) - 1))
    top = 6 if side > 3 else 3
    assert (wl.wythoff_partners(top, side) == expected(T, top, side)).all()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 7), st.integers(1, 300))
def test_random_sides_and_values(top, side):
    T = np.asarray(wythoff.wythoff_table(wl.columns(side) - 1))
    assert (wl.wythoff_partners(top, side) == expected(T, top, side)).all()


def test_values_against_the_brute_force():
    K = wl.wythoff_partners(5, 20)
    for x, y in itertools.product(range(14), repeat=2):
        v = brute.wythoff(x, y)
        assert wl.partner_values(K, x, y) == (v if v <= 5 else 6), (x, y)


def test_p_positions_are_the_beatty_pairs():
    """Wythoff (1907): the P-positions are (floor(n phi), floor(n phi) + n) and mirrors."""
    side = 200_000
    P = wl.wythoff_partners(0, side)[0]
    n = np.arange(side)
    a = np.array([(k + isqrt(5 * k * k)) // 2 for k in range(side)], dtype=np.int64)
    b = a + n
    fits = a < side
    assert (P[a[fits]] == b[fits]).all() and (P[b[b < side]] == a[b < side]).all()
    assert (P[:side] >= 0).all()  # every row has its P-position


def test_every_row_has_each_value_once_and_lines_stay_apart():
    side, top = 5000, 4
    K = wl.wythoff_partners(top, side).astype(np.int64)
    for g in range(top + 1):
        rows = np.arange(side)
        y = K[g, :side]
        assert (y >= 0).all()
        assert (K[g, y[y < side]] == rows[y < side]).all()  # mirrored
        assert len(set((y - rows).tolist())) == side  # one per diagonal
        assert len(set(y.tolist())) == side  # one per column
    for g, h in itertools.combinations(range(top + 1), 2):
        assert not (K[g, :side] == K[h, :side]).any()


def test_bad_input():
    with pytest.raises(InputError):
        wl.wythoff_partners(-1, 10)
    with pytest.raises(InputError):
        wl.wythoff_partners(1, wl.MAX_SIDE + 1)
    with pytest.raises(InputError, match="memory"):
        wl.wythoff_partners(10**6, wl.MAX_SIDE)


def test_discovery_source_reads_the_rows():
    from nimlab.discover import oracle

    src = oracle.source("wythoff", 2, {}, top_value=2)
    from nimlab.discover import points
    assert "row by row" in src.describe and src.check_side == points.WYTHOFF_CHECK_SIDE
    values = src.table(300, quiet)
    T = np.asarray(wythoff.wythoff_table(299))
    grid = np.array(list(itertools.product(range(300), repeat=2)), dtype=np.int64)
    assert (values(grid) == np.minimum(T[grid[:, 0], grid[:, 1]], 3)).all()
    P = src.probes(np.random.default_rng(3), 2000, 300)
    assert len(P) > 1000 and (P >= 0).all() and (P < 300).all()
    K = wl.wythoff_partners(2, 300).astype(np.int64)
    x, y = P[:, 0], P[:, 1]
    near = (np.abs(K[:, x] - y) <= 2).any(axis=0) | (np.abs(K[:, y] - x) <= 2).any(axis=0)
    assert near.all()  # each probe two steps at most from a position of value 0..2
    assert "row by row" not in oracle.source("wythoff", 2, {}, top_value=40).describe
    assert "row by row" not in oracle.source("wythoff", 2, {}).describe


def test_the_teacher_checks_on_the_larger_table(monkeypatch):
    """Before a proof, the random checks read the source's check_side rows, whatever the
    words asked so far; a hypothesis right on the small table but wrong far out is caught."""
    teacher, nothing = zeckendorf_teacher(monkeypatch, 5000, 0)
    teacher.grow(100)
    assert teacher.side < 5000
    wrong = teacher.random_check(nothing, seed=1)  # accepts nothing: wrong at P-positions
    assert teacher.side >= 5000 and wrong
    assert all(brute_p(x, y) for x, y in wrong)


def zeckendorf_teacher(monkeypatch, check_side: int, g: int):
    """A teacher of Wythoff's value ``g`` in Zeckendorf on the rows table (its check side
    lowered to ``check_side``), and an automaton that accepts nothing."""
    from dataclasses import replace

    from nimlab.discover import oracle
    from nimlab.discover.teacher import Teacher
    from nimlab.prove import automata as am
    from nimlab.prove.games import game_formula

    from nimlab.discover import points
    monkeypatch.setattr(points, "WYTHOFF_CHECK_SIDE", check_side)
    src = oracle.source("wythoff", 2, {}, top_value=g)
    gf = game_formula("wythoff", 2)
    gf = replace(gf, base="fib", params={**gf.params, "base": "fib"})
    teacher = Teacher(gf, src, ("wythoff", 2, (("base", "fib"),)), g, max_digits=40,
                      deadline=float("inf"))
    return teacher, am.DFA(gf.names, np.zeros((1, 4), dtype=np.int64), np.array([False]))


def brute_p(x: int, y: int) -> bool:
    a, b = sorted((x, y))
    n = b - a
    return a == (n + isqrt(5 * n * n)) // 2


def test_a_harder_look_when_a_proof_passes_its_budget(monkeypatch):
    """After a proof passed its budget the teacher grows its table to four times the source's
    check side and draws again; the learning goes on if that finds a mistake."""
    teacher, nothing = zeckendorf_teacher(monkeypatch, 3000, 1)
    teacher.grow(50)
    wrong = teacher.harder_check(nothing, seed=5)
    assert teacher.side >= 12000 and wrong
    K = wl.wythoff_partners(1, teacher.side)
    assert all(K[1, x] == y for x, y in wrong)  # each a position of value 1 it missed

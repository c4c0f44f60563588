"""discover in the greedy numerations fibK of Fibonacci Nim with factor K: the learners' words
(their widths, digits, the validity of a word and of a concatenation) against the numeration's
own encoding, the tables of factor K against a plain game search, and a run whose certificate
an independent brute force checks."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

import brute
from nimlab.discover import discover, learn
from nimlab.discover.active import Words, check_certificate
from nimlab.discover.oracle import fibonacci_p_box, source
from nimlab.discover.search import learnable
from nimlab.progress import quiet
from nimlab.prove.numerations import get


@pytest.mark.parametrize("base", ["fib3", "fib4", "fib7"])
def test_valid_words_are_closed_under_prefixes(base):
    # what lets a prefix stand for the number it writes, as in Zeckendorf (not in Ostrowski)
    numeration = get(base)
    for n in range(1, 3000):
        word = numeration.encode(n)
        assert all(numeration.is_valid(word[:i]) for i in range(1, len(word)))
    assert learn.box_learnable(base) and not learn.box_learnable("ost[][2]")
    # an Ostrowski word's prefix need not be a word: sqrt 2's "20" writes 4, "2" nothing
    assert get("ost[][2]").is_valid("20") and not get("ost[][2]").is_valid("2")
    assert learnable(base) and learnable("ost[][2]") and not learnable("ost[][]")


@pytest.mark.parametrize("base", ["ost[][2]", "ost[][3]", "ost_sqrt3", "3"])
def test_the_active_learners_words_read_any_radix(base):
    """Letters of two numbers with digits up to radix - 1: the numbers and the validity of
    every word of up to 4 letters, against the numeration's own decoding."""
    numeration = get(base)
    words = Words(base, 2)
    assert words.letters == numeration.radix ** 2
    for length in range(0, 5):
        W = np.array(list(itertools.product(range(words.letters), repeat=length)),
                     dtype=np.uint8).reshape(words.letters ** length, length)
        P, valid = words.numbers(W)
        for row, p, ok in zip(W, P, valid):
            texts = words.text(tuple(int(a) for a in row))
            assert bool(ok) == all(numeration.is_valid(t) for t in texts), (base, texts)
            if ok:
                assert tuple(p) == tuple(numeration.decode(t) for t in texts)
                assert words.word(tuple(p), length=length) == tuple(int(a) for a in row)


@pytest.mark.parametrize("base", ["fib", "fib3", "fib4"])
def test_the_learners_words_are_the_numerations(base):
    numeration = get(base)
    for n in range(0, 9):
        width = learn.width(n, base)
        assert width == numeration.weight(n)  # the numbers of at most n digits
        digits = learn.digits(n, base)
        for v in range(width):
            assert "".join(map(str, digits[v])) == numeration.encode(v).rjust(n, "0")
            assert int(digits[v] @ learn.weights(n, base)) == v
        # every binary word of length n: valid exactly when the numeration says so
        words = np.array(list(itertools.product((0, 1), repeat=n)), dtype=np.int64) \
            .reshape(2 ** n, n)
        expected = [numeration.is_valid("".join(map(str, w))) for w in words]
        assert learn.valid_rows(words, base).tolist() == expected
    for i, j in [(0, 3), (2, 1), (3, 2), (4, 4)]:
        C = learn.concat(i, j, base)
        for u in range(learn.width(i, base)):
            for v in range(learn.width(j, base)):
                text = numeration.encode(u).rjust(i, "0") + numeration.encode(v).rjust(j, "0")
                want = numeration.decode(text) if numeration.is_valid(text) else -1
                assert C[u, v] == want, (base, i, j, u, v)


def test_the_active_learners_words_read_fib3():
    words = Words("fib3", 2)
    W = np.array(list(itertools.product(range(4), repeat=5)), dtype=np.uint8)
    P, valid = words.numbers(W)
    numeration = get("fib3")
    for row, p, ok in zip(W, P, valid):
        texts = ["".join(str((a >> t) & 1) for a in row) for t in range(2)]
        assert ok == all(numeration.is_valid(t) for t in texts)
        if ok:
            assert tuple(p) == tuple(numeration.decode(t) for t in texts)
    assert words.word((6, 4)) == words.word((6, 4), length=None)


@pytest.mark.parametrize("factor", [3, 4])
@pytest.mark.parametrize("piles", [1, 2])
def test_the_tables_of_factor_k_are_the_games(factor, piles):
    side = 13 if piles == 1 else 9
    src = source("fibonacci", piles, {"factor": str(factor)})
    box = np.asarray(src.build(side, quiet))
    rules = fibonacci_p_box(piles, side, None, factor)
    for p in itertools.product(range(side), repeat=piles + 1):
        *heaps, x = p
        plain = brute.fibonacci(tuple(heaps), x, Fraction(factor)) == 0
        assert rules[p] == plain and (box[p] == 0) == plain, (factor, p)


def test_a_factor_3_run_ends_with_a_certificate_the_brute_force_checks():
    found = discover("fibonacci", 1, p_positions=True, factor=3, time_limit=8, max_digits=30)
    # (its automaton has 100 states, whose words need longer numbers: unknown here)
    assert found.status == "unknown" and found.digits <= 30
    assert found.base == "fib3"
    cert = found.certificate
    if cert is not None:
        assert cert["base"] == "fib3" and "fib3" in cert["encoding"]
        assert check_certificate(cert, one_pile_p(3, 1 << 16)) == found.lower_bound >= 5


def one_pile_p(factor: int, top: int):
    """P-status of one-pile Fibonacci Nim with this factor, from the rules, in plain Python:
    t(n), the least removal y with (n - y; y) a P-position ((0; y) always is), decides (n; x)
    for x >= 1 (P iff factor * x < t(n)); (n; 0) is P iff no removal y < n reaches one."""
    t = [1 << 62] * top  # (0; x) has no move: P for every x
    first = [True] * top
    for n in range(1, top):
        t[n] = next(y for y in range(1, n + 1) if factor * y < t[n - y])
        first[n] = not any(factor * y < t[n - y] for y in range(1, n))
    return lambda p: first[p[0]] if p[1] == 0 else factor * p[1] < t[p[0]]


def test_the_plain_one_pile_programme_is_the_game():
    for factor in (3, 4):
        member = one_pile_p(factor, 40)
        for n, x in itertools.product(range(40), range(12)):
            assert member((n, x)) == (brute.fibonacci((n,), x, Fraction(factor)) == 0)


@pytest.mark.parametrize("factor", [3, 4, 5])
def test_schwenks_least_terms_are_the_rules(factor):
    """The oracle past the rules' table (Schwenk's theorem) against the rules' own pass and
    against the plain programme above."""
    from nimlab.discover.oracle import fibonacci_one_pile_p, schwenk_least_terms

    T, first = fibonacci_one_pile_p(factor, 1 << 15)
    t, f = schwenk_least_terms(factor, np.arange(1 << 15))
    assert np.array_equal(t, T) and np.array_equal(f, first)
    member = one_pile_p(factor, 1500)
    for n, x in itertools.product(range(1500), (0, 1, 2, 3, 5, 8, 40, 300)):
        assert member((n, x)) == (f[n] if x == 0 else factor * x < t[n]), (n, x)


def test_factor_3_p_positions_are_discovered_and_proven():
    """The 100-state automaton (Schwenk's game with factor 3 in its numeration fib3), learned
    from the tables and proven from the rules; it agrees with the plain programme and the
    brute force on boxes."""
    found = discover("fibonacci", 1, p_positions=True, factor=3, time_limit=300)
    assert found.status == "proven" and found.states == 100 and found.base == "fib3", found
    words = Words("fib3", 2)
    grid = np.array(list(itertools.product(range(2000), range(0, 700, 7))), dtype=np.int64)
    member = one_pile_p(3, 2000)
    assert words.accepts(found.dfa, grid).tolist() == [member(tuple(p)) for p in grid]
    small = np.array(list(itertools.product(range(30), range(30))), dtype=np.int64)
    assert words.accepts(found.dfa, small).tolist() == [
        brute.fibonacci((n,), x, Fraction(3)) == 0 for n, x in small]


def test_factor_3_values_come_from_the_table_and_stop_where_it_does():
    from nimlab.discover import oracle
    from nimlab.discover.teacher import OutOfReach, Teacher
    from nimlab.prove.games import game_formula

    src = oracle.source("fibonacci", 1, {"factor": 3})
    values = src.table(64, quiet)
    grid = np.array(list(itertools.product(range(30), range(30))), dtype=np.int64)
    assert values(grid).tolist() == [brute.fibonacci((n,), x, Fraction(3)) for n, x in grid]
    gf = game_formula("fibonacci", 1, factor=3)
    teacher = Teacher(gf, src, ("fibonacci", 1, (("factor", 3),)), 1, max_digits=100,
                      deadline=float("inf"))
    far = np.array([[src.value_reach + 5, 3]], dtype=np.int64)
    with pytest.raises(OutOfReach, match="past the table of values"):
        teacher.member(far, np.ones(1, dtype=bool))
    p_teacher = Teacher(gf, src, ("fibonacci", 1, (("factor", 3),)), 0, max_digits=100,
                        deadline=float("inf"))  # the P-positions reach on: Schwenk's theorem
    weight = next(w for w in get("fib3").weights(200) if w > src.value_reach)
    # a weight's only move to a P-position takes it all; one more token is taken alone
    far = np.array([[weight, 3], [weight + 1, 3], [weight, weight // 3 + 1]], dtype=np.int64)
    assert p_teacher.member(far, np.ones(3, dtype=bool)).tolist() == [1, 0, 0]

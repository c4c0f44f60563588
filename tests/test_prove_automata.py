"""The decision procedure against plain evaluation, in base 2 and in the Fibonacci numeration."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from nimlab.prove import automata as am
from nimlab.prove.logic import (Compiler, FormulaError, compile_formula, evaluate, free_vars,
                                parse)

VARS = ("x", "y", "z")
PAIR_REGEXES = ("([00]|[01][11]*[10])*", "([00]|[10])*[11][00]*", "[10]*.", "([01]|[10])*")
REGEXES = ("1(0|1)*", "(10)*", "1*0", ".*11.*", "(0|1)*1", "100*", "(01|10)+", "0*")


def zeckendorf_words(limit):
    return [am.encode(n, "fib") for n in range(limit)]


def test_encodings():
    assert [am.encode(n, "fib") for n in range(8)] == ["", "1", "10", "100", "101", "1000",
                                                       "1001", "1010"]
    for n in range(300):
        for base in ("2", "fib"):
            assert am.decode(am.encode(n, base), base) == n
            assert "11" not in am.encode(n, "fib")


# ------------------------------------------------------------------ random formulas
def term_strategy(names, base):
    atom = st.one_of(st.sampled_from(names), st.integers(0, 6).map(str))
    scaled = st.tuples(st.integers(1, 3), st.sampled_from(names)).map(lambda p: f"{p[0]}*{p[1]}")
    lin = st.lists(st.one_of(atom, scaled), min_size=1, max_size=3).map(" + ".join)
    if base == "2":
        xor = st.tuples(st.sampled_from(names), st.sampled_from(names + ("3",))).map(
            lambda p: f"({p[0]} ^ {p[1]})")
        return st.one_of(lin, lin, xor)
    return lin


def arithmetic_atoms(term):
    """Comparisons and residues of random terms."""
    cmp_ = st.tuples(term, st.sampled_from(["=", "!=", "<", "<=", ">", ">="]), term).map(
        " ".join)
    mod = st.tuples(term, st.integers(1, 5), st.integers(0, 4), st.sampled_from(["=", "!="])).map(
        lambda p: f"({p[0]}) % {p[1]} {p[3]} {p[2]}")
    return cmp_, mod


def atom_strategy(names, base):
    cmp_, mod = arithmetic_atoms(term_strategy(names, base))
    reg = st.tuples(st.sampled_from(names), st.sampled_from(REGEXES)).map(
        lambda p: f'{p[0]} in "{p[1]}"')
    pairs = st.tuples(st.permutations(names).map(lambda p: p[:2]),
                      st.sampled_from(PAIR_REGEXES)).map(
        lambda p: f'({p[0][0]}, {p[0][1]}) in "{p[1]}"')
    return st.one_of(cmp_, cmp_, mod, reg, pairs)


def formula_strategy(base, depth=2, names=VARS, fresh=("u", "w"), atoms=None):
    """Random formulas of the atoms ``atoms(names, base)`` (default: this file's)."""
    atom_strategy_ = atoms or atom_strategy
    if depth == 0 or not fresh:
        return atom_strategy_(names, base)
    sub = formula_strategy(base, depth - 1, names, fresh, atoms)
    inner_names = names + (fresh[0],)
    inner = formula_strategy(base, depth - 1, inner_names, fresh[1:], atoms)
    v = fresh[0]
    guard = st.sampled_from(names).map(lambda g: f"{v} <= {g} + 2")
    return st.one_of(
        atom_strategy_(names, base),
        sub.map(lambda f: f"~({f})"),
        st.tuples(sub, st.sampled_from(["&", "|", "=>", "<=>"]), sub).map(
            lambda p: f"({p[0]}) {p[1]} ({p[2]})"),
        st.tuples(guard, inner).map(lambda p: f"E {v}. ({p[0]} & ({p[1]}))"),
        st.tuples(guard, inner).map(lambda p: f"A {v}. ({p[0]} => ({p[1]}))"),
    )


def check_against_brute(text, base, limit):
    tree = parse(text)
    dfa = compile_formula(tree, base)
    names = sorted(free_vars(tree))
    assert set(dfa.vars) <= set(names)
    for values in itertools.product(range(limit), repeat=len(names)):
        env = dict(zip(names, values))
        expected = evaluate(tree, env, base, bound=limit + 4)
        got = dfa.run({v: env[v] for v in dfa.vars}, base=base)
        assert got == expected, (text, base, env)


@pytest.mark.parametrize("base", ["2", "fib"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_formulas_against_brute_force(base, data):
    text = data.draw(formula_strategy(base))
    check_against_brute(text, base, limit=9)


@pytest.mark.parametrize("base", ["2", "fib"])
@pytest.mark.parametrize("text", [
    "x + y = z", "x + 2*y + 1 = 3*z", "x < y", "x <= 2*y + 3", "x % 3 = 2", "x + y % 4 = 1",
    "E u. x = u + u", "E u. x = 3*u + 1", "A u. (u <= x => u + y >= x)",
    'x in "10*"', 'x in "1(0|1)*1"', "E u, w. x = u + w & u = w + 1",
    '(x, y) in "([00]|[01][11]*[10])*"', '(y, x) in "([00]|[10])*[11][00]*"',
])
def test_fixed_formulas_whole_box(base, text):
    check_against_brute(text, base, limit=22)


@pytest.mark.parametrize("base", ["2", "fib"])
def test_lowest_term_whole_box(base):
    # u is the lowest digit 1 of x: the one-pile Fibonacci Nim rule's "smallest term"
    check_against_brute('E u. (x, u) in "([00]|[10])*[11][00]*" & u > 2*y', base, limit=12)


def test_xor_whole_box():
    check_against_brute("x ^ y = z", "2", limit=20)
    check_against_brute("(x + 1) ^ (y ^ 3) = z + 2", "2", limit=16)


def test_fibonacci_words_are_zeckendorf_checked():
    # an automaton never sees invalid numbers through quantifiers: "every u is a sum of two
    # Zeckendorf-valid numbers" is true, and "some u has a word with 11" is false
    assert not compile_formula('E u. u in "(0|1)*11(0|1)*"', "fib").accept[0]
    assert compile_formula('E u. u in "(0|1)*11(0|1)*"', "2").accept[0]


def test_unbounded_quantifiers():
    assert compile_formula("A x. E y. y = x + 1").accept[0]
    assert not compile_formula("E x. A y. y <= x").accept[0]
    assert compile_formula("A x. E y. x = 2*y | x = 2*y + 1", "fib").accept[0]
    # every number is a sum of three Fibonacci-numeration... not needed: 3 does not divide all
    assert not compile_formula("A x. E y. x = 3*y", "fib").accept[0]


def test_refusals():
    with pytest.raises(FormulaError, match="base 2"):
        compile_formula("x ^ y = z", "fib")
    for bad in ['(x, x) in "[00]"', '(x, y) in "[0]"', "x +", "x = = y", "E . x = 1", 'x in "12"', "x * y = 1", "X = 1", ""]:
        with pytest.raises(FormulaError):
            compile_formula(bad)


def test_budget_refusal():
    with pytest.raises(am.Budget, match="max-states"):
        Compiler("2", am.Limits(max_states=3)).compile(parse("x + 2*y + 7 = 5*z"))

"""The language's newer parts against plain evaluation: subtraction, constants by their digits,
digit-wise xor, automaton atoms ($name), depth limits, miniscoping; and the fast refutation."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, reject, settings, strategies as st

from nimlab.prove import atoms, walnut
from nimlab.prove import automata as am
from nimlab.prove.games import game_formula
from nimlab.prove.library import Directories
from nimlab.prove.logic import Compiler, FormulaError, compile_formula, miniscope
from nimlab.prove.evaluation import evaluate
from nimlab.prove.procedure import Prover, load_record, record_key, run
from nimlab.prove.registered import SHARE_P
from nimlab.prove.syntax import MAX_NESTING, free_vars, parse
from test_prove_automata import arithmetic_atoms, formula_strategy

CLI = "import sys; from nimlab.cli import main; sys.argv[0] = 'nimlab'; main()"


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("NIMLAB_AUTOMATA", raising=False)


def saved(base):
    """Automata kept in memory for $name atoms, built from formulas."""
    return {
        "add": (compile_formula("a + b = c", base), base),           # tracks a, b, c
        "odd": (compile_formula("a % 2 = 1", base), base),
        "less": (compile_formula("a < b", base), base),
    }


def agrees(text, base, limit, automata=None, bound=None):
    tree = parse(text)
    automata = automata or {}
    dfa = compile_formula(tree, base, automata=automata)
    names = sorted(free_vars(tree))
    lookup = Compiler(base, automata=automata).library

    def get(name):
        return lookup.get(name)[0]

    for values in itertools.product(range(limit), repeat=len(names)):
        env = dict(zip(names, values))
        expected = evaluate(tree, env, base, bound=limit + 4 if bound is None else bound,
                            automata=get)
        got = dfa.run({v: env[v] for v in dfa.vars}, base=base)
        assert got == expected, (text, base, env)


# ------------------------------------------------------------------ subtraction
@pytest.mark.parametrize("base", ["2", "fib"])
@pytest.mark.parametrize("text", [
    "x - y = z", "x - y != z", "~(x - y = z)", "x - y < 3", "(x - y) % 3 = 1", "(x - y) % 3 != 1",
    "x - (y - z) = 1", "2*(x - y) + z >= 5", "x - y - z = 0", "$add(x - y, z, 7)",
])
def test_subtraction(base, text):
    agrees(text, base, 13, saved(base))


def test_subtraction_meaning():
    # false where undefined, both for = and for !=; the negation of the atom is true there
    env = {"x": 1, "y": 2}
    assert not evaluate(parse("x - y = 0"), env) and not evaluate(parse("x - y != 0"), env)
    assert evaluate(parse("~(x - y = 0)"), env)
    assert compile_formula("A x, y. x - y = 0 | x - y != 0 | x < y").accept[0]
    agrees("(x - y) ^ z = w + 1", "2", 9)  # through a fresh variable: still false if x < y


# ------------------------------------------------------------------ constants
@pytest.mark.parametrize("base", ["2", "fib"])
def test_big_constants_cost_their_digits(base):
    dfa = compile_formula("x = 300000", base)
    assert dfa.n < 60
    for n in (0, 1, 299999, 300000, 300001, 2 * 300000):
        assert dfa.run({"x": n}, base=base) == (n == 300000)
    le = compile_formula("x + 2*y <= 1000003", base)
    assert le.n < 1000  # by digits: the carry range alone would be a million states
    for x, y in [(1000003, 0), (1000004, 0), (1, 500001), (1, 500002), (0, 0)]:
        assert le.run({"x": x, "y": y}, base=base) == (x + 2 * y <= 1000003)
    # the direct and the digit-wise construction accept the same, on a box
    low = compile_formula("3*x + y = 100 + z", base)
    atoms_big = atoms.BIG_CONSTANT
    try:
        atoms.BIG_CONSTANT = 10**9
        high = compile_formula("3*x + y = 100 + z", base)
    finally:
        atoms.BIG_CONSTANT = atoms_big
    for x, y, z in itertools.product(range(40), range(12), range(12)):
        env = {"x": x, "y": y, "z": z}
        assert low.run(env, base=base) == high.run(env, base=base) == (3 * x + y == 100 + z)


def test_p_positions_with_a_big_constant_cli(tmp_path):
    env = dict(os.environ, NIMLAB_CACHE=str(tmp_path / "c"))
    done = subprocess.run([sys.executable, "-c", CLI, "prove", "nim", "--piles", "1",
                           "--p-positions", "p1 = 300000", "--json"], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["status"] == "disproven" and answer["counterexample"]["position"] == [0]
    automata = run(game_formula("nim", 1), "p-positions", "p1 = 300000", refute=False,
                   store=False)
    assert automata["counterexample"] == answer["counterexample"]
    assert automata["sizes"]["largest"] < 100


# ------------------------------------------------------------------ xor and quantifiers
def test_xor_of_plain_variables_needs_no_projection(monkeypatch):
    calls = []
    original = am.project
    monkeypatch.setattr(am, "project", lambda *a, **k: calls.append(a[1]) or original(*a, **k))
    dfa = compile_formula("(x % 5 = 3 => 3*(x + 2) != (y ^ z ^ w))")
    assert calls == []
    for x, y, z, w in itertools.product(range(9), range(6), range(6), range(4)):
        expected = not (x % 5 == 3) or 3 * (x + 2) != (y ^ z ^ w)
        assert dfa.run({"x": x, "y": y, "z": z, "w": w}) == expected


def test_miniscoping_is_an_equivalence():
    for text in ["A x1. E y1. A x2. E y2. (y1 = 5*x1 + 1 & y2 = 5*x2 + y1 + z)",
                 "E u. (x = u + u | (y = 1 & u = 3))", "A u. (x < 3 | u + x >= y)",
                 "E u. (x = 2 & u = y)", "A u. E w. (w = u + x & (y < 2 | w > u))"]:
        tree = parse(text)
        assert free_vars(miniscope(tree)) == free_vars(tree)
        scoped = compile_formula(tree)
        unscoped = Compiler("2")._memo(tree)  # the tree as written, no miniscoping
        for values in itertools.product(range(10), repeat=3):
            env = dict(zip("xyz", values))
            assert scoped.run({v: env[v] for v in scoped.vars}) == \
                unscoped.run({v: env[v] for v in unscoped.vars}), (text, env)
    assert compile_formula("A x1. E y1. A x2. E y2. A x3. E y3. A x4. E y4. A x5. E y5. "
                           "(y1 = 5*x1 + 1 & y2 = 5*x2 + y1 & y3 = 5*x3 + y2 & "
                           "y4 = 5*x4 + y3 & y5 = 5*x5 + y4)").accept[0]


# ------------------------------------------------------------------ automaton atoms
@pytest.mark.parametrize("base", ["2", "fib"])
@pytest.mark.parametrize("text", [
    "$add(x, y, z)", "$add(y, x, z)", "$add(x, x, z)", "$add(x, 1, z)", "$add(x + 1, y, 2*z)",
    "$odd(x) & $less(x, y)", "E u. $add(x, u, y) & $odd(u)", "~$less(y, x)",
])
def test_automaton_atoms(base, text):
    agrees(text, base, 12, saved(base))


def test_an_atom_proves_what_its_formula_proves(tmp_path):
    nim = game_formula("nim", 3)
    bouton = compile_formula("p1 ^ p2 = p3")
    walnut.save(tmp_path / "bouton.txt", bouton, "2")
    library = Directories([tmp_path])
    direct = run(nim, "p-positions", "p1 ^ p2 = p3", store=False)
    atom = run(nim, "p-positions", "$bouton(p1, p2, p3)", store=False, automata=library)
    assert direct["status"] == atom["status"] == "proven"
    same = run(nim, "sentence", "$bouton(p1, p2, p3) <=> p3 ^ p1 = p2", automata=library)
    assert same["status"] == "proven"
    wrong = run(nim, "p-positions", "$bouton(p2, p1, p1)", automata=library)
    plain = run(nim, "p-positions", "p2 ^ p1 = p1", store=False)
    assert wrong["status"] == "disproven"
    assert wrong["counterexample"] == plain["counterexample"]


def test_lookup_order_and_stale_records(tmp_path, monkeypatch):
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir(), second.mkdir()
    walnut.save(first / "rule.txt", compile_formula("p1 ^ p2 = p3"), "2")
    walnut.save(second / "rule.txt", compile_formula("p1 = p2 + p3"), "2")
    nim = game_formula("nim", 3)
    monkeypatch.setenv("NIMLAB_AUTOMATA", os.pathsep.join([str(second), str(first)]))
    assert run(nim, "p-positions", "$rule(p1, p2, p3)")["status"] == "disproven"
    # the --automata directories come before $NIMLAB_AUTOMATA
    assert run(nim, "p-positions", "$rule(p1, p2, p3)",
               automata=Directories([first]))["status"] == "proven"
    # a changed file gets a new record key: never the stale answer
    def key():
        digests = Prover(nim).automaton_digests(["$rule(p1, p2, p3)"])
        return record_key(nim, "p-positions", "$rule(p1, p2, p3)", automata=digests)
    old_key = key()
    assert load_record(old_key)["status"] == "disproven"
    walnut.save(second / "rule.txt", compile_formula("p1 ^ p2 = p3"), "2")
    # the same content as the --automata one proven above: its record, not the stale one
    assert key() != old_key and load_record(key())["status"] == "proven"
    assert run(nim, "p-positions", "$rule(p1, p2, p3)")["status"] == "proven"
    assert load_record(key())["status"] == "proven"
    # the current directory last
    monkeypatch.delenv("NIMLAB_AUTOMATA")
    monkeypatch.chdir(first)
    assert run(nim, "p-positions", "$rule(p1, p2, p3)")["status"] == "proven"


def test_automaton_atom_errors(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    nim = game_formula("nim", 3)
    fib_add = {"fadd": (compile_formula("a + b = c", "fib"), "fib")}
    not_padded = am.DFA(("a",), am.np.array([[1, 1], [1, 1]], dtype=am.np.int32),
                        am.np.array([False, True]))
    for text, automata, message in [
        ("$nosuch(p1)", None, "unknown automaton"),
        ("$add(p1, p2)", saved("2"), "reads 3 numbers, not 2"),
        ("$fadd(p1, p2, p3)", fib_add, "base fib"),
        ("$odd(p1)", {"odd": (not_padded, "2")}, "leading zeros"),
    ]:
        with pytest.raises(Exception, match=message) as info:
            run(nim, "p-positions", text, automata=automata, store=False)
        assert "\n" not in str(info.value)
    (tmp_path / "broken.txt").write_text("lsd_2\n0 1\n")
    with pytest.raises(walnut.WalnutError, match="least significant"):
        run(nim, "p-positions", "$broken(p1)", store=False)
    env = dict(os.environ, NIMLAB_CACHE=str(tmp_path / "c"))
    done = subprocess.run([sys.executable, "-c", CLI, "prove", "nim", "--automata",
                           str(tmp_path / "missing"), "--p-positions", "$x(p1)"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr


# ------------------------------------------------------------------ depth
def test_deep_and_long_formulas(tmp_path):
    deep_ok = "(" * 150 + "x = 1" + ")" * 150
    assert compile_formula(deep_ok).run({"x": 1})
    nots = "~" * 121 + "x = 1"  # odd: the negation
    assert not compile_formula(nots).run({"x": 1})
    chain = " | ".join(f"x = {i % 50} + y" for i in range(3000))
    dfa = compile_formula(chain)
    assert dfa.run({"x": 49, "y": 0}) and not dfa.run({"x": 50, "y": 0})
    assert evaluate(parse(chain), {"x": 51, "y": 2})
    with pytest.raises(FormulaError, match=f"more than {MAX_NESTING} levels"):
        parse("(" * 400 + "x = 1" + ")" * 400)
    with pytest.raises(FormulaError, match="levels"):
        parse(" => ".join(["x = 1"] * 500))
    with pytest.raises(FormulaError, match="nested more than"):
        parse('x in "' + "(" * 300 + "1" + ")" * 300 + '"')
    assert compile_formula('x in "' + "(1)" * 300 + '"').run({"x": 2 ** 300 - 1})
    env = dict(os.environ, NIMLAB_CACHE=str(tmp_path / "c"))
    for formula in ["(" * 500 + "p1 = 1" + ")" * 500, "~" * 5000 + "p1 = 1",
                    " | ".join(f"p1 = {i % 7}" for i in range(5000)),
                    "E a. " * 400 + "p1 = 1"]:
        done = subprocess.run([sys.executable, "-c", CLI, "prove", "nim", "--piles", "1",
                               "--p-positions", formula], capture_output=True, text=True,
                              env=env, timeout=120)
        assert "Traceback" not in done.stderr and done.stderr.count("\n") <= 1, done.stderr
        assert done.returncode in (0, 2)


# ------------------------------------------------------------------ fast refutation
def test_near_miss_is_refuted_on_the_box():
    sharing = game_formula("sharing", 3)
    near = SHARE_P.replace("(00)*", "(000)*")
    fast = run(sharing, "p-positions", near, store=False, automata_first=0)
    slow = run(sharing, "p-positions", near, store=False, refute=False)
    assert fast["status"] == slow["status"] == "disproven"
    assert fast["found_by"] == "box search" and slow["found_by"] == "automata"
    assert fast["counterexample"] == slow["counterexample"]


def test_quantifier_free_sentence_refuted():
    nim = game_formula("nim", 3)
    formula = "(p1 % 5 = 3 => 3*(p1 + 2) != (p2 ^ p3))"
    fast = run(nim, "sentence", formula, store=False, time_limit=60)
    slow = run(nim, "sentence", formula, store=False, time_limit=60, refute=False)
    assert fast["counterexample"]["position"] == [3, 0, 15]
    assert fast["counterexample"] == slow["counterexample"]


@pytest.mark.parametrize("game, piles, options, kind, formula, extra", [
    ("nim", 2, {}, "p-positions", "p1 = p2 + 1", {}),
    ("end-nim", 3, {"variant": "misere"}, "p-positions", "p1 = p3", {}),
    ("subtraction", None, {"set": "1,3,4"}, "p-positions", "p1 % 7 = 0", {}),
    ("fibonacci", 1, {}, "p-positions", "p1 = 0 | p1 in \"0*10*\"", {}),
    ("end-nim", 2, {"variant": "normal"}, "value", "p1 % 2 = 0 & p2 = p1 + 2",
     {"value": 1, "given": ["p1 = p2"]}),
    ("fibonacci", 1, {}, "p-subset", "p1 = 1", {}),
    ("fibonacci", 1, {}, "n-set", "p1 > 0 & p1 <= 3*x", {"target": "p1 = 0 & x > 0"}),
    ("sharing", 3, {}, "independent", "p1 = p2 | p1 = p3", {}),
])
def test_box_search_gives_the_automata_answer(game, piles, options, kind, formula, extra):
    gf = game_formula(game, piles, **options)
    fast = run(gf, kind, formula, store=False, automata_first=0, **extra)
    slow = run(gf, kind, formula, store=False, refute=False, **extra)
    assert fast["status"] == slow["status"] == "disproven"
    assert fast["found_by"] == "box search"
    assert fast["counterexample"] == slow["counterexample"]


# ------------------------------------------------------------------ random formulas
def term_strategy(names, base):
    leaf = st.one_of(st.sampled_from(names), st.integers(0, 100).map(str))
    lin = st.lists(st.one_of(leaf, st.tuples(st.integers(1, 3), st.sampled_from(names)).map(
        lambda p: f"{p[0]}*{p[1]}")), min_size=1, max_size=3).map(" + ".join)
    sub = st.tuples(lin, st.sampled_from(names + ("1",))).map(lambda p: f"({p[0]} - {p[1]})")
    options = [lin, lin, sub]
    if base == "2":
        options.append(st.lists(st.sampled_from(names), min_size=2, max_size=3).map(
            lambda v: "(" + " ^ ".join(v) + ")"))
    return st.one_of(*options)


def atom_strategy(names, base):
    term = term_strategy(names, base)
    cmp_, mod = arithmetic_atoms(term)
    auto = st.one_of(
        st.tuples(term, term, term).map(lambda t: f"$add({t[0]}, {t[1]}, {t[2]})"),
        st.tuples(st.sampled_from(names), term).map(lambda t: f"$less({t[0]}, {t[1]})"),
        st.sampled_from(names).map(lambda v: f"$odd({v})"),
        st.sampled_from(names).map(lambda v: f'{v} in "1(01)*"'))
    return st.one_of(cmp_, cmp_, mod, auto)


@pytest.mark.parametrize("base", ["2", "fib"])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.data_too_large])
@given(data=st.data())
def test_random_formulas_with_new_atoms(base, data):
    big = atoms.BIG_CONSTANT
    atoms.BIG_CONSTANT = data.draw(st.sampled_from([4, 64]))  # both readings of constants
    try:
        agrees(data.draw(formula_strategy(base, atoms=atom_strategy)), base, 6, saved(base))
    except am.Budget:  # a random formula past the state cap: nothing to compare
        reject()
    finally:
        atoms.BIG_CONSTANT = big


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(game=st.sampled_from([("nim", 2, {}), ("end-nim", 2, {"variant": "misere"}),
                             ("end-nim", 2, {"variant": "loop"}), ("wythoff", None, {})]),
       data=st.data())
def test_box_search_agrees_with_the_automata_on_random_sets(game, data):
    name, piles, options = game
    gf = game_formula(name, piles, **options)
    names = gf.names
    text = data.draw(formula_strategy("2", depth=1, names=names, fresh=("u",)))
    try:
        slow = run(gf, "p-positions", text, store=False, max_states=20_000, time_limit=20,
                   refute=False)
    except am.Budget:  # too big for the automata alone: nothing to compare
        reject()
    fast = run(gf, "p-positions", text, store=False, max_states=20_000, time_limit=20)
    assert fast["status"] == slow["status"], text
    assert fast["counterexample"] == slow["counterexample"], text


def test_the_automata_head_start_answers_easy_statements_and_hands_hard_ones_on():
    """An easy statement ends within the automata's head start (no box search); when the head
    start is too short, the box search answers the false one and the automata the true one,
    with the same answers as the automata alone."""
    nim = game_formula("nim", 2)
    for formula, status in [("p1 = p2", "proven"), ("p1 = p2 + 1", "disproven")]:
        alone = run(nim, "p-positions", formula, store=False, refute=False)
        easy = run(nim, "p-positions", formula, store=False, automata_first=60)
        hard = run(nim, "p-positions", formula, store=False, automata_first=1e-9)
        assert alone["status"] == easy["status"] == hard["status"] == status
        assert easy["found_by"] == "automata"
        assert hard["found_by"] == ("box search" if status == "disproven" else "automata")
        assert alone["counterexample"] == easy["counterexample"] == hard["counterexample"]


# ------------------------------------------------------------ coefficients of every size
#: Sizes around the edges of machine integers, and far past them.
EDGES = (2**31, 2**32, 2**62, 2**63, 2**64, 2**65, 2**100, 10**23)


def coefficient():
    near_edge = st.tuples(st.sampled_from(EDGES), st.integers(-2, 2)).map(sum)
    return st.one_of(st.integers(1, 3), near_edge, st.integers(1, 2**200))


def big_term(names):
    """A linear term whose coefficients and constants may be of any size, all multiplied by
    a common factor that may be huge too (so that many such atoms stay small automata)."""
    item = st.one_of(st.tuples(coefficient(), st.sampled_from(names)).map(lambda p: (p[0], p[1])),
                     coefficient().map(lambda c: (c, None)))
    return st.tuples(st.lists(st.tuples(item, st.booleans()), min_size=1, max_size=3),
                     st.one_of(st.just(1), coefficient())).map(write_term)


def write_term(parts):
    items, factor = parts
    text = ""
    for (c, v), minus in items:
        word = f"{c * factor}*{v}" if v else str(c * factor)
        text += (" - " if minus else " + ") + word if text else ("0 - " + word if minus else word)
    return text


def big_atoms(names, base):
    term = big_term(names)
    cmp_ = st.tuples(term, st.sampled_from(["=", "!=", "<", "<=", ">", ">="]), term).map(
        " ".join)
    mod = st.tuples(term, coefficient(), coefficient(), st.sampled_from(["=", "!="])).map(
        lambda p: f"({p[0]}) % {p[1]} {p[3]} {p[2] % p[1]}")
    return st.one_of(cmp_, cmp_, mod)


@pytest.mark.parametrize("base", ["2", "fib"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.data_too_large])
@given(data=st.data())
def test_coefficients_and_constants_of_every_size(base, data):
    """A letter's value is an exact integer: coefficients and constants far past 2^64 either
    give the automaton of the exact statement or a refusal for its size, never a wrapped sum."""
    text = data.draw(formula_strategy(base, depth=1, names=("a", "b"), fresh=("u",),
                                      atoms=big_atoms))
    try:
        agrees_within(text, base, 6, am.Limits(max_states=20_000, time_limit=20))
    except am.Budget:  # the exact automaton is too large: refused in one line, never wrong
        pass


def agrees_within(text, base, limit, limits):
    tree = parse(text)
    dfa = compile_formula(tree, base, limits=limits)
    names = sorted(free_vars(tree))
    for values in itertools.product(range(limit), repeat=len(names)):
        env = dict(zip(names, values))
        expected = evaluate(tree, env, base, bound=limit + 4)
        assert dfa.run({v: env[v] for v in dfa.vars}, base=base) == expected, (text, base, env)


@pytest.mark.parametrize("base", ["2", "fib"])
@pytest.mark.parametrize("text", [
    "4611686018427387904*a + 4611686018427387904*b < 0",      # 2^63 at a = b = 1
    "4611686018427387904*a + 4611686018427387904*b = 0",
    "18446744073709551616*a + 18446744073709551616*b = 18446744073709551616",
    "36893488147419103232*a + 3*b <= 5",
    "(18446744073709551617*a) % 3 = 0",
    "(18446744073709551616*a + b) % 5 = 1",
    "9223372036854775807*a + 9223372036854775807*b > 9223372036854775807",
    "1267650600228229401496703205376*a >= 1267650600228229401496703205376*b + "
    "1267650600228229401496703205376",
])
def test_wrapping_coefficients_are_exact(base, text):
    """Each of these wrapped in 64-bit letter values (the first was 'proven' for the sentence
    ``(a = 1 & b = 1) => ...``); each is a small automaton of the exact statement."""
    agrees_within(text, base, 7, am.Limits(max_states=20_000, time_limit=20))


def test_the_wrapped_sum_is_disproven_cli(tmp_path):
    """The hostile round's statement: false at p1 = p2 = 1, where the sum is 2^63."""
    env = {**os.environ, "NIMLAB_CACHE": str(tmp_path / "cache")}
    for base_game, piles in (("nim", "3"), ("fibonacci", "2")):
        out = subprocess.run(
            [sys.executable, "-c", CLI, "prove", base_game, "--piles", piles, "--holds",
             "(p1 = 1 & p2 = 1) => 4611686018427387904*p1 + 4611686018427387904*p2 < 0",
             "--json"], capture_output=True, text=True, env=env, timeout=120)
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout)["status"] == "disproven"
        true = subprocess.run(
            [sys.executable, "-c", CLI, "prove", base_game, "--piles", piles, "--holds",
             "4611686018427387904*p1 + 4611686018427387904*p2 = 0 => (p1 = 0 & p2 = 0)",
             "--json"], capture_output=True, text=True, env=env, timeout=120)
        assert json.loads(true.stdout)["status"] == "proven", true.stderr


def test_a_huge_coefficient_is_refused_or_refuted_never_a_traceback(tmp_path):
    env = {**os.environ, "NIMLAB_CACHE": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-c", CLI, "prove", "nim", "--piles", "3",
                          "--p-positions", "99999999999999999999999*p1 = p2"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert "Traceback" not in out.stderr
    assert out.stdout.startswith("disproven"), out.stdout + out.stderr

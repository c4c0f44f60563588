"""Numeration systems of the prover (nimlab.prove.numerations) against plain arithmetic.

Every reference here is computed independently of the module: the weights from their own
definitions (powers, the Fibonacci numbers, Fibonacci Nim's rule, the denominators of best
rational approximations of the irrational), greedy words by a plain greedy loop, and each
automaton is checked word by word or number by number on whole boxes.
"""

from __future__ import annotations

import itertools
from decimal import Decimal, getcontext
from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from nimlab.errors import InputError
from nimlab.prove import automata as am
from nimlab.prove import numerations as nu
from nimlab.prove import walnut
from nimlab.prove.evaluation import evaluate
from nimlab.prove.logic import compile_formula
from nimlab.prove.syntax import FormulaError, free_vars, parse

BASES = [str(b) for b in range(2, 17)]
OSTROWSKI = ["ost_sqrt2", "ost_golden", "ost_sqrt3", "ost_sqrt7"]
FINITE = BASES + ["fib", "fib3"] + OSTROWSKI  # numerations with finite addition automata
ALL = FINITE + ["fib4"]
DIGITS = "0123456789abcdef"


# ====================================================================== references
def best_denominators(alpha_digits, top: int) -> list[int]:
    """The q below ``top`` at which the distance of q*alpha to the nearest integer sets a new
    record (the convergents' denominators, Lagrange), alpha given as a Decimal."""
    alpha = alpha_digits
    out, record = [], Decimal(2)
    for q in range(1, top):
        x = q * alpha
        d = min(x - int(x), int(x) + 1 - x)
        if d < record:
            record = d
            out.append(q)
    return out


@lru_cache(maxsize=None)
def reference_weights(name: str) -> tuple[int, ...]:
    """At least the weights below 5,000 of each numeration, from its definition."""
    if name.isdigit():
        b = int(name)
        return tuple(b ** i for i in range(40))
    if name == "fib":
        w = [1, 2]
        while len(w) < 40:
            w.append(w[-1] + w[-2])
        return tuple(w)
    if name.startswith("fib"):  # Fibonacci Nim: H(j+1) = H(j) + H(m), k H(m) >= H(j) least
        k = int(name[3:])
        h = [1]
        while len(h) < 60:
            h.append(h[-1] + min(x for x in h if k * x >= h[-1]))
        return tuple(h)
    getcontext().prec = 60
    if name == "ost_golden":
        alpha = (Decimal(5).sqrt() - 1) / 2
    else:
        d = Decimal(int(name[len("ost_sqrt"):])).sqrt()
        alpha = d - int(d)
    return tuple(best_denominators(alpha, 5000))


def greedy(n: int, weights) -> str:
    """The greedy word of n (plain loop, no leading zeros)."""
    used = [w for w in weights if w <= n]
    digits = []
    for w in reversed(used):
        digits.append(DIGITS[n // w])
        n %= w
    return "".join(digits)


def value(word: str, weights) -> int:
    return sum(int(c, 16) * weights[i] for i, c in enumerate(reversed(word)))


def radix_of(weights) -> int:
    return max(-(-b // a) for a, b in zip(weights, weights[1:]))


# ====================================================================== words
@pytest.mark.parametrize("name", ALL)
def test_weights_are_the_definitions(name):
    ref = reference_weights(name)
    n = nu.get(name)
    count = sum(1 for w in ref if w < 5000)
    assert n.weights(count) == list(ref[:count])
    assert n.radix == radix_of(ref[:count])


@pytest.mark.parametrize("name", ALL)
def test_encode_is_the_greedy_word_and_decode_inverts_it(name):
    n = nu.get(name)
    weights = reference_weights(name)
    for k in range(3000):
        word = n.encode(k)
        assert word == greedy(k, weights), (name, k)
        assert n.decode(word) == k
        assert am.encode(k, name) == word and am.decode(word, name) == k


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(ALL), k=st.integers(0, 10 ** 40))
def test_round_trip_on_large_numbers(name, k):
    n = nu.get(name)
    word = n.encode(k)
    assert n.decode(word) == k
    assert not word.startswith("0")
    assert n.is_valid(word) and n.is_valid("00" + word)
    assert all(int(c, 16) < n.radix for c in word)


@pytest.mark.parametrize("name", ALL)
def test_valid_words_are_exactly_the_greedy_words(name):
    """Every word up to a length: accepted iff it is the greedy word of its value (with
    leading zeros)."""
    n = nu.get(name)
    weights = reference_weights(name)
    dfa = n.valid()
    length = {2: 11, 3: 7, 4: 6, 5: 5}.get(n.radix, 4)
    seen = 0
    for size in range(length + 1):
        for digits in itertools.product(DIGITS[:n.radix], repeat=size):
            word = "".join(digits)
            greedy_word = greedy(value(word, weights), weights)
            expected = word.lstrip("0") == greedy_word
            assert dfa.run(words={"x": word}) == expected, (name, word)
            assert n.is_valid(word) == expected
            seen += 1
    assert seen == sum(n.radix ** s for s in range(length + 1))


# ====================================================================== arithmetic
def box_words(name, top):
    weights = reference_weights(name)
    return {k: greedy(k, weights) for k in range(2 * top + 2)}


@pytest.mark.parametrize("name", FINITE)
def test_addition_on_a_whole_box(name):
    n = nu.get(name)
    dfa = n.addition()
    assert dfa.vars == ("x", "y", "z") and dfa.radix == n.radix
    top = 24
    words = box_words(name, top)
    for x in range(top):
        for y in range(top):
            for z in range(2 * top):
                got = dfa.run(words={"x": words[x], "y": words[y], "z": words[z]})
                assert got == (x + y == z), (name, x, y, z)


@pytest.mark.parametrize("name", FINITE)
def test_order_and_equality_on_a_whole_box(name):
    n = nu.get(name)
    less, equal = n.less(), n.equal()
    top = 40
    words = box_words(name, top)
    for x in range(top):
        for y in range(top):
            padded = "0" * (x % 3) + words[x]  # any leading zeros
            assert less.run(words={"x": padded, "y": words[y]}) == (x < y), (name, x, y)
            assert equal.run(words={"x": padded, "y": words[y]}) == (x == y), (name, x, y)


@pytest.mark.parametrize("name", ["3", "fib3", "ost_sqrt3"])
def test_arithmetic_automata_reject_invalid_words(name):
    n = nu.get(name)
    dfa = n.addition()
    invalid = [w for w in ("".join(d) for d in itertools.product(DIGITS[:n.radix], repeat=4))
               if not n.is_valid(w)]
    assert (name == "3") == (not invalid)
    for w in invalid[:20]:  # an invalid x with a z of the same value is still rejected
        total = n.decode(w)
        assert not dfa.run(words={"x": w, "y": "", "z": n.encode(total)})


def test_factor_four_addition_is_refused_in_one_line():
    """Fibonacci Nim with factor 4: x^6 = x^5 + 1, another root of modulus 1.03 - addition is
    not a finite automaton; the numeration's words are, and its automaton says why not."""
    n = nu.get("fib4")
    assert n.pisot() is False and nu.get("fib3").pisot() is True
    with pytest.raises(nu.NumerationError, match="not a Pisot number") as info:
        n.addition()
    assert "\n" not in str(info.value) and isinstance(info.value, InputError)
    with pytest.raises(InputError, match="fib4"):
        compile_formula("x + y = z", "fib4")


# ====================================================================== names
def test_names_and_their_one_line_errors():
    assert nu.get("fib2") is nu.get("fib") and nu.get("msd_3") is nu.get("3")
    assert nu.get("ost[][2]").weights(5) == nu.get("ost_sqrt2").weights(5)
    assert nu.get("ost_r_1_2").name == "ost[][1,2]"
    assert nu.get("ost[0][1]").weights(8) == nu.get("fib").weights(8)
    for bad in ("17", "1", "fib1", "ost_sqrt4", "ost[][]", "nonsense", "ost[][0]"):
        with pytest.raises(nu.NumerationError) as info:
            nu.get(bad)
        assert "\n" not in str(info.value)
    with pytest.raises(FormulaError, match="unknown numeration"):
        compile_formula("x = y", "base7")


@pytest.mark.parametrize("name", ["3", "fib3", "ost_sqrt2"])
def test_xor_is_refused_outside_base_2(name):
    with pytest.raises(FormulaError, match="only in the language of base 2") as info:
        compile_formula("x ^ y = z", name)
    assert "\n" not in str(info.value)


# ====================================================================== the compiler
FORMULAS = ["x + y = z", "2*x + 1 < y", "x % 3 = 2", "E z. x = z + z & y = z + 1",
            "A z. z < x => z + 3 != y", "x = 70", "x + 100 >= y + 3", "x - y = 2"]


@pytest.mark.parametrize("name", ["3", "5", "16", "fib3", "ost_sqrt2", "ost_sqrt3"])
@pytest.mark.parametrize("text", FORMULAS)
def test_formulas_agree_with_plain_evaluation(name, text):
    tree = parse(text)
    dfa = compile_formula(tree, name, limits=am.Limits(max_states=400_000, time_limit=120))
    names = sorted(free_vars(tree))
    for values in itertools.product(range(11), repeat=len(names)):
        env = dict(zip(names, values))
        expected = evaluate(tree, env, name, bound=40)
        assert dfa.run({v: env[v] for v in dfa.vars}, base=name) == expected, (text, env)


@pytest.mark.parametrize("name, regex, members", [
    ("3", "2*", lambda k: set(greedy(k, reference_weights("3"))) <= {"2"}),
    ("16", "f(0|a)*", lambda k: k > 0 and format(k, "x")[0] == "f" and
     set(format(k, "x")[1:]) <= {"0", "a"}),
    ("ost_sqrt2", "0*2(0|1)*", lambda k: greedy(k, reference_weights("ost_sqrt2"))[:1] == "2"
     and set(greedy(k, reference_weights("ost_sqrt2"))[1:]) <= {"0", "1"}),
    ("fib3", "0*10*", lambda k: k in reference_weights("fib3")),
])
def test_regular_expressions_over_digits(name, regex, members):
    tree = parse(f'x in "{regex}"')
    dfa = compile_formula(tree, name)
    for k in range(300):
        assert dfa.run({"x": k}, base=name) == bool(members(k)), (name, k)
        assert evaluate(tree, {"x": k}, name) == bool(members(k))


def test_regex_digits_beyond_the_radix_are_one_line_errors():
    with pytest.raises(FormulaError, match="not allowed") as info:
        compile_formula('x in "12"', "2")
    assert "\n" not in str(info.value)
    with pytest.raises(FormulaError, match="one digit"):
        compile_formula('(x, y) in "[13]"', "3")


@pytest.mark.parametrize("name", ["3", "fib3", "ost_sqrt3"])
def test_least_tuple_is_the_plain_least(name):
    dfa = compile_formula("x + 2*y = 37 & x > y", name)
    restricted = nu.get(name).restrict(dfa)
    plain = min(((x, y) for x in range(38) for y in range(38) if x + 2 * y == 37 and x > y),
                key=lambda t: (sum(t), t))
    assert am.min_tuple(restricted, ("x", "y"), name) == plain
    single = nu.get(name).restrict(compile_formula("x > 20 & x % 7 = 3", name))
    assert am.min_single(single, name) == 24


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(["2", "fib"]),
       coeffs=st.lists(st.integers(-3, 3), min_size=1, max_size=3),
       const=st.integers(-9, 9), kind=st.sampled_from(["eq", "le", "mod"]))
def test_general_construction_equals_the_first_provers_atoms(name, coeffs, const, kind):
    """The general carry construction gives the same minimal automata as the specialised
    atoms of base 2 and Zeckendorf (on valid words)."""
    from nimlab.prove import linear
    from nimlab.prove.atoms import linear_dfa
    n = nu.get(name)
    form = {f"v{i}": c for i, c in enumerate(coeffs) if c}
    modulus = 4 if kind == "mod" else 0
    general = n.restrict(linear.linear_dfa(n, form, const, kind, modulus))
    first = n.restrict(linear_dfa(form, const, kind, name, modulus))
    general = am.extend(general, first.vars) if set(general.vars) <= set(first.vars) else general
    first = am.extend(first, general.vars)
    same = am.product(general, first, "iff")
    assert same.accept[am.reachable(same)].all()


# ====================================================================== Walnut
@pytest.mark.parametrize("name", ["3", "16", "fib", "fib3", "ost_sqrt2", "ost_sqrt3"])
def test_walnut_files_written_and_read_back(name, tmp_path):
    n = nu.get(name)
    paths = walnut.write_numeration(name, tmp_path)
    assert sorted(p.name for p in paths) == sorted(
        [f"msd_{n.walnut}.txt", f"msd_{n.walnut}_addition.txt",
         f"msd_{n.walnut}_less_than.txt"])
    alphabet = "{" + ", ".join(str(d) for d in range(n.radix)) + "}"
    first = (tmp_path / f"msd_{n.walnut}_addition.txt").read_text().splitlines()[0]
    assert first == " ".join([alphabet] * 3)
    back = walnut.read_numeration(name, tmp_path)
    top = 20
    words = box_words(name, top)
    for x in range(top):
        assert back["valid"].run(words={"t01": words[x]})
        for y in range(top):
            assert back["less_than"].run(words={"t01": words[x], "t02": words[y]}) == (x < y)
            for z in range(2 * top):
                assert back["addition"].run(words={"t01": words[x], "t02": words[y],
                                                   "t03": words[z]}) == (x + y == z)
    # the same minimal automata as the numeration's own
    own = am.rename(n.addition(), {"x": "t01", "y": "t02", "z": "t03"})
    assert back["addition"].n == own.n


@pytest.mark.parametrize("name", ["3", "16", "fib3", "ost_sqrt3"])
def test_automata_in_a_numeration_round_trip_through_walnut(name):
    dfa = compile_formula("x + 1 < 2*y", name)
    text = walnut.dumps(dfa, name)
    assert text.split("\n", 1)[0] == f"msd_{nu.get(name).walnut} msd_{nu.get(name).walnut}"
    back, base = walnut.loads(text)
    assert base == nu.get(name).name and back.radix == nu.get(name).radix
    for x in range(15):
        for y in range(15):
            assert back.run({"t01": x, "t02": y}, base=name) == (x + 1 < 2 * y)


def test_custom_alphabet_files_need_their_numeration():
    text = "{0, 1, 2} {0, 1, 2}\n\n0 1\n0 0 -> 0\n"
    with pytest.raises(walnut.WalnutError, match="name no numeration"):
        walnut.loads(text)
    dfa, base = walnut.loads(text, base="3")
    assert base == "3" and dfa.radix == 3
    with pytest.raises(walnut.WalnutError, match="digits of numeration"):
        walnut.loads("msd_3\n0 1\n3 -> 0\n")


# ====================================================================== Fibonacci Nim, factor 3
LOWEST = '(p1, z) in "([00]|[10])*[11][00]*"'  # z: the least term of p1's greedy word


def p_set_formula(factor: int, limit: int) -> str:
    """(p1; x) is P iff p1 = 0 or its least term exceeds limit*x (x > 0), or p1 is 0 or a
    weight (x = 0): the statement with ``limit = factor`` is the theorem."""
    return (f"(x > 0 & (p1 = 0 | E z. {LOWEST} & z > {limit}*x)) | "
            '(x = 0 & (p1 = 0 | p1 in "0*10*"))')


def brute_p_positions(factor: int, top: int) -> dict[tuple[int, int], bool]:
    """Whether (n; r) is a P-position, by plain recursion on the rules: a first move (r = 0)
    takes 1 .. n-1 tokens, a later one 1 .. factor*r (at most n)."""
    p = {}
    for n in range(top + 1):
        for r in range(top + 1):
            takes = range(1, n) if r == 0 else range(1, min(n, factor * r) + 1)
            p[n, r] = not any(p[n - y, y] for y in takes)
    return p


@pytest.mark.parametrize("factor", [3, 4])
def test_one_pile_p_positions_by_brute_force(factor):
    """The statement holds on a box for the game's own rules (factor 4 too, whose numeration
    has no finite addition automaton) and fails with the factor-2 limit."""
    name = f"fib{factor}"
    truth = brute_p_positions(factor, 40)
    right, wrong = parse(p_set_formula(factor, factor)), parse(p_set_formula(factor, 2))
    differs = False
    for (n, r), is_p in truth.items():
        if r > 12:  # past n/3 every larger r allows the same moves
            continue
        env = {"p1": n, "x": r}
        assert evaluate(right, env, name, bound=n) == is_p, (factor, n, r)
        differs |= evaluate(wrong, env, name, bound=n) != is_p
    assert differs


def test_the_move_formula_is_the_games_moves():
    from nimlab.prove.games import game_formula
    gf = game_formula("fibonacci", 1, factor=3)
    assert gf.base == "fib3"
    game, move = gf.make_game(), parse(gf.move)
    for n in range(14):
        for r in range(14):
            moves = {(q[0][0] if q[0] else 0, q[1]) for q in game.successors(((n,), r))}
            said = {(q, y) for q in range(30) for y in range(30)
                    if evaluate(move, {"p1": n, "x": r, "q1": q, "y": y}, "fib3")}
            assert said == moves, (n, r)


def test_factor_3_p_positions_proven_and_a_false_statement_refuted():
    from nimlab.lab.papers import prove as lab_prove
    from nimlab.prove.games import game_formula
    from nimlab.prove.procedure import run
    gf = game_formula("fibonacci", 1, factor=3)
    # through the Python API (and so the command line's --factor)
    proven = lab_prove("fibonacci", piles=1, factor=3, p_positions=p_set_formula(3, 3))
    assert proven.to_json()["status"] == "proven" and proven.to_json()["base"] == "fib3"
    false = p_set_formula(3, 2)
    refuted = run(gf, "p-positions", false, store=False)
    assert refuted["status"] == "disproven"
    # the smallest position (least sum, then lexicographic) where the false set is wrong
    truth = brute_p_positions(3, 30)
    tree = parse(false)
    wrong = next(pos for pos in sorted(truth, key=lambda pos: (sum(pos), pos))
                 if evaluate(tree, {"p1": pos[0], "x": pos[1]}, "fib3", bound=pos[0])
                 != truth[pos])
    example = refuted["counterexample"]
    assert tuple(example["position"]) == wrong
    n, r = example["move_to"]
    assert 0 < r <= 3 * wrong[1] and n + r == wrong[0]  # a legal move into the false set


def test_factor_4_proof_is_refused_in_one_line():
    from nimlab.prove.games import game_formula
    from nimlab.prove.procedure import run
    gf = game_formula("fibonacci", 1, factor=4)
    with pytest.raises(InputError, match="not a Pisot number") as info:
        run(gf, "p-positions", p_set_formula(4, 4), store=False)
    assert "\n" not in str(info.value)
    with pytest.raises(InputError, match="one pile"):
        game_formula("fibonacci", 2, factor=3)


FALSE_FOR_FACTOR_4 = {"x = 0 & p1 = 0": lambda n, x: x == 0 and n == 0,
                      "x > 0 & p1 < 4*x": lambda n, x: x > 0 and n < 4 * x,
                      "p1 = 1": lambda n, x: n == 1}


@pytest.mark.parametrize("text", sorted(FALSE_FOR_FACTOR_4))
def test_a_false_statement_about_factor_4_is_refuted_not_refused(text):
    """No automaton proof exists in fib4, but a false statement's smallest counterexample is
    found among the small positions and confirmed there: the least position (by sum, then
    lexicographically; every option of a position comes before it) where the statement and
    the plain recursion on the rules disagree."""
    from nimlab.prove.games import game_formula
    from nimlab.prove.procedure import run
    result = run(game_formula("fibonacci", 1, factor=4), "p-positions", text, store=False)
    assert result["status"] == "disproven" and result["found_by"] == "box search", result
    truth, member = brute_p_positions(4, 12), FALSE_FOR_FACTOR_4[text]
    first = min(((n, x) for n in range(12) for x in range(12)
                 if member(n, x) != truth[n, x]), key=lambda p: (sum(p), p))
    assert tuple(result["counterexample"]["position"]) == first


def test_a_numeration_of_ones_own_by_its_recurrence():
    """Tribonacci (1, 2, 4, 7, 13, ...), registered by name: its words, addition and a formula
    against plain arithmetic."""
    name = "trib_test"
    trib = nu.Numeration(name, "tribtest", "Tribonacci", [1, 2, 4],
                         nu.Recurrence(3, 0, ((1, 1, 1),)))
    assert nu.register(trib) is nu.get(name)
    w = [1, 2, 4]
    while len(w) < 30:
        w.append(w[-1] + w[-2] + w[-3])
    assert trib.weights(30) == w
    for k in range(500):
        assert trib.encode(k) == greedy(k, w)
    valid = trib.valid()
    for size in range(9):
        for digits in itertools.product("01", repeat=size):
            word = "".join(digits)
            assert valid.run(words={"x": word}) == (word.lstrip("0") == greedy(value(word, w), w))
    add = trib.addition()
    for x in range(25):
        for y in range(25):
            for z in range(50):
                assert add.run({"x": x, "y": y, "z": z}, base=name) == (x + y == z)
    dfa = compile_formula("E t. x = t + t + t & y = t + 1", name)
    for x in range(30):
        for y in range(30):
            assert dfa.run({"x": x, "y": y}, base=name) == (x % 3 == 0 and y == x // 3 + 1)
    with pytest.raises(nu.NumerationError, match="taken"):
        nu.register(nu.Numeration("fib3", "fib3", "", [1, 2], nu.Recurrence(1, 0, ((2,),))))

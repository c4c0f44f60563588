"""Every automaton saved under docs/discoveries/ (Walnut's format) is proven again from its file,
and checked against plain brute force on a small box where one exists (tests/brute.py)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

import brute
from nimlab.discover.search import prove_statement
from nimlab.prove.automata import DFA
from nimlab.prove.games import game_formula
from nimlab.prove.walnut import load

HERE = Path(__file__).resolve().parent.parent / "docs" / "discoveries"
MANIFEST = json.loads((HERE / "MANIFEST.json").read_text())


def _game(entry):
    from dataclasses import replace
    gf = game_formula(entry["game"], entry["piles"], **entry["options"])
    if entry["base"] and entry["base"] != gf.base:
        gf = replace(gf, base=entry["base"], params={**gf.params, "base": entry["base"]})
    return gf


def _automaton(path: Path, gf) -> DFA:
    dfa, base = load(path)
    assert base == gf.base, path
    assert len(dfa.vars) == len(gf.names), path
    return DFA(gf.names, dfa.trans, dfa.accept)


def _brute(entry):
    """value(position) from tests/brute.py, or None when no brute force covers the game."""
    game, opts = entry["game"], entry["options"]
    if game == "end-nim":
        variant = opts.get("variant", "normal")

        def value(p):
            if any(p[i] and not p[i + 1] for i in range(len(p) - 1)):
                return -1  # not a row
            return brute.end_nim(tuple(v for v in p if v), variant)
        return value
    if game == "subtraction":
        moves = tuple(int(a) for a in opts["set"].split(","))
        return lambda p: brute.subtraction(p[0], moves)
    if game == "wythoff":
        return lambda p: brute.wythoff(*p)
    if game == "cash":
        moves = tuple(int(a) for a in opts["set"].split(","))
        return lambda p: 1 if brute.cash_player_one_wins(p[0], p[1], p[2], moves) else 0
    if game == "fibonacci":
        return lambda p: brute.fibonacci(tuple(p[:-1]), p[-1])
    if game == "sharing":
        return brute.sharing
    return None


def test_the_manifest_lists_every_saved_automaton():
    files = {p.name for p in HERE.glob("*.txt")}
    listed = set()
    for entry in MANIFEST.values():
        listed |= {entry["file"], *entry["given"]}
    assert files == listed


@pytest.mark.parametrize("name", sorted(MANIFEST),
                         ids=sorted(MANIFEST))
def test_saved_automaton_is_proven_again(name):
    entry = MANIFEST[name]
    gf = _game(entry)
    target = _automaton(HERE / entry["file"], gf)
    given = [(Path(f).stem, _automaton(HERE / f, gf)) for f in entry["given"]]
    automata = {n: (d, gf.base) for n, d in [(name, target)] + given}
    call = "(" + ", ".join(gf.names) + ")"
    result = prove_statement(gf, entry["kind"], f"${name}{call}", automata,
                             value=entry["value"], given=[f"${n}{call}" for n, _ in given],
                             time_limit=120)
    assert result["status"] == "proven", result
    assert target.n <= entry["states"] + 1
    value = _brute(entry)
    if value is None:
        return
    top = {1: 40, 2: 12, 3: 6, 4: 4}[len(gf.names)]
    for p in itertools.product(range(top + 1), repeat=len(gf.names)):
        assert target.run(dict(zip(gf.names, p)), base=gf.base) == (value(p) == entry["value"]), p


@pytest.mark.parametrize("name", [n for n in sorted(MANIFEST) if MANIFEST[n]["game"] == "cash"])
def test_cash_automata_agree_with_the_kernel_on_a_larger_box(name):
    """Beyond the brute force's 7^3 box: each cash automaton against the compiled kernel's
    winner table (tested against the brute force in tests/test_kernels.py) on every position
    with n, d1, d2 < 64 (262,144 positions; some automata were learnt from 10-digit boxes)."""
    import numpy as np

    from nimlab import store
    from nimlab.discover import learn

    entry = MANIFEST[name]
    gf = _game(entry)
    target = _automaton(HERE / entry["file"], gf)
    moves = tuple(int(a) for a in entry["options"]["set"].split(","))
    P = np.asarray(store.cash_winners(moves, 63, 63)) == 0
    assert P.shape == (64, 64, 64) and P.any() and not P.all()
    assert learn.agrees(target, P, 6, "2")


def _saved(name: str, gf) -> dict:
    return {"f": (_automaton(HERE / f"{name}.txt", gf), gf.base)}


#: The corrected Theorem 4.5 of the cash paper (corrected f of Def 4.1: f((L+1)k + i) = Lk + i;
#: item 1(b): Player I wins), as the set of P-positions (stones, mover's money, other's money).
def cash_thm45(L: int) -> str:
    return (f"E k, i, f. p1 = {L + 1}*k + i & i <= {L} & f = {L}*k + i & "
            f"((p2 >= f & p3 >= f & p1 % {L + 1} = 0) | (p3 >= f & p2 < f) | "
            "(p2 < f & p3 < f & p2 <= p3))")


@pytest.mark.parametrize("L", [2, 3, 4, 5])
def test_cash_theorem_4_5_corrected_holds_everywhere(L):
    name = f"cash{''.join(map(str, range(1, L + 1)))}_p"
    gf = _game(MANIFEST[name])
    result = prove_statement(gf, "sentence", f"$f(p1, p2, p3) <=> ({cash_thm45(L)})",
                             _saved(name, gf))
    assert result["status"] == "proven", result


#: Theorem 6.10 of the cash paper (NIM(1,3,4) with cash, items 1-6, with item 6 as corrected in
#: docs/ERRATA.md, nimlab.papers.cash.formulas.thm610_corrected) as the set of P-positions
#: (Player II wins): n = p1 = 7k + r, the mover's money d1 = p2, the other's d2 = p3,
#: f = f(n) of Def 6.1, b = f - d1 when both are poor.
THM610 = ("E k, r, f, b. p1 = 7*k + r & r <= 6 & "
          "((r = 0 & f = 5*k) | (r = 1 & f = 5*k + 1) | (r = 2 & f = 5*k + 1) | "
          "(r = 3 & f = 5*k + 2) | (r = 4 & f = 5*k + 4) | (r = 5 & f = 5*k + 4) | "
          "(r = 6 & f = 5*k + 5)) & "
          "((p2 >= f & p3 >= f & (r = 0 | r = 2)) | (p2 < f & f <= p3) | "
          "(p3 < f & b + p2 = f & (p2 < p3 | "
          "(p2 = p3 + 1 & ((b % 3 = 1 & 3*p1 + 5 > 14*b & ~(r = 0 | r = 2 | r = 5)) | "
          "(b % 3 = 2 & 3*p1 + 1 > 14*b & ~(r = 1 | r = 3 | r = 4 | r = 6)))) | "
          "(p2 = p3 & (b % 3 = 2 | "
          "(b % 3 = 0 & ~(3*p1 + 9 >= 14*b & (r = 1 | r = 3 | r = 4 | r = 6))) | "
          "(b % 3 = 1 & ~(3*p1 >= 14*b + 1 & (r = 0 | r = 2 | r = 5))))))))")


def test_cash_theorem_6_10_corrected_holds_everywhere():
    """New: the paper's complete description of NIM(1,3,4) with cash (Theorem 6.10, item 6
    corrected) holds for every position: equal to the P-set automaton found from the tables."""
    gf = _game(MANIFEST["cash134_p"])
    result = prove_statement(gf, "sentence", f"$f(p1, p2, p3) <=> ({THM610})",
                             _saved("cash134_p", gf))
    assert result["status"] == "proven", result


def test_the_papers_function_for_theorem_6_10_gives_the_p_positions_on_a_box():
    """The function the claims check (nimlab.papers.cash.formulas.thm610_corrected, on a grid
    of money for each n) against the cash kernel's winner table on every position with n, d1, d2 <= 63: with the
    proof above, the formula THM610 and that function name the same set."""
    import numpy as np

    from nimlab import store
    from nimlab.papers.cash.formulas import thm610_corrected

    d1, d2 = np.indices((64, 64))
    said = np.array([np.asarray(thm610_corrected(n, d1, d2)) == "II" for n in range(64)])
    truth = np.asarray(store.cash_winners((1, 3, 4), 63, 63)) == 0
    assert said.shape == truth.shape and np.array_equal(said, truth)


@pytest.mark.parametrize("variant", ["normal", "misere", "loop"])
def test_end_nim_four_pile_rows_of_value_1_have_close_ends(variant):
    """New: a 4-pile row (a1, a2, a3, a4) of value 1 has |a4 - a1| <= 2; the bound is sharp."""
    name = f"endnim4_{variant}_v1"
    gf = _game(MANIFEST[name])
    close = "($f(p1, p2, p3, p4) & p1 > 0) => (p4 <= p1 + 2 & p1 <= p4 + 2)"
    assert prove_statement(gf, "sentence", close, _saved(name, gf))["status"] == "proven"
    closer = "($f(p1, p2, p3, p4) & p1 > 0) => (p4 <= p1 + 1 & p1 <= p4 + 1)"
    result = prove_statement(gf, "sentence", closer, _saved(name, gf))
    assert result["status"] == "disproven"
    assert result["counterexample"]["position"] == [2, 1, 4, 4]
    assert brute.end_nim((2, 1, 4, 4), variant) == 1


def _needs(n: str, d: str) -> str:
    """NIM(1,4) with cash: the unlimited-funds winner of n stones wins with d dollars against
    unlimited funds (n dollars: a player never spends more than the stones)."""
    return (f"((({n} % 5 = 0 | {n} % 5 = 2) & $f({n}, {n}, {d})) | "
            f"(~({n} % 5 = 0 | {n} % 5 = 2) & ~$f({n}, {d}, {n})))")


@pytest.mark.parametrize("last, status", [(4, "proven"), (3, "disproven"), (5, "disproven")])
def test_nim14_with_cash_money_needed(last, status):
    """New: in NIM(1,4) with cash the winner needs f(5k + i) = 4k + (0, 1, 1, 2, 4)[i] dollars."""
    gf = _game(MANIFEST["cash14_p"])
    small = ("((i = 0 & e = 0) | (i = 1 & e = 1) | (i = 2 & e = 1) | (i = 3 & e = 2) | "
             f"(i = 4 & e = {last}))")
    statement = (f"A k, i, n, d. (i < 5 & n = 5*k + i) => ({_needs('n', 'd')} <=> "
                 f"(E e. {small} & d >= 4*k + e))")
    result = prove_statement(gf, "sentence", statement, _saved("cash14_p", gf))
    assert result["status"] == status
    if status == "proven":  # the same numbers from the plain brute force
        for n in range(12):
            need = 4 * (n // 5) + (0, 1, 1, 2, 4)[n % 5]
            for d in (need - 1, need):
                if d < 0:
                    continue
                if n % 5 in (0, 2):  # Player II wins with unlimited funds
                    wins = not brute.cash_player_one_wins(n, n, d, (1, 4))
                else:
                    wins = brute.cash_player_one_wins(n, d, n, (1, 4))
                assert wins == (d >= need), (n, d)


#: New: the whole winner table of NIM(1,4) with cash (stones p1, mover's money p2, other's p3).
NIM14_CASH_P = (
    "E k, i, e, f. p1 = 5*k + i & i < 5 & ((i = 0 & e = 0) | (i = 1 & e = 1) | (i = 2 & e = 1) "
    "| (i = 3 & e = 2) | (i = 4 & e = 4)) & f = 4*k + e & "
    "((p2 >= f & p3 >= f & (i = 0 | i = 2)) | (p3 >= f & p2 < f) | "
    "(p2 < f & p3 < f & ((2*p3 < p1 & p2 <= p3) | (E s. s + p1 = 2*p3 & "
    "((s % 3 = 0 & p2 <= p3 + 1) | (s % 3 = 1 & p2 + 1 <= p3) | (s % 3 = 2 & p2 <= p3))))))")


def test_nim14_with_cash_rule_in_words():
    """The rule of docs/DISCOVERIES.md equals the discovered automaton, is the P-set by itself,
    and agrees with the plain brute force."""
    from nimlab.prove.procedure import run

    gf = _game(MANIFEST["cash14_p"])
    equal = prove_statement(gf, "sentence", f"$f(p1, p2, p3) <=> ({NIM14_CASH_P})",
                            _saved("cash14_p", gf))
    assert equal["status"] == "proven", equal
    assert run(gf, "p-positions", NIM14_CASH_P, store=False)["status"] == "proven"

    def rule(n, d1, d2):
        f = 4 * (n // 5) + (0, 1, 1, 2, 4)[n % 5]
        if d1 >= f and d2 >= f:
            return n % 5 in (0, 2)
        if d1 >= f or d2 >= f:
            return d2 >= f
        if 2 * d2 < n:
            return d1 <= d2
        return d1 <= d2 + {0: 1, 1: -1, 2: 0}[(2 * d2 - n) % 3]

    for n, d1, d2 in itertools.product(range(16), range(18), range(18)):
        assert rule(n, d1, d2) == (not brute.cash_player_one_wins(n, d1, d2, (1, 4))), (n, d1, d2)


@pytest.mark.parametrize("L", [3, 5, 7])
def test_nim1L_with_cash_for_odd_L(L):
    """New: NIM(1, L) with cash, L odd: P iff n = 2h and d2 >= min(d1, h), or n = 2h + 1,
    d1 <= h and d2 >= d1."""
    rule = "E h. (p1 = 2*h & (p3 >= p2 | p3 >= h)) | (p1 = 2*h + 1 & p2 <= h & p3 >= p2)"
    name = f"cash1{L}_p"
    gf = _game(MANIFEST[name])
    result = prove_statement(gf, "sentence", f"$f(p1, p2, p3) <=> ({rule})", _saved(name, gf))
    assert result["status"] == "proven", result
    for n, d1, d2 in itertools.product(range(14), range(10), range(10)):
        h = n // 2
        expected = d2 >= min(d1, h) if n % 2 == 0 else (d1 <= h and d2 >= d1)
        assert expected == (not brute.cash_player_one_wins(n, d1, d2, (1, L))), (n, d1, d2)


#: NIM(A) with cash whose P-positions are the same set (their saved automata are each proven
#: to be the P-set of their own game, so equal automata prove the sets equal).
CASH_FAMILIES = [("1", "1,3", "1,5", "1,7", "1,3,5"), ("2", "2,6"),
                 ("1,2", "1,2,4", "1,2,5", "1,2,4,5"), ("1,2,3", "1,2,3,5", "1,2,3,6", "1,2,3,5,6"),
                 ("1,4", "1,4,6"), ("1,2,6", "1,2,5,6"), ("1,2,3,4", "1,2,3,4,6")]


@pytest.mark.parametrize("family", CASH_FAMILIES, ids=["-".join(f) for f in CASH_FAMILIES])
def test_cash_families_have_one_automaton_and_one_set(family):
    from nimlab.discover.search import _canonical
    from nimlab.prove.automata import minimize

    forms = set()
    for A in family:
        gf = game_formula("cash", None, set=A)
        forms.add(_canonical(minimize(_automaton(HERE / f"cash{A.replace(',', '')}_p.txt", gf))))
    assert len(forms) == 1
    box = [[brute.cash_player_one_wins(n, d1, d2, tuple(int(a) for a in A.split(",")))
            for n in range(9) for d1 in range(9) for d2 in range(9)] for A in family]
    assert all(b == box[0] for b in box)


def test_the_cash_families_are_different_sets():
    firsts = [tuple(int(a) for a in f[0].split(",")) for f in CASH_FAMILIES]
    boxes = {tuple(brute.cash_player_one_wins(n, d1, d2, A) for n in range(9) for d1 in range(9)
                   for d2 in range(9)) for A in firsts}
    assert len(boxes) == len(CASH_FAMILIES)


# ------------------------------------------------------------------ published lower bounds
CERTIFICATES = HERE / "certificates"


def fibonacci_p_status(piles: int, top: int):
    """P-status of Fibonacci Nim (factor 2) from the rules, for piles below ``top``: with t(p)
    the least removal y reaching a P-position (p - y e_j; y), (p; x >= 1) is P iff 2x < t(p),
    and (p; 0) is P iff no removal y < p_j does (a plain dynamic programme over sorted tuples,
    independent of nimlab's kernels)."""
    big = 1 << 30
    t: dict[tuple, int] = {}
    first: dict[tuple, bool] = {}
    for p in sorted(itertools.combinations_with_replacement(range(top), piles), key=sum):
        best, opening = big, True
        for j in range(piles):
            for y in range(1, p[j] + 1):
                if y >= best and not (opening and y < p[j]):
                    break
                q = tuple(sorted(p[:j] + (p[j] - y,) + p[j + 1:]))
                if 2 * y < t[q]:
                    best = min(best, y)
                    if y < p[j]:
                        opening = False
        t[p], first[p] = best, opening

    def member(numbers):
        p, x = tuple(sorted(numbers[:-1])), numbers[-1]
        return first[p] if x == 0 else 2 * x < t[p]
    return member


def test_three_pile_fibonacci_nim_needs_more_than_2000_states():
    """The published none: 2,001 words pairwise separated, re-checked with a plain dynamic
    programme from the rules (every number of the certificate is below 89)."""
    from nimlab.discover.active import check_certificate

    data = json.loads((CERTIFICATES / "fibonacci3_p.json").read_text())
    assert data["tracks"] == ["p1", "p2", "p3", "x"] and data["max_states"] == 2000
    assert check_certificate(data, fibonacci_p_status(3, 89)) == data["lower_bound"] == 2001


def test_the_plain_fibonacci_programme_agrees_with_the_brute_force():
    member = fibonacci_p_status(2, 12)
    for p in itertools.product(range(12), repeat=2):
        for x in range(12):
            assert member(p + (x,)) == (brute.fibonacci(p, x) == 0), (p, x)


def test_four_pile_sharing_nim_needs_more_than_2000_states():
    """The published none, re-checked against the 4-pile kernel table (a brute force over
    4-tuples of up to 127 tokens is out of reach in Python; the kernel is checked against the
    brute force on whole boxes in tests/test_kernels_frontier.py)."""
    import numpy as np

    from nimlab import store
    from nimlab.discover.active import check_certificate

    data = json.loads((CERTIFICATES / "sharing4_p.json").read_text())
    V = np.asarray(store.sharing4_values(3 * 127))

    def member(p):
        s = sorted(p)
        return V[s[1] - s[0], s[2] - s[0], s[3] - s[0]] == 0
    assert check_certificate(data, member) == data["lower_bound"] == 2001


@pytest.mark.parametrize("L", [3, 9, 11, 15])
def test_nim_1_l_with_cash_for_odd_l_follows_the_rule_in_words(L):
    """DISCOVERIES.md proves the rule for every odd L; here it is checked against the plain
    brute force for L past the automata's 3, 5, 7."""
    def mover_loses(n, a, b):
        h, odd = divmod(n, 2)
        return (a <= h and b >= a) if odd else b >= min(a, h)

    for n in range(0, 2 * L + 6):
        for a in range(0, n + 2):
            for b in range(0, n + 2):
                won = brute.cash_player_one_wins(n, a, b, (1, L))
                assert won != mover_loses(n, a, b), (n, a, b)


def test_the_bound_without_the_convention_on_invalid_words():
    """A certificate also names the words separated under valid words only: the lower bound for
    automata that may do anything with the invalid (non-Zeckendorf) words, checked by a plain
    dynamic programme; in base 2 (every word valid) it is the bound itself."""
    from nimlab.discover import discover
    from nimlab.discover.active import (_certificate_rows, any_invalid_prefixes,
                                        check_any_invalid, check_certificate)

    found = discover("fibonacci", 3, p_positions=True, max_states=40, time_limit=60)
    cert = found.certificate
    member = fibonacci_p_status(3, 89)
    assert max(len(p[0]) + len(s[0]) for p in cert["prefixes"] for s in cert["suffixes"]) < 10
    assert check_certificate(cert, member) == cert["lower_bound"] == found.lower_bound
    strict = check_any_invalid(cert, member)
    assert strict == cert["lower_bound_any_invalid"] == len(cert["any_invalid_prefixes"])
    assert 1 <= strict < cert["lower_bound"]  # some words differ only through invalid ones
    assert any_invalid_prefixes(cert, member) == cert["any_invalid_prefixes"]
    wythoff = discover("wythoff", p_positions=True, base="2", max_states=30, max_digits=11,
                       time_limit=60).certificate
    assert wythoff["lower_bound_any_invalid"] == wythoff["lower_bound"] > 30
    # the published 3-pile certificate: 1,502 of its 2,001 words without the convention
    data = json.loads((CERTIFICATES / "fibonacci3_p.json").read_text())
    chosen = any_invalid_prefixes(data, member)
    assert check_any_invalid({**data, "any_invalid_prefixes": chosen}, member) == len(chosen)
    assert len(chosen) == 1502
    # a pair separated only through an invalid word is caught
    rows = _certificate_rows(cert, member)
    loose = [i for i in range(len(rows)) if i not in cert["any_invalid_prefixes"]]
    with pytest.raises(AssertionError):
        check_any_invalid({**cert, "any_invalid_prefixes": cert["any_invalid_prefixes"] +
                           loose[:1]}, member)


def test_the_census_table_is_the_manifest():
    """docs/DISCOVERIES.md's census: every set within {1..6} has a row, and each row's answer
    and state count are those of the automaton saved for it (the tests above prove it)."""
    import re

    text = (HERE.parent / "DISCOVERIES.md").read_text()
    census = text[text.index("## Census: NIM(A) with cash"):]
    census = census[:census.index("\n## ")]
    rows = re.findall(r"^\| \{([\d, ]+)\} \| \*\*(\w+)\*\* \| (\d+) \|", census, re.M)
    sets = {tuple(int(a) for a in s.split(",")) for s, _, _ in rows}
    assert sets == {c for k in range(1, 7) for c in itertools.combinations(range(1, 7), k)}
    for members, answer, states in rows:
        name = "cash" + "".join(members.replace(" ", "").split(",")) + "_p"
        assert answer == "proven" and name in MANIFEST, name
        assert MANIFEST[name]["states"] == int(states), name


def test_every_file_says_what_it_is():
    """Each saved automaton opens with the comment its entry gives (what it is, its encoding,
    its states with the sink, the command that made it), then Walnut's header line."""
    from nimlab.discover import record

    saved = record.entries(HERE)
    assert {e["file"] for e in saved.values()} == {p.name for p in HERE.glob("*.txt")}
    for name, entry in saved.items():
        text = (HERE / entry["file"]).read_text()
        comment = record.entry_header(name, entry)
        assert text.startswith(comment), name
        assert text[len(comment):].startswith("msd_"), name
        assert f"States: {entry['states']} (with the sink)" in comment.replace("\n# ", " ")
        assert entry["command"].split(" --out")[0] in comment.replace("\n# ", " "), name


@pytest.mark.parametrize("name", [n for n in sorted(MANIFEST) if MANIFEST[n]["game"] == "end-nim"])
def test_end_nim_automata_agree_with_the_kernel_on_a_larger_box(name):
    """Beyond the brute force's 5^4 box: each End-Nim automaton against the compiled row
    kernel's tables (tested against the brute force in tests/test_kernels.py) on every row of
    up to four piles below 32 (1,048,576 positions, zeros on the left a shorter row)."""
    import numpy as np

    from nimlab.discover import oracle
    from nimlab.discover.active import Words
    from nimlab.progress import quiet

    entry = MANIFEST[name]
    gf = _game(entry)
    target = _automaton(HERE / entry["file"], gf)
    values = oracle.source("end-nim", 4, dict(entry["options"])).table(32, quiet)
    P = np.indices((32,) * 4).reshape(4, -1).T
    words = Words("2", 4)
    assert (words.accepts(target, P) == (values(P) == entry["value"])).all()

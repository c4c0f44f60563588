"""nimlab discover: the automata it finds against plain brute force on whole boxes (base 2 and
Zeckendorf), the command line (Bouton with --out in Walnut's format, --json, bad input), and
the budget's answer `none` with its evidence."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

import brute
from nimlab.cli import main
from nimlab.discover import discover
from nimlab.discover.active import check_certificate
from nimlab.prove.walnut import loads


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def check_box(found, truth, top: int) -> int:
    """The automaton accepts exactly the tuples where ``truth`` holds, in ``0..top`` each."""
    assert found.status == "proven", found
    checked = 0
    for p in itertools.product(range(top + 1), repeat=len(found.variables)):
        got = found.dfa.run(dict(zip(found.variables, p)), base=found.base)
        assert got == truth(p), (found.game, found.target, p)
        checked += 1
    return checked


def test_bouton_found():
    found = discover("nim", 3, value=0)
    assert found.states == 2
    assert check_box(found, lambda p: brute.nim(p) == 0, 9) == 1000


@pytest.mark.parametrize("base", ["2", "fib"])
def test_two_pile_nim_values_in_both_numerations(base):
    for value in (0, 1):
        found = discover("nim", 2, value=value, base=base)
        assert check_box(found, lambda p: brute.nim(p) == value, 20) == 441


@pytest.mark.parametrize("base", ["2", "fib"])
def test_wythoff_p_positions_in_both_numerations(base):
    found = discover("wythoff", p_positions=True, base=base, max_digits=9)
    if base == "2":  # Wythoff's pairs are not automatic in base 2: no automaton is proven
        assert found.status == "unknown" and found.dfa is None
        assert "--max-digits" in found.reason and found.lower_bound >= 20
        assert check_certificate(found.certificate, wythoff_p) == found.lower_bound
        return
    assert check_box(found, lambda p: brute.wythoff(*p) == 0, 30) == 31 * 31


@pytest.mark.parametrize("value", [0, 1])
def test_sharing_values_0_and_1(value):
    found = discover("sharing", 3, value=value)
    assert found.states == {0: 8, 1: 36}[value]  # the sizes of the papers' formulas' automata
    assert check_box(found, lambda p: brute.sharing(p) == value, 9) == 1000


@pytest.mark.parametrize("learner", ["box", "active"])
def test_sharing_value_2_is_unknown_with_a_certified_lower_bound(learner):
    found = discover("sharing", 3, value=2, max_digits=6, learner=learner, time_limit=60)
    assert found.status == "unknown" and found.dfa is None and found.formula is None
    assert "growing" not in found.evidence, found.evidence
    assert [lv["states"] for lv in found.levels[:2]] == [8, 36]
    assert found.lower_bound >= {"box": 50, "active": 20}[learner] and found.further, found
    assert check_certificate(found.certificate, lambda p: brute.sharing(p) == 2) == \
        found.lower_bound


def wythoff_p(p):
    return brute.wythoff(*p) == 0


@pytest.mark.parametrize("learner", ["box", "active"])
def test_none_only_with_a_lower_bound_above_max_states_rechecked_by_brute_force(learner):
    """Wythoff's pairs in base 2 (not automatic): with --max-states 30 the answer is none, and
    its separating words, checked with the plain brute force, prove more than 30 states."""
    found = discover("wythoff", p_positions=True, max_states=30, learner=learner,
                     max_digits=11, time_limit=60)
    assert found.status == "none", found
    assert found.lower_bound > 30
    cert = found.certificate
    assert cert["lower_bound"] == found.lower_bound and cert["tracks"] == ["p1", "p2"]
    assert check_certificate(cert, wythoff_p) == found.lower_bound > 30
    data = json.loads(json.dumps(found.to_json()))
    assert data["status"] == "none" and data["lower_bound"] == found.lower_bound


def test_a_false_certificate_is_refused_by_the_checker():
    found = discover("wythoff", p_positions=True, max_states=30, time_limit=60)
    cert = dict(found.certificate)
    cert["prefixes"] = cert["prefixes"][:2] + [cert["prefixes"][0]]  # a word twice
    with pytest.raises(AssertionError):
        check_certificate(cert, wythoff_p)
    cert = dict(found.certificate, suffixes=[])  # no suffix separates anything
    with pytest.raises(AssertionError):
        check_certificate(cert, wythoff_p)


@pytest.mark.parametrize("base", ["2", "fib"])
@pytest.mark.parametrize("variant", ["normal", "misere", "loop"])
def test_end_nim_rows_of_three(variant, base):
    found = discover("end-nim", 3, p_positions=True, variant=variant, base=base)

    def truth(p):
        if any(p[i] and not p[i + 1] for i in range(2)):
            return False  # not a row (a zero inside): never accepted
        return brute.end_nim(tuple(v for v in p if v), variant) == 0

    assert check_box(found, truth, 7) == 512


def test_fibonacci_one_pile_in_zeckendorf():
    found = discover("fibonacci", 1, p_positions=True)
    assert found.base == "fib"
    assert check_box(found, lambda p: brute.fibonacci((p[0],), p[1]) == 0, 20) == 441


def test_subtraction_value_1():
    found = discover("subtraction", value=1, set="1,3,4")
    assert check_box(found, lambda p: brute.subtraction(p[0], (1, 3, 4)) == 1, 60) == 61


def test_bouton_command_writes_walnut(tmp_path):
    out = tmp_path / "bouton.txt"
    result = run("discover", "nim", "--piles", "3", "--value", "0", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("proven")
    assert "$bouton(p1, p2, p3)" in result.output
    text = out.read_text()
    comment = [line for line in text.splitlines() if line.startswith("#")]
    body = [line for line in text.splitlines() if not line.startswith("#")]
    assert text.startswith("# bouton: the positions of Grundy value 0 of nim")
    assert body[0] == "msd_2 msd_2 msd_2"  # the comment only before the header line
    said = " ".join(line[2:] for line in comment)
    assert "base 2, most significant digit first" in said and "the piles p1..pk" in said
    assert "nimlab discover nim --piles 3 --value 0 --out" in said and "States: " in said
    assert f"States: {loads(text)[0].n} (with the sink)" in said
    dfa, base = loads(text)
    assert base == "2"
    for p in itertools.product(range(8), repeat=3):
        assert dfa.run(dict(zip(dfa.vars, p))) == (p[0] ^ p[1] ^ p[2] == 0)


def test_json_and_smaller_values_beside_the_file(tmp_path):
    out = tmp_path / "share1.txt"
    result = run("discover", "sharing", "--value", "1", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"status", "states", "variables", "seconds", "formula", "evidence"} <= set(data)
    assert data["status"] == "proven" and data["states"] == 36
    assert data["formula"] == "$share1(p1, p2, p3)"
    lower = (tmp_path / "share1_v0.txt").read_text()
    assert lower.startswith("# share1_v0: the positions of Grundy value 0 of sharing")
    assert "\nmsd_2 msd_2 msd_2\n" in lower
    assert "Proven given: share1_v0" in (tmp_path / "share1.txt").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["share1.txt", "share1_v0.txt"]


def test_result_reads_well():
    found = discover("subtraction", p_positions=True, set="1,2,3")
    assert repr(found).startswith("Discovery(proven: subtraction(set=1,2,3), p-positions, 3 st")
    assert "<table>" in found._repr_html_()
    assert found.to_json()["formula"] == "$subtraction_p(p1)"


@pytest.mark.parametrize("args, words", [
    (("foo", "--p-positions"), "not 'foo'"),
    (("nim", "--value", "-1"), "below 0"),
    (("nim",), "--p-positions or --value"),
    (("nim", "--value", "1", "--p-positions"), "not both"),
    (("fibonacci", "--value", "1"), "outcomes"),
    (("end-nim", "--piles", "1", "--p-positions"), "not 1"),
    (("fibonacci", "--piles", "4", "--p-positions"), "not 4"),
    (("nim", "--piles", "3", "--p-positions", "--max-digits", "30"), "--max-digits"),
    (("nim", "--p-positions", "--out", "no/such/dir/x.txt"), "x.txt"),
    (("nim", "--p-positions", "--out", "a-b.txt"), "letters, digits"),
])
def test_bad_input_is_one_line_exit_2(args, words):
    result = run("discover", *args)
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and line.startswith("nimlab: error:") and words in line, line


@pytest.mark.parametrize("args, kwargs", [
    (("subtraction",), {"p_positions": True, "set": "1,3,4"}),
    (("nim", 2), {"value": 0}),
    (("end-nim", 3), {"p_positions": True, "variant": "loop"}),
])
def test_readable_form_is_a_formula_the_prover_proves(args, kwargs):
    """The form shown beside the automaton is itself the P-set for `nimlab prove`."""
    from nimlab.prove.games import game_formula
    from nimlab.prove.procedure import run as prove

    found = discover(*args, **kwargs)
    assert found.form and "$" not in found.form
    options = {k: v for k, v in kwargs.items() if k in ("set", "variant")}
    gf = game_formula(args[0], args[1] if len(args) > 1 else None, **options)
    assert prove(gf, "p-positions", found.form, store=False)["status"] == "proven"
    if args[0] == "subtraction":
        assert found.form == "p1 % 7 = 0 | p1 % 7 = 2"  # the paper's NIM(1,3,4) rule


def test_written_automata_prove_again_with_nimlab_prove(tmp_path):
    """--out's files are atoms for `nimlab prove --automata DIR` (the command it prints)."""
    import shlex

    result = run("discover", "sharing", "--value", "1", "--out", str(tmp_path / "s1.txt"))
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.strip().startswith("re-prove:"))
    words = shlex.split(line.split("re-prove:", 1)[1])
    assert words[:3] == ["nimlab", "prove", "sharing"]
    again = run(*words[1:])
    assert again.exit_code == 0, again.output
    assert again.output.startswith("proven")


@pytest.mark.parametrize("learner", ["box", "active"])
def test_time_limit_answers_unknown_in_time(learner):
    import time
    started = time.monotonic()
    found = discover("sharing", 3, value=2, time_limit=2, learner=learner)
    assert found.status == "unknown"
    assert "time" in found.reason or "--time-limit" in found.reason, found.reason
    assert "--time-limit" in found.further
    assert time.monotonic() - started < 10


def test_progress_is_reported_while_learning_and_while_proving(monkeypatch):
    from nimlab.prove import procedure

    calls = []
    proving = []
    run_proof = procedure.run

    def watched(*args, **kwargs):
        proving.append(len(calls))
        found = run_proof(*args, **kwargs)
        proving.append(len(calls))
        return found

    monkeypatch.setattr(procedure, "run", watched)
    discover("nim", 3, value=0, progress=lambda done, total: calls.append((done, total)))
    learning = calls[:proving[0]]
    assert learning and all(done >= 1 and total == 0 for done, total in learning)
    # the proof reports through the same callback: each condition, then all of them decided
    during = calls[proving[0]:proving[1]]
    assert during and during[-1][0] == during[-1][1] > 0, during


def test_importing_the_room_is_light():
    import subprocess
    import sys
    code = ("import sys, nimlab.discover; "
            "print(any(m.startswith('nimlab.discover.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("learner", ["box", "active"])
def test_a_proof_past_its_budget_is_unknown_not_an_error(learner):
    found = discover("sharing", 3, value=1, prove_states=50, learner=learner)
    assert found.status == "unknown" and found.dfa is None
    assert "budget" in found.reason, found.reason


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 24), st.data())
def test_row_ids_are_equal_exactly_for_equal_rows_and_small(columns, count, data):
    """The learner's row ids (the bits themselves up to 16 columns, dense ids beyond) against a
    plain comparison of every pair of rows; one byte an id up to 8 columns."""
    import numpy as np

    from nimlab.discover.learn import _unique_rows

    bits = data.draw(st.lists(st.lists(st.booleans(), min_size=columns, max_size=columns),
                              min_size=count, max_size=count))
    rows = np.array(bits, dtype=bool).reshape(count, columns)
    ids = _unique_rows(rows)
    assert ids.shape == (count,)
    for i, j in itertools.product(range(count), repeat=2):
        assert (ids[i] == ids[j]) == (bits[i] == bits[j])
    assert ids.dtype.itemsize == (1 if columns <= 8 else 2 if columns <= 16 else 4)


def test_residual_classes_are_the_rows_of_a_plain_myhill_nerode_count():
    """Classes of prefixes (suffixes of up to m digits) on the 3-number box of Bouton's set,
    against a count from the membership of every word, written out in plain Python."""
    import numpy as np

    from nimlab.discover import learn

    L, m = 4, 2
    side = 1 << L
    M = np.zeros((side,) * 3, dtype=bool)
    for p in itertools.product(range(side), repeat=3):
        M[p] = (p[0] ^ p[1] ^ p[2]) == 0
    res = learn.residuals(M, "2", L)
    cls = res.classes(m)
    seen = {}
    for n in range(L - m + 1):  # prefixes of length n: numbers below 2^n
        for u in itertools.product(range(1 << n), repeat=3):
            signature = tuple(
                bool(M[tuple((u[t] << j) + v[t] for t in range(3))])
                for j in range(m + 1) for v in itertools.product(range(1 << j), repeat=3))
            flat = res.offsets[n] + int(np.ravel_multi_index(u, ((1 << n),) * 3))
            seen.setdefault(signature, set()).add(int(cls[flat]))
    assert all(len(ids) == 1 for ids in seen.values())  # equal signatures, one class
    assert len({next(iter(ids)) for ids in seen.values()}) == len(seen)  # and vice versa


@pytest.mark.parametrize("side", [1, 2, 9, 16])
def test_boxes_built_slab_by_slab_equal_the_whole_grid_formulas(side):
    """The oracle builds Sharing Nim boxes one slab at a time and Nim's by broadcasting, in
    small integer types; against the plain formulas on whole coordinate grids."""
    import numpy as np

    from nimlab import store
    from nimlab.discover import oracle
    from nimlab.progress import quiet

    p = np.sort(np.indices((side,) * 3), axis=0)
    W = np.asarray(store.sharing_values(side - 1))
    assert np.array_equal(oracle._sharing(3).build(side, quiet), W[p[1] - p[0], p[2] - p[0]])
    p = np.sort(np.indices((side,) * 4), axis=0)
    W = np.asarray(store.sharing4_values(3 * (side - 1)))
    assert np.array_equal(oracle._sharing(4).build(side, quiet),
                          W[p[1] - p[0], p[2] - p[0], p[3] - p[0]])
    for tracks in (1, 2, 3):
        box = oracle._nim(tracks).build(side, quiet)
        assert box.dtype.itemsize <= 2
        assert np.array_equal(box, np.bitwise_xor.reduce(np.indices((side,) * tracks), axis=0))


def test_what_would_go_further_fits_the_budget_that_ended():
    found = discover("cash", p_positions=True, set="1,6", max_digits=6, time_limit=60)
    assert found.status == "unknown" and "--max-digits" in found.reason
    assert found.further.startswith("--max-digits 7"), found.further

"""The prover refutes what a tiny box refutes (issue 26, item 4).

Random Zeckendorf sentences over two-pile Nim, false at (0, 0), (1, 0) or (0, 2), whose automata
alone pass the 200,000-state cap: the box search has its turn before any refusal, evaluates the
bounded quantifier ``E g. g <= p1 & ...`` by trying its values, and the counterexample is
confirmed by small automata.  The expected positions come from plain evaluation by brute force.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from nimlab.prove import automata as am
from nimlab.prove.evaluation import evaluate
from nimlab.prove.games import game_formula
from nimlab.prove.logic import Compiler, compile_formula
from nimlab.prove.procedure import run
from nimlab.prove.syntax import parse

CLI = "import sys; from nimlab.cli import main; sys.argv[0] = 'nimlab'; main()"

#: The sentence of the issue (false at (0, 2)).
ISSUE = ('(E g. g <= p1 & (((~((p1 + 3) % 7 = 4) <=> (g + 1) % 4 != 0) <=> ((g = p2 => 3*g % 5 '
         '= 2) <=> (p2 + p2 = p2 + 1 & (p2, g) in "[10].*")))))')
#: Three more of the same shape, drawn at random; each was refused at the state cap before.
SENTENCES = [
    ISSUE,
    "(E g. g <= p1 & (((2*p2) % 5 = 1 => ~(p1 <= p1 + 4)) <=> ((g + g != g => (g + 5) % 5 "
    "!= 0) => (~(2*p1 = p2) | (g + 1) % 7 = 2))))",
    '(E g. g <= p1 & ((p2 = 3*p1 | g < 4*p2) | (((p1) % 4 != 0 & (p2 + g) % 5 != 2) & '
    '((p1, p2) in "[11].*" <=> (p2 + p1) % 4 = 1))))',
    '(E g. g <= p1 & ((~((2*g) % 7 != 0) <=> (p1, p2) in "[01]*") <=> (((p1 + p2) % 3 = 2 | '
    'p2 + p1 < g + 2) & ((p1 + 2) % 3 != 1 <=> ~((p1 + g) % 4 != 0)))))',
]


def fib_nim():
    game = game_formula("nim", 2)
    game.base = "fib"
    return game


def positions(most: int = 6):
    """Two-pile positions in the order of the smallest counterexample."""
    return [(a, total - a) for total in range(most + 1) for a in range(total + 1)]


def truth(text: str, p: tuple) -> bool:
    """Plain evaluation; the quantifier ranges over 0..p1, exact for ``E g. g <= p1 & ...``."""
    return evaluate(parse(text), {"p1": p[0], "p2": p[1]}, "fib", bound=p[0])


@pytest.mark.parametrize("text", SENTENCES)
def test_false_sentence_is_disproven_at_its_smallest_counterexample(text):
    expected = next(p for p in positions() if not truth(text, p))
    assert expected in [(0, 0), (1, 0), (0, 2)]
    result = run(fib_nim(), "sentence", text, store=False, time_limit=30)
    assert result["status"] == "disproven"
    assert tuple(result["counterexample"]["position"]) == expected
    assert result["found_by"] == "box search"


def test_the_automata_alone_pass_the_cap():
    """Why the box search matters here: without it the issue's sentence is refused."""
    with pytest.raises(am.Budget, match="more than 200,000 states"):
        run(fib_nim(), "sentence", ISSUE, store=False, time_limit=30, refute=False)


def test_issue_command(tmp_path):
    env = dict(os.environ, NIMLAB_CACHE=str(tmp_path / "c"))
    done = subprocess.run([sys.executable, "-c", CLI, "prove", "nim", "--piles", "2", "--base",
                           "fib", "--time-limit", "30", "--holds", ISSUE, "--json"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["status"] == "disproven" and data["counterexample"]["position"] == [0, 2]


def nim_options(p: tuple):
    a, b = p
    return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]


def test_set_statements_reach_the_box_search_before_the_cap():
    """The formula's own automaton passes the cap; the box search answers all the same (it
    used to be compiled before the box search had its turn), and the move it shows is
    confirmed with the numbers of both positions substituted."""
    F = [p for p in positions(8) if truth(ISSUE, p)]
    differs = next(p for p in positions(8) if (p in F) != (p[0] == p[1]))  # the P-set: p1 = p2
    joined = next(p for p in positions(8) if p in F and any(q in F for q in nim_options(p)))
    for kind, where, extra in [("p-positions", differs, {}), ("independent", joined, {}),
                               ("value", (0, 0), {"value": 1, "given": ["p1 = p2"]})]:
        result = run(fib_nim(), kind, ISSUE, store=False, time_limit=30, **extra)
        assert result["status"] == "disproven", kind
        assert result["found_by"] == "box search", kind
        example = result["counterexample"]
        assert tuple(example["position"]) == where, kind
        if "move_to" in example:
            move = tuple(example["move_to"])
            assert move in nim_options(where) and move in F


def test_a_true_sentence_past_the_cap_is_still_refused_in_one_line(tmp_path):
    body = ('(((~((p1 + 3) % 7 = 4) <=> (g + 1) % 4 != 0) <=> ((g = p2 => 3*g % 5 = 2) <=> '
            '(p2 + p2 = p2 + 1 & (p2, g) in "[10].*"))))')
    true = f"(E g. g <= p1 & ({body} | ~{body}))"
    assert all(truth(true, p) for p in positions())
    env = dict(os.environ, NIMLAB_CACHE=str(tmp_path / "c"))
    done = subprocess.run([sys.executable, "-c", CLI, "prove", "nim", "--piles", "2", "--base",
                           "fib", "--max-states", "20000", "--time-limit", "60", "--holds", true],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "more than 20,000 states" in done.stderr


# ------------------------------------------------------------------ bounded quantifiers
BOUNDED = [
    "E g. g <= x & g + g = y",
    'E g. x >= g & (g, y) in "[10].*"',
    "A g. g < x => g != y",
    "A g. ~(g <= x - 3) | 2*g != y + 1",
    "E g. g = x + 1 & g > y",
    "E g. g <= x - 2 & y = g",
    "E g. g <= x & A h. h <= g => h + y != 3",
    "E g. y % 3 = 1 & (g < y & g + 1 > x)",
]


@pytest.mark.parametrize("base", ["2", "fib"])
@pytest.mark.parametrize("text", BOUNDED)
def test_bounded_quantifiers_try_their_values(text, base):
    """Exact evaluation of a bounded quantifier never builds its automaton, and agrees with
    the automaton of the whole formula."""
    tree = parse(text)
    whole = compile_formula(tree, base)

    def no_automaton(node):
        raise AssertionError(f"built the automaton of {node}")

    for x in range(10):
        for y in range(10):
            env = {"x": x, "y": y}
            assert evaluate(tree, env, base, exact=no_automaton) == \
                whole.run({v: env[v] for v in whole.vars}, base=base), (text, env)


def test_other_quantifiers_use_their_automaton_and_the_deadline_holds():
    built = []
    compiler = Compiler("fib")

    def exact(node):
        built.append(node)
        return compiler.compile(node)

    assert evaluate(parse("E g. g + x = y"), {"x": 2, "y": 5}, "fib", exact=exact)
    assert len(built) == 1
    with pytest.raises(am.Paused):
        evaluate(parse("E g. g <= x & g = y"), {"x": 50, "y": 40}, "fib", exact=exact,
                 deadline=0.0)

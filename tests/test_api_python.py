"""The Python API (nimlab.lab, typed results in nimlab.results): Python values in, results whose
to_json() is exactly the command's --json less its made_by, notebook displays, nimlab's own
errors, lazy imports.

The answers themselves are the dispatcher's (checked against brute force elsewhere); here they
are checked against the command line and against tests/brute.py on small boxes.
"""

from __future__ import annotations

import doctest
import importlib
import json
import os
import pkgutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import brute
import nimlab
from conftest import without_made_by
from nimlab import api
from nimlab.cli import main
from nimlab.games import GAMES
from nimlab.errors import IllegalMove, InputError, NimlabError, TooManyStates

ROOT = Path(__file__).resolve().parents[1]


def cli_json(*args: str):
    done = CliRunner().invoke(main, [*args, "--json"])
    assert done.exit_code == 0, done.output
    return without_made_by(json.loads(done.output))


def cli_error(*args: str) -> str:
    """The command's one-line error, as Python says it (keyword arguments for its options)."""
    from nimlab.errors import in_python_terms

    done = CliRunner().invoke(main, list(args))
    assert done.exit_code == 2, done.output
    return in_python_terms(done.output.strip().removeprefix("nimlab: error: "))


# ------------------------------------------------------------------ the issue's "done when"
def test_done_when():
    found = nimlab.answer("sharing", (0, 4, 8))
    assert (found.value, found.outcome) == (3, "N")
    assert "value 3" in repr(found) and "N-position" in repr(found)
    advice = nimlab.hint("sharing", (3, 5, 20))
    assert advice.move is not None and advice.to in {(4, 4, 20), (5, 5, 18)}
    assert isinstance(advice.to, tuple) and advice.explanation.endswith(".")
    assert len(advice.explanation.split()) > 8  # a sentence in words
    shown = nimlab.table("sharing", max=20)._repr_html_()
    assert '<img src="data:image/png;base64,' in shown


# ------------------------------------------------------------------ the same JSON as the CLI
CASES = [
    ("answer", ("sharing", (0, 4, 8)), {}, ["value", "sharing", "0,4,8"]),
    ("answer", ("end-nim", [1, 2, 2]), {"variant": "misere"},
     ["value", "end-nim", "1,2,2", "--variant", "misere"]),
    ("answer", ("fibonacci", (9, 4)), {"last": 3, "factor": Fraction(3, 2)},
     ["value", "fibonacci", "9,4;3", "--factor", "3/2"]),
    ("answer", ("fibonacci", ((7, 3, 2), 0)), {}, ["value", "fibonacci", "7,3,2;0"]),
    ("answer", ("cash", 14), {"set": (1, 3, 4), "budgets": (9, 9)},
     ["value", "cash", "14", "--set", "1,3,4", "--budgets", "9,9"]),
    ("answer", ("cash", (14, (9, 9))), {"set": [1, 3, 4]},
     ["value", "cash", "14;9,9", "--set", "1,3,4"]),
    ("answer", ("graph-nim", (1, 4, 9)), {"edges": [(1, 2), (2, 3), (3, 1)]},
     ["value", "graph-nim", "1,4,9", "--edges", "1-2,2-3,3-1"]),
    ("answer", ("sharing", (10**30 + 7, 3, 17)), {},
     ["value", "sharing", "1000000000000000000000000000007,3,17"]),
    ("moves", ("sharing", (0, 4, 8)), {}, ["moves", "sharing", "0,4,8"]),
    ("moves", ("wythoff", (4, 9)), {"winning": True}, ["moves", "wythoff", "4,9", "--winning"]),
    ("analyse", ("nim", (1, 2, 3)), {}, ["moves", "nim", "1,2,3"]),
    ("hint", ("sharing", (3, 5, 20)), {}, ["hint", "sharing", "3,5,20"]),
    ("hint", ("end-nim", (2, 5, 3)), {"variant": "misere"},
     ["hint", "end-nim", "2,5,3", "--variant", "misere"]),
    ("hint", ("cash", 14), {"set": (1, 3, 4), "budgets": (9, 9)},
     ["hint", "cash", "14", "--set", "1,3,4", "--budgets", "9,9"]),
    ("table", ("sharing",), {"max": 12}, ["table", "sharing", "--max", "12"]),
    ("table", ("cash",), {"set": (1, 3, 4), "n": 14, "max": 6},
     ["table", "cash", "--set", "1,3,4", "--n", "14", "--max", "6"]),
    ("table", ("end-nim",), {"piles": 3, "max": 3}, ["table", "end-nim", "--piles", "3",
                                                     "--max", "3"]),
    ("verify", ("cash.thm4.5",), {"bound": 8}, ["verify", "cash.thm4.5", "--bound", "8"]),
    ("prove", ("nim",), {"piles": 3, "p_positions": "p1 ^ p2 = p3"},
     ["prove", "nim", "--piles", "3", "--p-positions", "p1 ^ p2 = p3"]),
    ("prove", ("sharing.thm2",), {}, ["prove", "sharing.thm2"]),
    ("prove", (), {"paper": "all", "list": True}, ["prove", "--paper", "all", "--list"]),
]


def _without_seconds(data):
    """Proofs and checks report their own running time, and a proof how many automata it built
    on the way and the largest (which depend on when the automata's head start ended): the
    rest must be equal."""
    if isinstance(data, dict):
        run_figures = ("largest", "automata") if {"largest", "automata"} <= data.keys() else ()
        return {k: _without_seconds(v) for k, v in data.items()
                if not k.endswith("seconds") and k not in run_figures}
    if isinstance(data, list):
        return [_without_seconds(v) for v in data]
    return data


@pytest.mark.parametrize("name,args,options,command", CASES,
                         ids=[" ".join(c[3]) for c in CASES])
def test_to_json_is_what_the_command_prints(name, args, options, command):
    result = getattr(nimlab, name)(*args, **options)
    assert _without_seconds(result.to_json()) == _without_seconds(cli_json(*command))
    assert repr(result)  # every result prints in one readable line
    assert "\n" not in repr(result) and "object at 0x" not in repr(result)


def test_answers_are_the_brute_force_values():
    for piles in [(0, 1, 2), (2, 3, 5), (1, 4, 4), (0, 3, 6)]:
        assert nimlab.answer("sharing", piles).value == brute.sharing(piles)
        assert nimlab.answer("nim", list(piles)).value == brute.nim(piles)
    moves = nimlab.moves("end-nim", (2, 3, 1), variant="normal")
    for option in moves.options:
        assert option.value == brute.end_nim(option.position, "normal")


@settings(max_examples=40)
@given(st.lists(st.integers(0, 7), min_size=3, max_size=3), st.sampled_from(["nim", "sharing"]))
def test_tuples_lists_and_text_give_the_same_answer(piles, game):
    text = ",".join(map(str, piles))
    found = nimlab.answer(game, tuple(piles))
    assert found.to_json() == nimlab.answer(game, piles).to_json() == api.value(game, text)
    assert found.value == (brute.nim if game == "nim" else brute.sharing)(tuple(piles))
    assert found.at.piles == tuple(piles)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_example_answers_as_the_cli(name):
    spec = GAMES[name]
    options = dict(spec.example_options)
    flags = [f"--{k}={v}" for k, v in options.items()]
    assert nimlab.answer(name, spec.example_position, **options).to_json() == cli_json(
        "value", name, spec.example_position, *flags)
    assert nimlab.hint(name, spec.example_position, **options).to_json() == cli_json(
        "hint", name, spec.example_position, *flags)


def test_a_game_object_and_the_position_as_the_game_holds_it():
    game, position = nimlab.load("cash", "14;9,9", set="1,3,4")
    assert position == (14, 9, 9)
    assert nimlab.answer(game, position).to_json() == nimlab.answer(
        "cash", 14, set=(1, 3, 4), budgets=(9, 9)).to_json()
    with pytest.raises(InputError, match="game object already has its options"):
        nimlab.answer(game, position, set=(1, 2))


# ------------------------------------------------------------------ bounded, like the commands
def test_huge_positions_answer_by_closed_form_or_refuse_in_one_line():
    big = nimlab.answer("sharing", (10**30 + 7, 3, 17))
    assert big.outcome == "N" and big.value is None and big.method == "closed form"
    with pytest.raises(TooManyStates) as refused:
        nimlab.analyse("sharing", (10**30 + 7, 3, 17))
    assert str(refused.value) == cli_error("moves", "sharing",
                                           "1000000000000000000000000000007,3,17")
    winning = nimlab.moves("sharing", (10**30 + 7, 3, 17), winning=True)
    assert [o.winning for o in winning.options] == [True]
    with pytest.raises(TooManyStates) as over:
        nimlab.answer("graph-nim", (30, 40, 50, 60, 70), edges="1-2,2-3,3-4,4-5", max_states=10)
    assert str(over.value) == cli_error("value", "graph-nim", "30,40,50,60,70", "--edges",
                                        "1-2,2-3,3-4,4-5", "--max-states", "10")


# ------------------------------------------------------------------ bad input: InputError
@pytest.mark.parametrize("call,named", [
    (lambda: nimlab.answer("nim", (1.5, 2)), "position"),
    (lambda: nimlab.answer("nim", (-1, 2)), "position"),
    (lambda: nimlab.answer("nim", (1, "2")), "position"),
    (lambda: nimlab.answer("nim", (True, 2)), "position"),
    (lambda: nimlab.answer("nim", ()), "position"),
    (lambda: nimlab.answer("nim", (1, 2), colour="red"), "colour"),
    (lambda: nimlab.answer("nim", (1, 2), max_states="many"), "max_states"),
    (lambda: nimlab.answer("nim", (1, 2), time_limit=-1), "time_limit"),
    (lambda: nimlab.answer("subtraction", 5, set=1.5), "set"),
    (lambda: nimlab.answer("fibonacci", (5, 5), last=1, factor=1.5), "factor"),
    (lambda: nimlab.answer("graph-nim", (1, 2), edges="1-2", variant=3), "variant"),
    (lambda: nimlab.answer(3, (1, 2)), "game"),
    (lambda: nimlab.moves("nim", (1, 2), winning="yes"), "winning"),
    (lambda: nimlab.table("sharing", max=2.5), "max"),
    (lambda: nimlab.table("sharing", max=4, progress="bar"), "progress"),
    (lambda: nimlab.play("nim", (1, 2), first="you"), "first"),
    (lambda: nimlab.verify(3), "claims"),
])
def test_wrong_types_raise_input_error_naming_the_argument(call, named):
    with pytest.raises(InputError) as refused:
        call()
    assert named in str(refused.value) and "\n" not in str(refused.value)


def test_errors_are_the_cli_messages():
    with pytest.raises(InputError) as refused:
        nimlab.answer("nim", "3,x,2")
    assert str(refused.value) == cli_error("value", "nim", "3,x,2")
    with pytest.raises(InputError) as refused:
        nimlab.table("sharing", max=-3)
    assert str(refused.value) == cli_error("table", "sharing", "--max", "-3")


def test_a_refused_table_stores_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path))
    with pytest.raises(InputError, match="use max=30000 or less"):
        nimlab.table("wythoff", max=40_000)
    assert not any(tmp_path.rglob("*"))


# ------------------------------------------------------------------ typed results
def test_table_numbers_out():
    t = nimlab.table("sharing", max=8)
    array = t.to_numpy()
    assert array.shape == (9, 9) and array[4, 8] == 3 and array[5, 3] == -1
    assert t.shape == (9, 9)
    frame = t.to_pandas()
    assert frame.loc[4, 8] == 3 and frame.index.name == "a" and frame.columns.name == "b"
    words = nimlab.table("cash", set=(1, 3, 4), n=14, max=10)
    assert words.to_numpy()[9, 9] == "I"
    assert words._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    listed = nimlab.table("subtraction", max=10, set=(1, 3, 4))
    assert list(listed.to_pandas().columns) == ["n", "value", "outcome", "winner"]
    assert listed._repr_png_() is None and "<table>" in listed._repr_html_()


def test_heat_maps_are_images_whatever_the_size():
    from nimlab.research.plots import endnim_slice_figure

    axes = nimlab.table("sharing", max=400).figure().axes[0]
    assert len(axes.images) == 1 and axes.images[0].get_array().shape == (401, 401)
    assert not axes.patches and not axes.lines and len(axes.collections) == 0
    words = nimlab.table("cash", set=(1, 3, 4), n=14, max=30).figure().axes[0]
    assert len(words.images) == 1 and not words.patches
    slice_axes = endnim_slice_figure(40, 5, "normal").axes[0]
    assert len(slice_axes.images) == 2 and not slice_axes.lines and not slice_axes.patches


def test_a_grid_bigger_than_a_screen_is_drawn_thinned_and_says_so(monkeypatch):
    import numpy as np

    from nimlab.research import plots

    monkeypatch.setattr(plots, "PICTURE_SIDE", 10)
    table = nimlab.table("sharing", max=25)
    axes = table.figure().axes[0]
    drawn = np.nan_to_num(axes.images[0].get_array().filled(np.nan), nan=-1)
    assert np.array_equal(drawn, table.to_numpy()[::3, ::3])
    assert "one row and column in 3 drawn" in axes.get_title()


def test_position_pictures_and_html():
    found = nimlab.answer("fibonacci", (9, 4), last=3)
    svg = found.at._repr_svg_()
    assert svg.startswith("<svg") and ">9<" in svg and ">4<" in svg and "last: 3" in svg
    assert "value" in found._repr_html_()
    assert "2&gt;1:1" in nimlab.hint("sharing", (3, 5, 20))._repr_html_()
    assert "<table>" in nimlab.moves("nim", (1, 2))._repr_html_()
    huge = nimlab.answer("sharing", (10**30 + 7, 3, 17)).at._repr_svg_()
    assert str(10**30 + 7) in huge  # drawn as a bar, its number in full


def test_verify_report_statuses_and_counterexamples():
    report = nimlab.verify("cash.thm4.5", bound=8)
    assert report.statuses == {"fails": 2, "holds": 7}
    failing = report["cash.thm4.5.1a"]
    assert failing.status == "fails"
    assert failing.counterexamples[0] == {"position": "NIM(1,2) (3; 2, 1)", "claimed": "II",
                                          "computed": "I"}
    assert [c.id for c in report.failing] == ["cash.thm4.5.1a", "cash.thm4.5.1b"]
    assert "fails" in report._repr_html_()


def test_proofs():
    proof = nimlab.prove("nim", piles=2, p_positions="p1 = p2")
    assert proof.proven and proof.sizes["largest"] >= 1 and proof.counterexample is None
    wrong = nimlab.prove("nim", piles=2, p_positions="p1 = 0")
    assert wrong.status == "disproven" and wrong.counterexample["position"]
    assert "disproven" in wrong._repr_html_()


def test_play_move_by_move():
    session = nimlab.play("nim", (1, 2))
    assert session.to_move == "you" and not session.over
    with pytest.raises(IllegalMove):
        session.move("3-1")
    assert session.position == (1, 2) and session.history == []
    session.move("2-2")  # a losing move: the computer takes the last token
    assert session.over and session.winner == "computer" and session.position == (0, 0)
    assert session.history == [("you", "2-2"), ("computer", "1-1")]
    with pytest.raises(IllegalMove, match="game is over"):
        session.move("1-1")
    events = api.play("nim", "1,2", ["2-2"])
    assert [e for e in events if e["event"] in ("move", "winner")] == \
        [e for e in session.events if e["event"] in ("move", "winner")]
    first = nimlab.play("sharing", (0, 4, 8), first="computer")
    assert first.history[0][0] == "computer" and first.position == (4, 4, 4)


def test_progress_true_draws_a_tqdm_bar_when_tqdm_is_installed(monkeypatch):
    import types

    bars = []

    class Bar:
        def __init__(self, desc=None, total=None, leave=True):
            self.desc, self.total, self.n, self.closed = desc, total, 0, False
            bars.append(self)

        def refresh(self):
            pass

        def close(self):
            self.closed = True

    fake = types.ModuleType("tqdm.auto")
    fake.tqdm = Bar
    monkeypatch.setitem(sys.modules, "tqdm", types.ModuleType("tqdm"))
    monkeypatch.setitem(sys.modules, "tqdm.auto", fake)
    nimlab.verify("sharing.thm1", bound=10, progress=True)
    [bar] = bars
    assert bar.desc == "verifying" and (bar.n, bar.total) == (1, 1) and bar.closed
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # not installed: nothing shown
    assert len(nimlab.verify("sharing.thm1", bound=10, progress=True)) == 1 and len(bars) == 1


def test_progress_callback():
    seen = []
    nimlab.verify("sharing.thm1", bound=10, progress=lambda done, total: seen.append((done,
                                                                                       total)))
    assert seen[0] == (0, 1) and seen[-1] == (1, 1)


# ------------------------------------------------------------------ imports and modules
def test_import_is_lazy_and_the_modules_are_callable():
    code = ("import sys, nimlab; heavy = [m for m in ('numpy', 'numba', 'matplotlib', 'rich', "
            "'click') if m in sys.modules]; print(heavy); import nimlab.play, nimlab.prove; "
            "print(callable(nimlab.play), callable(nimlab.prove))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split("\n")[:2] == ["[]", "True True"]


def test_discover_is_a_function_of_the_package_whatever_is_imported_first():
    for first in ("import nimlab.discover", "pass"):
        code = (f"import nimlab\n{first}\n"
                "found = nimlab.discover('nim', piles=2, p_positions=True)\n"
                "print(type(found).__name__, found.status, found.states)\n"
                "print(callable(nimlab.discover), nimlab.discover.Discovery is type(found))")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120)
        assert done.stdout.split("\n")[:2] == ["Discovery proven 2", "True True"], done.stderr


def test_modules_imported_before_the_package_attribute_is_read_are_callable():
    code = ("from nimlab.play import Match\nfrom nimlab.prove import run\nimport nimlab\n"
            "print(callable(nimlab.play), callable(nimlab.prove), nimlab.play.Match is Match)\n"
            "print(nimlab.play('nim', (1, 2)).move('2-2').winner)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.split("\n")[:2] == ["True True True", "computer"], done.stderr


def test_no_module_captures_its_own_output():
    for path in (ROOT / "src").rglob("*.py"):
        text = path.read_text()
        assert "redirect_stdout" not in text and "redirect_stderr" not in text, path


def _modules():
    names = []
    for info in pkgutil.walk_packages(nimlab.__path__, "nimlab."):
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


def test_importing_any_module_leaves_the_matplotlib_backend_as_set():
    code = ("import importlib, matplotlib\n"
            f"for name in {_modules()!r}:\n"
            "    importlib.import_module(name)\n"
            "print(matplotlib.get_backend())\n")
    env = {**os.environ, "MPLBACKEND": "svg"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "svg"


# ------------------------------------------------------------------ runnable docstrings
DOCUMENTED = ["nimlab", "nimlab.api", "nimlab.callables", "nimlab.lab.inputs",
              "nimlab.lab.solving", "nimlab.lab.tables", "nimlab.lab.papers",
              "nimlab.lab.playing", "nimlab.lab.catalogue", "nimlab.lab.remote",
              "nimlab.results.remoteness", "nimlab.results",
              "nimlab.results.position", "nimlab.results.answers", "nimlab.results.table",
              "nimlab.results.text", "nimlab.results.claims", "nimlab.results.play"]


@pytest.mark.parametrize("name", DOCUMENTED)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    found = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert found.attempted > 0, f"{name} has no example"
    assert found.failed == 0


def test_the_readme_python_lines_run(tmp_path, monkeypatch):
    text = (ROOT / "README.md").read_text()
    block = text.split("## Python", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    lines = [line for line in block.splitlines() if line.startswith("nimlab.")]
    assert len(lines) == 7
    monkeypatch.chdir(tmp_path)  # one line writes a file
    scope: dict = {}
    exec("import nimlab", scope)
    found = [eval(line.split("#")[0], scope) for line in lines]
    assert found[0].value == 3 and found[1] == 0 and found[2] == (4, 4, 20)
    assert found[3].shape == (201, 201) and found[4].name == "w.npy"
    assert np.load(tmp_path / "w.npy").shape == (301, 301)
    assert found[5] == {"fails": 2, "holds": 7} and found[6].status == "proven"


def test_errors_are_nimlab_errors():
    assert issubclass(TooManyStates, NimlabError) and issubclass(InputError, NimlabError)


@given(st.tuples(st.integers(0, 12), st.integers(0, 12)))
@settings(max_examples=30, deadline=None)
def test_value_is_the_dispatchers_value_by_name_or_game_object(pair):
    """``nimlab.value`` takes what ``nimlab value`` takes (a game name, or a game object) and
    gives the value as an int, against the plain mex recursions."""
    a, b = pair
    assert nimlab.value("nim", (a, b, 3)) == a ^ b ^ 3
    assert nimlab.value(nimlab.make_game("wythoff"), (a, b)) == brute.wythoff(a, b)
    assert nimlab.value("sharing", (0, a, b)) == brute.sharing((0, a, b))
    assert nimlab.value("end-nim", "100,200,300,400") is None  # the outcome alone is in reach

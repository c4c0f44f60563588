"""Resumable discoveries (``discover(..., resume=DIR)``, ``nimlab discover ... --resume DIR``):
a run stopped (Ctrl-C at a round, or its time limit) and resumed ends with the automaton of an
unbroken run; the proven values are not learned again; another question, a damaged checkpoint
and the box learner are refused in one line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from nimlab.cli import main
from nimlab.discover import discover, teacher
from nimlab.discover.search import _canonical
from nimlab.errors import InputError
from nimlab.prove import automata as am

CASES = [
    ("wythoff", None, dict(p_positions=True, base="fib")),
    ("sharing", 3, dict(value=1)),
]


def same(a, b) -> bool:
    return _canonical(am.minimize(a)) == _canonical(am.minimize(b))


def interrupted(monkeypatch, at_value: int, at_round: int, *args, **kw) -> None:
    """Run until the start of round ``at_round`` of value ``at_value``, then Ctrl-C."""
    def hook(g, rounds):
        if g == at_value and rounds >= at_round:
            raise KeyboardInterrupt
    monkeypatch.setattr(teacher, "ROUND_HOOK", hook)
    with pytest.raises(KeyboardInterrupt):
        discover(*args, **kw)
    monkeypatch.setattr(teacher, "ROUND_HOOK", None)


@pytest.mark.parametrize("game, piles, options", CASES)
def test_interrupted_and_resumed_gives_the_unbroken_runs_automaton(game, piles, options,
                                                                 tmp_path, monkeypatch):
    whole = discover(game, piles, learner="active", **options)
    assert whole.status == "proven"
    last = len(whole.levels) - 1
    interrupted(monkeypatch, last, 2, game, piles, learner="active", resume=tmp_path / "run",
                **options)
    saved = json.loads((tmp_path / "run" / "checkpoint.json").read_text())
    assert saved["current"]["value"] == last and len(saved["current"]["rounds"]) == 2
    assert len(saved["levels"]) == last
    again = discover(game, piles, learner="active", resume=tmp_path / "run", **options)
    assert again.status == "proven" and same(again.dfa, whole.dfa)
    assert [same(a, b) for (_, a), (_, b) in zip(again.given, whole.given)] == [True] * last
    # the rounds before the interruption are kept, and the learner went on from them
    assert len(again.levels) == len(whole.levels)


def test_a_run_ended_by_its_time_limit_resumes_to_the_same_automaton(tmp_path):
    whole = discover("fibonacci", 2, p_positions=True)
    first = discover("fibonacci", 2, p_positions=True, time_limit=0.3, resume=tmp_path)
    assert first.status == "unknown" and "time limit" in first.reason
    again = discover("fibonacci", 2, p_positions=True, resume=tmp_path)
    assert again.status == "proven" and same(again.dfa, whole.dfa) and again.states == 86


def test_proven_values_are_not_learned_again(tmp_path, monkeypatch):
    args = dict(value=1, set="1,3,4", learner="active")
    whole = discover("subtraction", **args)
    interrupted(monkeypatch, 1, 1, "subtraction", resume=tmp_path, **args)
    assert (tmp_path / "level_0.txt").exists()
    calls = []
    real = teacher.learn_level

    def counting(gf, src, spec, g, given, name, **kw):
        calls.append((g, kw["state"] is not None and len(kw["state"]["rounds"])))
        return real(gf, src, spec, g, given, name, **kw)
    monkeypatch.setattr(teacher, "learn_level", counting)
    again = discover("subtraction", resume=tmp_path, **args)
    assert calls == [(1, 1)]  # value 0 read back; value 1 from its first round's state
    assert same(again.dfa, whole.dfa) and same(again.given[0][1], whole.given[0][1])
    assert again.levels[0]["states"] == whole.levels[0]["states"]
    calls.clear()
    done = discover("subtraction", resume=tmp_path, **args)  # all proven: nothing learned
    assert calls == [] and same(done.dfa, whole.dfa)


def test_another_question_in_the_directory_is_refused(tmp_path):
    discover("wythoff", p_positions=True, base="fib", resume=tmp_path)
    with pytest.raises(InputError, match="another question"):
        discover("wythoff", p_positions=True, resume=tmp_path)
    result = CliRunner().invoke(main, ["discover", "sharing", "--piles", "3", "--value", "1",
                                       "--resume", str(tmp_path)])
    assert result.exit_code == 2 and "another question" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("damage", ["text", "structure", "letters", "automaton"])
def test_a_damaged_checkpoint_is_refused_in_one_line(damage, tmp_path, monkeypatch):
    args = dict(value=1, set="1,3,4", learner="active")
    interrupted(monkeypatch, 1, 1, "subtraction", resume=tmp_path, **args)
    path = tmp_path / "checkpoint.json"
    data = json.loads(path.read_text())
    if damage == "text":
        path.write_text(path.read_text()[:40])
    elif damage == "structure":
        data["levels"] = "two"
        path.write_text(json.dumps(data))
    elif damage == "letters":
        data["current"]["S"].append([7, 99])
        path.write_text(json.dumps(data))
    else:
        (tmp_path / "level_0.txt").write_text("msd_2\n0 1\n0 -> 5\n")
    with pytest.raises(InputError, match="damaged|cannot be read"):
        discover("subtraction", resume=tmp_path, **args)
    result = CliRunner().invoke(main, ["discover", "subtraction", "--set", "1,3,4", "--value",
                                       "1", "--learner", "active", "--resume", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_the_box_learner_is_not_resumable(tmp_path):
    with pytest.raises(InputError, match="only the active learner"):
        discover("sharing", 3, value=1, learner="box", resume=tmp_path)
    result = CliRunner().invoke(main, ["discover", "sharing", "--piles", "3", "--value", "1",
                                       "--learner", "box", "--resume", str(tmp_path / "x")])
    assert result.exit_code == 2 and "only the active learner" in result.output
    assert len(result.output.strip().splitlines()) == 1

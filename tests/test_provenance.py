"""Provenance: every ``--json`` carries ``made_by``, nimlab's version and the command that made
it (a list of objects: each object; ``play``'s JSON lines: the first, ``start``), and that
command, run again, gives the same answer; the web lab's answers name their URL.  The Python
API's ``to_json()`` carries none."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import nimlab
from conftest import without_made_by
from nimlab.api import with_made_by
from nimlab.cli import main

BIN = Path(sys.executable).parent

#: One cheap invocation of every command that takes --json (``{tmp}``: the test's directory),
#: and the lists some print; ``play`` and ``serve`` have tests of their own below.
CASES = [
    ("value", ["value", "nim", "1,2,3"]),
    ("moves", ["moves", "nim", "1,2"]),
    ("hint", ["hint", "sharing", "3,5,20"]),
    ("table", ["table", "nim", "--max", "3"]),
    ("table", ["table", "subtraction", "--set", "1,3,4", "--max", "20", "--out",
               "{tmp}/seq.json"]),
    ("periodicity", ["periodicity", "subtraction", "--set", "1,3,4", "--max", "60"]),
    ("games", ["games"]),
    ("verify", ["verify", "cash.thm4.5", "--bound", "8"]),
    ("verify", ["verify", "--list", "cash.thm4"]),
    ("prove", ["prove", "nim", "--piles", "3", "--p-positions", "p1 ^ p2 = p3"]),
    ("prove", ["prove", "--paper", "all", "--list"]),
    ("discover", ["discover", "nim", "--piles", "2", "--p-positions"]),
    ("errata", ["errata", "cash.thm4.4"]),
    ("cite", ["cite"]),
    ("cache", ["cache"]),
    ("cache list", ["cache", "list"]),
    ("cache clear", ["cache", "clear", "--game", "wythoff"]),
    ("record", ["record", "wythoff", "--max", "100", "--dir", "{tmp}/record"]),
    ("reproduce", ["reproduce", "sharing.table1", "--out", "{tmp}/reproduced", "--no-claims",
                   "--force"]),
    ("sweep", ["sweep", "sharing4", "--total", "3", "--threads", "--out", "{tmp}/sweep.csv"]),
    ("plot", ["plot", "sequence", "--a", "2", "--count", "100", "--out", "{tmp}/figure.svg"]),
    ("tour", ["tour", "--picture", "{tmp}/tour.svg"]),
]
#: Commands whose --json is not one document, each tested below.
OWN_TESTS = {"play": "JSON lines", "serve": "a running server's first line"}
#: What a rerun must start without: files a command resumes from or skips by (a record's
#: checkpoint, a sweep's finished jobs).
FRESH = {"record": "{tmp}/record", "sweep": "{tmp}/sweep.csv"}


def json_commands(group: click.Group = main, prefix: str = ""):
    """The names of the commands (``cache list`` for a subcommand) that take --json."""
    for name in group.commands:
        cmd = group.commands[name]
        full = f"{prefix}{name}"
        if any(p.name == "as_json" for p in cmd.params):
            yield full
        if isinstance(cmd, click.Group):
            yield from json_commands(cmd, full + " ")


def test_every_command_with_json_has_a_case():
    found = set(json_commands())
    assert {"value", "cache list", "play"} <= found  # the walk sees subcommands
    assert found == {name for name, _ in CASES} | set(OWN_TESTS)


def stable(data):
    """A document less what differs from run to run: times, and a proof's count of automata
    built on the way and the largest (they depend on when a head start ended)."""
    if isinstance(data, dict):
        varying = ("largest", "automata") if {"largest", "automata"} <= data.keys() else ()
        return {k: stable(v) for k, v in data.items()
                if not k.endswith("seconds") and k not in varying}
    if isinstance(data, list):
        return [stable(v) for v in data]
    return data


def made_by_of(data) -> dict:
    """The ``made_by`` of a document: its own, or the one every object of a list carries."""
    if isinstance(data, dict):
        return data["made_by"]
    assert isinstance(data, list) and data, data
    found = [row["made_by"] for row in data]
    assert all(m == found[0] for m in found)
    return found[0]


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path / "store"))
    return tmp_path


def invoke(args: list[str], **kwargs):
    done = CliRunner().invoke(main, args, **kwargs)
    assert done.exit_code == 0, done.output
    return done


@pytest.mark.parametrize("name,args", CASES, ids=[" ".join(a) for _, a in CASES])
def test_json_says_what_made_it_and_that_command_gives_it_again(name, args, store):
    args = [a.replace("{tmp}", str(store)) for a in args] + ["--json"]
    first = json.loads(invoke(args).stdout)
    made_by = made_by_of(first)
    assert made_by == {"version": nimlab.__version__, "command": "nimlab " + shlex.join(args)}
    if name in FRESH:
        shutil.rmtree(FRESH[name].replace("{tmp}", str(store)), ignore_errors=True)
        Path(FRESH[name].replace("{tmp}", str(store))).unlink(missing_ok=True)
    words = shlex.split(made_by["command"])
    assert words[0] == "nimlab"
    again = json.loads(invoke(words[1:]).stdout)
    assert stable(again) == stable(first)


def test_a_shell_runs_the_command_again(store):
    """The command as a shell reads it back (quotes and all), in a process of its own."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    args = ["nimlab", "prove", "nim", "--piles", "3", "--p-positions", "p1 ^ p2 = p3", "--json"]
    first = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    assert first.returncode == 0, first.stderr
    data = json.loads(first.stdout)
    assert data["made_by"] == {"version": nimlab.__version__, "command": shlex.join(args)}
    again = subprocess.run(data["made_by"]["command"], shell=True, capture_output=True,
                           text=True, env=env, timeout=300)
    assert again.returncode == 0, again.stderr
    assert stable(json.loads(again.stdout)) == stable(data)


def test_play_json_lines_start_with_made_by(store):
    args = ["play", "nim", "1,2", "--first", "computer", "--json"]
    first = invoke(args, input="quit\n").stdout
    events = [json.loads(line) for line in first.splitlines()]
    assert events[0]["event"] == "start"
    assert events[0]["made_by"] == {"version": nimlab.__version__,
                                    "command": "nimlab " + shlex.join(args)}
    assert all("made_by" not in e for e in events[1:])  # one header, not every event
    words = shlex.split(events[0]["made_by"]["command"])
    assert invoke(words[1:], input="quit\n").stdout == first


def test_the_python_api_and_its_json_face_carry_none():
    assert "made_by" not in nimlab.answer("nim", (1, 2, 3)).to_json()
    assert "made_by" not in nimlab.api.value("nim", "1,2,3")
    assert all("made_by" not in row for row in nimlab.api.games())


def test_with_made_by_keeps_a_document_shape():
    stamp = {"version": "v", "command": "c"}
    assert with_made_by({"a": 1}, stamp) == {"a": 1, "made_by": stamp}
    assert with_made_by([{"a": 1}, {"b": 2}], stamp) == [{"a": 1, "made_by": stamp},
                                                          {"b": 2, "made_by": stamp}]
    for bare in ("text", 3, [1, 2], [{"a": 1}, "b"]):
        with pytest.raises(TypeError):
            with_made_by(bare, stamp)
    with pytest.raises(AssertionError):
        without_made_by({"a": 1})  # the tests' helper fails on a document without it


# ---------------------------------------------------------------------------- the web lab
def get(url: str) -> dict | list:
    with urllib.request.urlopen(url, timeout=120) as answer:
        return json.loads(answer.read())


def test_serve_and_the_web_api_say_what_made_them(store):
    from test_web_support import running_server

    extra = ("--workers", "1", "--claims", "cash.thm4.5", "--claims-bound", "8")
    said: list[dict] = []
    with running_server(store, *extra, said=said) as base:
        args = ["nimlab", "serve", "--host", "127.0.0.1", "--port", "0", "--json", *extra]
        assert said[0]["made_by"] == {"version": nimlab.__version__,
                                      "command": shlex.join(args)}
        path = "/api/value?game=nim&position=1,2,3"
        answer = get(base + path)
        assert answer["made_by"] == {"version": nimlab.__version__,
                                     "command": f"nimlab serve (web lab): {path}"}
        assert without_made_by(answer) == nimlab.api.value("nim", "1,2,3")
        assert get(base + path) == answer  # the URL gives the same answer again
        games = get(base + "/api/games")  # a list: each object carries it
        assert {row["made_by"]["command"] for row in games} == {
            "nimlab serve (web lab): /api/games"}


def test_the_files_a_user_keeps_say_what_made_them(tmp_path):
    """A table written as .json and reproduce's report.json and report.md carry the version and
    the command (the .tex comment and the figures' metadata are tested with them)."""
    import json

    from click.testing import CliRunner

    from nimlab.cli import main

    table = tmp_path / "seq.json"
    args = ["table", "subtraction", "--set", "1,3,4", "--max", "12", "--out", str(table)]
    assert CliRunner().invoke(main, args).exit_code == 0
    made = json.loads(table.read_text())["made_by"]
    assert made == {"version": nimlab.__version__, "command": "nimlab " + " ".join(args)}
    nimlab.reproduce("sharing.table1", out=tmp_path / "r")
    report = json.loads((tmp_path / "r" / "report.json").read_text())["made_by"]
    assert report["command"] == "nimlab reproduce sharing.table1"
    assert report["version"] == nimlab.__version__ and "Python 3." in report["platform"]
    assert "Made by `nimlab reproduce sharing.table1` with nimlab" in (
        tmp_path / "r" / "report.md").read_text()

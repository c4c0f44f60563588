"""nimlab.api (the CLI's --json in-process) and the web lab's JSON API, without a browser.

The answers are checked twice: against the command line run as a separate process (the API must
answer exactly what ``nimlab ... --json`` prints) and against the plain brute force of
tests/brute.py (values, and a perfect computer that never gives away a win).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import brute
from nimlab import api
from nimlab.api import ApiError

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("NIMLAB_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


def cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ}
    return subprocess.run([str(Path(sys.executable).parent / "nimlab"), *args], capture_output=True,
                          text=True, env=env, timeout=300)


def cli_json(*args: str):
    done = cli(*args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


CASES = [
    ("value", ("sharing", "0,4,8"), {}),
    ("value", ("end-nim", "1,2,2"), {"variant": "misere"}),
    ("value", ("fibonacci", "7,3,2"), {"last": "0"}),
    ("value", ("fibonacci", "9,4;3"), {"factor": "3/2"}),
    ("value", ("cash", "14"), {"set": "1,3,4", "budgets": "9,9"}),
    ("value", ("graph-nim", "1,4,9"), {"edges": "1-2,2-3,3-1"}),
    ("moves", ("sharing", "0,4,8"), {}),
    ("moves", ("wythoff", "4,9"), {"winning": True}),
    ("hint", ("sharing", "3,5,20"), {}),
    ("hint", ("end-nim", "2,5,3"), {"variant": "misere"}),
    ("hint", ("cash", "14"), {"set": "1,3,4", "budgets": "9,9"}),
    ("hint", ("sharing", "1000000000000000000000000000007,3,17"), {}),
]


def cli_args(name, args, options):
    flags = [f"--{k}={v}" for k, v in options.items() if k != "winning"]
    if options.get("winning"):
        flags.append("--winning")
    return [name, *args, *flags, "--json"]


@pytest.mark.parametrize("name,args,options", CASES)
def test_api_answers_what_the_cli_prints(name, args, options):
    assert getattr(api, name)(*args, **options) == cli_json(*cli_args(name, args, options))


def test_games_and_table_match_the_cli():
    assert api.games() == cli_json("games", "--json")
    assert api.table("sharing", max=12) == cli_json("table", "sharing", "--max", "12", "--json")
    assert api.table("cash", set="1,3,4", n=14, max=6) == cli_json(
        "table", "cash", "--set", "1,3,4", "--n", "14", "--max", "6", "--json")


@pytest.mark.parametrize("args", [
    ("sharing", "0,x"), ("bogus", "1"), ("sharing", "1,2", {"variant": "loop"}),
    ("cash", "14"), ("fibonacci", "1,2;0", {"factor": "0"}), ("end-nim", "-1,2"),
])
def test_errors_are_the_cli_one_line_message(args):
    game, position, *rest = args
    options = rest[0] if rest else {}
    done = cli("value", *[f"--{k}={v}" for k, v in options.items()], "--json", "--", game,
               position)
    assert done.returncode == 2
    with pytest.raises(ApiError) as refused:
        api.value(game, position, **options)
    assert refused.value.status == 400
    assert done.stderr.strip() == f"nimlab: error: {refused.value}"


def test_budget_refusal_is_a_422():
    with pytest.raises(ApiError) as refused:
        # Graph Nim on a 5-vertex path has no closed form and no kernel: the budget decides
        api.value("graph-nim", "30,40,50,60,70", edges="1-2,2-3,3-4,4-5", max_states=10)
    assert refused.value.status == 422 and "max-states" in str(refused.value)


def test_unknown_option_is_refused():
    with pytest.raises(ApiError, match="unknown option"):
        api.value("nim", "1,2", colour="red")


# ---------------------------------------------------------------- against brute force
small_piles = st.lists(st.integers(0, 5), min_size=2, max_size=3)


@settings(max_examples=25)
@given(small_piles)
def test_value_is_the_brute_force_value(piles):
    position = ",".join(map(str, piles))
    assert api.value("nim", position)["value"] == brute.nim(tuple(piles))
    if len(piles) == 3:
        assert api.value("sharing", position)["value"] == brute.sharing(tuple(piles))


@settings(max_examples=25)
@given(st.lists(st.integers(0, 6), min_size=3, max_size=3))
def test_perfect_computer_never_gives_away_a_win(piles):
    position = ",".join(map(str, piles))
    if brute.sharing(tuple(piles)) == 0 and not any(
            abs(a - b) >= 2 for a in piles for b in piles):
        return  # no move at all: nothing to check
    try:
        step = api.computer_move("sharing", position, level="perfect")
    except ApiError as over:
        assert "game is over" in str(over)
        assert all(abs(a - b) < 2 for a in piles for b in piles)
        return
    after = tuple(map(int, step["to"].split(",")))
    if brute.sharing(tuple(piles)) != 0:
        assert brute.sharing(after) == 0, (position, step)


@settings(max_examples=20)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=3), st.sampled_from(["normal", "misere"]))
def test_end_nim_moves_and_values_match_brute_force(row, variant):
    position = ",".join(map(str, row))
    data = api.moves("end-nim", position, variant=variant)
    assert data["value"] == brute.end_nim(tuple(row), variant)
    for option in data["moves"]:
        if option["to"]:
            to = tuple(map(int, option["to"].split(",")))
            assert option["value"] == brute.end_nim(to, variant)


def test_play_move_applies_the_rules_and_refuses_with_the_reason():
    step = api.play_move("nim", "1,2", "2-1")
    assert step["to"] == "1,1" and step["notation"] == "2-1" and step["winner"] is None
    last = api.play_move("nim", "0,1", "2-1")
    assert last["to"] == "0,0" and last["winner"]["winner"] == "you"
    with pytest.raises(ApiError, match="illegal move '2-1'"):
        api.play_move("end-nim", "2,5,3", "2-1")
    with pytest.raises(ApiError, match="game is over"):
        api.computer_move("nim", "0,0")
    assert api.over("nim", "0,0")["over"] and not api.over("nim", "0,1")["over"]
    cash = api.play_move("cash", "5;9,9", "3", set="1,3,4")
    assert cash["to"] == "2/9,6"


def test_errata_shipped_with_the_web_lab_is_docs_errata():
    shipped = ROOT / "src" / "nimlab" / "web" / "ERRATA.md"
    assert shipped.read_text() == (ROOT / "docs" / "ERRATA.md").read_text(), \
        "copy docs/ERRATA.md to src/nimlab/web/ERRATA.md"


def test_counterexample_links():
    from nimlab.web.app import play_link

    assert play_link("sharing", "(0,1,2)") == "/play/sharing?position=0%2C1%2C2"
    assert play_link("cash", "NIM(1,3,4) (1; 1, 2)") == \
        "/play/cash?position=1%3B1%2C2&set=1%2C3%2C4"
    assert play_link("fibonacci", "(3, 3, 2; 0)") == "/play/fibonacci?position=3%2C3%2C2%3B0"
    assert play_link("sharing", "n=1") is None
    assert play_link("cash", "(1; UF, 1)") is None


def test_serve_refuses_a_busy_port_in_one_line(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([str(Path(sys.executable).parent / "nimlab"), "serve", "--port",
                               str(port)], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "NIMLAB_CACHE": str(tmp_path)})
    assert done.returncode == 2
    assert done.stderr.strip().startswith(f"nimlab: error: cannot serve on 127.0.0.1:{port}")
    assert len(done.stderr.strip().splitlines()) == 1

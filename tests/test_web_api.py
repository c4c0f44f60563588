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
from conftest import without_made_by
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
    return without_made_by(json.loads(done.stdout))


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


# ---------------------------------------------------------------- the server's HTTP surface
HOSTILE = ["%2099999999999999999999", "+99999999999999999999", "1e3", "-1", "9" * 5000, "0x10",
           "1.0", "%00", "%E2%80%8B1", "1%2C2"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from test_web_support import running_server

    with running_server(tmp_path_factory.mktemp("web-http"), "--claims", "sharing.rem5",
                        "--workers", "1") as url:
        yield url


def request(base: str, path: str, method: str = "GET", headers: dict | None = None):
    import http.client
    from urllib.parse import urlparse

    where = urlparse(base)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=120)
    connection.request(method, path, headers=headers or {})
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, body, {k.lower(): v for k, v in answer.getheaders()}


def refused_in_json(base, path, status=400):
    code, body, headers = request(base, path)
    assert code == status, (path, code, body[:300])
    assert headers["content-type"].startswith("application/json"), path
    assert json.loads(body)["error"], path
    return json.loads(body)["error"]


# every numeric parameter of every endpoint, with the limit it is checked against
NUMERIC = [
    ("/api/table?game=sharing&max={}", "max"),
    ("/api/table?game=fibonacci&piles={}&max=10", "piles"),
    ("/api/table?game=cash&set=1,3,4&n={}&max=6", "n"),
    ("/api/value?game=nim&position=1,2&max_states={}", "max_states"),
    ("/api/moves?game=nim&position=1,2&max_states={}", "max_states"),
    ("/api/hint?game=nim&position=1,2&max_states={}", "max_states"),
    ("/api/remoteness?game=nim&position=1,2&max_states={}", "max_states"),
    ("/api/play/move?game=nim&position=1,2&move=1-1&max_states={}", "max_states"),
    ("/api/play/computer?game=nim&position=1,2&seed={}", "seed"),
]


def test_hostile_numbers_are_refused_on_every_endpoint(server):
    for template, name in NUMERIC:
        for text in HOSTILE:
            error = refused_in_json(server, template.format(text))
            assert name in error, (template, text, error)
    # read to a value, then checked: a space or a plus sign does not pass the limit
    for text in ("%201000", "+1000", "1000%20", "0001000"):
        error = refused_in_json(server, f"/api/table?game=sharing&max={text}")
        assert "max = 1,000 is more than 400" in error and "nimlab table sharing" in error
    code, body, _ = request(server, "/api/value?game=nim&position=1,2&max_states=+1000")
    assert code == 200 and json.loads(body)["value"] == 3
    assert "more than 2,000,000" in refused_in_json(
        server, "/api/value?game=nim&position=1,2&max_states=%2099999999999")
    assert "more than 3" in refused_in_json(server, "/api/table?game=end-nim&piles=%206&max=9")


def test_the_web_and_the_python_api_read_numbers_with_one_function(server):
    from urllib.parse import quote

    import nimlab
    from nimlab.errors import InputError

    calls = [
        ("/api/value?game=nim&position=1,2&max_states={}",
         lambda v: nimlab.answer("nim", (1, 2), max_states=v)),
        ("/api/play/computer?game=nim&position=1,2&seed={}",
         lambda v: nimlab.play("nim", (1, 2), seed=v)),
        ("/api/table?game=sharing&max={}", lambda v: nimlab.table("sharing", max=v)),
        ("/api/table?game=fibonacci&piles={}&max=10",
         lambda v: nimlab.table("fibonacci", piles=v, max=10)),
        ("/api/table?game=cash&set=1,3,4&n={}&max=6",
         lambda v: nimlab.table("cash", set=(1, 3, 4), n=v, max=6)),
    ]
    for template, call in calls:
        for text in ("1e3", "-5", "abc", "1.5", "0x10", "1,2"):
            with pytest.raises(InputError) as refused:
                call(text)
            assert refused_in_json(server, template.format(quote(text))) == str(refused.value)
    # read to the same value: " 20" and "+20" are 20 for both
    code, body, _ = request(server, "/api/table?game=sharing&max=%2B20")
    assert code == 200 and without_made_by(json.loads(body)) == nimlab.table(
        "sharing", max=" +20").to_json()


def test_head_answers_as_get_and_other_methods_are_json_405(server):
    for path in ("/api/moves?game=wythoff&position=19,29", "/api/value",
                 "/api/value?game=nim&position=1,x", "/api/table?game=sharing&max=100000",
                 "/api/nothing"):
        code, body, headers = request(server, path, "HEAD")
        got, _, got_headers = request(server, path)
        assert (code, headers["content-type"]) == (got, got_headers["content-type"]), path
        assert body == b"", path
    for method in ("POST", "PUT", "DELETE", "OPTIONS"):
        code, body, headers = request(server, "/api/value?game=nim&position=1,2", method)
        assert code == 405 and headers["allow"] == "GET, HEAD"
        assert "not allowed" in json.loads(body)["error"]
    assert refused_in_json(server, "/api/nothing", 404)
    assert "too large" in refused_in_json(server, "/api/value?game=nim&position=" + "1," * 9000
                                          + "1", 413)


def test_security_headers_and_the_host_check(server):
    for path in ("/", "/play/nim?position=1,2", "/static/play.js", "/api/games", "/api/nothing"):
        code, _, headers = request(server, path)
        policy = headers["content-security-policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert "frame-ancestors 'none'" in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    # no inline script in any page: every script is a file the policy allows
    for page in ("/", "/play/nim", "/explore", "/claims", "/errata"):
        html = request(server, page)[1].decode()
        assert "<script>" not in html and " on" + "click=" not in html and "style=" not in html
    code, body, _ = request(server, "/api/games", headers={"Host": "rebind.example:8000"})
    assert code == 400 and "--allow-host" in json.loads(body)["error"]
    for host in ("localhost:1", "127.0.0.1", "[::1]:80"):
        assert request(server, "/api/games", headers={"Host": host})[0] == 200, host


def test_a_game_is_replayed_on_the_server_and_an_illegal_move_refused(server):
    code, body, _ = request(server, "/api/play/game?game=sharing&position=3,5,20&moves=2>1:1")
    assert code == 200
    game = json.loads(body)
    assert game["positions"] == ["3,5,20", "4,4,20"] and game["over"] is None
    code, body, _ = request(server, "/api/play/game?game=nim&position=1,2&moves=2-1,1-3")
    assert code == 422 and "move 2 (1-3) from 1,1 is illegal" in json.loads(body)["error"]
    code, body, _ = request(server, "/api/play/game?game=nim&position=0,1&moves=2-1")
    assert json.loads(body)["over"]["winner"] == 0
    huge = 10 ** 30 + 7
    code, body, _ = request(server, f"/api/play/game?game=sharing&position={huge},3,17&"
                                    f"moves=1>2:{(huge - 3) // 2}")
    assert code == 200 and json.loads(body)["positions"][1] == f"{(huge + 3) // 2},{(huge + 3) // 2},17"


def test_remoteness_is_exact_or_unknown(server):
    code, body, _ = request(server, "/api/remoteness?game=nim&position=1,2,3")
    data = json.loads(body)
    assert (data["outcome"], data["remoteness"]) == ("P", brute.nim_remoteness((1, 2, 3))[1])
    for option in data["moves"]:
        to = tuple(map(int, option["to"].split(",")))
        wins, far = brute.nim_remoteness(to)
        assert option["remoteness"] == far and option["outcome"] == ("N" if wins else "P")
    code, body, _ = request(server, f"/api/remoteness?game=nim&position={10**30},3,17")
    data = json.loads(body)
    assert code == 200 and data["remoteness"] is None and "unknown" in data["note"]


def test_remoteness_answers_exactly_what_the_python_api_answers(server):
    import nimlab
    from nimlab.web.calls import REMOTENESS_MOVES, REMOTENESS_STATES

    for query, args, options in [("game=nim&position=1,2,3", ("nim", (1, 2, 3)), {}),
                                 ("game=fibonacci&position=5,5&last=0", ("fibonacci", (5, 5)),
                                  {"last": 0}),
                                 (f"game=nim&position={10**30},3,17", ("nim", (10**30, 3, 17)),
                                  {}),
                                 ("game=nim&position=30,31,32,33&max_states=100",
                                  ("nim", (30, 31, 32, 33)), {"max_states": 100})]:
        code, body, _ = request(server, f"/api/remoteness?{query}")
        options = {"max_states": REMOTENESS_STATES, **options}
        assert code == 200 and without_made_by(json.loads(body)) == nimlab.remoteness(
            *args, max_moves=REMOTENESS_MOVES, **options).to_json(), query


def test_serving_on_every_address_warns_in_one_line(tmp_path):
    import signal

    process = subprocess.Popen([str(Path(sys.executable).parent / "nimlab"), "serve", "--host",
                                "0.0.0.0", "--port", "0", "--json", "--workers", "1",
                                "--claims", "sharing.rem5"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "NIMLAB_CACHE": str(tmp_path)})
    try:
        warning = process.stderr.readline()
        assert warning.startswith("nimlab: warning: serving on 0.0.0.0: the web lab has no "
                                  "authentication")
        assert json.loads(process.stdout.readline())["port"] > 0
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(60)


def test_the_fast_lane_is_chosen_by_the_dispatchers_estimate_not_the_endpoint():
    from nimlab.web.calls import cheap

    huge = f"{10 ** 30 + 7},3,17"
    assert cheap("value", {"game": "nim", "position": "1,2,3"})                 # closed form
    assert cheap("hint", {"game": "sharing", "position": huge})                 # closed form
    assert cheap("value", {"game": "end-nim", "position": "2,5,3"})             # small
    assert not cheap("moves", {"game": "sharing", "position": huge})            # too many moves
    # the same endpoint, slow: the solver's estimate fits the budget but is large
    assert not cheap("value", {"game": "fibonacci", "position": "11,11,11,11,11;0",
                               "time_limit": 20})
    # refused at once by the estimate: cheap (the refusal is immediate)
    assert cheap("value", {"game": "fibonacci", "position": "20,20,20,20,20;0",
                           "time_limit": 20})
    assert cheap("value", {"game": "nope", "position": "1"})                    # bad input
    assert cheap("replay", {"game": "nim", "position": "1,2", "moves": "2-1"})
    assert cheap("remoteness", {"game": "nim", "position": huge})               # "unknown" at once
    assert not cheap("table", {"game": "sharing", "max": "20"})


def test_endpoints_without_parameters_refuse_them(server):
    for path in ("games", "claims", "claims/list", "claims/links", "status"):
        error = refused_in_json(server, f"/api/{path}?max=1")
        assert error == "unknown parameter 'max'; this endpoint takes none", path


def test_claim_ids_given_as_one_string_are_ids_not_letters():
    with pytest.raises(api.ApiError, match="no claim 'nosuch'"):
        api.claims(ids="nosuch", list_only=True)
    rows = api.claims(ids="sharing.thm1, sharing.thm2", list_only=True)
    assert [row["id"] for row in rows] == ["sharing.thm1", "sharing.thm2"]

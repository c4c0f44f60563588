"""The web lab with a game of one's own (``nimlab serve --rules kayles.py``): its API answers
like the command line, rules never come from a request, and Kayles is played to the end in
Chromium against the perfect computer (every position checked by brute force)."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

import brute
from test_web_support import CHROMIUM_ARGS, chromium_path, running_server

pytestmark = pytest.mark.timeout(600)
KAYLES = Path(__file__).resolve().parents[1] / "docs" / "examples" / "kayles.py"


def kayles_sum(heaps) -> int:
    total = 0
    for n in heaps:
        total ^= brute.kayles_row(n)
    return total


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env_before = os.environ.pop("NIMLAB_RULES", None)
    try:
        with running_server(tmp_path_factory.mktemp("web-cache"), "--rules", str(KAYLES)) as url:
            yield url
    finally:
        if env_before is not None:
            os.environ["NIMLAB_RULES"] = env_before


def get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=60) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_api_answers_a_game_of_ones_own(server):
    status, found = get(f"{server}/api/value?game=kayles&position=200,171,133,97")
    assert status == 200, found
    assert found["value"] == kayles_sum((200, 171, 133, 97))
    assert found["method"] == "sum of heaps"
    status, games = get(f"{server}/api/games")
    assert "kayles" in {row["name"] for row in games}


def test_rules_never_come_from_a_request(server, tmp_path):
    evil = tmp_path / "evil.py"
    evil.write_text("import nimlab\nclass Evil(nimlab.HeapGame):\n"
                    "    def heap_moves(self, n):\n        return []\n")
    status, found = get(f"{server}/api/value?game=evil&position=3&rules={evil}")
    assert status == 400 and "unknown parameter 'rules'" in found["error"]
    status, found = get(f"{server}/api/value?game=evil&position=3")
    assert status == 400 and "unknown game 'evil'" in found["error"]


def test_play_kayles_to_the_end_in_chromium(server, tmp_path):
    from playwright.sync_api import sync_playwright

    start = (3, 4, 5)
    assert kayles_sum(start) != 0  # the computer moves first from an N-position: it must win
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(60_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server}/play/kayles?position=3,4,5&first=computer")
        for _ in range(30):
            page.wait_for_function(
                "() => /your move|You win|computer wins/"
                ".test(document.getElementById('status').textContent)")
            if page.locator("#status.over").count():
                break
            page.wait_for_selector("#moves button:not(:disabled)")
            heaps = tuple(int(t.strip("()")) for t in
                          page.locator(".pile .count").all_inner_texts())
            assert kayles_sum(heaps) == 0, f"the computer left a won position {heaps}"
            # no token can be clicked in a game of one's own: moves come from the list
            assert page.locator("#board .token.live").count() == 0
            moves = parse_qs(urlparse(page.url).query).get("moves", [""])[0]
            page.locator("#moves button:not(:disabled)").first.click()
            page.wait_for_function(
                "n => ((new URLSearchParams(location.search).get('moves') || '').split(',')"
                ".length > n + 1 && /your move/.test(document.getElementById('status')"
                ".textContent)) || document.getElementById('status').classList.contains('over')",
                arg=len([m for m in moves.split(",") if m]))
        page.wait_for_selector("#status.over")
        assert "The computer wins" in page.locator("#status").inner_text()
        page.screenshot(path=str(tmp_path / "kayles-over.png"), full_page=True)
        browser.close()
    assert not errors, errors

"""The web lab in a real browser (the system Chromium, driven by Playwright).

A whole game played by clicking, a shared URL followed, undo, a hint read, the heatmap opened
and a claim's counterexample link followed; screenshots are saved (to $NIMLAB_WEB_SHOTS when
set, else the test's temporary directory).  Without a browser these tests skip with a clear
message, except under CI=true, where they fail.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

import brute
from test_web_support import CHROMIUM_ARGS, chromium_path, running_server

pytestmark = pytest.mark.timeout(900)
CLAIMS = ("--claims", "sharing.rem5", "--claims", "cash.thm4.5.1b")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    chromium_path()
    with running_server(tmp_path_factory.mktemp("web-cache"), *CLAIMS) as url:
        yield url


@pytest.fixture(scope="module")
def browser(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(60_000)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    where = os.environ.get("NIMLAB_WEB_SHOTS")
    folder = Path(where) if where else tmp_path_factory.mktemp("shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def moves_in(url: str) -> list[str]:
    found = parse_qs(urlparse(url).query).get("moves", [""])[0]
    return [m for m in found.split(",") if m]


def pile_sizes(page) -> list[int]:
    return [int(t.strip("()")) for t in page.locator(".pile .count").all_inner_texts()]


def text_appears(page, element: str, text: str) -> None:
    page.wait_for_function("([id, text]) => document.getElementById(id).textContent.includes(text)",
                           arg=[element, text])


def game_over(page) -> bool:
    return page.locator("#status.over").count() == 1


def wait_for_reply(page, before: int) -> None:
    """After the player's move: until the computer has answered, or the game is over."""
    page.wait_for_function(
        "n => ((new URLSearchParams(location.search).get('moves') || '').split(',').length > n + 1"
        " && /your move/.test(document.getElementById('status').textContent))"
        " || document.getElementById('status').classList.contains('over')", arg=before)


def wait_your_move(page):
    page.wait_for_function(
        "() => /your move|You win|computer wins/"
        ".test(document.getElementById('status').textContent)")


def test_play_a_whole_game_by_clicking(server, page, shots):
    """Nim 1,2,3,4 against the perfect computer: the player always clicks the token that the
    brute force says wins (or any token at a P-position); the game ends, and the winner is the
    one the brute force predicts from the start (the perfect computer never gives away a win)."""
    start = (1, 2, 3, 4)
    page.goto(f"{server}/play/nim?position=1,2,3,4&first=computer")
    # the start is an N-position (1^2^3^4 = 4) and the computer moves first: it must win
    assert brute.nim(start) != 0
    for _ in range(20):
        wait_your_move(page)
        if game_over(page):
            break
        piles = pile_sizes(page)
        assert brute.nim(tuple(piles)) == 0, f"the computer left a won position {piles}"
        pile = next(i for i, p in enumerate(piles) if p > 0)
        # click the last token of that pile: take one
        before = len(moves_in(page.url))
        page.locator(f'.pile[data-pile="{pile}"] .token').last.click()
        wait_for_reply(page, before)
    page.wait_for_selector("#status.over")
    assert "The computer wins" in page.locator("#status").inner_text()
    played = moves_in(page.url)
    assert sum(start) == len(played) - 1 + int(played[0].split("-")[1])  # one at a time
    assert len(played) % 2 == 1                         # the computer moved first and last
    page.screenshot(path=str(shots / "web-game-over.png"), full_page=True)


def test_win_against_the_easy_computer_from_a_won_position_by_clicking_hints(server, page, shots):
    page.goto(f"{server}/play/sharing?position=3,5,20&vs=easy&seed=7")
    for _ in range(40):
        wait_your_move(page)
        if game_over(page):
            break
        page.click("#hint-button")
        page.wait_for_selector("#play-hint")
        before = len(moves_in(page.url))
        page.click("#play-hint")
        wait_for_reply(page, before)
    assert "You win!" in page.locator("#status").inner_text()
    # the player only played winning moves, so the computer never had a win to give away
    text_appears(page, "mistake", "No mistake")
    assert page.locator("li.mistake").count() == 0


def test_share_a_url_then_undo_and_redo(server, page, shots):
    url = f"{server}/play/cash?position=14&set=1,3,4&budgets=9,9&moves=1,3,4&vs=none"
    page.goto(url)
    page.wait_for_selector("ol.history li:nth-child(3)")
    texts = page.locator("ol.history li").all_inner_texts()
    assert [t.split(":")[1].split("\u2014")[0].strip() for t in texts] == ["1", "3", "4"]
    assert page.locator(".purse").count() == 2
    # the first mistake, by brute force: the first move from an N-position to an N-position
    positions = [(14, 9, 9), (13, 9, 8), (10, 8, 6), (6, 6, 4)]
    wins = [brute.cash(n, mine, theirs, (1, 3, 4)) != 0 for n, mine, theirs in positions]
    first = next(i for i in range(3) if wins[i] and wins[i + 1])
    page.wait_for_selector("li.mistake")
    assert page.locator("li.mistake").get_attribute("data-index") == str(first)
    assert "6/6,4" in page.locator("#status").inner_text()
    page.click("#undo")
    page.wait_for_function("() => location.search.includes('at=2')")
    assert "10/8,6" in page.locator("#status").inner_text()
    page.click("#redo")
    page.wait_for_function("() => !location.search.includes('at=')")
    page.go_back()
    text_appears(page, "status", "10/8,6")
    # a new move after an undo replaces the rest of the game
    page.fill("#move-text", "1")
    page.click("#move-play")
    text_appears(page, "status", "9/6,7")
    assert moves_in(page.url) == ["1", "3", "1"]
    page.fill("#move-text", "5")
    page.click("#move-play")
    page.wait_for_selector("#problem:not([hidden])")
    assert "illegal move '5'" in page.locator("#problem").inner_text()
    page.screenshot(path=str(shots / "web-play-cash.png"), full_page=True)


def test_hint_explains_why_with_the_theorem(server, page, shots):
    page.goto(f"{server}/play/sharing?position=3,5,20&values=1")
    page.wait_for_selector(".moves button.win")
    page.click("#hint-button")
    page.wait_for_selector("#play-hint")
    hint = page.locator("#hint").inner_text()
    assert "Winning move: 2>1:1" in hint and "Theorem 2" in hint
    winning = page.locator(".moves button.win").all_inner_texts()
    assert {w.split("=")[0].strip() for w in winning} == {"2>1:1", "3>1:2"}
    for text in winning:                 # green moves lead to P-positions, by brute force
        u, rest = text.split(">")
        v, k = rest.split("=")[0].strip().split(":")
        piles = [3, 5, 20]
        piles[int(u) - 1] -= int(k)
        piles[int(v) - 1] += int(k)
        assert brute.sharing(tuple(piles)) == 0
    page.screenshot(path=str(shots / "web-play.png"), full_page=True)
    # the sharing move by clicking: a token of pile 2, then pile 1
    page.locator('.pile[data-pile="1"] .token').last.click()
    page.locator('.pile[data-pile="0"]').click()
    page.wait_for_function("() => location.search.includes('moves=2%3E1%3A1')")


def test_huge_piles_play_by_the_closed_form(server, page):
    huge = 10**30 + 7
    page.goto(f"{server}/play/sharing?position={huge},3,17")
    page.click("#hint-button")
    text_appears(page, "hint", "Theorem 2")
    hint = page.locator("#hint").inner_text()
    # the winning move equalises two piles: 1>2:k with huge - k = 3 + k
    k = (huge - 3) // 2
    assert f"Winning move: 1>2:{k}" in hint
    assert "too large to list" in page.locator("#moves-note").inner_text()
    text_appears(page, "hint-remoteness", "remoteness unknown")
    # the move is played on the server and the perfect computer answers by the closed form
    page.click("#play-hint")
    page.wait_for_function("() => (new URLSearchParams(location.search).get('moves') || '')"
                           ".split(',').length === 2")
    half = (huge + 3) // 2
    assert moves_in(page.url)[0] == f"1>2:{k}"
    assert page.locator("ol.history li").count() == 2
    assert f"{half},{half},17" in page.locator("ol.history li").first.inner_text()


def test_fibonacci_and_end_nim_are_drawn_as_the_cli_draws_them(server, page):
    page.goto(f"{server}/play/fibonacci?position=9,4;3&factor=3/2")
    page.wait_for_selector(".facts b")
    assert "previous removal: 3; limit: at most 4 chips" in page.locator(".facts").inner_text()
    page.goto(f"{server}/play/end-nim?position=2,5,3&variant=misere&vs=none")
    page.wait_for_selector(".end-pile")
    assert "row, left to right: 2 | 5 | 3" in page.locator("#board").inner_text()
    assert page.locator(".end-pile .token.live").count() == 5      # only the end piles


def test_heatmap_hover_and_click_to_play(server, page, shots):
    page.goto(f"{server}/explore/sharing?max=20")
    text_appears(page, "caption", "Table 1")
    canvas = page.locator("#heat")
    box = canvas.bounding_box()
    size, margin = 14, 34
    a, b = 4, 8
    x, y = box["x"] + margin + b * size + size / 2, box["y"] + margin + a * size + size / 2
    page.mouse.move(x, y)
    tip = page.locator("#tip").inner_text()
    assert re.search(r"G\(0,4,8\) = (\d+)", tip)
    assert int(re.search(r"= (\d+)", tip).group(1)) == brute.sharing((0, 4, 8))
    page.screenshot(path=str(shots / "web-explore.png"), full_page=True)
    page.mouse.click(x, y)
    page.wait_for_url(re.compile(r"/play/sharing\?position=0%2C4%2C8"))
    page.wait_for_selector(".pile")
    assert pile_sizes(page) == [0, 4, 8]


def hover(page, row: int, col: int, size: int = 14, margin: int = 34) -> str:
    box = page.locator("#heat").bounding_box()
    page.mouse.move(box["x"] + margin + col * size + size / 2,
                    box["y"] + margin + row * size + size / 2)
    return page.locator("#tip").inner_text()


def test_cash_and_fibonacci_heatmaps_agree_with_brute_force(server, page):
    page.goto(f"{server}/explore/cash?set=1,3,4&n=14&max=12")
    text_appears(page, "caption", "winner")
    for d1, d2 in [(0, 0), (3, 5), (9, 9), (12, 2), (7, 11)]:
        winner = "I" if brute.cash_player_one_wins(14, d1, d2, (1, 3, 4)) else "II"
        assert hover(page, d1, d2) == f"(14; {d1}, {d2}): Player {winner} wins \u2014 click to play"
    page.goto(f"{server}/explore/fibonacci?piles=2&max=14")
    text_appears(page, "caption", "P-positions")
    for x in range(2, 15):
        for y in range(2, 15, 3):
            p_position = brute.fibonacci((x, y), 0) == 0
            tip = hover(page, x - 2, y - 2)
            assert ("P-position" in tip) == p_position, (x, y, tip)
    page.goto(f"{server}/explore/fibonacci?piles=3&max=8&third=5")
    text_appears(page, "caption", "3 piles")
    for x in range(2, 9):
        for y in range(2, 9):
            p_position = brute.fibonacci((x, y, 5), 0) == 0
            tip = hover(page, x - 2, y - 2)
            assert tip.startswith(f"({x},{y},5)") and ("P-position" in tip) == p_position, tip


def test_claims_page_links_a_counterexample_to_play(server, page, shots):
    page.goto(f"{server}/claims")
    page.wait_for_selector("a.cx", timeout=600_000)
    row = page.locator('tr[data-id="sharing.rem5"]')
    assert row.get_attribute("data-status") == "fails"
    link = row.locator("a.cx").first
    position = link.inner_text().strip("()")
    page.screenshot(path=str(shots / "web-claims.png"), full_page=True)
    link.click()
    page.wait_for_url(re.compile(r"/play/sharing\?"))
    page.wait_for_selector(".pile")
    assert pile_sizes(page) == [int(p) for p in position.split(",")]
    page.goto(f"{server}/errata")
    assert page.locator("main h1, main h2").count() > 0


# ---------------------------------------------------------------- play on the server, keyboard
def test_a_double_click_plays_one_move(server, page):
    """Sharing Nim 3,5,20: a token of pile 2 picked, then the target double-clicked: one move
    is played (the page ignores input while it is pending), the computer answers, and the game
    the URL holds is legal move by move (the server replays it)."""
    page.goto(f"{server}/play/sharing?position=3,5,20")
    page.wait_for_selector('.pile[data-pile="1"] .token.live')
    page.locator('.pile[data-pile="1"] .token').last.click()
    page.locator('.pile[data-pile="0"] button.drop').dblclick()
    page.wait_for_function("() => (new URLSearchParams(location.search).get('moves') || '')"
                           ".split(',').length >= 2 && /your move/"
                           ".test(document.getElementById('status').textContent)")
    played = moves_in(page.url)
    assert played[0] == "2>1:1" and len(played) == 2, played
    piles = [3, 5, 20]
    for move in played:                               # every move legal, by the rules
        u, v, k = (int(x) for x in move.replace(">", ":").split(":"))
        assert piles[v - 1] + k <= piles[u - 1] - k, (move, piles)
        piles[u - 1] -= k
        piles[v - 1] += k
    assert page.locator("#problem").is_hidden()
    # an illegal move typed is refused by the server and the page stays where it was
    before = page.url
    page.fill("#move-text", "1>2:9")
    page.click("#move-play")
    page.wait_for_selector("#problem:not([hidden])")
    assert "illegal" in page.locator("#problem").inner_text()
    assert page.url == before


def focused(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
        const style = getComputedStyle(e);
        return {tag: e.tagName, cls: e.className, pile: e.dataset.pile, target: e.dataset.target,
                outline: style.outlineStyle, width: style.outlineWidth}; }""")


def test_a_sharing_move_by_keyboard_alone_with_visible_focus(server, page):
    page.goto(f"{server}/play/sharing?position=0,0,20&vs=none")
    page.wait_for_selector('.pile[data-pile="2"] .token.live')
    for _ in range(120):                              # Tab to the first live token of pile 3
        page.keyboard.press("Tab")
        now = focused(page)
        if "token" in now["cls"] and now["pile"] == "2":
            break
    else:
        raise AssertionError("no token of pile 3 is reachable with Tab")
    assert now["outline"] != "none" and now["width"] != "0px", now   # focus is visible
    page.keyboard.press("Enter")                      # picks 10 tokens of pile 3 (0 + 10 <= 20 - 10)
    page.wait_for_selector("button.drop")
    now = focused(page)
    assert "drop" in now["cls"], now                  # focus moves to the first target
    page.keyboard.press("Tab")                        # to pile 2's target
    assert focused(page)["target"] == "1"
    page.keyboard.press("Shift+Tab")
    assert focused(page)["target"] == "0"
    page.keyboard.press("Escape")                     # cancels the pick
    page.wait_for_function("() => !document.querySelector('button.drop')")
    page.locator('.pile[data-pile="2"] .token').last.focus()
    page.keyboard.press("Enter")                      # 1 token of pile 3 ...
    page.wait_for_selector("button.drop")
    page.keyboard.press("Enter")                      # ... to pile 1
    page.wait_for_function("() => location.search.includes('moves=3%3E1%3A1')")
    text_appears(page, "status", "1,0,19")


def test_remoteness_on_every_move_and_in_the_hint(server, page):
    page.goto(f"{server}/play/nim?position=1,2,3&vs=none")
    page.wait_for_selector("#moves button[data-remoteness]")
    buttons = page.locator("#moves button")
    assert buttons.count() == 6
    for i in range(buttons.count()):
        button = buttons.nth(i)
        pile, take = (int(x) for x in button.get_attribute("data-notation").split("-"))
        after = [1, 2, 3]
        after[pile - 1] -= take
        wins, far = brute.nim_remoteness(tuple(after))
        assert int(button.get_attribute("data-remoteness")) == far
        word = "loses" if wins else "wins"      # the mover wins when the target is lost
        assert f"{word} in {far + 1}" in button.inner_text()
    _, total = brute.nim_remoteness((1, 2, 3))
    text_appears(page, "remoteness-note", f"ends in {total} move(s)")
    page.click("#hint-button")
    text_appears(page, "hint-remoteness", f"ends in {total} move(s): the player to move loses")
    slowest = page.locator("#hint-remoteness").inner_text().split("slowest loss is ")[1].rstrip(".")
    pile, take = (int(x) for x in slowest.split("-"))
    after = [1, 2, 3]
    after[pile - 1] -= take
    assert brute.nim_remoteness(tuple(after))[1] + 1 == total


def test_the_value_history_chart(server, page):
    moves = ["3-1", "1-1", "2-2"]
    page.goto(f"{server}/play/nim?position=1,2,3&moves={','.join(moves)}&vs=none")
    page.wait_for_selector("#chart circle[data-index='3']")
    positions = [(1, 2, 3), (1, 2, 2), (0, 2, 2), (0, 0, 2)]
    dots = page.locator("#chart circle[data-index]")
    assert dots.count() == len(positions)
    for i, piles in enumerate(positions):
        dot = page.locator(f"#chart circle[data-index='{i}']")
        assert int(dot.get_attribute("data-value")) == brute.nim(piles)
        assert dot.get_attribute("data-outcome") == ("P" if brute.nim(piles) == 0 else "N")
    # both players: the points alternate between the first and the second player to move
    classes = [page.locator(f"#chart circle[data-index='{i}']").get_attribute("class")
               for i in range(4)]
    assert ["first" in c for c in classes] == [True, False, True, False]
    assert page.locator("#chart-table tr").count() == 5


# ---------------------------------------------------------------- every device
PHONE_PAGES = ["/", "/play/sharing?position=1000000000000000000000000000007,3,17&moves=1>2:10",
               "/play/end-nim?position=2,5,3,9,12,4&variant=misere",
               "/play/cash?position=14&set=1,3,4&budgets=9,9",
               "/explore/sharing?max=60", "/claims", "/errata"]


def test_no_horizontal_scroll_at_390_px(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    phone = context.new_page()
    try:
        for path in PHONE_PAGES:
            phone.goto(f"{server}{path}")
            phone.wait_for_load_state("networkidle")
            width = phone.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (path, width)
    finally:
        context.close()


def axe_script() -> str:
    """axe-core from its PyPI package (installed with the test extra, never copied here)."""
    from importlib import resources

    try:
        return (resources.files("axe_playwright_python") / "axe.min.js").read_text()
    except ModuleNotFoundError:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("axe-playwright-python is missing: pip install '.[test]'")
        pytest.skip("axe-core is not installed (pip install axe-playwright-python)")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(server, browser, scheme):
    script = axe_script()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    tab = context.new_page()
    found = {}
    try:
        for path in ["/", "/play/sharing?position=3,5,20&moves=2>1:1", "/explore/sharing?max=20",
                     "/claims", "/errata"]:
            tab.goto(f"{server}{path}")
            tab.wait_for_load_state("networkidle")
            tab.evaluate(script)
            result = tab.evaluate("axe.run(document, {resultTypes: ['violations']})")
            serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                       for v in result["violations"] if v["impact"] in ("serious", "critical")]
            if serious:
                found[path] = serious
    finally:
        context.close()
    assert not found, found


# ---------------------------------------------------------------- explore = nimlab table
def cli_table(*args: str) -> dict:
    """``nimlab table ARGS --json``, through nimlab.api (tests/test_web_api.py checks that it
    answers exactly what the command prints), in this process for speed."""
    from nimlab import api

    options = {args[i].lstrip("-"): args[i + 1] for i in range(1, len(args), 2)}
    return api.table(args[0], **options)


def expected_cells(game: str, query: dict) -> tuple[list, list, list]:
    """(row labels, column labels, cells) of a heat map, from the CLI's JSON alone."""
    if game in ("sharing", "cash") or (game == "end-nim" and query["piles"] == "2"):
        extra = {"sharing": [], "cash": ["--set", query.get("set", ""), "--n", query.get("n", "")],
                 "end-nim": ["--piles", "2", "--variant", query.get("variant", "normal")]}[game]
        data = cli_table(game, "--max", query["max"], *extra)
        return data["row_labels"], data["columns"], data["rows"]
    top = int(query["max"])
    if game == "end-nim":
        middle = int(query["middle"])
        data = cli_table("end-nim", "--piles", "3", "--max", str(max(top, middle)))
        labels = list(range(1, top + 1))
        cells = {(a1, a3): v for a1, a2, a3, v in data["rows"] if a2 == middle}
        return labels, labels, [[cells.get((r, c)) for c in labels] for r in labels]
    piles = int(query["piles"])
    third = int(query.get("third", 0))
    data = cli_table("fibonacci", "--piles", str(piles), "--max", str(max(top, third)))
    labels = list(range(2, top + 1))
    p = {tuple(sorted(row)) for row in data["rows"]}
    if piles == 2:
        return labels, labels, [[0 if tuple(sorted((r, c))) in p else 1 for c in labels]
                                for r in labels]
    return labels, labels, [[0 if tuple(sorted((r, c, third))) in p else 1 for c in labels]
                            for r in labels]


SLICES = [
    ("sharing", {"max": "24"}),
    ("cash", {"set": "1,3,4", "n": "14", "max": "12"}),
    ("end-nim", {"piles": "2", "max": "12", "variant": "misere"}),
    ("end-nim", {"piles": "3", "max": "12", "middle": "20", "variant": "normal"}),
    ("end-nim", {"piles": "3", "max": "9", "middle": "4", "variant": "normal"}),
    ("fibonacci", {"piles": "2", "max": "30"}),
    ("fibonacci", {"piles": "3", "max": "12", "third": "50"}),
    ("fibonacci", {"piles": "3", "max": "12", "third": "7"}),
]


def test_explore_slices_agree_cell_by_cell_with_nimlab_table(server, page):
    from urllib.parse import urlencode

    for game, query in SLICES:
        page.goto(f"{server}/explore/{game}?{urlencode(query)}")
        page.wait_for_function("() => grid !== null && document.getElementById('caption')"
                               ".textContent.includes('hover')")
        shown = page.evaluate("({rows: grid.rowLabels, cols: grid.colLabels, "
                              "cells: grid.values})")
        rows, cols, cells = expected_cells(game, query)
        assert shown["rows"] == rows and shown["cols"] == cols, (game, query)
        assert shown["cells"] == cells, (game, query)
        assert any(v is not None for row in cells for v in row), (game, query)
    # an empty slice says why instead of drawing an empty grid
    page.goto(f"{server}/explore/end-nim?piles=3&max=9&middle=0")
    text_appears(page, "problem", "at least 1 coin")
    page.goto(f"{server}/explore/fibonacci?piles=3&max=9&third=500")
    text_appears(page, "problem", "nimlab table fibonacci --piles 3 --max 500")

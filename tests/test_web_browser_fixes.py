"""The web lab in Chromium: the defects of issue 28, each checked the way a user meets it (a
phone's tap, a desktop's pointer, the keyboard, a shared link), with the answers checked against
the rules or the brute force, never against the page's own numbers."""

from __future__ import annotations

import re
import time

import pytest

from test_web_browser import browser, server  # noqa: F401 - the fixtures, shared

pytestmark = pytest.mark.timeout(900)
MARGIN = 34                                     # the heat map's margin (explore.js)
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def opened(browser, device: dict, scheme: str = "light"):
    context = browser.new_context(**device, color_scheme=scheme)
    tab = context.new_page()
    tab.set_default_timeout(30_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.errors = errors
    return context, tab


def closing(browser, device: dict):
    context, tab = opened(browser, device)
    yield tab
    context.close()
    assert not tab.errors, tab.errors


@pytest.fixture
def phone(browser):
    yield from closing(browser, PHONE)


@pytest.fixture
def page(browser):
    yield from closing(browser, DESKTOP)


# ---------------------------------------------------------------- 1. the heat map's cells
def heat_ready(page) -> None:
    page.wait_for_function("() => grid !== null && document.getElementById('caption')"
                           ".textContent.includes('hover')")


def cell_point(page, row_label: int, col_label: int) -> tuple[float, float]:
    """The centre of a cell in the viewport's CSS pixels, from the canvas's own geometry (its
    pixel size and the size it is drawn at), after scrolling the cell into view."""
    return tuple(page.evaluate("""([row, col, margin]) => {
        const canvas = document.getElementById('heat');
        const wrap = canvas.parentElement;
        const size = parseInt(document.getElementById('controls').zoom.value, 10);
        const r = grid.rowLabels.indexOf(row), c = grid.colLabels.indexOf(col);
        const x = margin + c * size + size / 2, y = margin + r * size + size / 2;
        let box = canvas.getBoundingClientRect();
        const sx = box.width / canvas.width, sy = box.height / canvas.height;
        wrap.scrollLeft = Math.max(0, x * sx - wrap.clientWidth / 2);
        wrap.scrollTop = Math.max(0, y * sy - wrap.clientHeight / 2);
        box = canvas.getBoundingClientRect();
        window.scrollBy(0, box.top + y * sy - window.innerHeight / 2);
        box = canvas.getBoundingClientRect();
        return [box.left + x * sx, box.top + y * sy];
    }""", [row_label, col_label, MARGIN]))


def test_a_tap_on_a_phone_opens_the_cell_tapped(server, phone):
    phone.goto(f"{server}/explore/sharing")
    heat_ready(phone)
    x, y = cell_point(phone, 10, 40)
    phone.touchscreen.tap(x, y)
    phone.wait_for_url(re.compile(r"/play/sharing\?"))
    assert "position=0%2C10%2C40" in phone.url, phone.url


def test_a_desktop_pointer_and_the_zoom_past_the_box(server, page):
    page.goto(f"{server}/explore/sharing?max=100")
    heat_ready(page)
    x, y = cell_point(page, 50, 90)
    page.mouse.move(x, y)
    assert page.locator("#tip").inner_text().startswith("G(0,50,90) = ")
    # the zoom goes on enlarging the map past the box's width (the box scrolls)
    widths = []
    for zoom in (14, 24, 36):
        page.evaluate("z => { const s = document.getElementById('controls').zoom; s.value = z;"
                      " s.dispatchEvent(new Event('input')); }", zoom)
        widths.append(page.evaluate("document.getElementById('heat').getBoundingClientRect()"
                                    ".width"))
    wrap = page.evaluate("document.querySelector('.heat-wrap').clientWidth")
    assert widths[0] < widths[1] < widths[2] and widths[2] > wrap, (widths, wrap)
    x, y = cell_point(page, 50, 90)
    page.mouse.click(x, y)
    page.wait_for_url(re.compile(r"/play/sharing\?"))
    assert "position=0%2C50%2C90" in page.url, page.url


# ---------------------------------------------------------------- 2. quick answers stay fast
def busy(tab, positions: list[str]) -> None:
    """The slow lane kept busy: remoteness of 4-pile Nim positions, seconds of solving each."""
    tab.evaluate("""positions => { window.slow = positions.map(p =>
        fetch('/api/remoteness?game=nim&position=' + p).then(r => r.status)); }""", positions)


def until(tab, ready, seconds: float = 30) -> None:
    """Until the server's /api/status satisfies ``ready``."""
    end = time.monotonic() + seconds
    while not ready(tab.evaluate("fetch('/api/status').then(r => r.json())")):
        assert time.monotonic() < end, "the server never got there"
        time.sleep(0.1)


QUICK = [("wythoff", "38,21"), ("wythoff", "25,30"), ("sharing", "0,50,120"),
         ("end-nim", "30,40,50"), ("fibonacci", "20,20,5")]


def test_answers_a_quick_table_gives_are_not_queued_behind_slow_solves(browser, tmp_path):
    """One slow worker busy with two remoteness solves of seconds each: the answers a kernel
    table (or a small solve) gives at once come from the fast lane, within its few seconds,
    and equal the library's answers."""
    from nimlab import api
    from test_web_support import running_server

    with running_server(tmp_path / "cache", "--workers", "1", "--time-limit", "60",
                        "--claims", "sharing.rem5") as base:
        context, tab = opened(browser, DESKTOP)
        try:
            tab.goto(f"{base}/")
            busy(tab, ["30,30,30,30", "31,30,30,29"])
            until(tab, lambda status: status["answered"]["slow"] >= 2)
            for game, position in QUICK:
                started = time.monotonic()
                answer = tab.evaluate("([g, p]) => fetch(`/api/value?game=${g}&position=${p}`)"
                                      ".then(r => r.json())", [game, position])
                seconds = time.monotonic() - started
                assert answer["value"] == api.value(game, position)["value"], (game, answer)
                assert seconds < 3.5, (game, position, seconds)
            status = tab.evaluate("fetch('/api/status').then(r => r.json())")
            assert status["answered"]["slow"] == 2, status        # only the two solves
            assert tab.evaluate("Promise.all(window.slow)") == [200, 200]
        finally:
            context.close()


# ---------------------------------------------------------------- 3. touch, sight, focus
def axe_violations(tab, rules: list[str] | None = None) -> list:
    """axe-core's serious and critical violations on the page as it is now (``rules``: only
    those rules, run whatever axe's defaults)."""
    from test_web_browser import axe_script

    tab.evaluate(axe_script())
    options = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}
    if rules:
        options["runOnly"] = {"type": "rule", "values": rules}
    result = tab.evaluate("options => axe.run(document, options)", options)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def test_tokens_are_touch_targets_of_24_css_pixels(server, phone):
    phone.goto(f"{server}/play/sharing?position=3,5,20&vs=none")
    phone.wait_for_selector(".token.live")
    sizes = phone.evaluate("[...document.querySelectorAll('.token')].map(t => "
                           "{ const b = t.getBoundingClientRect(); return [b.width, b.height]; })")
    assert sizes and all(w >= 24 and h >= 24 for w, h in sizes), sorted(set(map(tuple, sizes)))
    assert not axe_violations(phone, ["target-size"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_values_and_remoteness_on_coloured_moves_are_readable(server, browser, scheme):
    context, tab = opened(browser, DESKTOP, scheme)
    try:
        tab.goto(f"{server}/play/nim?position=1,2,3&vs=none&values=1")
        tab.wait_for_selector("#moves button[data-remoteness]")
        assert tab.locator("#moves button.win, #moves button.lose").count() == 6
        assert not axe_violations(tab, ["color-contrast"])
    finally:
        context.close()


def active(tab) -> dict:
    return tab.evaluate("() => { const e = document.activeElement; return {tag: e.tagName, "
                        "cls: e.className, pile: e.dataset.pile, disabled: !!e.disabled}; }")


def test_focus_stays_on_a_control_after_every_move(server, page):
    """Sharing Nim against the computer by keyboard alone: after the move and after the
    computer's reply, focus is on a live token (Enter plays on), never on <body>; the same for
    a click on a listed move in two-player Nim."""
    page.goto(f"{server}/play/sharing?position=3,5,20")
    page.wait_for_selector('.pile[data-pile="1"] .token.live')
    page.locator('.pile[data-pile="1"] .token').last.focus()
    page.keyboard.press("Enter")                        # 1 token of pile 2 ...
    page.wait_for_selector("button.drop")
    page.keyboard.press("Enter")                        # ... to pile 1
    page.wait_for_function("() => (new URLSearchParams(location.search).get('moves') || '')"
                           ".split(',').length >= 2 && /your move/"
                           ".test(document.getElementById('status').textContent)")
    page.wait_for_function("() => document.activeElement !== document.body")
    now = active(page)
    assert now["tag"] == "BUTTON" and "token" in now["cls"] and not now["disabled"], now
    page.goto(f"{server}/play/nim?position=1,2,3&vs=none")
    page.wait_for_selector("#moves button:not(:disabled)")
    page.locator("#moves button").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => location.search.includes('moves=')")
    page.wait_for_function("() => document.activeElement !== document.body")
    now = active(page)
    assert now["tag"] == "BUTTON" and not now["disabled"], now


# ---------------------------------------------------------------- 4. only legal shares
def legal_targets(piles: tuple[int, ...], source: int, count: int) -> set[int]:
    """The paper's rule: k tokens of pile u go to another pile v when, after the move, v holds
    no more than u: piles[v] + k <= piles[u] - k."""
    return {v for v in range(len(piles))
            if v != source and piles[v] + count <= piles[source] - count}


@pytest.mark.parametrize("position", [(3, 5, 20), (0, 4, 9), (7, 7, 8)])
def test_the_board_offers_only_legal_sharing_moves(server, page, position):
    page.goto(f"{server}/play/sharing?position={','.join(map(str, position))}&vs=none")
    page.wait_for_selector(".token")
    for source, size in enumerate(position):
        for count in range(1, size + 1):
            token = page.locator(f'.pile[data-pile="{source}"] .token[data-k="{count}"]')
            wanted = legal_targets(position, source, count)
            assert token.is_enabled() == bool(wanted), (position, source, count)
            if not wanted:
                continue
            token.click()
            page.wait_for_selector("button.drop")
            offered = {int(t) for t in page.locator("button.drop").evaluate_all(
                "nodes => nodes.map(n => n.dataset.target)")}
            assert offered == wanted, (position, source, count, offered)
            page.keyboard.press("Escape")
            page.wait_for_function("() => !document.querySelector('button.drop')")


# ---------------------------------------------------------------- 5. Explore for every table
@pytest.mark.parametrize("game, query", [("subtraction", {"set": "1,3,4", "max": "60",
                                                           "width": "7"}),
                                          ("nim", {"max": "12"}), ("wythoff", {"max": "15"})])
def test_explore_draws_every_table_the_api_serves(server, page, game, query):
    """Every cell of the map is the value ``nimlab table`` gives (subtraction: the heap
    n = row + column), and pointing at a cell names it and opens it in Play."""
    from urllib.parse import urlencode

    from nimlab import api

    page.goto(f"{server}/explore/{game}?{urlencode(query)}")
    heat_ready(page)
    shown = page.evaluate("({rows: grid.rowLabels, cols: grid.colLabels, cells: grid.values})")
    table = api.table(game, **{k: v for k, v in query.items() if k != "width"})
    if game == "subtraction":
        values = {n: v for n, v, *_ in table["rows"]}
        width = int(query["width"])
        assert shown["cols"] == list(range(width))
        for r, row in zip(shown["rows"], shown["cells"]):
            assert row == [values.get(r + c) for c in range(width)], r
        assert sorted(r + c for r in shown["rows"] for c in shown["cols"]
                      if r + c in values) == sorted(values)
        row, col, link = 56, 3, "/play/subtraction?position=59&set=1%2C3%2C4"
    else:
        assert (shown["rows"], shown["cols"], shown["cells"]) == (
            table["row_labels"], table["columns"], table["rows"])
        row, col, link = 9, 4, f"/play/{game}?position=9%2C4"
    x, y = cell_point(page, row, col)
    page.mouse.move(x, y)
    tip = page.locator("#tip").inner_text()
    assert tip.startswith(f"n = {row + col}:" if game == "subtraction" else f"G({row},{col})"
                          if game == "wythoff" else f"value({row},{col})"), tip
    page.mouse.click(x, y)
    page.wait_for_url(re.compile(re.escape(link)))


def test_explore_graph_nim_says_why_it_has_no_map(server, page):
    page.goto(f"{server}/explore/graph-nim")
    page.wait_for_function("() => document.getElementById('about').textContent.length > 50")
    about = page.locator("#about").inner_text()
    assert "no heat map" in about and "directed graph" in about, about
    assert page.locator("#problem").is_hidden()
    assert page.locator("#draw-box").is_hidden()
    page.locator("#about a").click()
    page.wait_for_url(re.compile(r"/play/graph-nim\?"))
    page.wait_for_selector(".pile")


# ---------------------------------------------------------------- 6. the smaller defects
def test_an_illegal_move_in_a_shared_link_is_refused_not_rewritten(server, page):
    link = f"{server}/play/sharing?position=3,5,20&moves=2%3E1%3A1,1%3E2%3A9"
    page.goto(link)
    page.wait_for_selector("#problem:not([hidden])")
    assert "illegal" in page.locator("#problem").inner_text()
    time.sleep(3)                                   # the computer would have answered by now
    assert page.url == link
    assert "1>2:9" in page.locator("#problem").inner_text()
    assert "thinking" not in page.locator("#status").inner_text()


def test_a_share_larger_than_its_pile_is_told_plainly(server, page):
    from nimlab import api

    page.goto(f"{server}/play/sharing?position=4,4,20&vs=none")
    page.wait_for_selector(".token.live")
    page.fill("#move-text", "1>2:9")
    page.click("#move-play")
    page.wait_for_selector("#problem:not([hidden])")
    told = page.locator("#problem").inner_text()
    assert "pile 1 holds only 4 token(s)" in told and "-5" not in told, told
    with pytest.raises(api.ApiError) as cli:        # nimlab play says the same
        api.play_move("sharing", "4,4,20", "1>2:9")
    assert "pile 1 holds only 4 token(s)" in str(cli.value)


def test_head_answers_as_get(server, page):
    page.goto(f"{server}/")
    for path in ["/api/value", "/api/value?game=nim&position=1,2",
                 "/api/table?game=sharing&max=100000", "/api/value?game=nim&position=x",
                 "/api/nothing"]:
        got = page.evaluate("""async path => { const head = await fetch(path, {method: 'HEAD'});
            const get = await fetch(path); return [head.status, get.status,
            (await head.text()).length]; }""", path)
        assert got[0] == got[1] and got[2] == 0, (path, got)


def test_misere_end_nim_last_coin_is_one_move_said_once(server, page):
    page.goto(f"{server}/play/end-nim?position=1&variant=misere&vs=none")
    page.wait_for_function("() => document.getElementById('moves-note').textContent &&"
                           " document.getElementById('remoteness-note').textContent")
    note = page.locator("#moves-note").inner_text()
    assert "0 legal move" not in note and "L-1" in note, note
    assert "ends in 1 move" in page.locator("#remoteness-note").inner_text()
    assert page.locator("#moves button").count() == 1
    page.click("#moves button")
    page.wait_for_selector("#status.over")
    assert "Player 2 wins" in page.locator("#status").inner_text()


def test_the_404_page_is_a_page(server, page):
    answer = page.goto(f"{server}/no/such/page")
    assert answer.status == 404
    assert page.title() == "Not found · nimlab"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("main h1").inner_text() == "Not found"
    assert not axe_violations(page)


def test_the_claims_filter_is_in_the_url_and_a_claim_has_a_link(server, page):
    page.goto(f"{server}/claims")
    page.wait_for_selector('tr[data-id="sharing.rem5"]')
    page.fill("#filter", "rem5")
    page.wait_for_function("() => location.search.includes('q=rem5')")
    page.reload()
    page.wait_for_selector('tr[data-id="sharing.rem5"]')
    assert page.input_value("#filter") == "rem5"
    assert page.locator("tr[data-id]").count() == 1
    page.fill("#filter", "")
    page.wait_for_function("() => document.querySelectorAll('tr[data-id]').length > 1")
    page.locator('tr[data-id="cash.thm4.5.1b"] a.claim-link').click()
    page.wait_for_url(re.compile(r"/claims\?claim=cash\.thm4\.5\.1b$"))
    page.wait_for_selector('tr[data-id="cash.thm4.5.1b"]')
    assert page.locator("tr[data-id]").count() == 1
    assert page.locator("#all-claims").is_visible()


def test_a_whole_number_written_otherwise_is_told_clearly(server, page):
    page.goto(f"{server}/explore/sharing?max=1e3")
    page.wait_for_selector("#problem:not([hidden])")
    told = page.locator("#problem").inner_text()
    assert "1e3" in told and "whole number" in told and "comma-separated" not in told, told


def test_a_queued_refusal_asks_for_a_retry_within_the_time_limit(browser, tmp_path):
    from test_web_support import running_server

    with running_server(tmp_path / "cache", "--workers", "1", "--time-limit", "20",
                        "--queue", "2", "--claims", "sharing.rem5") as base:
        context, tab = opened(browser, DESKTOP)
        try:
            tab.goto(f"{base}/")
            busy(tab, ["30,30,30,30", "31,30,30,29", "32,30,30,28"])
            until(tab, lambda status: status["waiting"] >= 2)
            status, retry = tab.evaluate("""() => fetch('/api/remoteness?game=nim&position=' +
                '30,30,30,28').then(r => [r.status, r.headers.get('Retry-After')])""")
            assert status == 503 and 1 <= int(retry) <= 20, (status, retry)
        finally:
            context.close()


# ---------------------------------------------------------------- every page, axe-core
LAB_PAGES = ["/", "/play/sharing?position=3,5,20&moves=2>1:1",
             "/play/nim?position=1,2,3&vs=none&values=1",
             "/play/end-nim?position=2,5,3&variant=misere", "/play/cash?position=14&set=1,3,4&budgets=9,9",
             "/play/fibonacci?position=7,3,2/0", "/play/wythoff?position=4,7&values=1",
             "/play/graph-nim?position=1,4,9&edges=1-2,2-3,3-1",
             "/play/subtraction?position=14&set=1,3,4",
             "/explore/sharing?max=20", "/explore/subtraction", "/explore/wythoff?max=20",
             "/explore/graph-nim", "/claims", "/errata", "/no/such/page"]


@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation_on_any_lab_page(server, browser, device, scheme):
    context, tab = opened(browser, PHONE if device == "phone" else DESKTOP, scheme)
    found = {}
    try:
        for path in LAB_PAGES:
            tab.goto(f"{server}{path}")
            tab.wait_for_load_state("networkidle")
            serious = axe_violations(tab)
            if serious:
                found[path] = serious
    finally:
        context.close()
    assert not found, found


# ---------------------------------------------------------------- the value-history chart
def test_the_chart_shows_remoteness_and_every_alternative(server, page):
    """Nim 1,2,3 after 3-1, 1-1, 2-2: the remoteness of every position and, at every turn,
    every legal move as a dot with the value and remoteness it leads to (brute force)."""
    import brute

    moves = ["3-1", "1-1", "2-2"]
    page.goto(f"{server}/play/nim?position=1,2,3&moves={','.join(moves)}&vs=none")
    page.wait_for_selector("#chart circle[data-far-index='3']")
    positions = [(1, 2, 3)]
    for move in moves:
        pile, take = (int(x) for x in move.split("-"))
        after = list(positions[-1])
        after[pile - 1] -= take
        positions.append(tuple(after))
    for i, piles in enumerate(positions):
        dot = page.locator(f"#chart circle[data-far-index='{i}']")
        assert int(dot.get_attribute("data-remoteness")) == brute.nim_remoteness(piles)[1]
    for turn, piles in enumerate(positions[:-1]):
        options = {}
        for pile, size in enumerate(piles):
            for take in range(1, size + 1):
                after = piles[:pile] + (size - take,) + piles[pile + 1:]
                options[f"{pile + 1}-{take}"] = (brute.nim(after), brute.nim_remoteness(after)[1])
        values = page.locator(f"#chart circle.alt.value[data-turn='{turn}']")
        far = page.locator(f"#chart circle.alt.remoteness[data-turn='{turn}']")
        shown = {values.nth(k).get_attribute("data-notation"):
                 int(values.nth(k).get_attribute("data-value")) for k in range(values.count())}
        shown_far = {far.nth(k).get_attribute("data-notation"):
                     int(far.nth(k).get_attribute("data-remoteness")) for k in range(far.count())}
        assert shown == {m: v for m, (v, _) in options.items()}, turn
        assert shown_far == {m: r for m, (_, r) in options.items()}, turn
        chosen = page.locator(f"#chart circle.alt.value.chosen[data-turn='{turn}']")
        assert chosen.get_attribute("data-notation") == moves[turn]
    assert page.locator("#chart-table tr").count() == len(positions) + 1


# ---------------------------------------------------------------- the computer's levels
def first_computer_move(page, server, position: str, level: str, seed: int) -> str:
    page.goto(f"{server}/play/nim?position={position}&first=computer&vs={level}&seed={seed}")
    page.wait_for_function("() => (new URLSearchParams(location.search).get('moves') || '')"
                           ".length > 0")
    return page.evaluate("new URLSearchParams(location.search).get('moves')").split(",")[0]


def after(piles: tuple[int, ...], move: str) -> tuple[int, ...]:
    pile, take = (int(x) for x in move.split("-"))
    return piles[:pile - 1] + (piles[pile - 1] - take,) + piles[pile:]


def test_the_computers_levels_play_as_the_page_says(server, page):
    import brute

    page.goto(f"{server}/play/nim?position=1,2,4&vs=errs-25")
    page.wait_for_selector("#level-about")
    assert "25 %" in page.locator("#level-about").inner_text()
    page.select_option("select[name=vs]", "ahead-2")
    assert "2 moves ahead" in page.locator("#level-about").inner_text()
    # one move ahead: the win on the spot is taken
    assert first_computer_move(page, server, "0,0,5", "ahead-1", 1) == "3-5"
    # two moves ahead: never a move that leaves a single pile (the opponent takes it and wins)
    for seed in range(1, 7):
        move = first_computer_move(page, server, "0,2,5", "ahead-2", seed)
        assert sum(1 for p in after((0, 2, 5), move) if p) == 2, (seed, move)
    # errs 50 %: from an N-position, winning moves and slips both occur over the seeds, while
    # the perfect computer always wins
    wins = set()
    for seed in range(1, 13):
        move = first_computer_move(page, server, "1,2,4", "errs-50", seed)
        wins.add(brute.nim(after((1, 2, 4), move)) == 0)
        if seed <= 3:
            perfect = first_computer_move(page, server, "1,2,4", "perfect", seed)
            assert brute.nim(after((1, 2, 4), perfect)) == 0
    assert wins == {True, False}

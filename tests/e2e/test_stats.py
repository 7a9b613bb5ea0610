"""The play statistics in Chromium: the switch, its privacy default, and what a finished game
sends, read from the beacon request itself (every request of the browser context is watched).

The game is a two-player Tic-tac-toe played through the page's own buttons. Chromium sends a
beacon made while a page unloads from the browser process, where Playwright does not see it;
so the tests also fire `pagehide` on the live page (the client's own flush path, seen by
Playwright), and check the database the server writes to for what arrived during navigation.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

ENDPOINT = "/api/stats/events"
X_WINS = ["a1", "b2", "b1", "a3", "c1"]  # X: a1 b1 c1, a line in five moves
DEVICE_FIELDS = {"phone", "memory", "cores", "browser", "os"}


def watch_requests(context):
    """Every request any page of the context makes, and the statistics ones with status."""
    seen = {"all": [], "stats": []}

    def on_request(request):
        seen["all"].append(request.url)
        if ENDPOINT in request.url:
            seen["stats"].append((request.post_data, request.headers.get("content-type")))

    context.on("request", on_request)
    return seen


def switch(page):
    root = page.locator("[data-stats-switch]").first
    expect(root).to_have_attribute("data-stats-ready", "true")
    return root


def play_local_game(page, base):
    page.goto(f"{base}/ko/tic-tac-toe/")
    root = page.locator("[data-board2d-page]")
    expect(root).to_have_attribute("data-ready", "true")
    page.locator("[data-start][data-mode=local]").click()
    expect(root).to_have_attribute("data-mode", "local")
    for index, name in enumerate(X_WINS, start=1):
        page.locator(f"[data-board2d] button[data-point='{name}']").click()
        expect(root).to_have_attribute("data-moves", str(index))
    expect(root).to_have_attribute("data-outcome", "0")


def wait_for(page, condition, timeout_ms=5000):
    for _ in range(timeout_ms // 100):
        if condition():
            return True
        page.wait_for_timeout(100)
    return condition()


@pytest.fixture
def context(browser):
    context = browser.new_context()
    yield context
    context.close()


def stored_count(django_db_blocker):
    from stats.models import Event

    with django_db_blocker.unblock():
        return Event.objects.count()


def test_with_the_switch_off_nothing_is_sent(context, live_server_url, django_db_blocker):
    seen = watch_requests(context)
    page = context.new_page()
    page.goto(f"{live_server_url}/ko/tic-tac-toe/")
    toggle = switch(page).locator("[data-stats-toggle]")
    expect(toggle).to_be_checked()
    toggle.uncheck()
    before = stored_count(django_db_blocker)
    play_local_game(page, live_server_url)
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")
    # A real navigation too; the choice is remembered on the next page.
    page.goto(f"{live_server_url}/ko/privacy/")
    expect(switch(page).locator("[data-stats-toggle]")).not_to_be_checked()
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")
    page.goto(f"{live_server_url}/ja/privacy/")
    page.wait_for_timeout(1000)
    assert seen["all"], "the watch saw no request at all"
    assert [url for url in seen["all"] if "/api/stats" in url] == []
    assert stored_count(django_db_blocker) == before


@pytest.mark.parametrize(
    "signal",
    [
        "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', {get: () => true})",
        "Object.defineProperty(Navigator.prototype, 'doNotTrack', {get: () => '1'})",
    ],
    ids=["global-privacy-control", "do-not-track"],
)
def test_a_privacy_signal_starts_the_switch_off(context, live_server_url, signal):
    context.add_init_script(signal)
    seen = watch_requests(context)
    page = context.new_page()
    play_local_game(page, live_server_url)
    root = switch(page)
    expect(root.locator("[data-stats-toggle]")).not_to_be_checked()
    expect(root.locator("[data-stats-signal]")).to_be_visible()
    page.goto(f"{live_server_url}/ko/privacy/")
    page.wait_for_timeout(1000)
    assert [url for url in seen["all"] if "/api/stats" in url] == []


def stored_kinds(django_db_blocker) -> list[str]:
    from stats.models import Event

    with django_db_blocker.unblock():
        return sorted(Event.objects.values_list("kind", flat=True))


def test_a_finished_game_sends_exactly_the_documented_fields(
    context, live_server_url, django_db_blocker
):
    seen = watch_requests(context)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: m.type in ("error", "warning") and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    play_local_game(page, live_server_url)
    expect(switch(page).locator("[data-stats-toggle]")).to_be_checked()
    assert seen["stats"] == []  # batched: nothing yet
    before = stored_kinds(django_db_blocker)
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")  # the client's flush
    assert wait_for(page, lambda: seen["stats"]), "no statistics request after pagehide"
    assert len(seen["stats"]) == 1
    body, content_type = seen["stats"][0]
    assert content_type.startswith("text/plain")
    batch = json.loads(body)
    assert list(batch) == ["events"]
    start, end = batch["events"]
    # "lang": the page's language (the game was played on /ko/).
    assert start == {
        "event": "game-start",
        "game": "tic-tac-toe",
        "mode": "local",
        "lang": "ko",
        **{name: start[name] for name in DEVICE_FIELDS},
    }
    assert end == {
        "event": "game-end",
        "game": "tic-tac-toe",
        "mode": "local",
        "lang": "ko",
        "result": "first",
        "ending": "line",
        "moves": 5,
        "duration": "under-1m",
        **{name: end[name] for name in DEVICE_FIELDS},
    }
    device = {name: start[name] for name in DEVICE_FIELDS}
    assert device["browser"] == "chrome" and device["os"] == "linux"
    assert device["phone"] is False
    assert device["memory"] in {"under-2gb", "2-4gb", "4-8gb", "8gb+", "unknown"}
    assert device["cores"] in {"1-2", "3-4", "5-8", "9-16", "17+"}
    assert "Mozilla" not in body and "HeadlessChrome" not in body
    # The server took the batch (the beacon's answer is not visible to the page).
    assert wait_for(
        page, lambda: stored_kinds(django_db_blocker) == sorted([*before, "game-start", "game-end"])
    )
    page.goto(f"{live_server_url}/ko/privacy/")

    # "What is sent?" on the privacy page lists that body's events, newest first, field by
    # field, with every value exactly as sent.
    root = switch(page)
    root.locator("summary").click()
    expect(root.locator("[data-stats-sent-list] .stats-sent__body")).to_have_count(1)
    assert shown_events(root) == [
        {
            name: value if isinstance(value, str) else json.dumps(value)
            for name, value in event.items()
        }
        for event in reversed(batch["events"])
    ]
    expect(root.locator("[data-stats-sent-list] pre")).to_have_count(0)  # no raw JSON
    expect(root.locator("[data-stats-sent-empty]")).to_be_hidden()
    assert errors == []  # no CSP violation, no refused statistics report


# Each shown event as {field as sent: value as shown}, read from the list's rows.
SHOWN_EVENTS = """(root) => [...root.querySelectorAll('.stats-sent__event')].map((event) =>
  Object.fromEntries([...event.querySelectorAll('dt')].map((term) => [
    term.querySelector('.stats-sent__name').textContent,
    term.nextElementSibling.textContent])))"""


# Each selector's first element's top and bottom on the page, read in one frame.
BOXES = """(selectors) => selectors.map((selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return {top: box.top + window.scrollY, bottom: box.bottom + window.scrollY};
})"""


VALUE_BOXES = """(root) => [...root.querySelectorAll('.stats-sent__event dd code')].map((e) => {
  const box = e.getBoundingClientRect();
  return {text: e.textContent, height: box.height, right: box.right,
          line: parseFloat(getComputedStyle(e).lineHeight)};
})"""


def shown_events(root):
    return root.evaluate(SHOWN_EVENTS)


LANGUAGES = ["ko", "ja", "zh-hans"]
FIELD_WORDS = {"ko": "게임", "ja": "ゲーム", "zh-hans": "游戏"}  # stats/labels.py's "Game"
# stats/labels.py's "moves": a count, never the record of the moves (기보, 棋譜, 棋谱).
MOVES_WORDS = {"ko": "수", "ja": "手数", "zh-hans": "步数"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("viewport", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
def test_the_switch_sits_below_the_game_controls_and_reads_as_a_list(
    browser, live_server_url, language, viewport
):
    """Out of the controls' panel, below the board and the panel, still one click to flip; its
    "What is sent?" lists fields and values in the page's language, none broken mid-word."""
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server_url}/{language}/tic-tac-toe/")
    root = switch(page)
    expect(page.locator(".play-panel [data-stats-switch]")).to_have_count(0)
    # Measured once the board is drawn (the switch was seen above a board not yet drawn), and
    # all in one frame, so no box is read before a layout change and another after it.
    board = page.locator("[data-board2d-page]")
    expect(board).to_have_attribute("data-ready", "true")
    boxes = page.evaluate(BOXES, [".play-board", ".play-panel", "[data-stats-switch]"])
    switch_box = boxes.pop()
    for part, box in zip((".play-board", ".play-panel"), boxes, strict=True):
        assert switch_box["top"] >= box["bottom"], (part, box, switch_box)
    toggle = root.locator("[data-stats-toggle]")
    expect(toggle).to_be_checked()
    toggle.click()  # one click away
    expect(toggle).not_to_be_checked()
    toggle.click()
    expect(toggle).to_be_checked()

    page.locator("[data-start][data-mode=local]").click()
    for index, name in enumerate(X_WINS, start=1):
        page.locator(f"[data-board2d] button[data-point='{name}']").click()
        expect(board).to_have_attribute("data-moves", str(index))
    page.keyboard.press("Escape")  # the result dialog
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")  # the client flushes
    root.locator("summary").click()
    events = shown_events(root)
    # Newest first, as the view says: the game's end above its start (issue 29, item 10).
    assert [event["event"] for event in events] == ["game-end", "game-start"]
    assert events[1]["game"] == "tic-tac-toe" and events[1]["lang"] == language
    first_term = root.locator(".stats-sent__event dt").nth(1)
    expect(first_term).to_contain_text(FIELD_WORDS[language])
    moves = root.locator(".stats-sent__event dt").filter(
        has=page.get_by_text("moves", exact=True)
    )
    expect(moves).to_have_text(f"{MOVES_WORDS[language]} moves")
    # Every value sits on one line inside the panel. Read in one go: a later "sent" draws the
    # list anew, and boxes of nodes read one by one could belong to a list already replaced.
    values = root.evaluate(VALUE_BOXES)
    assert values
    for value in values:
        assert value["height"] < 1.5 * value["line"], value["text"]
        assert value["right"] <= width, value["text"]
    context.close()


def test_a_cross_site_post_is_refused(context, live_server_url):
    page = context.new_page()
    page.goto(f"{live_server_url}/ko/privacy/")
    response = page.request.post(
        f"{live_server_url}{ENDPOINT}",
        data=json.dumps({"events": []}),
        headers={"Content-Type": "text/plain", "Origin": "https://elsewhere.example"},
    )
    assert response.status == 403
    assert response.json()["error"] == "cross-origin"


def test_the_staff_review_filters_with_htmx_under_the_csp(
    context, live_server_url, django_db_blocker
):
    from django.contrib.auth.models import User

    with django_db_blocker.unblock():
        if not User.objects.filter(username="stats-staff").exists():
            User.objects.create_user("stats-staff", password="pw-stats-1", is_staff=True)
    problems = []
    page = context.new_page()
    # CSP violations and script errors show as console errors; the admin's missing
    # /favicon.ico is the one 404 allowed (its console line does not name the URL).
    page.on(
        "console",
        lambda m: (
            m.type == "error"
            and "Failed to load resource" not in m.text
            and problems.append(m.text)
        ),
    )
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on(
        "response",
        lambda r: (
            r.status >= 400
            and not r.url.endswith("/favicon.ico")
            and problems.append(f"HTTP {r.status} {r.url}")
        ),
    )
    page.goto(f"{live_server_url}/admin/login/?next=/admin/")
    page.fill("#id_username", "stats-staff")
    page.fill("#id_password", "pw-stats-1")
    page.locator("input[type=submit]").click()
    page.locator('a[href="/admin/stats/review/"]').first.click()
    results = page.locator("#stats-results")
    expect(results.locator("a[download]")).to_be_visible()
    page.wait_for_function("() => window.htmx !== undefined")
    with page.expect_response(lambda r: "/admin/stats/review/" in r.url and "game=dara" in r.url):
        page.select_option("#id_game", "dara")
    query = f"start={page.input_value('#id_start')}&end={page.input_value('#id_end')}&game=dara"
    expect(page).to_have_url(f"{live_server_url}/admin/stats/review/?{query}")
    csv_link = results.locator("a[download]")
    expect(csv_link).to_have_attribute("href", f"/admin/stats/review/export.csv?{query}")
    assert problems == []

"""Nothing on a page jumps while it loads: what the server sends is laid out where the scripts
will leave it. Chromium's layout-shift entries (the measure behind Cumulative Layout Shift) are
summed over the load of every kind of page, on a phone and a laptop.

The network is given a latency, so the first paint always comes before the scripts run, as on
a phone far from the server. Before the fixes, on a phone every page moved up by the header's
menu when site-menu.js folded it (0.19), a 2D play page moved its status table and what follows
down by the board's height when board.js drew it, the daily puzzle's history and archive were
pushed out of view by the puzzle (0.62), and on a laptop the Score Four panel's settings moved
down when its sixteen pegs came."""

import pytest
from playwright.sync_api import expect

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
# (path, the element that says the page's scripts are done, or None)
PAGES = [
    ("ko/", None),
    ("ja/score-four/", "[data-board3d][data-ready]"),
    ("zh-hans/tic-tac-toe/", "[data-board2d-page][data-ready]"),
    ("ko/three-mens-morris/", "[data-board2d-page][data-ready]"),
    ("ja/nine-mens-morris/", "[data-board2d-page][data-ready]"),
    ("zh-hans/dara/", "[data-board2d-page][data-ready]"),
    ("ko/gomoku/", "[data-board2d-page][data-ready]"),
    ("ja/daily/", "[data-daily][data-ready=true]"),
    ("zh-hans/guide/", None),
    ("ko/privacy/", None),
]
LATENCY_MS = 120
LIMIT = 0.01  # web.dev calls 0.1 good; measured 0.000 to 0.006 with the fixes

SHIFTS = """() => new Promise((resolve) => {
  const shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const moved = entry.sources.map((source) => source.node?.className || source.node?.nodeName);
      shifts.push({value: entry.value, moved});
    }
  }).observe({type: "layout-shift", buffered: true});
  setTimeout(() => resolve(shifts), 400);
})"""


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_no_page_moves_while_it_loads(browser, live_server_url, viewport):
    context = browser.new_context(viewport=VIEWPORTS[viewport])
    moved = {}
    try:
        for path, ready in PAGES:
            page = context.new_page()
            network = context.new_cdp_session(page)
            network.send("Network.enable")
            network.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": LATENCY_MS, "downloadThroughput": -1,
                 "uploadThroughput": -1},
            )
            page.goto(f"{live_server_url}/{path}")
            if ready:
                expect(page.locator(ready)).to_be_attached(timeout=20_000)
            shifts = page.evaluate(SHIFTS)
            total = sum(shift["value"] for shift in shifts)
            if total > LIMIT:
                moved[path] = (round(total, 3), [s["moved"] for s in shifts])
            page.close()
    finally:
        context.close()
    assert moved == {}

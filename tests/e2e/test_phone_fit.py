"""One phone screen holds a move: at 390x844 and 360x740, in Korean, Japanese and Chinese, for
every game and every way to play (against the AI, two on one device, a friend room's host and
guest, a spectator), the status area above the board, the whole board and the controls the
next move needs (Score Four's 16 pegs; in a room, the answers to a draw offer) lie inside the
viewport, with nothing to scroll.

Each room page is opened in its tallest state: the friend is not connected (the status area
says so, with the countdown to a claim) and has offered a draw (the answers show). The
measurements are collected for every case and reported together.

Each page is measured at both sizes: loaded at one, then the viewport turned to the other (as
a phone's window changes when its browser's bars fold), the games alternating which size they
load at, so that each size is measured both on a fresh load and after a resize. One load
serves two measurements: this module loaded 150 pages, now 75."""

import pytest
from playwright.sync_api import expect

from games import registry
from rooms import endings, services
from rooms.protocol import OfferDraw

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(390, 844), (360, 740)]
LANGUAGES = ["ko", "ja", "zh-hans"]
GAMES = ["score-four", "tic-tac-toe", "three-mens-morris", "nine-mens-morris", "dara", "reversi"]
# Games measured against the AI and on one device only: their friend rooms come later.
LOCAL_ONLY = ["gomoku"]
# A board whose taps are confirmed (registry Board confirm): its confirm button is a control
# the next move needs.
CONFIRM = ["[data-board2d-confirm]"]

# Boxes outside the viewport (or missing), for the selectors given, plus a page wider than
# the screen.
OUTSIDE = """(selectors) => {
  const out = [];
  for (const selector of selectors) {
    const element = document.querySelector(selector);
    if (!element || !element.checkVisibility()) { out.push(`${selector}: not shown`); continue; }
    const r = element.getBoundingClientRect();
    const [x1, y1, x2, y2] = [r.left, r.top, r.right, r.bottom].map(Math.round);
    if (x1 < 0 || y1 < 0 || x2 > innerWidth || y2 > innerHeight) {
      out.push(`${selector}: ${x1},${y1} to ${x2},${y2}`);
    }
  }
  if (document.documentElement.scrollWidth > innerWidth) out.push("page wider than the screen");
  return out;
}"""


MIN_BOARD = 240  # px: the 3D board's canvas was about 200 high under the tallest status area

# Score Four: the canvas too small, or a view button over the pegs' region (the box around
# every peg, base to top, and a ball on its top level, in the starting view's projection).
SCORE_FOUR = """async (minHeight) => {
  const THREE = await import("three");
  const { LAYOUT, viewCamera } = await import("/static/js/score-four/board3d.js");
  const canvas = document.querySelector("[data-board3d] canvas").getBoundingClientRect();
  const camera = viewCamera("oblique", canvas.width, canvas.height);
  const xs = [], ys = [];
  for (const { x, z } of LAYOUT.pegs) {
    for (const y of [LAYOUT.base, LAYOUT.top + LAYOUT.ballRadius]) {
      const p = new THREE.Vector3(x, y, z).project(camera);
      xs.push(canvas.left + (p.x + 1) / 2 * canvas.width);
      ys.push(canvas.top + (1 - p.y) / 2 * canvas.height);
    }
  }
  const pegs = {
    left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys),
  };
  const out = [];
  if (canvas.height < minHeight) out.push(`3D board ${Math.round(canvas.height)} px high`);
  for (const button of document.querySelectorAll(".view-buttons [data-view]")) {
    const b = button.getBoundingClientRect();
    if (b.left < pegs.right && b.right > pegs.left && b.top < pegs.bottom && b.bottom > pegs.top) {
      out.push(`view button ${button.dataset.view} over the pegs`);
    }
  }
  return out;
}"""


def board_problems(page, slug, extra=()):
    problems = page.evaluate(OUTSIDE, needed(slug, extra))
    if slug == "score-four":
        problems += page.evaluate(SCORE_FOUR, MIN_BOARD)
    return problems


def needed(slug, extra=()):
    board = "[data-board3d]" if slug == "score-four" else "[data-board2d] svg"
    parts = [".turn-bar", board, *extra]
    board_facts = registry.get(slug).board
    if board_facts is not None and board_facts.confirm:
        parts += CONFIRM
    if slug == "score-four":
        parts.append("[data-peg-panel]")
    return parts


def ready(page, slug):
    if slug == "score-four":
        expect(page.locator("[data-board3d]")).to_have_attribute("data-ready", "3d")
    else:
        expect(page.locator("[data-board2d-page]")).to_have_attribute("data-ready", "true")


def settled(page):
    """Two animation frames without the page moving (a start scrolls the board into view)."""
    page.wait_for_function(
        """() => new Promise((done) => { const y = scrollY;
          requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY === y))); })"""
    )


def resize(page, size):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})


def measure(page, slug, label, sizes, failures, extra=()):
    """At each size in turn (the first is the one the page was loaded at)."""
    for width, height in sizes:
        resize(page, (width, height))
        settled(page)
        for problem in board_problems(page, slug, extra):
            failures.append(f"{slug} {label} {width}x{height}: {problem}")


def local_cases(page, base, slug, language, sizes, failures):
    resize(page, sizes[0])
    page.goto(f"{base}/{language}/{slug}/")
    ready(page, slug)
    for mode, button in [
        ("ai", "[data-start][data-mode=ai][data-level=beginner][data-human-side='0']"),
        ("local", "[data-start][data-mode=local]"),
    ]:
        if mode == "local":
            page.locator("[data-game-controls] [data-action=choose-mode]").click()
        page.locator(button).click()
        expect(page.locator("[data-turn-line]")).to_have_attribute("data-turn", "yours")
        measure(page, slug, mode, sizes, failures)
        sizes = sizes[::-1]  # the next mode starts at the size this one ended at


def room_cases(context, base, slug, language, sizes, failures):
    """Host and guest, each offered a draw by a friend who is not connected; a spectator."""
    for viewer in ("host", "guest", "watch"):
        room, host = services.create_room(slug)
        guest = services.join(room.id, None).secret
        if viewer != "watch":
            endings.offer_draw(room.id, guest if viewer == "host" else host, OfferDraw(room.round))
            secret = host if viewer == "host" else guest
            context.add_cookies([{"name": f"seat_{room.id}", "value": secret, "url": base}])
        page = context.new_page()
        resize(page, sizes[0])
        page.goto(f"{base}/{language}/r/{room.id}/")
        ready(page, slug)
        expect(page.locator("[data-room-panel]")).to_have_attribute("data-connection", "open")
        extra = []
        if viewer != "watch":
            expect(page.locator("[data-room-draw-offered]")).to_be_visible()
            extra = ["[data-room-draw-accept]", "[data-room-draw-decline]"]
        expect(page.locator("[data-room-news]")).to_be_visible()  # the friend is not there
        measure(page, slug, viewer, sizes, failures, extra)
        page.close()


# The games in two groups of about the same number of page loads (13 and 12), a test each.
GROUPS = [
    ["score-four", "tic-tac-toe", "three-mens-morris", *LOCAL_ONLY],
    ["nine-mens-morris", "dara", "reversi"],
]


def test_the_groups_hold_every_game_once():
    assert sorted(sum(GROUPS, [])) == sorted(GAMES + LOCAL_ONLY)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("games", GROUPS, ids=["score-four-and-3", "nine-mens-morris-and-2"])
def test_a_move_fits_one_phone_screen(browser, live_server_url, games, language):
    context = browser.new_context(has_touch=True, is_mobile=True, reduced_motion="reduce")
    failures: list[str] = []
    try:
        page = context.new_page()
        for index, slug in enumerate(games):
            # The games alternate the size they load at: each size gets fresh loads and resizes.
            sizes = SIZES if index % 2 == 0 else SIZES[::-1]
            local_cases(page, live_server_url, slug, language, sizes, failures)
            if slug not in LOCAL_ONLY:
                room_cases(context, live_server_url, slug, language, sizes, failures)
    finally:
        context.close()
    assert failures == []

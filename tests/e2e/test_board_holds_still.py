"""The board holds still when the status area above it changes on its own (static/js/play/
hold-board.js, and the friend line's reserved height in static/css/rooms.css): a friend who
leaves, comes back or offers a draw must not move the square or peg a finger is on its way to.

Before: at 390x844 a Tic-tac-toe square moved 62 px down when the friend left and 92 px when
they offered a draw; at 1280x800, 36 and 60 px (the board shrinking too); a Score Four peg in
a laptop's side panel moved 26 px when the friend line grew to two lines. Now the page scrolls
instead, as far as keeps the status area's top on screen: the news is seen, and the board moves
only by what that room could not take."""

import pytest
from playwright.sync_api import expect

from rooms import services
from tests.e2e.test_room_status import open_room

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
TARGETS = {"tic-tac-toe": "[data-board2d] button[data-point='b2']",
           "score-four": "[data-peg-panel] [data-peg='C1']"}
NEWS = "[data-room-news]"
BOX = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return {top: r.top, left: r.left, width: r.width}; }"""
TOP = "(selector) => document.querySelector(selector).getBoundingClientRect().top"


def seated_pages(browser, base, slug, size):
    room, host_secret = services.create_room(slug)
    guest_secret = services.join(room.id, None).secret
    contexts = []
    for secret in (host_secret, guest_secret):
        context = browser.new_context(
            viewport=SIZES[size], has_touch=size == "phone", is_mobile=size == "phone"
        )
        context.add_cookies([{"name": f"seat_{room.id}", "value": secret, "url": base}])
        contexts.append(context)
    return room, contexts


def holding(page):
    """Past the page's first second: from here on the board is held."""
    expect(page.locator(".turn-bar")).to_have_attribute("data-holding", "")


def settled_box(page, selector):
    """The target's box once two animation frames passed without it moving."""
    page.wait_for_function(
        """(s) => new Promise((done) => { const y = document.querySelector(s)
          .getBoundingClientRect().top; requestAnimationFrame(() => requestAnimationFrame(
          () => done(document.querySelector(s).getBoundingClientRect().top === y))); })""",
        arg=selector,
    )
    return page.evaluate(BOX, selector)


def assert_still(before, after, step):
    for key in ("top", "left", "width"):
        assert abs(after[key] - before[key]) < 1, (step, before, after)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("slug", TARGETS)
def test_the_friends_news_does_not_move_the_board(browser, live_server_url, slug, size):
    base = live_server_url
    target = TARGETS[slug]
    room, contexts = seated_pages(browser, base, slug, size)
    try:
        host = open_room(contexts[0], base, room.id)
        guest = open_room(contexts[1], base, room.id)
        expect(host.locator("[data-room-friend] [data-when=present]")).to_be_visible()
        holding(host)
        start = settled_box(host, target)

        guest.close()  # the friend leaves: the news and the countdown appear above the board
        expect(host.locator(NEWS)).to_have_attribute("data-news", "friendLeftClaimIn")
        assert_still(start, settled_box(host, target), "left")
        assert host.evaluate(TOP, NEWS) >= 0  # and is seen

        guest = open_room(contexts[1], base, room.id)  # back: one line shorter on a phone
        expect(host.locator(NEWS)).to_have_attribute("data-news", "friendBack")
        assert_still(start, settled_box(host, target), "back")

        # A draw offer: taller than the room above the status area on a phone. The status
        # area's top stays on screen and the board moves only by the rest.
        bar_top = host.evaluate(TOP, ".turn-bar")
        guest.locator("[data-room-offer-draw]").click()
        expect(host.locator("[data-room-draw-offered]")).to_be_visible()
        offer_height = host.evaluate(
            "document.querySelector('[data-room-draw-offered]').getBoundingClientRect().height"
        )
        offered = settled_box(host, target)
        assert host.evaluate(TOP, ".turn-bar") >= 0
        moved = offered["top"] - start["top"]
        if slug == "tic-tac-toe":
            assert moved <= max(0, offer_height - bar_top) + 1, (moved, offer_height, bar_top)
        else:  # the pegs sit apart from the status area (a phone's 3D board takes the change)
            assert_still(start, offered, "offer")
        for button in ("[data-room-draw-accept]", "[data-room-draw-decline]"):
            assert host.evaluate(TOP, button) >= 0
    finally:
        for context in contexts:
            context.close()


def test_a_board_scrolled_to_stays_where_it_is(browser, live_server_url):
    """A player who scrolled the status area off the top of a phone's screen keeps the board
    exactly where it is when the news comes (what browsers' scroll anchoring does too)."""
    base = live_server_url
    target = TARGETS["tic-tac-toe"]
    room, contexts = seated_pages(browser, base, "tic-tac-toe", "phone")
    try:
        host = open_room(contexts[0], base, room.id)
        guest = open_room(contexts[1], base, room.id)
        expect(host.locator("[data-room-friend] [data-when=present]")).to_be_visible()
        holding(host)
        host.evaluate("scrollTo({top: document.querySelector('.turn-bar').offsetTop + 250})")
        start = settled_box(host, target)
        assert host.evaluate(TOP, ".turn-bar") < 0
        guest.close()
        expect(host.locator(NEWS)).to_have_attribute("data-news", "friendLeftClaimIn")
        assert_still(start, settled_box(host, target), "left, scrolled")
    finally:
        for context in contexts:
            context.close()

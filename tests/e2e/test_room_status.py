"""What the friend did, told above the board on a phone (issue 29): two phones (host and guest,
390x844) and a spectator play Tic-tac-toe through a draw offer, a drop-out and return, the end
of the game ("View board"), a rematch request and a friend who leaves for good. Each event
shows in the status area right above the board, with its answer buttons in the viewport; a
new request plays the turn sound's cue and vibrates (navigator.vibrate, recorded by the page);
the spectator is told the same events by side.

Set SCREENSHOTS to a folder to keep a picture of both phones at each step, in Korean, Japanese
and Chinese, light and dark (without it the journey runs once, in Korean, light)."""

import os

import pytest
from playwright.sync_api import expect

from rooms import services
from tests.e2e import browser as problems_of
from tests.e2e.test_rooms import page_of, play2d

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
# Every vibration the page asks for, kept for the test (the phone's own would not be seen).
RECORD_VIBRATIONS = """window.vibrations = [];
navigator.vibrate = (pattern) => { window.vibrations.push(pattern); return true; };"""
IN_VIEW = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""
NEWS = "[data-room-news]"


SHOTS = os.environ.get("SCREENSHOTS")
CASES = [("ko", "light")]
if SHOTS:
    CASES = [(lang, scheme) for lang in ("ko", "ja", "zh-hans") for scheme in ("light", "dark")]


def phone(browser, base, room_id, secret=None, scheme="light"):
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, color_scheme=scheme
    )
    context.add_init_script(RECORD_VIBRATIONS)
    if secret:
        context.add_cookies([{"name": f"seat_{room_id}", "value": secret, "url": base}])
    return context


def open_room(context, base, room_id, language="ko"):
    page = context.new_page()
    page.goto(f"{base}/{language}/r/{room_id}/")
    expect(page.locator("[data-room-panel]")).to_have_attribute("data-connection", "open")
    return page


def snap(pages, step, case=""):
    if not SHOTS:
        return
    os.makedirs(SHOTS, exist_ok=True)
    for name, page in pages.items():
        path = os.path.join(SHOTS, f"{case}{step}-{name}.png")
        page.screenshot(path=path, animations="disabled")


def in_view(page, *selectors):
    for selector in selectors:
        assert page.evaluate(IN_VIEW, selector), selector


@pytest.mark.parametrize(("language", "scheme"), CASES)
def test_the_friends_requests_and_absence_show_above_the_board(
    browser, live_server_url, language, scheme
):
    base = live_server_url
    case = f"{language}-{scheme}-"
    room, host_secret = services.create_room("tic-tac-toe")
    guest_secret = services.join(room.id, None).secret
    contexts = [
        phone(browser, base, room.id, host_secret, scheme),
        phone(browser, base, room.id, guest_secret, scheme),
        phone(browser, base, room.id, scheme=scheme),
    ]
    try:
        host, guest, spectator = (open_room(c, base, room.id, language) for c in contexts)
        problems = sum((problems_of.watch(p, network=False) for p in (host, guest, spectator)), [])
        pages = {"host": host, "guest": guest, "spectator": spectator}
        side_x = host.evaluate("JSON.parse(document.getElementById('ui-strings').textContent)")[
            "side-0"
        ]

        play2d(host, [guest, spectator], "a1")
        # The host waits: nothing asks them to choose a square (item 6).
        expect(host.locator("[data-status-phase]")).to_have_text("")

        # A draw offer: the guest sees it above the board, the answers in view, and is cued.
        guest.locator("[data-room-offer-draw]").click()  # the guest offers first, on their move
        # A friend who was there from the start has not "come back".
        expect(host.locator(NEWS)).to_be_hidden()
        offered = host.locator(".turn-bar [data-room-draw-offered]")
        expect(offered).to_be_visible()
        in_view(host, "[data-room-draw-accept]", "[data-room-draw-decline]", "[data-board2d] svg")
        expect(host.locator("html")).to_have_attribute("data-request-cue", "draw")
        assert host.evaluate("window.vibrations.length") >= 1
        # The offer was made far down the page; its note above the board comes into view.
        expect(guest.locator(".turn-bar [data-room-draw-sent]")).to_be_visible()
        guest.wait_for_function(IN_VIEW, arg="[data-room-draw-sent]")
        expect(spectator.locator(NEWS)).to_have_attribute("data-news", "sideOffersDraw")
        expect(spectator.locator(NEWS)).to_contain_text(spectator.evaluate(
            "JSON.parse(document.getElementById('ui-strings').textContent)['side-1']"))
        snap(pages, "1-draw-offered", case)
        host.locator("[data-room-draw-decline]").click()
        expect(offered).to_be_hidden()
        expect(spectator.locator(NEWS)).to_be_hidden()

        # The guest drops out: the host is told at once, with the time until a claim.
        guest.close()
        expect(host.locator(NEWS)).to_have_attribute("data-news", "friendLeftClaimIn")
        expect(host.locator(NEWS)).to_contain_text(":")
        in_view(host, NEWS)
        expect(host.locator("html")).to_have_attribute("data-request-cue", "left")
        expect(spectator.locator(NEWS)).to_have_attribute("data-news", "sideLeft")
        snap({"host": host, "spectator": spectator}, "2-friend-left", case)
        pages["guest"] = guest = open_room(contexts[1], base, room.id, language)
        expect(host.locator(NEWS)).to_have_attribute("data-news", "friendBack")
        expect(spectator.locator(NEWS)).to_have_attribute("data-news", "sideBack")
        snap(pages, "3-friend-back", case)

        for mover, move in [(guest, "b1"), (host, "a2"), (guest, "b2"), (host, "a3")]:
            others = [p for p in (host, guest, spectator) if p is not mover]
            play2d(mover, others, move)
        for viewer in (host, guest):
            expect(page_of(viewer)).to_have_attribute("data-outcome", "0")
        # "View board" shows the board: focus on the turn line above it (item 2).
        dialog = guest.locator("dialog[data-result-dialog]")
        expect(dialog).to_have_attribute("open", "")
        dialog.locator("[data-action=view-board]").click()
        expect(guest.locator("[data-turn-line]")).to_be_focused()
        in_view(guest, "[data-turn-line]", "[data-board2d] svg")

        # A rematch request: above the guest's board, its button in view, cued.
        host.locator("dialog[data-result-dialog] [data-action=rematch]").click()
        expect(guest.locator(".turn-bar [data-room-rematch-offered]")).to_be_visible()
        in_view(guest, "[data-room-rematch-button]")
        expect(guest.locator("html")).to_have_attribute("data-request-cue", "rematch")
        expect(spectator.locator(NEWS)).to_have_attribute("data-news", "sideAsksRematch")
        expect(spectator.locator(NEWS)).to_contain_text(side_x)
        snap(pages, "4-rematch-asked", case)

        # The guest leaves for good: no rematch is offered to a friend who is gone (item 9).
        guest.close()
        expect(host.locator(NEWS)).to_have_attribute("data-news", "friendGone")
        expect(host.locator("[data-room-rematch]")).to_be_hidden()
        expect(host.locator("[data-room-friend]")).to_be_hidden()  # no "they will be back"
        host.locator("[data-game-controls] [data-action=show-result]").click()
        expect(host.locator("dialog[data-result-dialog]")).to_have_attribute("open", "")
        expect(host.locator("dialog[data-result-dialog] [data-action=rematch]")).to_be_hidden()
        snap({"host": host}, "5-friend-gone", case)
        assert problems == []
    finally:
        for context in contexts:
            context.close()

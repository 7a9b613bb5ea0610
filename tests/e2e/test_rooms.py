"""Friend rooms in Chromium: two browser contexts (two people) play through an invite link,
a reload mid-game resumes, a third visitor watches, and a rematch swaps the colours.

The tests read state from data- attributes only (the words are translated): the room panel
`[data-room-panel]` (data-status, data-connection), the 2D page root `[data-board2d-page]`
and the Score Four board `[data-board3d]` (data-moves, data-outcome).
"""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e import browser

# pytest-django creates the test database only when a collected test asks for it, and the live
# server (tests/e2e/conftest.py) uses whatever database that leaves: rooms need a real one.
pytestmark = pytest.mark.django_db(transaction=True)

PANEL = "[data-room-panel]"
BOARD2D = "[data-board2d-page]"
BOARD3D = "[data-board3d]"


def watch(page):
    return browser.watch(page, network=False)


def create_room(page, base, slug, language="ko"):
    page.goto(f"{base}/{language}/{slug}/")
    page.locator("[data-friend-form] button[type=submit]").click()
    expect(page).to_have_url(re.compile(rf"{base}/{language}/r/[A-Za-z0-9_-]{{22,}}/$"))
    expect(page.locator(PANEL)).to_have_attribute("data-connection", "open")
    return page.url


def join(page, url):
    page.goto(url)
    page.locator("[data-room-join-button]").click()
    expect(page.locator("body")).to_have_attribute("data-room-seat", "guest")
    expect(page.locator(PANEL)).to_have_attribute("data-status", "playing")


def friend_shown(page):
    expect(page.locator("[data-room-friend] [data-when=present]")).to_be_visible()


def play2d(mover, watchers, move):
    """Click the points of `move` (a1, a1-b2, b2xd7) on the mover's page; every page sees it."""
    before = int(page_of(mover).get_attribute("data-moves"))
    body, _, capture = move.partition("x")
    for name in body.split("-") + ([capture] if capture else []):
        mover.locator(f"[data-board2d] button[data-point='{name}']").click()
    for viewer in [mover, *watchers]:
        expect(page_of(viewer)).to_have_attribute("data-moves", str(before + 1))


def page_of(page):
    return page.locator(BOARD2D)


def test_tic_tac_toe_online_with_reload_spectator_and_rematch(browser, live_server_url):
    contexts = [browser.new_context() for _ in range(3)]
    host, guest, visitor = (context.new_page() for context in contexts)
    problems = watch(host) + watch(guest)
    try:
        url = create_room(host, live_server_url, "tic-tac-toe")
        invite = host.locator("[data-room-invite]")
        expect(invite).to_be_visible()
        expect(invite.locator("[data-room-link]")).to_have_value(url)
        expect(invite.locator("[data-room-qr] svg path")).to_have_count(1)
        # Before the friend joins the status line says so (in the page's own words).
        waiting = json.loads(host.locator("#room-strings").text_content())["waitingFriend"]
        expect(host.locator("[data-turn-line]")).to_have_text(waiting)
        join(guest, url)
        expect(host.locator("[data-turn-line]")).not_to_have_text(waiting)
        expect(invite).to_be_hidden()
        friend_shown(host)
        friend_shown(guest)

        play2d(host, [guest], "a1")
        play2d(guest, [host], "b1")
        guest.reload()  # a reload mid-game keeps the seat and the position
        expect(page_of(guest)).to_have_attribute("data-moves", "2")
        expect(guest.locator(PANEL)).to_have_attribute("data-connection", "open")
        expect(guest.locator("[data-room-side] [data-side='1']")).to_be_visible()

        visitor.goto(url)  # a third person can only watch
        expect(visitor.locator("[data-room-spectator]")).to_be_visible()
        expect(visitor.locator("[data-room-join-button]")).to_be_hidden()
        expect(page_of(visitor)).to_have_attribute("data-moves", "2")
        visitor.locator("[data-board2d] button[data-point='c3']").click(force=True)
        play2d(host, [guest, visitor], "a2")
        play2d(guest, [host, visitor], "b2")
        play2d(host, [guest, visitor], "a3")  # a column: the creator (first) wins
        for viewer in (host, guest, visitor):
            expect(page_of(viewer)).to_have_attribute("data-outcome", "0")
            expect(viewer.locator(PANEL)).to_have_attribute("data-status", "finished")

        # The host asks from the result dialog, the guest from the room panel.
        host_dialog = host.locator("dialog[data-result-dialog]")
        expect(host_dialog).to_have_attribute("open", "")
        host_dialog.locator("[data-action=rematch]").click()
        expect(guest.locator("[data-room-rematch-offered]")).to_be_visible()
        guest_dialog = guest.locator("dialog[data-result-dialog]")
        expect(guest_dialog).to_have_attribute("open", "")
        # The guest's result says that the friend already asked.
        expect(guest_dialog.locator("[data-result-rematch-offered]")).to_be_visible()
        expect(host_dialog).to_be_hidden()
        expect(host.locator("[data-result-rematch-offered]")).to_be_hidden()
        guest_dialog.locator("[data-action=view-board]").click()
        # A tap on the finished board names what a room has: the rematch button (a visitor,
        # who has none, is only told the game is over), never Again or the choice of mode.
        visitor_dialog = visitor.locator("dialog[data-result-dialog]")
        expect(visitor_dialog).to_have_attribute("open", "")
        visitor_dialog.locator("[data-action=view-board]").click()
        over = {guest: "error-game-over-friend", visitor: "error-game-over-watching"}
        for viewer, key in over.items():
            viewer.locator("[data-board2d] button[data-point='c3']").click(force=True)
            words = json.loads(viewer.locator("#ui-strings").text_content())
            expect(viewer.locator("[data-play-message]")).to_have_text(words[key])
        guest.locator("[data-room-rematch-button]").click()
        for viewer in (host, guest, visitor):
            expect(page_of(viewer)).to_have_attribute("data-moves", "0")
        expect(guest.locator("[data-room-side] [data-side='0']")).to_be_visible()
        play2d(guest, [host, visitor], "b2")  # colours swapped: the joiner moves first now
        assert problems == []
    finally:
        for context in contexts:
            context.close()


def test_an_unknown_room_offers_a_new_one(page, live_server_url):
    page.goto(f"{live_server_url}/zh-hans/r/AAAAAAAAAAAAAAAAAAAAAA/")
    expect(page.locator("[data-room-problem=room-gone]")).to_be_visible()
    page.locator("form[action='/api/rooms/'] button").first.click()
    expect(page).to_have_url(re.compile(r"/zh-hans/r/[A-Za-z0-9_-]{22,}/$"))


SPECTATORS = """async () => (await import('/static/js/rooms/room-session.js'))
  .RoomSession.current.presence.spectators"""


def test_room_words_agree_for_the_host_a_visitor_and_a_spectator(browser, live_server_url):
    contexts = [browser.new_context() for _ in range(3)]
    host, guest, visitor = (context.new_page() for context in contexts)
    problems = watch(host) + watch(guest) + watch(visitor)
    try:
        url = create_room(host, live_server_url, "three-mens-morris", language="zh-hans")
        waiting = json.loads(host.locator("#room-strings").text_content())["waitingFriend"]
        strings = json.loads(host.locator("#ui-strings").text_content())
        # The host is told to wait once, and not to choose a point while nobody has joined.
        expect(host.locator("[data-turn-line]")).to_have_text(waiting)
        assert host.locator(f".play-layout :text-is('{waiting}')").count() == 1
        expect(host.locator("[data-status-phase]")).to_have_text("")
        host.locator("[data-board2d] button[data-point='b2']").click(force=True)
        expect(host.locator("[data-play-message]")).to_have_text(strings["error-friend-not-joined"])
        # Someone who opened the link but has not joined is not "watching".
        guest.goto(url)
        expect(guest.locator("[data-turn-line]")).to_have_text(strings["error-join-first"])
        expect(guest.locator("[data-status-phase]")).to_have_text("")
        host.wait_for_function(f"({SPECTATORS})().then((n) => n >= 1)", timeout=15000)
        expect(host.locator("[data-room-watchers]")).to_be_hidden()
        guest.locator("[data-room-join-button]").click()
        expect(guest.locator("body")).to_have_attribute("data-room-seat", "guest")
        # A third person watches: told whose move it is, never to choose a point.
        visitor.goto(url)
        expect(visitor.locator("[data-room-spectator]")).to_be_visible()
        side = strings["side-0"]
        turn = strings["statusTurn"].replace("{side}", side)
        expect(visitor.locator("[data-turn-line]")).to_have_text(turn)
        expect(visitor.locator("[data-status-phase]")).to_have_text("")
        visitor.locator("[data-board2d] button[data-point='b2']").click(force=True)
        expect(visitor.locator("[data-play-message]")).to_have_text(strings["error-spectator"])
        host.wait_for_function(f"({SPECTATORS})().then((n) => n >= 1)", timeout=15000)
        expect(host.locator("[data-room-watchers]")).to_be_visible()
        assert problems == []
    finally:
        for context in contexts:
            context.close()


def test_a_long_game_arrives_whole_after_a_reload(live_server_url, page):
    """A Nine Men's Morris room 301 plies in: the page gets the header and three move slices,
    replays them with its engine twin and shows every move (the server never sends the
    position, and no message is larger than 8 KiB)."""
    from rooms import services
    from rooms.protocol import Move
    from tests.rooms.long_games import long_game

    moves = long_game("nine-mens-morris", 320)[:301]
    room, host = services.create_room("nine-mens-morris")
    guest = services.join(room.id, None).secret
    for ply, text in enumerate(moves):
        services.play_move(room.id, (host, guest)[ply % 2], Move(ply, text))
    watch(page)
    page.context.add_cookies([{"name": f"seat_{room.id}", "value": host, "url": live_server_url}])
    page.goto(f"{live_server_url}/ja/r/{room.id}/")
    expect(page.locator(PANEL)).to_have_attribute("data-connection", "open")
    expect(page_of(page)).to_have_attribute("data-moves", str(len(moves)))
    page.reload()
    expect(page.locator(PANEL)).to_have_attribute("data-connection", "open")
    expect(page_of(page)).to_have_attribute("data-moves", str(len(moves)))


# Each frame from the first: the Join button's box on screen (null while it is not shown) and
# whether the "you are watching" note is shown.
TRACK_JOIN = """
window.__join = [];
const started = performance.now();
const frame = () => {
  const button = document.querySelector("[data-room-join-button]");
  const note = document.querySelector("[data-room-spectator]");
  if (button) {
    const box = button.getBoundingClientRect();
    const shown = box.width > 0 && box.height > 0;
    window.__join.push([shown ? [box.x, box.y, box.width, box.height] : null,
                        Boolean(note && note.getClientRects().length)]);
  }
  if (performance.now() - started < 3000) requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
"""


@pytest.mark.parametrize(
    ("slug", "language", "size"),
    [
        ("gomoku", "ko", (390, 844)),
        ("gomoku", "ja", (1280, 800)),
        ("tic-tac-toe", "zh-hans", (390, 844)),
    ],
)
def test_the_join_button_holds_still_from_the_first_frame(
    browser, live_server_url, slug, language, size
):
    """A visitor's Join button stays where the server drew it while the page's scripts start
    and the room's first state arrives: it moved 39 px (phone) and 70 px (laptop) and vanished
    for a moment behind a wrong "you are watching" note, and a tap then was lost (a CI run's
    host waited for a guest whose click hit nothing)."""
    width, height = size
    contexts = [browser.new_context(viewport={"width": width, "height": height}) for _ in range(2)]
    host, visitor = (context.new_page() for context in contexts)
    try:
        url = create_room(host, live_server_url, slug, language)
        visitor.add_init_script(TRACK_JOIN)
        visitor.goto(url)
        expect(visitor.locator(PANEL)).to_have_attribute("data-connection", "open")
        visitor.wait_for_timeout(3200)
        frames = visitor.evaluate("window.__join")
        assert frames, "the Join button was never drawn"
        assert not any(watching for _box, watching in frames), "a visitor was told they watch"
        boxes = [box for box, _watching in frames]
        assert None not in boxes, "the Join button vanished for a moment"
        assert {tuple(box) for box in boxes} == {tuple(boxes[0])}, boxes[
            0 :: max(1, len(boxes) // 8)
        ]
    finally:
        for context in contexts:
            context.close()

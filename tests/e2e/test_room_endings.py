"""Friend games between people, in Chromium with two browser contexts: resign with a
confirmation, a draw offered and accepted, a friend who leaves (the page's clock and the
server's both moved by the test), the seat moved to another device, and the tab title that
tells a hidden tab it is its move."""

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from rooms.models import Room
from tests.e2e import browser as problems_of
from tests.e2e.test_rooms import PANEL, create_room, friend_shown, join, page_of, play2d

pytestmark = pytest.mark.django_db(transaction=True)


def pair(browser, live_server_url, slug="tic-tac-toe", language="ko"):
    contexts = [browser.new_context() for _ in range(2)]
    host, guest = (context.new_page() for context in contexts)
    problems = problems_of.watch(host, network=False) + problems_of.watch(guest, network=False)
    url = create_room(host, live_server_url, slug, language)
    join(guest, url)
    return contexts, host, guest, url, problems


def test_resign_asks_first_and_both_see_the_reason(browser, live_server_url):
    contexts, host, guest, url, problems = pair(browser, live_server_url)
    try:
        play2d(host, [guest], "a1")
        guest.locator("[data-room-resign]").click()
        expect(guest.locator("[data-room-resign-confirm]")).to_be_visible()
        guest.locator("[data-room-resign-no]").click()  # changed their mind
        expect(guest.locator("[data-room-resign-confirm]")).to_be_hidden()
        expect(host.locator(PANEL)).to_have_attribute("data-status", "playing")
        guest.locator("[data-room-resign]").click()
        guest.locator("[data-room-resign-yes]").click()
        for viewer in (host, guest):
            expect(viewer.locator(PANEL)).to_have_attribute("data-status", "finished")
            expect(page_of(viewer)).to_have_attribute("data-outcome", "0")
            expect(page_of(viewer)).to_have_attribute("data-reason", "resigned")
            dialog = viewer.locator("dialog[data-result-dialog]")
            expect(dialog).to_have_attribute("open", "")
            expect(dialog).not_to_contain_text("reason-")  # a real sentence, not a key
            ending = viewer.locator("[data-move-ending]")  # and the move list says it too
            expect(ending).to_have_text(dialog.locator("[data-result-detail]").text_content())
        guest.reload()  # the ending survives a reload
        expect(page_of(guest)).to_have_attribute("data-reason", "resigned")
        assert problems == []
    finally:
        for context in contexts:
            context.close()


def test_a_draw_offered_declined_then_accepted(browser, live_server_url):
    contexts, host, guest, url, problems = pair(browser, live_server_url, "dara", "ja")
    try:
        host.locator("[data-room-offer-draw]").click()
        expect(host.locator("[data-room-draw-sent]")).to_be_visible()
        expect(guest.locator("[data-room-draw-offered]")).to_be_visible()
        guest.locator("[data-room-draw-decline]").click()
        expect(host.locator("[data-room-draw-sent]")).to_be_hidden()
        expect(guest.locator("[data-room-draw-offered]")).to_be_hidden()
        guest.locator("[data-room-offer-draw]").click()
        host.locator("[data-room-draw-accept]").click()
        for viewer in (host, guest):
            expect(page_of(viewer)).to_have_attribute("data-outcome", "draw")
            expect(page_of(viewer)).to_have_attribute("data-reason", "agreed")
        assert problems == []
    finally:
        for context in contexts:
            context.close()


def test_the_turn_line_says_the_friend_left_rather_than_waiting_for_their_move(
    browser, live_server_url
):
    """Issue 29, item 1: with the friend gone on their turn, the turn line no longer says
    "waiting for O to move"; it says they left, and the usual line comes back with them."""
    contexts, host, guest, url, problems = pair(browser, live_server_url, language="ja")
    visitor = contexts[1].browser.new_context().new_page()
    try:
        play2d(host, [guest], "a1")  # now it is the friend's move
        room_strings = json.loads(host.locator("#room-strings").text_content())
        turn = host.locator("[data-turn-line]")
        expect(turn).not_to_have_text(room_strings["friendAwayTurn"])
        guest.close()
        room_id = url.rstrip("/").rsplit("/", 1)[1]
        Room.objects.filter(id=room_id).update(guest_seen_at=timezone.now() - timedelta(seconds=30))
        visitor.goto(url)  # anyone arriving makes the server send everyone its presence
        expect(turn).to_have_text(room_strings["friendAwayTurn"])
        assert problems == []
    finally:
        visitor.context.close()
        for context in contexts:
            context.close()


def test_a_friend_who_left_can_be_claimed_as_a_win(browser, live_server_url):
    """The server counts the friend's absence (the test moves the friend's last-seen time in
    the database); the page adds the time since (the test runs the page's clock)."""
    contexts = [browser.new_context() for _ in range(3)]
    host, guest = (context.new_page() for context in contexts[:2])
    problems = problems_of.watch(host, network=False)
    try:
        host.clock.install()
        url = create_room(host, live_server_url, "tic-tac-toe", "zh-hans")
        join(guest, url)
        room_id = url.rstrip("/").rsplit("/", 1)[1]
        # Seen present first: then "absent" below comes from the friend's socket closing, and
        # the server has written its last-seen time before the test moves it (CI, under load,
        # saw the close's write land after the move: 2 s away instead of 105).
        friend_shown(host)
        guest.close()  # the friend's tab is gone
        expect(host.locator("[data-room-friend] [data-when=absent]")).to_be_visible()

        def friend_away(seconds):
            past = timezone.now() - timedelta(seconds=seconds)
            Room.objects.filter(id=room_id).update(guest_seen_at=past)
            # One more watcher changes what the host's page shows (the count of watchers), so
            # the server sends it the presence, absences included. (The same watcher coming
            # again need not: its leaving and arriving can both be counted as one watcher, and
            # a count of seconds away is not pushed, since the page counts it on.)
            watcher = contexts[2].new_page()
            watcher.goto(url)
            expect(watcher.locator(PANEL)).to_have_attribute("data-connection", "open")
            return watcher

        friend_away(105)
        # The server's count has reached the host's page, and is short of two minutes ...
        expect(host.locator(PANEL)).to_have_attribute("data-friend-away", re.compile(r"^10\d$"))
        expect(host.locator("[data-room-away]")).to_be_hidden()
        host.clock.run_for(16_000)  # ... now it is, on the page's clock
        expect(host.locator("[data-room-away]")).to_be_visible()
        expect(host.locator("[data-room-claim-win]")).to_be_disabled()
        host.locator("[data-room-away-wait]").click()
        expect(host.locator("[data-room-away]")).to_be_hidden()
        visitor = friend_away(310)
        expect(host.locator(PANEL)).to_have_attribute("data-friend-away", re.compile(r"^3\d\d$"))
        expect(host.locator("[data-room-away]")).to_be_visible()
        expect(host.locator("[data-room-claim-win]")).to_be_enabled()
        host.locator("[data-room-claim-win]").click()
        expect(page_of(host)).to_have_attribute("data-outcome", "0")
        expect(page_of(host)).to_have_attribute("data-reason", "abandoned")
        expect(page_of(visitor)).to_have_attribute("data-reason", "abandoned")
        # The host's result reads as their own win over the friend who left (issue 29, item
        # 9): the friend is named as the one who left, never as "the other side" who won,
        # and no rematch is offered to someone who has gone.
        words = json.loads(host.locator("#ui-strings").text_content())
        dialog = host.locator("dialog[data-result-dialog]")
        expect(dialog).to_have_attribute("open", "")
        expect(dialog.locator("[data-result-title]")).to_have_text(words["resultYouWin"])
        detail = words["reason-abandoned"].replace("{loser}", words["side-1"])
        expect(dialog.locator("[data-result-detail]")).to_have_text(detail)
        expect(dialog.locator("[data-result-detail]")).not_to_contain_text("对方")
        expect(dialog.locator("[data-action=rematch]")).to_be_hidden()
        assert problems == []
    finally:
        for context in contexts:
            context.close()


def test_the_seat_moves_to_another_device_once(browser, live_server_url):
    contexts, host, guest, url, problems = pair(browser, live_server_url, "tic-tac-toe", "ko")
    laptop_context = browser.new_context()
    try:
        play2d(host, [guest], "a1")
        host.locator("[data-room-transfer-button]").click()
        link = host.locator("[data-room-transfer-url]")
        expect(link).to_have_value(re.compile(r"#take=[A-Za-z0-9_-]+$"))
        expect(host.locator("[data-room-transfer-qr] svg path")).to_have_count(1)
        shared = link.input_value()
        laptop = laptop_context.new_page()
        laptop.goto(shared)
        expect(laptop.locator("body")).to_have_attribute("data-room-seat", "host")
        assert "#take" not in laptop.url  # the secret left the address bar
        expect(laptop.locator(PANEL)).to_have_attribute("data-connection", "open")
        expect(host.locator("[data-room-spectator]")).to_be_visible()  # the phone watches
        play2d(guest, [laptop, host], "b1")
        play2d(laptop, [guest, host], "a2")
        again = browser.new_context().new_page()
        again.goto(shared)  # a second use
        expect(again.locator("[data-room-take-failed]")).to_be_visible()
        expect(again.locator("body")).to_have_attribute("data-room-seat", "")
        again.context.close()
        assert problems == []
    finally:
        for context in [*contexts, laptop_context]:
            context.close()


def test_a_hidden_tab_is_told_in_its_title_that_it_is_its_move(browser, live_server_url):
    contexts, host, guest, url, problems = pair(browser, live_server_url, "tic-tac-toe", "ja")
    try:
        title = host.title()
        host.evaluate(HIDE)  # the host switches to another tab
        host.locator("[data-board2d] button[data-point='a1']").click()
        expect(page_of(guest)).to_have_attribute("data-moves", "1")
        guest.locator("[data-board2d] button[data-point='b1']").click()
        expect(host).to_have_title(re.compile(r"^● "))
        assert host.title().endswith(title)
        host.evaluate(SHOW)
        expect(host).to_have_title(title)
        assert problems == []
    finally:
        for context in contexts:
            context.close()


HIDE = """() => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""
SHOW = """() => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'visible'});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_no_claim_is_offered_when_the_friend_has_just_joined(browser, live_server_url):
    """In a room made ten minutes ago, a friend who has joined but whose page has not opened
    its socket yet has not left: the host's page offers no claim (the server counts the
    friend's absence from the join)."""
    contexts = [browser.new_context() for _ in range(2)]
    host = contexts[0].new_page()
    problems = problems_of.watch(host, network=False)
    try:
        url = create_room(host, live_server_url, "tic-tac-toe", "ko")
        room_id = url.rstrip("/").rsplit("/", 1)[1]
        long_ago = timezone.now() - timedelta(minutes=10)
        Room.objects.filter(id=room_id).update(
            created_at=long_ago, last_active_at=long_ago, host_seen_at=long_ago
        )
        host.reload()  # the presence the host's page holds is that of a ten-minute-old room
        expect(host.locator(PANEL)).to_have_attribute("data-connection", "open")
        guest = contexts[1].request  # joins over HTTP only: no page, so no socket
        assert guest.get(url).ok
        token = next(c["value"] for c in contexts[1].cookies() if c["name"] == "csrftoken")
        joined = guest.post(
            f"{live_server_url}/api/rooms/{room_id}/join",
            headers={"Accept": "application/json", "X-CSRFToken": token, "Referer": url},
        )
        assert joined.status == 200
        expect(host.locator(PANEL)).to_have_attribute("data-status", "playing")
        expect(host.locator("[data-room-friend] [data-when=absent]")).to_be_visible()
        expect(host.locator(PANEL)).to_have_attribute("data-friend-away", "")
        expect(host.locator("[data-room-away]")).to_be_hidden()
        expect(host.locator("[data-room-claim-win]")).to_be_hidden()
        assert problems == []
    finally:
        for context in contexts:
            context.close()

"""A full room in Chromium: the 21st watcher's page says, in its language, that the game has
all the watchers it can take (not that the room has closed), keeps trying with backoff, and
gets in once a place is free (docs/PROTOCOL.md: close 4429 means retry)."""

from contextlib import ExitStack

import pytest
from playwright.sync_api import expect
from websockets.sync.client import connect

from rooms import services
from tests.e2e.test_rooms import PANEL, create_room, join, watch
from throttle import limits

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_full_room_says_so_and_lets_the_watcher_in_when_a_place_frees(
    browser, live_server_url
):
    contexts = [browser.new_context() for _ in range(3)]
    host, guest, late = (context.new_page() for context in contexts)
    problems = watch(late)
    watchers, held = [], ExitStack()
    try:
        url = create_room(host, live_server_url, "tic-tac-toe", "ja")
        join(guest, url)
        room_id = url.rstrip("/").rsplit("/", 1)[1]
        socket_url = live_server_url.replace("http", "ws", 1) + f"/ws/rooms/{room_id}/"
        for _ in range(limits.SPECTATORS_PER_ROOM):
            watcher = held.enter_context(connect(socket_url, origin=live_server_url))
            watchers.append(watcher)
            assert '"welcome"' in watcher.recv(timeout=10)
        late.goto(url)
        panel = late.locator(PANEL)
        expect(panel).to_have_attribute("data-connection", "full")
        notice = late.locator("[data-room-connection] [data-when=full]")
        expect(notice).to_be_visible()
        expect(notice).to_have_text("観戦できる人数がいっぱいです。もう一度試しています…")
        expect(late.locator("[data-room-gone]")).to_be_hidden()
        watchers.pop().close()  # a place frees: the next try (backoff of at most 15 s) gets in
        expect(panel).to_have_attribute("data-connection", "open", timeout=30_000)
        expect(notice).to_be_hidden()
        assert services.live_room(room_id).status == "playing"
        assert [p for p in problems if "4429" not in str(p)] == []
    finally:
        held.close()
        for context in contexts:
            context.close()

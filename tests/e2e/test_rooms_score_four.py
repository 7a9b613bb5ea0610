"""Score Four online in Chromium: two browser contexts play a game to the end through the peg
panel, a reload mid-game resumes the seat, a third visitor watches, and a rematch (asked for
once from the result dialog, once from the room panel) swaps the colours.

Every page reads data- attributes only (the words are translated); the status line is compared
with the room page's own #room-strings, whatever the language.
"""

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.test_rooms import BOARD3D, PANEL, create_room, friend_shown, join, watch

pytestmark = pytest.mark.django_db(transaction=True)

STATUS = "[data-turn-line]"


def room_string(page, key):
    return json.loads(page.locator("#room-strings").text_content())[key]


def drop(mover, viewers, name):
    """Press peg `name` on the mover's panel; every viewer sees one more ball."""
    before = int(mover.locator(BOARD3D).get_attribute("data-moves"))
    mover.locator(f'[data-peg-panel] [data-peg="{name}"]').click()
    for viewer in [mover, *viewers]:
        expect(viewer.locator(BOARD3D)).to_have_attribute("data-moves", str(before + 1))


def usable(page, name):
    return page.locator(f'[data-peg-panel] [data-peg="{name}"]')


def test_score_four_online_with_reload_spectator_and_rematch(browser, live_server_url):
    contexts = [browser.new_context() for _ in range(3)]
    host, guest, visitor = (context.new_page() for context in contexts)
    problems = watch(host) + watch(guest) + watch(visitor)
    try:
        host.goto(f"{live_server_url}/ja/score-four/")
        expect(host.locator("[data-friend-form] input[name=language]")).to_have_value("ja")
        url = create_room(host, live_server_url, "score-four", language="ja")
        # No mode to choose, no local controls, and no move before the friend is there.
        expect(host.locator("[data-mode-choice]")).to_be_hidden()
        for action in ("undo", "again", "choose-mode"):
            expect(host.locator(f"[data-game-controls] [data-action={action}]")).to_be_hidden()
        expect(host.locator(STATUS)).to_have_text(room_string(host, "waitingFriend"))
        expect(usable(host, "A1")).to_have_attribute("aria-disabled", "true")

        join(guest, url)
        friend_shown(host)
        expect(host.locator(STATUS)).not_to_have_text(room_string(host, "waitingFriend"))
        expect(usable(guest, "A1")).to_have_attribute("aria-disabled", "true")  # white first
        players = [host, guest]
        moves = ["A1", "A2", "B1", "B2", "C1", "C2", "D1"]  # white fills row 1: a win
        for ply, name in enumerate(moves[:4]):
            drop(players[ply % 2], [players[1 - ply % 2]], name)

        guest.reload()  # a reload mid-game keeps the seat and the position
        expect(guest.locator(BOARD3D)).to_have_attribute("data-moves", "4")
        expect(guest.locator(PANEL)).to_have_attribute("data-connection", "open")
        expect(guest.locator("[data-room-side] [data-side='1']")).to_be_visible()

        watching = "[data-room-watchers]"
        expect(host.locator(watching)).to_be_hidden()
        host_peg = usable(host, "C1").bounding_box()
        visitor.goto(url)  # both seats are taken: a third person watches
        expect(visitor.locator("[data-room-spectator]")).to_be_visible()
        expect(visitor.locator(BOARD3D)).to_have_attribute("data-moves", "4")
        visitor_peg = usable(visitor, "C1").bounding_box()
        # The watcher count appears without moving a peg under anyone's finger, the new
        # watcher's own included (its count comes after the position).
        for page, box in ((host, host_peg), (visitor, visitor_peg)):
            expect(page.locator(watching)).to_be_visible()
            assert usable(page, "C1").bounding_box() == box
        expect(usable(visitor, "C1")).to_have_attribute("aria-disabled", "true")
        usable(visitor, "C1").click(force=True)  # refused on the spot: nothing is sent
        expect(visitor.locator("[data-play-message]")).to_be_visible()
        for ply, name in enumerate(moves[4:], start=4):
            drop(players[ply % 2], [players[1 - ply % 2], visitor], name)
        for viewer in (host, guest, visitor):
            board = viewer.locator(BOARD3D)
            expect(board).to_have_attribute("data-outcome", "white")
            expect(board).to_have_attribute("data-gold-cells", "A1/1 B1/1 C1/1 D1/1")
            expect(viewer.locator(PANEL)).to_have_attribute("data-status", "finished")

        # The host asks from the result dialog, the guest from the room panel.
        dialog = host.locator("dialog[data-result-dialog]")
        expect(dialog).to_have_attribute("open", "")
        expect(dialog.locator("[data-action=again]")).to_have_count(0)
        dialog.locator("[data-action=rematch]").click()
        expect(host.locator("[data-room-rematch-waiting]")).to_be_visible()
        expect(guest.locator("[data-room-rematch-offered]")).to_be_visible()
        guest_dialog = guest.locator("dialog[data-result-dialog]")
        expect(guest_dialog).to_have_attribute("open", "")
        guest_dialog.locator("[data-action=view-board]").click()
        guest.locator("[data-room-rematch-button]").click()
        for viewer in (host, guest, visitor):
            expect(viewer.locator(BOARD3D)).to_have_attribute("data-moves", "0")
        expect(guest.locator("[data-room-side] [data-side='0']")).to_be_visible()
        expect(usable(host, "B2")).to_have_attribute("aria-disabled", "true")
        drop(guest, [host, visitor], "B2")  # colours swapped: the joiner moves first now
        drop(host, [guest, visitor], "B3")
        assert problems == []
    finally:
        for context in contexts:
            context.close()

"""A Gomoku friend room played to the end in Chromium, in Korean, Japanese and Chinese, on a
phone (390x844, touch) and a laptop (1280x800), one rule setting per case so that each is
played in two languages and on both screens: the host picks the rule and creates the room,
the friend joins, both play by tap-then-confirm until black's five, the host reviews the
game (the review replays it under the room's rule), and the friend's rematch swaps colours
under the same rule.

The tests read data- attributes (the words are translated): the page root's data-moves,
data-outcome, data-variant; the room panel's data-status; the review panel's state."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e import browser as tools
from tests.e2e.test_gomoku import CASES, choose_rule, point

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "gomoku"
ROOT = "[data-board2d-page]"
PANEL = "[data-room-panel]"
# Black (the host) makes an open four then five along row 8; white answers far away. Under
# Renju no black stone here is forbidden (one line only: no double three or four).
GAME = ["H8", "A1", "I8", "A3", "J8", "A5", "K8", "A7", "L8"]
FIVE = ["H8", "I8", "J8", "K8", "L8"]


def place(page, name, confirm_button):
    """A tap places the ghost stone; the confirm button or a second tap on it plays it."""
    point(page, name).click()
    expect(page.locator("[data-board2d]")).to_have_attribute("data-ghost", name)
    if confirm_button:
        page.locator("[data-confirm-move]").click()
    else:
        point(page, name).click()


@pytest.mark.parametrize(
    ("language", "size", "rule"), CASES, ids=[f"{c[0]}-{c[1][0]}-{c[2]}" for c in CASES]
)
def test_a_friend_room_game_to_the_five_its_review_and_the_rematch(
    browser, live_server_url, language, size, rule
):
    width, height = size
    phone = width < 600
    contexts = [
        browser.new_context(
            viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
            reduced_motion="reduce",
        )
        for _ in range(2)
    ]
    host, guest = (context.new_page() for context in contexts)
    problems = tools.watch(host, network=False) + tools.watch(guest, network=False)
    try:
        host.goto(f"{live_server_url}/{language}/{SLUG}/")
        choose_rule(host, rule)
        host.locator("[data-friend-form] button[type=submit]").click()
        expect(host).to_have_url(re.compile(rf"/{language}/r/[A-Za-z0-9_-]{{22,}}/$"))
        guest.goto(host.url)
        guest.locator("[data-room-join-button]").click()
        for page in (host, guest):
            expect(page.locator(PANEL)).to_have_attribute("data-status", "playing")
            expect(page.locator(ROOT)).to_have_attribute("data-variant", rule)
            expect(page.locator("[data-status-variant]")).not_to_be_empty()

        for ply, name in enumerate(GAME):
            mover = host if ply % 2 == 0 else guest
            place(mover, name, confirm_button=ply % 4 == 1)
            for page in (host, guest):
                expect(page.locator(ROOT)).to_have_attribute("data-moves", str(ply + 1))
                expect(point(page, name)).to_have_attribute("data-owner", str(ply % 2))
        for page in (host, guest):
            expect(page.locator(ROOT)).to_have_attribute("data-outcome", "0")
            expect(page.locator(ROOT)).to_have_attribute("data-reason", "line")
            expect(page.locator(PANEL)).to_have_attribute("data-status", "finished")
            for name in FIVE:
                expect(point(page, name)).to_have_attribute("data-win", "")

        # The host reviews the game from the result dialog; the review finishes on the
        # room's rule (its moves replayed by the twin under it).
        host_dialog = host.locator("dialog[data-result-dialog]")
        expect(host_dialog).to_have_attribute("open", "")
        host_dialog.locator("[data-action=review-game]").click()
        review = host.locator("[data-game-review]")
        expect(review).to_have_attribute("data-review-state", "done", timeout=60_000)

        # The friend asks for a rematch; the host accepts from the room panel.
        guest_dialog = guest.locator("dialog[data-result-dialog]")
        expect(guest_dialog).to_have_attribute("open", "")
        guest_dialog.locator("[data-action=rematch]").click()
        expect(host.locator("[data-room-rematch-offered]")).to_be_visible()
        host.locator("[data-room-rematch-button]").click()
        for page in (host, guest):
            expect(page.locator(ROOT)).to_have_attribute("data-moves", "0")
            expect(page.locator(ROOT)).to_have_attribute("data-variant", rule)
        expect(guest.locator("[data-room-side] [data-side='0']")).to_be_visible()
        place(guest, "H8", confirm_button=False)  # colours swapped: the friend is black now
        for page in (host, guest):
            expect(page.locator(ROOT)).to_have_attribute("data-moves", "1")
            expect(point(page, "H8")).to_have_attribute("data-owner", "0")
        for page in (host, guest):
            missing = page.evaluate("document.documentElement.dataset.missingString")
            assert missing is None, missing
        assert problems == []
    finally:
        for context in contexts:
            context.close()

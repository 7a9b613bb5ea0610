"""A Reversi friend room played to the end in Chromium, in two languages, on a phone (390x844,
touch) and a laptop (1280x800): the host creates the room, the friend joins, both play a
15-ply game in which white passes twice (the Pass button shows only on the screen of the side
that must pass, and the pass reaches the other as a move), black wins 17 to 0 by the count,
the host reviews the game, and the friend's rematch swaps colours.

The tests read data- attributes (the words are translated): the page root's data-moves,
data-outcome, data-reason; the room panel's data-status; the review panel's state."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e import browser as tools
from tests.e2e.test_review import REVERSI as GAME

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "reversi"
ROOT = "[data-board2d-page]"
PANEL = "[data-room-panel]"
CASES = [("ko", (390, 844)), ("zh-hans", (1280, 800))]


def square(page, name):
    return page.locator(f"[data-board2d] button[data-point='{name}']")


@pytest.mark.parametrize(("language", "size"), CASES, ids=[f"{c[0]}-{c[1][0]}" for c in CASES])
def test_a_friend_room_game_with_passes_to_the_count_its_review_and_the_rematch(
    browser, live_server_url, language, size
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
        host.locator("[data-friend-form] button[type=submit]").click()
        expect(host).to_have_url(re.compile(rf"/{language}/r/[A-Za-z0-9_-]{{22,}}/$"))
        guest.goto(host.url)
        guest.locator("[data-room-join-button]").click()
        for page in (host, guest):
            expect(page.locator(PANEL)).to_have_attribute("data-status", "playing")

        for ply, text in enumerate(GAME):
            mover, other = (host, guest) if ply % 2 == 0 else (guest, host)
            if text == "pass":
                expect(mover.locator("[data-pass-move]")).to_be_visible()
                expect(other.locator("[data-pass-move]")).to_be_hidden()
                mover.locator("[data-pass-move]").click()
            else:
                square(mover, text).click()
            for page in (host, guest):
                expect(page.locator(ROOT)).to_have_attribute("data-moves", str(ply + 1))
        for page in (host, guest):
            expect(page.locator(ROOT)).to_have_attribute("data-outcome", "0")
            expect(page.locator(ROOT)).to_have_attribute("data-reason", "discs")
            expect(page.locator(PANEL)).to_have_attribute("data-status", "finished")
            expect(page.locator("[data-status-side='0'] [data-count=board]")).to_have_text("17")
            expect(page.locator("[data-status-side='1'] [data-count=board]")).to_have_text("0")
            label = page.locator("[data-pass-move]").text_content()
            passes = page.locator("[data-move-list] .move__text", has_text=label)
            expect(passes).to_have_count(2)

        host_dialog = host.locator("dialog[data-result-dialog]")
        expect(host_dialog).to_have_attribute("open", "")
        host_dialog.locator("[data-action=review-game]").click()
        review = host.locator("[data-game-review]")
        expect(review).to_have_attribute("data-review-state", "done", timeout=60_000)

        guest_dialog = guest.locator("dialog[data-result-dialog]")
        expect(guest_dialog).to_have_attribute("open", "")
        guest_dialog.locator("[data-action=rematch]").click()
        expect(host.locator("[data-room-rematch-offered]")).to_be_visible()
        host.locator("[data-room-rematch-button]").click()
        for page in (host, guest):
            expect(page.locator(ROOT)).to_have_attribute("data-moves", "0")
        square(guest, "d3").click()  # colours swapped: the friend is black now
        for page in (host, guest):
            expect(page.locator(ROOT)).to_have_attribute("data-moves", "1")
            expect(square(page, "d4")).to_have_attribute("data-owner", "0")
        for page in (host, guest):
            missing = page.evaluate("document.documentElement.dataset.missingString")
            assert missing is None, missing
        assert problems == []
    finally:
        for context in contexts:
            context.close()

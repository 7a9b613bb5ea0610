"""A friend room of a game with rule settings, in Chromium: the host chooses the rules in the
mode panel and creates the room, the friend sees them named on the invitation before joining,
both pages play under them (the page root's data-variant), and stones go from one to the
other. Gomoku under Renju: black's forbidden points are marked on the host's board.

The tests read data- attributes (the words are translated) and the rule's translated name."""

import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from games import registry
from tests.e2e import browser as tools

pytestmark = pytest.mark.django_db(transaction=True)

SLUG = "gomoku"
ROOT = "[data-board2d-page]"
PANEL = "[data-room-panel]"
# Black (the host) fills A1-D1 and F1 while white plays apart: E1 would then be six in a row.
OVERLINE = ["A1", "A15", "B1", "B15", "C1", "C15", "D1", "H15", "F1", "J15"]


def place(page, name):
    """A tap places the ghost stone, a second tap on it plays it (the board's `confirm`)."""
    point = page.locator(f"[data-board2d] button[data-point='{name}']")
    point.click()
    expect(page.locator("[data-board2d]")).to_have_attribute("data-ghost", name)
    point.click()


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_the_host_chooses_renju_and_the_friend_sees_it_and_plays(
    browser, live_server_url, language
):
    renju = next(v for v in registry.get(SLUG).variants if v.key == "renju")
    with translation.override(language):
        name = translation.pgettext(*renju.name)
    contexts = [browser.new_context() for _ in range(2)]
    host, guest = (context.new_page() for context in contexts)
    problems = tools.watch(host, network=False) + tools.watch(guest, network=False)
    try:
        host.goto(f"{live_server_url}/{language}/{SLUG}/")
        host.locator("[data-variant-choice] input[value='renju']").check()
        host.locator("[data-friend-form] button[type=submit]").click()
        expect(host).to_have_url(re.compile(rf"/{language}/r/[A-Za-z0-9_-]{{22,}}/$"))
        url = host.url
        expect(host.locator(ROOT)).to_have_attribute("data-variant", "renju")
        guest.goto(url)
        expect(guest.locator("[data-room-variant-name]")).to_contain_text(name)
        expect(guest.locator("[data-room-join-button]")).to_be_visible()
        guest.locator("[data-room-join-button]").click()
        expect(guest.locator(PANEL)).to_have_attribute("data-status", "playing")
        expect(guest.locator(ROOT)).to_have_attribute("data-variant", "renju")
        expect(guest.locator("[data-room-variant-name]")).to_contain_text(name)
        for ply, point in enumerate(OVERLINE):
            place(host if ply % 2 == 0 else guest, point)
            for page in (host, guest):
                expect(page.locator(ROOT)).to_have_attribute("data-moves", str(ply + 1))
        # Black to move under Renju: the host's board marks the forbidden point(s), E1 among them.
        expect(host.locator("[data-board2d] .mark-forbidden").first).to_be_attached()
        place(host, "G8")  # a legal stone still plays
        for page in (host, guest):
            expect(page.locator(ROOT)).to_have_attribute("data-moves", str(len(OVERLINE) + 1))
        assert problems == []
    finally:
        for context in contexts:
            context.close()

"""What the last move did, said under the turn line (issue 29): a move that leaves a line one
move from complete, which the other side must block, on a phone in Korean, Japanese and
Chinese; Tic-tac-toe (one threat, then a fork), Nine Men's Morris (a mill one placement from
closed) and Score Four (a level row one ball short).
The line goes once the threat is blocked. The words come from the page's own strings."""

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import watch
from tests.e2e.test_board2d import open_game, play_moves, start_local
from tests.e2e.test_score_four import open_page, play_local, start

PHONE = {"width": 390, "height": 844}
LAST = "[data-last-line]"
# The last-move line lies above the board, inside the screen.
ABOVE_BOARD = """([line, board]) => {
  const l = document.querySelector(line).getBoundingClientRect();
  const b = document.querySelector(board).getBoundingClientRect();
  return l.top >= 0 && l.bottom <= b.top + 1; }"""


def ui(page):
    return json.loads(page.locator("#ui-strings").text_content())


def fill(template, **values):
    for key, value in values.items():
        template = template.replace("{" + key + "}", str(value))
    return template


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_a_threat_is_said_under_the_turn_line(browser, live_server_url, language):
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce"
    )
    page = context.new_page()
    problems = watch(page)
    try:
        root = open_game(page, live_server_url, "tic-tac-toe", language)
        start_local(page, root)
        words = ui(page)
        last = page.locator(LAST)
        play_moves(page, root, ["a1", "b1"])
        expect(last).to_be_hidden()  # nothing one move from complete yet
        play_moves(page, root, ["a2"])
        expect(last).to_contain_text(fill(words["threat-one"], side=words["side-0"], point="a3"))
        expect(last).to_contain_text(fill(words["announce-place"], side=words["side-0"], to="a2"))
        page.wait_for_function(ABOVE_BOARD, arg=[LAST, "[data-board2d] svg"])
        play_moves(page, root, ["a3"])  # blocked: O's a3 and b1 make no threat
        expect(last).to_be_hidden()
        # A fork: two threats, only one can be blocked.
        page.locator("[data-game-controls] [data-action=again]").click()
        expect(root).to_have_attribute("data-moves", "0")
        play_moves(page, root, ["a1", "b2", "c3", "c1", "a3"])
        both = words["listSeparator"].join(["a2", "b3"])
        expect(last).to_contain_text(fill(words["threat-many"], side=words["side-0"], points=both))

        # Nine Men's Morris: a mill one placement from closed.
        root = open_game(page, live_server_url, "nine-mens-morris", language)
        start_local(page, root)
        words = ui(page)
        play_moves(page, root, ["a1", "a7", "d1"])
        expect(last).to_contain_text(fill(words["threat-one"], side=words["side-0"], point="g1"))
        play_moves(page, root, ["g1"])  # blocked
        expect(last).to_be_hidden()

        problems += open_page(page, live_server_url, language)
        start(page, "local")
        words = ui(page)
        play_local(page, ["A1", "A2", "B1", "B2"])
        expect(last).to_be_hidden()
        play_local(page, ["C1"])  # white A1 B1 C1 on level 1: D1 level 1 is open
        threat = fill(words["threat-one"], side=words["white"], peg="D1", level=1)
        expect(last).to_contain_text(threat)
        page.wait_for_function(ABOVE_BOARD, arg=[LAST, "[data-board3d]"])
        play_local(page, ["D1"])
        expect(last).to_be_hidden()
        assert problems == []
    finally:
        context.close()

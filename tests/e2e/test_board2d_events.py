"""What just happened on a 2D board, said where the player looks (issue 29): the mill or Dara
line just made is drawn and listed on the board (data-formed-lines), the capture prompt is on
the turn line above the board and the capture made under it, a refusal stands under the turn
line instead of over it,
Tic-tac-toe's move list and legend draw X and O, and looking back through a finished game the
turn line says which position is shown."""

import json

from playwright.sync_api import expect

from tests.e2e.browser import watch
from tests.e2e.test_board2d import open_game, play_moves, play_points, point, start_local
from tests.e2e.test_review import THREE_MENS, review_from_dialog

LAPTOP = {"width": 1280, "height": 800}
IN_VIEW = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight; }"""


def ui_strings(page):
    return json.loads(page.locator("#ui-strings").text_content())


def formed(page):
    value = page.locator("[data-board2d]").get_attribute("data-formed-lines") or ""
    return [sorted(line.split()) for line in value.split(",") if line]


def test_a_mill_is_drawn_and_the_capture_is_asked_for_above_the_board(browser, live_server_url):
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    problems = watch(page)
    root = open_game(page, live_server_url, "nine-mens-morris", "zh-hans")
    start_local(page, root)
    play_moves(page, root, ["a1", "c5", "d1", "d5", "f4"])
    turn = page.locator("[data-turn-line]")
    play_points(page, root, ["e5"])  # black closes c5-d5-e5
    expect(root).to_have_attribute("data-stage", "capture")
    expect(turn).to_have_text(ui_strings(page)["announce-capture-choose"])
    assert page.evaluate(IN_VIEW, "[data-turn-line]")
    assert formed(page) == [["c5", "d5", "e5"]]
    expect(page.locator("[data-board2d] .mark-mill")).to_have_count(1)
    play_points(page, root, ["f4"])
    expect(root).to_have_attribute("data-moves", "6")
    # After the capture: the mill stays drawn, the removed piece is marked, the turn line
    # says whose move it is again.
    assert formed(page) == [["c5", "d5", "e5"]]
    expect(point(page, "f4")).to_have_attribute("data-last", "capture")
    expect(turn).not_to_have_text(ui_strings(page)["announce-capture-choose"])
    # Under the turn line: what the capture took, until the next move.
    last = page.locator("[data-last-line]")
    expect(last).to_be_visible()
    expect(last).to_contain_text("f4")
    play_moves(page, root, ["f2"])
    # The capture's note is gone; the line now tells the threat f2 leaves (a mill on g1).
    expect(last).not_to_contain_text("f4")
    expect(last).to_contain_text("g1")
    assert formed(page) == []
    expect(page.locator("[data-board2d] .mark-mill")).to_have_count(0)
    assert problems == []
    context.close()


# 24 legal placements (tests/e2e/test_board2d.py) after which White's d2-e2 makes a three.
DARA_PLACEMENTS = (
    "f3 c2 e3 f5 c4 c3 c5 d5 b1 b5 e1 a2 e5 a1 d2 d1 c1 d4 a5 e4 a4 f1 b3 f2"
).split()


def test_a_dara_line_is_drawn_and_a_refusal_stands_beside_the_turn_line(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "dara", "ko")
    start_local(page, root)
    play_moves(page, root, ["a1", "f5", "b1", "f4"])
    turn = page.locator("[data-turn-line]")
    said = turn.text_content()
    play_points(page, root, ["c1"])  # a three while placing: refused
    message = page.locator("[data-play-message]")
    expect(message).to_be_visible()
    expect(turn).to_be_visible()
    expect(turn).to_have_text(said)  # the turn is still said
    turn_box, message_box = turn.bounding_box(), message.bounding_box()
    assert message_box["y"] >= turn_box["y"] + turn_box["height"] - 1, (turn_box, message_box)
    page.locator("[data-game-controls] [data-action=again]").click()
    play_moves(page, root, DARA_PLACEMENTS)
    play_points(page, root, ["d2", "e2"])
    expect(root).to_have_attribute("data-stage", "capture")
    lines = formed(page)
    assert len(lines) == 1 and "e2" in lines[0] and len(lines[0]) == 3, lines
    for name in lines[0]:
        expect(point(page, name)).to_have_attribute("data-owner", "0")
    assert problems == []


def test_tic_tac_toe_moves_and_legend_show_x_and_o(page, live_server_url):
    problems = watch(page)
    for language, first in [("ko", "x"), ("ja", "o")]:
        root = open_game(page, live_server_url, "tic-tac-toe", language)
        start_local(page, root)
        play_moves(page, root, ["a1", "b1"])
        second = "o" if first == "x" else "x"
        moves = page.locator("[data-move-list]")
        expect(moves.locator("[data-move='1']")).to_have_class(f"move__text move--{first}")
        expect(moves.locator("[data-move='2']")).to_have_class(f"move__text move--{second}")
        # The legend's X is a cross (two strokes), its O a ring: never a filled square.
        looks = page.evaluate("""() => [0, 1].map((side) => {
            const s = getComputedStyle(document.querySelector(`.status-swatch--${side}`));
            return {image: s.backgroundImage, radius: s.borderTopLeftRadius}; })""")
        cross, ring = (looks[0], looks[1]) if first == "x" else (looks[1], looks[0])
        assert cross["image"].count("linear-gradient") == 2, cross
        assert ring["image"] == "none" and ring["radius"] == "50%", ring
        page.locator("[data-game-controls] [data-action=choose-mode]").click()
    assert problems == []


def test_the_turn_line_says_which_position_the_review_shows(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "three-mens-morris", "ja")
    start_local(page, root)
    play_moves(page, root, THREE_MENS)
    expect(root).to_have_attribute("data-outcome", "1")
    turn = page.locator("[data-turn-line]")
    result = turn.text_content()
    panel = review_from_dialog(page)
    panel.locator("[data-review-mark='1']").click()
    expect(root).to_have_attribute("data-review-ply", "0")
    expect(turn).to_have_text(ui_strings(page)["reviewStart"])
    page.locator("[data-review-step=next]").click()
    expect(turn).to_have_attribute("data-review", "1")
    expect(turn).to_contain_text("b1")
    page.locator("[data-review-step=last]").click()
    expect(turn).to_have_text(result)  # the end: the result again
    assert problems == []

"""Gomoku's play page in Chromium: full games against the AI and on one device, in Korean,
Japanese and Chinese, on a phone (390x844) and a laptop (1280x800), under each rule setting
(chosen in the mode panel before the game, shown during it).

The board is the 2D board's `points` kind with two registry facts any game may use: `confirm`
(a tap places a ghost stone, a second tap on it or the confirm button plays it; the keyboard
plays at once) and the engine's forbidden points (Renju's for black), marked on the board.
The tests read data- attributes only: the page root's data-moves, data-outcome, data-variant,
data-error; each point's data-owner, data-forbidden, data-win, data-last; the board's
data-ghost.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import watch

SLUG = "gomoku"
LANGUAGES = ("ko", "ja", "zh-hans")
SIZES = ((390, 844), (1280, 800))
RULES = ("freestyle", "exact-five", "renju")
# Points far from each other, row by row from the bottom corner: stones there never make a
# five (two apart along the row, rows two apart) nor a Renju foul.
QUIET = [f"{column}{row}" for row in (1, 3, 5) for column in "ACEGIKMO"]


def open_game(page, base, language):
    page.goto(f"{base}/{language}/{SLUG}/")
    root = page.locator("[data-board2d-page]")
    expect(root).to_have_attribute("data-ready", "true")
    return root


def choose_rule(page, rule):
    page.locator(f"[data-variant-choice] input[value='{rule}']").check()


def point(page, name):
    return page.locator(f"[data-board2d] button[data-point='{name}']")


def place(page, root, name, how="tap-twice", against_ai_as=None):
    """Play a stone: a tap places the ghost, then a second tap on it (or the confirm button).
    `against_ai_as` (the person's side): the AI may have answered before the page is looked
    at (CI, under load), so the count is one or two moves on and the last mark on either; the
    stone is the person's."""
    before = int(root.get_attribute("data-moves"))
    point(page, name).click()
    expect(page.locator("[data-board2d]")).to_have_attribute("data-ghost", name)
    expect(root).to_have_attribute("data-moves", str(before))  # a ghost is not a move
    if how == "confirm":
        page.locator("[data-confirm-move]").click()
    else:
        point(page, name).click()
    if against_ai_as is not None:
        expect(root).to_have_attribute("data-moves", re.compile(rf"^({before + 1}|{before + 2})$"))
        expect(point(page, name)).to_have_attribute("data-owner", str(against_ai_as))
        return
    expect(root).to_have_attribute("data-moves", str(before + 1))
    expect(point(page, name)).to_have_attribute("data-last", "to")


def play_local(page, root, moves, how="tap-twice"):
    for i, name in enumerate(moves):
        place(page, root, name, "confirm" if how == "mixed" and i % 2 else "tap-twice")


def quiet_point(page):
    for name in QUIET:
        button = point(page, name)
        empty = button.get_attribute("data-owner") == ""
        if empty and button.get_attribute("data-forbidden") is None:
            return name
    raise AssertionError("no quiet point left")


def expect_win(page, root, winner, cells):
    expect(root).to_have_attribute("data-outcome", str(winner))
    expect(root).to_have_attribute("data-reason", "line")
    for name in cells:
        expect(point(page, name)).to_have_attribute("data-win", "")


# A game on one device per rule, each ending in black's five; the rule's own case on the way.
LOCAL = {
    # Six in a row wins under free-style.
    "freestyle": (["H8", "A1", "I8", "A3", "J8", "A5", "K8", "A7", "M8", "A9", "L8"],
                  "H8 I8 J8 K8 L8 M8"),
    # Six in a row does not win under exact five: the game goes on to a five elsewhere.
    "exact-five": (["H8", "A1", "I8", "A3", "J8", "A5", "K8", "A7", "M8", "A9", "L8", "A11",
                    "C10", "A13", "C11", "O1", "C12", "O3", "C13", "O5", "C14"],
                   "C10 C11 C12 C13 C14"),
    # Renju: K8 would be black's double three (refused and marked), then a five up column K.
    "renju": (["I8", "A1", "J8", "A3", "K10", "A5", "K9", "A7", "K11", "A9", "K12", "A11", "K13"],
              "K9 K10 K11 K12 K13"),
}


def play_local_game(page, root, rule):
    moves, cells = LOCAL[rule]
    page.locator("[data-start][data-mode=local]").click()
    expect(root).to_have_attribute("data-mode", "local")
    expect(root).to_have_attribute("data-variant", rule)
    expect(page.locator("[data-status-variant]")).not_to_be_empty()
    if rule == "renju":
        play_local(page, root, moves[:8], how="mixed")
        forbidden = point(page, "K8")
        expect(forbidden).to_have_attribute("data-forbidden", "")
        expect(page.locator("[data-board2d] .mark-forbidden")).to_have_count(1)
        forbidden.click()  # refused at the first tap: no ghost on a forbidden point
        expect(root).to_have_attribute("data-error", "renju-double-three")
        expect(page.locator("[data-board2d]")).to_have_attribute("data-ghost", "")
        expect(forbidden).to_have_attribute("data-owner", "")
        expect(root).to_have_attribute("data-moves", "8")
        play_local(page, root, moves[8:])
    elif rule == "exact-five":
        play_local(page, root, moves[:11], how="mixed")
        expect(root).to_have_attribute("data-outcome", "")  # the six won nothing
        play_local(page, root, moves[11:])
    else:
        play_local(page, root, moves, how="mixed")
    expect_win(page, root, 0, cells.split())
    dialog = page.locator("[data-result-dialog]")
    expect(dialog).to_be_visible()
    if rule == "exact-five":
        # The review replays the game under its rule: under free-style the six would have
        # ended it, and the moves after it would be refused (the review would fail).
        dialog.locator("[data-action=review-game]").click()
        panel = page.locator("[data-game-review]")
        expect(panel).to_have_attribute("data-review-state", "done", timeout=60_000)
        page.locator("[data-game-controls] [data-action=choose-mode]").click()
    else:
        dialog.locator("[data-action=choose-mode]").click()


def play_ai_game(page, root, rule, human_side):
    """Against the intermediate AI, the person playing quiet points: the AI must win."""
    choose_rule(page, rule)
    page.locator(
        f"[data-start][data-mode=ai][data-level=intermediate][data-human-side='{human_side}']"
    ).click()
    expect(root).to_have_attribute("data-mode", "ai")
    expect(root).to_have_attribute("data-variant", rule)
    for _turn in range(60):
        page.wait_for_function(
            """() => { const root = document.querySelector('[data-board2d-page]');
              return root.dataset.outcome !== '' || root.dataset.interactive === 'true'; }""",
            timeout=20_000,
        )
        if root.get_attribute("data-outcome") != "":
            break
        place(page, root, quiet_point(page), against_ai_as=human_side)
    expect(root).to_have_attribute("data-outcome", str(1 - human_side))
    assert len(page.locator("[data-board2d] button[data-win]").all()) >= 5
    expect(page.locator("[data-result-dialog]")).to_be_visible()
    page.locator("[data-result-dialog] [data-action=choose-mode]").click()


CASES = [
    (language, size, RULES[(i + j) % 3])
    for i, language in enumerate(LANGUAGES)
    for j, size in enumerate(SIZES)
]


@pytest.mark.parametrize(
    ("language", "size", "rule"), CASES, ids=[f"{c[0]}-{c[1][0]}-{c[2]}" for c in CASES]
)
def test_full_games_against_the_ai_and_on_one_device(
    browser, live_server_url, language, size, rule
):
    width, height = size
    phone = width < 600
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
        reduced_motion="reduce",
    )
    try:
        page = context.new_page()
        problems = watch(page)
        root = open_game(page, live_server_url, language)
        play_ai_game(page, root, rule, human_side=(0 if phone else 1))
        choose_rule(page, rule)
        play_local_game(page, root, rule)
        assert page.evaluate("document.documentElement.dataset.missingString") is None
        assert problems == []
    finally:
        context.close()


def test_keyboard_moves_a_cursor_and_enter_plays_at_once(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "ko")
    choose_rule(page, "renju")
    page.locator("[data-start][data-mode=local]").click()
    first = point(page, "A1")  # the first point in the board's order: the bottom left corner
    first.focus()
    for key in ["ArrowRight"] * 7 + ["ArrowUp"] * 7:
        page.keyboard.press(key)
    expect(point(page, "H8")).to_be_focused()
    page.keyboard.press("Enter")  # no ghost: the keyboard has chosen its point already
    expect(root).to_have_attribute("data-moves", "1")
    expect(point(page, "H8")).to_have_attribute("data-owner", "0")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(point(page, "H9")).to_have_attribute("data-owner", "1")
    assert problems == []


def test_a_ghost_is_cancelled_or_moved_and_the_rule_is_kept_on_reload(page, live_server_url):
    problems = watch(page, network=False)
    root = open_game(page, live_server_url, "ja")
    choose_rule(page, "exact-five")
    page.locator("[data-start][data-mode=local]").click()
    point(page, "H8").click()
    expect(page.locator("[data-board2d]")).to_have_attribute("data-ghost", "H8")
    expect(page.locator("[data-confirm-move]")).to_contain_text("H8")
    point(page, "J10").click()  # another empty point moves the ghost, plays nothing
    expect(page.locator("[data-board2d]")).to_have_attribute("data-ghost", "J10")
    page.locator("[data-cancel-move]").click()
    expect(page.locator("[data-board2d]")).to_have_attribute("data-ghost", "")
    expect(page.locator("[data-confirm-move]")).to_be_disabled()
    play_local(page, root, ["H8", "A1", "I8"])
    page.reload()
    expect(root).to_have_attribute("data-ready", "true")
    expect(root).to_have_attribute("data-moves", "3")
    expect(root).to_have_attribute("data-variant", "exact-five")
    expect(page.locator("[data-variant-choice] input[value='exact-five']")).to_be_checked()
    assert problems == []


def test_a_laptop_screen_holds_the_board_and_its_confirm_button(browser, live_server_url):
    """At 1280x800 the board shrinks to leave its confirm bar on screen under it."""
    from tests.e2e.test_phone_fit import OUTSIDE, settled

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        for language in LANGUAGES:
            root = open_game(page, live_server_url, language)
            page.locator("[data-start][data-mode=local]").click()
            expect(root).to_have_attribute("data-mode", "local")
            point(page, "H8").click()
            settled(page)
            needed = [".turn-bar", "[data-board2d] svg", "[data-board2d-confirm]"]
            assert page.evaluate(OUTSIDE, needed) == [], language
            box = page.locator("[data-board2d] svg").bounding_box()
            assert min(box["width"], box["height"]) >= 400, (language, box)
    finally:
        context.close()

"""The rules pages' worked examples as one-move puzzles (static/js/examples/puzzle.js), in
Chromium: every example on every rules page (the guide and each 2D play page) in every language
refuses a wrong move, then takes the right one and shows the position after; one run is played
with the keyboard only; without JavaScript the two pictures stay.

The tests read data- attributes only (the words are translated): each [data-example] carries
data-ready, data-solved, data-stage and data-last; its board's points are
`button[data-point]` with data-owner, as on the play pages.
"""

import time

import pytest
from playwright.sync_api import expect

from games import examples, registry
from tests.e2e.browser import watch

LANGUAGES = ("ko", "ja", "zh-hans")
# The examples of the three-in-a-row guide (by id: a game's slug where it has one example).
SLUGS = tuple(i for i, slug in examples.GAME_OF.items() if registry.get(slug).in_guide)
GAME_PAGES = tuple(dict.fromkeys(examples.GAME_OF.values()))
PAGES = ("rules/three-in-a-row/", *(f"{slug}/" for slug in GAME_PAGES))
# A legal move that is not the example's: refused as "wrong", the position unchanged.
WRONG = {
    "tic-tac-toe": "c3",
    "three-mens-morris": "c2-c3",
    "nine-mens-morris": "g4",
    "dara": "c2-d2",
    "gomoku-free-style": "A1",
    "gomoku-exact-five": "A1",
    "gomoku-renju": "A1",
    "gomoku-renju-three": "A1",
    "reversi-flips": "e3",
    "reversi-endgame": "h5",  # turns the most discs, and loses 12 discs of the margin
}
# The Reversi side that must pass: a square is refused with the engine's reason (it turns no
# disc), the Pass button is the answer and is shown in the reader's language.
REFUSED = {"reversi-pass": ("a8", "no-flip")}
# Keys from the board's first point (a1) that play each example's move, then Enter at each step.
KEYS = {
    "tic-tac-toe": [["ArrowRight", "ArrowRight"]],
    "three-mens-morris": [["ArrowRight", "ArrowRight", "ArrowDown"], ["ArrowUp"]],
    "nine-mens-morris": [["ArrowRight", "ArrowRight"], ["ArrowDown", "ArrowDown"]],
    "dara": [
        ["ArrowRight", "ArrowRight", "ArrowDown"],
        ["ArrowUp"],
        ["ArrowLeft", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowDown"],
    ],
}


def points_of(move):
    body, _, capture = move.partition("x")
    return body.split("-") + ([capture] if capture else [])


def click_move(example, move):
    if move == "pass":
        example.locator("[data-example-pass]").click()
        return
    for name in points_of(move):
        example.locator(f"button[data-point='{name}']").click()


# Every point of a board with its data-owner, read in one call: a Gomoku board has 225, and
# one `expect` a point cost a round trip each (about ten seconds a language).
OWNERS = """(example) => Object.fromEntries([...example.querySelectorAll("button[data-point]")]
  .map((button) => [button.dataset.point, button.dataset.owner]))"""


def check_after(example, slug):
    """The board shows the position after the example's move, taken from the engine's answer
    (polled as `expect` would, until it holds or five seconds pass)."""
    game, _before, after = examples.positions(slug)
    owners = examples.occupancy(game, after)
    shown = example.evaluate(OWNERS)
    wanted = {point: str(owners[point]) if point in owners else "" for point in shown}
    deadline = time.monotonic() + 5
    while shown != wanted and time.monotonic() < deadline:
        time.sleep(0.05)
        shown = example.evaluate(OWNERS)
    assert shown == wanted
    assert set(shown) == set(game.points), "the board has not every point"
    expect(example.locator("button[data-point][aria-disabled='false']")).to_have_count(0)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_every_example_refuses_a_wrong_move_then_takes_the_right_one(
    page, live_server_url, language, path
):
    problems = watch(page)
    page.goto(f"{live_server_url}/{language}/{path}")
    found = page.locator("[data-example]")
    game = path.rstrip("/")
    expected = (
        SLUGS
        if path.startswith("rules/")
        else tuple(i for i, slug in examples.GAME_OF.items() if slug == game)
    )
    expect(found).to_have_count(len(expected))
    for slug in expected:
        example = page.locator(f"[data-example='{slug}']")
        expect(example).to_have_attribute("data-ready", "true")
        expect(example.locator("[data-example-figures]")).to_be_hidden()
        result = example.locator("[data-example-result]")
        expect(example.locator("[data-example-prompt]")).not_to_be_empty()
        key_move = examples.EXAMPLES[slug].key_move
        if slug in REFUSED:
            square, code = REFUSED[slug]
            click_move(example, square)
            expect(example).to_have_attribute("data-last", code)
        else:
            click_move(example, WRONG[slug])
            expect(example).to_have_attribute("data-last", "wrong")
            expect(result).to_contain_text(WRONG[slug])
        expect(example).to_have_attribute("data-solved", "")
        if registry.get(examples.GAME_OF[slug]).rules.passing and key_move != "pass":
            example.locator("[data-example-pass]").click()  # a pass while a square is legal
            expect(example).to_have_attribute("data-last", "pass-not-allowed")
        click_move(example, key_move)
        expect(example).to_have_attribute("data-solved", "answer")
        if key_move == "pass":
            pass_label = example.locator("[data-example-pass]").inner_text()
            expect(result).to_contain_text(pass_label)
        else:
            expect(result).to_contain_text(key_move)
        check_after(example, slug)
        example.locator("[data-example-reset]").click()
        expect(example).to_have_attribute("data-solved", "")
    assert not page.evaluate("document.documentElement.dataset.missingString")
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_examples_are_played_with_the_keyboard_alone(page, live_server_url, language):
    page.goto(f"{live_server_url}/{language}/rules/three-in-a-row/")
    for slug in SLUGS:
        example = page.locator(f"[data-example='{slug}']")
        expect(example).to_have_attribute("data-ready", "true")
        # From the puzzle's first button, Shift+Tab reaches the board (one tab stop).
        example.locator("[data-example-reset]").focus()
        page.keyboard.press("Shift+Tab")
        focused = page.evaluate("document.activeElement.dataset.point")
        assert focused == "a1"
        if slug == "tic-tac-toe":
            # a1 holds the first player's mark: the engine refuses, nothing changes.
            page.keyboard.press("Enter")
            expect(example).to_have_attribute("data-last", "occupied")
            expect(example).to_have_attribute("data-solved", "")
        for step in KEYS[slug]:
            for key in step:
                page.keyboard.press(key)
            page.keyboard.press("Enter")
        expect(example).to_have_attribute("data-solved", "answer")
        check_after(example, slug)
        # Back to the puzzle, with the keyboard too: focus returns to the board.
        example.locator("[data-example-reset]").focus()
        page.keyboard.press("Enter")
        expect(example).to_have_attribute("data-solved", "")
        assert page.evaluate("document.activeElement.dataset.point")


def test_dara_accepts_the_other_captures_the_text_calls_as_good(page, live_server_url):
    page.goto(f"{live_server_url}/ko/dara/")
    example = page.locator("[data-example][data-game='dara']")
    expect(example).to_have_attribute("data-ready", "true")
    # An enemy stone cannot be moved: the engine's reason, then nothing changes.
    example.locator("button[data-point='a4']").click()
    expect(example).to_have_attribute("data-last", "not-your-piece")
    assert "c2-c1xc4" in examples.EXAMPLES["dara"].also
    click_move(example, "c2-c1xc4")
    expect(example).to_have_attribute("data-solved", "also")
    expect(example.locator("[data-example-result]")).to_contain_text("c2-c1xa4")
    expect(example.locator("button[data-point='c4']")).to_have_attribute("data-owner", "")
    expect(example.locator("button[data-point='a4']")).to_have_attribute("data-owner", "1")


def test_the_renju_three_puzzle_marks_and_refuses_the_double_three(page, live_server_url):
    """Problem 4 of the Gomoku page: H7 (a three with one forbidden end still counts) and H8
    (an overline) are marked and refused for black, I7 (a false three) is the answer."""
    page.goto(f"{live_server_url}/zh-hans/gomoku/")
    example = page.locator("[data-example='gomoku-renju-three']")
    expect(example).to_have_attribute("data-ready", "true")
    expect(example.locator("button[data-point][data-forbidden]")).to_have_count(2)
    for point, code in (("H7", "renju-double-three"), ("H8", "renju-overline")):
        expect(example.locator(f"button[data-point='{point}']")).to_have_attribute(
            "data-forbidden", ""
        )
        click_move(example, point)
        expect(example).to_have_attribute("data-last", code)
        expect(example).to_have_attribute("data-solved", "")
    click_move(example, "I7")
    expect(example).to_have_attribute("data-solved", "answer")
    check_after(example, "gomoku-renju-three")


def test_show_the_answer_plays_the_example_move(page, live_server_url):
    page.goto(f"{live_server_url}/zh-hans/nine-mens-morris/")
    example = page.locator("[data-example]")
    expect(example).to_have_attribute("data-ready", "true")
    example.locator("[data-example-solve]").click()
    expect(example).to_have_attribute("data-solved", "shown")
    check_after(example, "nine-mens-morris")


def test_without_javascript_the_two_pictures_stay(browser, live_server_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server_url}/ja/rules/three-in-a-row/")
    for slug in SLUGS:
        example = page.locator(f"[data-example='{slug}']")
        expect(example.locator("[data-example-figures] svg[role=img]")).to_have_count(2)
        expect(example.locator("[data-example-figures]")).to_be_visible()
        expect(example.locator("[data-example-puzzle]")).to_be_hidden()
    context.close()

"""The play pages of Tic-tac-toe, Three Men's Morris, Nine Men's Morris and Dara in Chromium.

The tests read the page through data- and aria- attributes only (the visible words are
translated): the page root `[data-board2d-page]` carries data-mode, data-to-move, data-phase,
data-stage, data-outcome, data-reason, data-moves, data-interactive and data-error; each point is
a `button[data-point]` with data-owner and flags (data-selectable, data-destination,
data-removable, data-protected, data-win, data-last).
"""

import random

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import watch

SLUGS = ["tic-tac-toe", "three-mens-morris", "nine-mens-morris", "dara"]


def open_game(page, base, slug, language="ko"):
    page.goto(f"{base}/{language}/{slug}/")
    root = page.locator("[data-board2d-page]")
    expect(root).to_have_attribute("data-ready", "true")
    return root


def start_local(page, root):
    page.locator("[data-start][data-mode=local]").click()
    expect(root).to_have_attribute("data-mode", "local")


def point(page, name):
    return page.locator(f"[data-board2d] button[data-point='{name}']")


def play_points(page, root, points):
    """Click points in order; each complete move must raise data-moves by one."""
    for name in points:
        point(page, name).click()


def play_moves(page, root, moves):
    """Play notation moves ("a1", "c2-c1", "g1xg7") by clicking their points."""
    for move in moves:
        before = int(root.get_attribute("data-moves"))
        body, _, capture = move.partition("x")
        clicks = body.split("-") + ([capture] if capture else [])
        play_points(page, root, clicks)
        expect(root).to_have_attribute("data-moves", str(before + 1))


def test_the_modes_wait_for_the_engine_and_then_start(page, live_server_url):
    """A start button tapped while the game's engine was still loading looked ready and started
    nothing (CI, stop 51): the buttons are disabled until the page can start a game."""
    held = []  # the engine's module, held back while the test taps
    page.route("**/js/engines/tic-tac-toe*.js", lambda route: held.append(route))
    page.goto(f"{live_server_url}/ko/tic-tac-toe/")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for its engine"
    root = page.locator("[data-board2d-page]")
    starts = page.locator("[data-start]")
    expect(starts).to_have_count(5)
    for button in starts.all():
        expect(button).to_be_disabled()
    local = page.locator("[data-start][data-mode=local]")
    local.click(force=True)  # the tap a hurried player makes: nothing starts, nothing breaks
    expect(root).not_to_have_attribute("data-mode", "local")
    held[0].continue_()
    expect(root).to_have_attribute("data-ready", "true")
    for button in starts.all():
        expect(button).to_be_enabled()
    local.click()
    expect(root).to_have_attribute("data-mode", "local")


def test_every_point_has_a_name_holding_its_notation(page, live_server_url):
    problems = watch(page)
    for slug, count, language in [
        ("tic-tac-toe", 9, "ko"),
        ("three-mens-morris", 9, "ja"),
        ("nine-mens-morris", 24, "zh-hans"),
        ("dara", 30, "ko"),
    ]:
        open_game(page, live_server_url, slug, language)
        buttons = page.locator("[data-board2d] button[data-point]")
        expect(buttons).to_have_count(count)
        for i in range(count):
            button = buttons.nth(i)
            assert button.get_attribute("data-point") in button.get_attribute("aria-label")
        expect(page.locator("#ui-strings")).to_be_attached()
        assert page.evaluate("document.documentElement.dataset.missingString") is None
        # Leaving while the favicon still loads would abort it (a failed request).
        page.wait_for_load_state("networkidle")
    assert problems == []


def test_tic_tac_toe_worked_example(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "tic-tac-toe")
    start_local(page, root)
    play_moves(page, root, ["a1", "b2", "b1", "a3", "c1"])
    expect(root).to_have_attribute("data-outcome", "0")
    expect(root).to_have_attribute("data-reason", "line")
    for name in ["a1", "b1", "c1"]:
        expect(point(page, name)).to_have_attribute("data-win", "")
    expect(point(page, "c1")).to_have_attribute("data-last", "to")
    dialog = page.locator("[data-result-dialog]")
    expect(dialog).to_have_attribute("open", "")
    # "View board" closes it, "Show result" brings it back.
    dialog.locator("[data-action=view-board]").click()
    expect(dialog).not_to_have_attribute("open", "")
    page.locator("[data-game-controls] [data-action=show-result]").click()
    expect(dialog).to_have_attribute("open", "")
    dialog.locator("[data-action=view-board]").click()
    # The finished game can be stepped through from the move list.
    page.locator("[data-review-step=first]").click()
    expect(root).to_have_attribute("data-review-ply", "0")
    expect(point(page, "a1")).to_have_attribute("data-owner", "")
    page.locator("[data-review-step=next]").click()
    expect(root).to_have_attribute("data-review-ply", "1")
    expect(point(page, "a1")).to_have_attribute("data-owner", "0")
    expect(point(page, "a1")).to_have_attribute("data-last", "to")
    page.locator("[data-review-step=last]").click()
    expect(root).to_have_attribute("data-review-ply", "")
    # "Again" from the dialog starts a fresh game in the same mode.
    page.locator("[data-game-controls] [data-action=show-result]").click()
    dialog.locator("[data-action=again]").click()
    expect(root).to_have_attribute("data-moves", "0")
    expect(root).to_have_attribute("data-outcome", "")
    expect(root).to_have_attribute("data-mode", "local")
    assert problems == []


def test_three_mens_morris_worked_example_and_refusals(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "three-mens-morris")
    start_local(page, root)
    play_moves(page, root, ["a1", "a2", "b1"])
    # Moving during placement: Black's own piece is refused as wrong-phase.
    play_points(page, root, ["a2"])
    expect(root).to_have_attribute("data-error", "wrong-phase")
    expect(page.locator("[data-play-message]")).to_be_visible()
    play_moves(page, root, ["a3", "c2", "b3"])
    expect(root).to_have_attribute("data-phase", "moving")
    expect(root).not_to_have_attribute("data-error", "wrong-phase")
    # Select c2: its destinations light up. Choosing a1 moves the selection; c1 is two
    # steps from a1, so it is refused as not-adjacent.
    play_points(page, root, ["c2"])
    expect(root).to_have_attribute("data-stage", "destination")
    destinations = page.locator("[data-board2d] button[data-destination]")
    assert sorted(destinations.evaluate_all("els => els.map(e => e.dataset.point)")) == [
        "b2",
        "c1",
        "c3",
    ]
    play_points(page, root, ["a1", "c1"])
    expect(root).to_have_attribute("data-error", "not-adjacent")
    expect(point(page, "a1")).to_have_attribute("data-selected", "")
    expect(root).to_have_attribute("data-moves", "6")
    # Escape cancels the selection.
    point(page, "c1").press("Escape")
    expect(root).to_have_attribute("data-stage", "start")
    expect(page.locator("[data-board2d] button[data-selected]")).to_have_count(0)
    play_moves(page, root, ["c2-c1"])
    expect(root).to_have_attribute("data-outcome", "0")
    expect(root).to_have_attribute("data-reason", "line")
    for name in ["a1", "b1", "c1"]:
        expect(point(page, name)).to_have_attribute("data-win", "")
    expect(point(page, "c2")).to_have_attribute("data-last", "from")
    assert problems == []


def test_nine_mens_morris_mill_capture_skips_protected_pieces(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "nine-mens-morris")
    start_local(page, root)
    play_moves(page, root, ["a1", "c5", "d1", "d5", "f4"])
    # Black closes the mill c5-d5-e5: the turn waits for the capture choice.
    play_points(page, root, ["e5"])
    expect(root).to_have_attribute("data-stage", "capture")
    expect(root).to_have_attribute("data-moves", "5")
    expect(page.locator("[data-board2d] button[data-removable]")).to_have_count(3)
    play_points(page, root, ["f4"])
    expect(root).to_have_attribute("data-moves", "6")
    expect(point(page, "f4")).to_have_attribute("data-last", "capture")
    play_moves(page, root, ["f2", "g7"])
    # The rules page's example: White's g1 closes a1-d1-g1; d5 stands in a mill.
    play_points(page, root, ["g1"])
    expect(root).to_have_attribute("data-stage", "capture")
    expect(page.locator("[data-board2d] button[data-removable]")).to_have_count(1)
    expect(point(page, "g7")).to_have_attribute("data-removable", "")
    expect(point(page, "d5")).to_have_attribute("data-protected", "")
    play_points(page, root, ["d5"])
    expect(root).to_have_attribute("data-error", "capture-invalid")
    expect(root).to_have_attribute("data-stage", "capture")
    expect(point(page, "d5")).to_have_attribute("data-owner", "1")
    play_points(page, root, ["g7"])
    expect(root).to_have_attribute("data-moves", "9")
    expect(point(page, "g7")).to_have_attribute("data-owner", "")
    expect(page.locator("[data-status-side='1'] [data-count=board]")).to_have_text("3")
    expect(page.locator("[data-status-side='1'] [data-count=reserve]")).to_have_text("5")
    # Undo takes the capture back: g7 is black again and White must choose again.
    page.locator("[data-game-controls] [data-action=undo]").click()
    expect(root).to_have_attribute("data-moves", "8")
    expect(point(page, "g7")).to_have_attribute("data-owner", "1")
    expect(point(page, "g1")).to_have_attribute("data-owner", "")
    assert problems == []


# 24 legal placements (no three in a row) after which White's d2-e2 makes a three.
DARA_PLACEMENTS = (
    "f3 c2 e3 f5 c4 c3 c5 d5 b1 b5 e1 a2 e5 a1 d2 d1 c1 d4 a5 e4 a4 f1 b3 f2"
).split()


def test_dara_placement_rule_and_movement_capture(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "dara")
    start_local(page, root)
    play_moves(page, root, ["a1", "f5", "b1", "f4"])
    play_points(page, root, ["c1"])
    expect(root).to_have_attribute("data-error", "dara-three-in-placement")
    expect(root).to_have_attribute("data-moves", "4")
    page.locator("[data-game-controls] [data-action=again]").click()
    expect(root).to_have_attribute("data-moves", "0")
    play_moves(page, root, DARA_PLACEMENTS)
    expect(root).to_have_attribute("data-phase", "moving")
    counter = page.locator("[data-status-counter]")
    expect(counter).to_have_attribute("data-value", "0")
    play_points(page, root, ["d2", "e2"])
    expect(root).to_have_attribute("data-stage", "capture")
    # Any black stone may go: all twelve are highlighted.
    expect(page.locator("[data-board2d] button[data-removable]")).to_have_count(12)
    play_points(page, root, ["a1"])
    expect(root).to_have_attribute("data-moves", "25")
    expect(point(page, "a1")).to_have_attribute("data-owner", "")
    expect(page.locator("[data-status-side='1'] [data-count=board]")).to_have_text("11")
    assert problems == []


def drive_one_turn(page, root, rng):
    """Make one legal move for the human using only what the board highlights."""
    if root.get_attribute("data-phase") == "placing":
        choices = page.locator("[data-board2d] button[data-selectable]")
    else:
        pieces = page.locator("[data-board2d] button[data-selectable]")
        pieces.nth(rng.randrange(pieces.count())).click()
        expect(root).to_have_attribute("data-stage", "destination")
        choices = page.locator("[data-board2d] button[data-destination]")
    choices.nth(rng.randrange(choices.count())).click()
    if root.get_attribute("data-stage") == "capture":
        removable = page.locator("[data-board2d] button[data-removable]")
        removable.nth(rng.randrange(removable.count())).click()


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.browser_context_args(reduced_motion="reduce")  # the moves, not their motion
def test_full_game_against_the_beginner_ai(page, live_server_url, slug):
    problems = watch(page)
    rng = random.Random(slug)
    root = open_game(page, live_server_url, slug)
    page.locator("[data-start][data-mode=ai][data-level=beginner][data-human-side='0']").click()
    expect(root).to_have_attribute("data-mode", "ai")
    for _ in range(200):
        page.wait_for_function(
            "() => { const r = document.querySelector('[data-board2d-page]');"
            " return r.dataset.outcome !== '' || r.dataset.interactive === 'true'; }"
        )
        if root.get_attribute("data-outcome"):
            break
        moves = int(root.get_attribute("data-moves"))
        drive_one_turn(page, root, rng)
        expect(root).not_to_have_attribute("data-moves", str(moves))
    assert root.get_attribute("data-outcome") in {"0", "1", "draw"}
    expect(page.locator("[data-result-dialog]")).to_have_attribute("open", "")
    assert page.locator("[data-announcer]").text_content().strip()
    assert problems == []


def test_start_second_lets_the_ai_open_and_undo_returns_to_the_human(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "three-mens-morris")
    page.locator("[data-start][data-mode=ai][data-human-side='1']").click()
    expect(root).to_have_attribute("data-moves", "1")
    expect(root).to_have_attribute("data-interactive", "true")
    expect(root).to_have_attribute("data-to-move", "1")
    empty = page.locator("[data-board2d] button[data-point][data-owner='']").first
    empty.click()
    expect(root).to_have_attribute("data-moves", "3")
    expect(root).to_have_attribute("data-interactive", "true")
    page.locator("[data-game-controls] [data-action=undo]").click()
    expect(root).to_have_attribute("data-moves", "1")
    expect(root).to_have_attribute("data-to-move", "1")
    page.locator("[data-game-controls] [data-action=choose-mode]").click()
    expect(page.locator("[data-mode-choice]")).to_be_visible()
    expect(root).to_have_attribute("data-mode", "")
    assert problems == []


def test_keyboard_only_tic_tac_toe(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "tic-tac-toe")
    # Reach the "two players on this device" button with Tab alone.
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.mode === 'local'"):
            break
    else:
        pytest.fail("Tab never reached the two-player button")
    page.keyboard.press("Enter")
    expect(root).to_have_attribute("data-mode", "local")
    # The board takes focus at a1; arrows walk the grid, Enter and Space choose.
    expect(point(page, "a1")).to_be_focused()
    announcer = page.locator("[data-announcer]")
    keys = [
        ["Enter"],  # a1
        ["ArrowRight", "ArrowDown", "Space"],  # b2
        ["ArrowUp", "Enter"],  # b1
        ["ArrowLeft", "ArrowDown", "ArrowDown", "Enter"],  # a3
        ["ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight", "Enter"],  # c1
    ]
    for ply, presses in enumerate(keys, start=1):
        for key in presses:
            page.keyboard.press(key)
        expect(root).to_have_attribute("data-moves", str(ply))
        if ply < 5:
            expect(announcer).to_contain_text(["a1", "b2", "b1", "a3"][ply - 1])
    expect(root).to_have_attribute("data-outcome", "0")
    # Only one point is in the Tab order (roving tabindex).
    expect(page.locator("[data-board2d] button[data-point][tabindex='0']")).to_have_count(1)
    dialog = page.locator("[data-result-dialog]")
    expect(dialog).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(dialog).not_to_have_attribute("open", "")
    assert problems == []


@pytest.mark.parametrize("width", [375, 1280])
def test_board_fits_the_viewport(browser, live_server_url, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    problems = watch(page)
    for slug in SLUGS:
        open_game(page, live_server_url, slug)
        box = page.locator("[data-board2d] svg").bounding_box()
        assert box["width"] > 250
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        # Touch targets: every point button at least 30 CSS pixels wide.
        smallest = page.locator("[data-board2d] button[data-point]").evaluate_all(
            "els => Math.min(...els.map(e => e.getBoundingClientRect().width))"
        )
        assert smallest >= 30, (slug, smallest)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
    assert problems == []

"""The Score Four play page in Chromium: modes, the panel, the 3D board's state, the result
dialog, keyboard play, no WebGL, the phone layout and every language.

The page exposes its state on the board element as data- attributes (data-moves,
data-to-move, data-outcome, data-thinking, data-gold-cells, data-frames, data-ready), so no
test depends on the interface's words.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import watch

LANGUAGES = ["ko", "ja", "zh-hans"]
BOARD = "[data-board3d]"
NO_WEBGL = """
const original = HTMLCanvasElement.prototype.getContext;
HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
  if (/webgl/i.test(type)) return null;
  return original.call(this, type, ...rest);
};
"""
SPY_BEACONS = """
const send = navigator.sendBeacon.bind(navigator);
window.__beacons = [];
navigator.sendBeacon = (url, body) => {
  window.__beacons.push(String(body));
  return send(url, body);
};
"""
WHITE_WINS_ON_ROW_1 = ["A1", "A2", "B1", "B2", "C1", "C2", "D1"]


def open_page(page, live_server_url, language="ko", ready="3d"):
    problems = watch(page)
    page.goto(f"{live_server_url}/{language}/score-four/")
    expect(page.locator(BOARD)).to_have_attribute("data-ready", ready)
    return problems


def peg(page, name):
    return page.locator(f'[data-peg-panel] [data-peg="{name}"]')


def start(page, mode, level=None, human_side=0):
    selector = f'[data-mode-choice] [data-start][data-mode="{mode}"]'
    if level:
        selector += f'[data-level="{level}"][data-human-side="{human_side}"]'
    page.locator(selector).click()
    expect(page.locator("[data-game-controls]")).to_be_visible()


def moves(page):
    return int(page.locator(BOARD).get_attribute("data-moves"))


def wait_for_human_turn_or_end(page):
    page.wait_for_function(
        """() => { const b = document.querySelector('[data-board3d]');
                   return b.dataset.outcome !== '' || (b.dataset.thinking === 'false'
                     && b.dataset.toMove === '0'); }"""
    )


# Frames the 3D board draws for one move, counted until 30 of the page's animation frames have
# passed after the move (half a second at 60 Hz: past the 320 ms fall).
FRAMES_FOR_A_MOVE = """async (name) => {
  const board = document.querySelector("[data-board3d]");
  const before = Number(board.dataset.frames);
  document.querySelector(`[data-peg-panel] [data-peg="${name}"]`).click();
  for (let i = 0; i < 30; i += 1) await new Promise((done) => requestAnimationFrame(done));
  return Number(board.dataset.frames) - before;
}"""


def play_local(page, names):
    for name in names:
        count = moves(page)
        peg(page, name).click()
        expect(page.locator(BOARD)).to_have_attribute("data-moves", str(count + 1))


@pytest.mark.browser_context_args(reduced_motion="reduce")  # the moves, not their motion
def test_full_game_against_the_beginner_through_the_panel(page, live_server_url):
    problems = open_page(page, live_server_url)
    start(page, "ai", "beginner")
    board = page.locator(BOARD)
    for _ in range(32):
        wait_for_human_turn_or_end(page)
        if board.get_attribute("data-outcome"):
            break
        page.locator('[data-peg-panel] .peg[aria-disabled="false"]').first.click()
    expect(board).not_to_have_attribute("data-outcome", "")
    expect(page.locator("dialog[data-result-dialog]")).to_be_visible()
    assert page.locator("[data-peg-panel] .peg[aria-disabled='false']").count() == 0
    assert problems == []


@pytest.mark.browser_context_args(reduced_motion="reduce")  # the moves, not their motion
def test_undo_against_the_ai_returns_to_the_humans_turn(page, live_server_url):
    problems = open_page(page, live_server_url)
    start(page, "ai", "beginner")
    board = page.locator(BOARD)
    for name, count in [("A1", "2"), ("B4", "4")]:
        peg(page, name).click()
        expect(board).to_have_attribute("data-moves", count)
        expect(board).to_have_attribute("data-thinking", "false")
    page.locator('[data-game-controls] [data-action="undo"]').click()
    expect(board).to_have_attribute("data-moves", "2")
    expect(board).to_have_attribute("data-to-move", "0")
    expect(peg(page, "A1")).to_have_attribute("data-balls", re.compile("^w"))
    expect(peg(page, "B4")).to_have_attribute("aria-disabled", "false")
    assert problems == []


def test_two_players_win_turns_the_line_gold_and_the_result_can_be_hidden(page, live_server_url):
    problems = open_page(page, live_server_url)
    start(page, "local")
    play_local(page, WHITE_WINS_ON_ROW_1)
    board = page.locator(BOARD)
    expect(board).to_have_attribute("data-outcome", "white")
    expect(board).to_have_attribute("data-gold-cells", "A1/1 B1/1 C1/1 D1/1")
    expect(page.locator("[data-peg-panel] .level--gold")).to_have_count(4)
    expect(page.locator("[data-announcer]")).not_to_be_empty()
    dialog = page.locator("dialog[data-result-dialog]")
    expect(dialog).to_be_visible()
    expect(page.locator("[data-result-title]")).to_be_focused()
    dialog.locator('[data-action="view-board"]').click()
    expect(dialog).to_be_hidden()
    # Focus lands on the turn line above the board (which says the result), not on a button
    # below it (issue 29, item 2).
    expect(page.locator("[data-turn-line]")).to_be_focused()
    show = page.locator('[data-game-controls] [data-action="show-result"]')
    show.click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")  # Escape is "View board" too
    expect(dialog).to_be_hidden()
    # Step back through the finished game, with the buttons and with the keyboard.
    review = page.locator("[data-move-list]")
    review.locator('[data-review-step="prev"]').click()
    expect(review).to_have_attribute("data-review-ply", "6")
    expect(peg(page, "D1")).to_have_attribute("data-balls", "")
    expect(board).to_have_attribute("data-gold-cells", "")
    page.keyboard.press("Home")
    expect(review).to_have_attribute("data-review-ply", "0")
    page.keyboard.press("ArrowRight")
    expect(review).to_have_attribute("data-review-ply", "1")
    expect(peg(page, "A1")).to_have_attribute("data-balls", "w")
    page.keyboard.press("End")
    expect(board).to_have_attribute("data-gold-cells", "A1/1 B1/1 C1/1 D1/1")
    assert problems == []


@pytest.mark.browser_context_args(reduced_motion="reduce")  # the moves, not their motion
def test_start_as_black_lets_the_ai_move_first(page, live_server_url):
    problems = open_page(page, live_server_url)
    start(page, "ai", "intermediate", human_side=1)
    board = page.locator(BOARD)
    expect(board).to_have_attribute("data-moves", "1")
    expect(board).to_have_attribute("data-to-move", "1")
    expect(page.locator("[data-peg-panel] [data-balls='w']")).to_have_count(1)
    page.locator('[data-game-controls] [data-action="choose-mode"]').click()
    expect(page.locator("[data-mode-choice]")).to_be_visible()
    expect(board).to_have_attribute("data-moves", "0")
    assert problems == []


@pytest.mark.browser_context_args(reduced_motion="reduce")  # the moves, not their motion
def test_keyboard_alone_plays_a_game(page, live_server_url):
    problems = open_page(page, live_server_url)
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('[data-start][data-mode=local]')"):
            break
    page.keyboard.press("Enter")
    expect(peg(page, "A1")).to_be_focused()
    page.keyboard.press("Tab")
    expect(peg(page, "B1")).to_be_focused()  # Tab moves along the buttons
    page.keyboard.press("Shift+Tab")
    # White A1, B1, C1, D1 and black A2, B2, C2, moving with the arrow keys.
    keys = ["Enter", "ArrowDown", "Enter"]
    for _ in range(3):
        keys += ["ArrowUp", "ArrowRight", "Enter", "ArrowDown", "Enter"]
    for key in keys[:-2]:
        page.keyboard.press(key)
    board = page.locator(BOARD)
    expect(board).to_have_attribute("data-outcome", "white")
    expect(page.locator("[data-result-title]")).to_be_focused()
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action === 'view-board'"):
            break
    page.keyboard.press("Enter")
    expect(page.locator("dialog[data-result-dialog]")).to_be_hidden()
    expect(page.locator("[data-turn-line]")).to_be_focused()
    assert problems == []


def test_without_webgl_the_panel_plays_and_the_failure_is_reported(browser, live_server_url):
    context = browser.new_context()
    context.add_init_script(NO_WEBGL)
    context.add_init_script(SPY_BEACONS)
    page = context.new_page()
    problems = open_page(page, live_server_url, ready="panel")
    board = page.locator(BOARD)
    expect(board).to_have_attribute("data-state", "no-webgl")
    expect(board.locator("[data-board-message]")).to_be_visible()
    expect(board.locator("canvas")).to_have_count(0)
    start(page, "local")
    play_local(page, WHITE_WINS_ON_ROW_1)
    expect(board).to_have_attribute("data-outcome", "white")
    expect(page.locator("[data-peg-panel] .level--gold")).to_have_count(4)
    expect(page.locator("dialog[data-result-dialog]")).to_be_visible()
    # The statistics client sends its queue when the page goes: the 3D failure is in it.
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    bodies = page.evaluate("window.__beacons")
    events = [event for body in bodies for event in json.loads(body)["events"]]
    board_events = [e for e in events if e["event"] == "board-3d"]
    assert [(e["game"], e["outcome"]) for e in board_events] == [("score-four", "failed")]
    page.wait_for_load_state("networkidle")
    assert problems == []
    context.close()


def test_idle_board_draws_nothing_and_survives_a_lost_context(page, live_server_url):
    problems = open_page(page, live_server_url)
    board = page.locator(BOARD)
    # Once the first drawings are done (the page's layout may still settle for a moment on a
    # loaded machine: a resize draws again), nothing more is drawn while nothing changes. A
    # board drawing on every frame never settles and fails here.
    frames = board.get_attribute("data-frames")
    for _ in range(20):
        page.wait_for_timeout(500)
        if board.get_attribute("data-frames") == frames:
            break
        frames = board.get_attribute("data-frames")
    page.wait_for_timeout(1500)
    assert board.get_attribute("data-frames") == frames
    page.evaluate("""() => {
      window.__lose = document.querySelector('[data-board3d] canvas').getContext('webgl2')
        .getExtension('WEBGL_lose_context');
      window.__lose.loseContext();
    }""")
    expect(board).to_have_attribute("data-state", "context-lost")
    start(page, "local")
    play_local(page, ["B2"])  # the panel keeps working
    page.evaluate("window.__lose.restoreContext()")
    expect(board).to_have_attribute("data-state", "3d")
    play_local(page, ["B2"])
    page.wait_for_function(f"+document.querySelector('{BOARD}').dataset.frames > {frames}")
    assert problems == []


def test_phone_layout_puts_the_panel_below_the_board(browser, live_server_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    problems = open_page(page, live_server_url)
    board = page.locator(BOARD).bounding_box()
    panel = page.locator(".play-panel").bounding_box()
    assert panel["y"] >= board["y"] + board["height"]
    assert board["width"] <= 390 and panel["width"] <= 390
    assert problems == []
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.browser_context_args(reduced_motion="reduce")  # the moves, not their motion
def test_every_language_renders_its_strings(page, live_server_url, language):
    problems = open_page(page, live_server_url, language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    strings = json.loads(page.locator("#ui-strings").text_content())
    assert strings and all(isinstance(v, str) and v.strip() for v in strings.values()), strings
    start(page, "local")
    play_local(page, WHITE_WINS_ON_ROW_1)
    expect(page.locator("dialog[data-result-dialog]")).to_be_visible()
    assert page.locator("[data-missing-string]").count() == 0
    for button in page.locator("[data-peg-panel] .peg").all():
        assert button.get_attribute("aria-label")
    assert problems == []


@pytest.mark.browser_context_args(reduced_motion="reduce")  # the moves, not their motion
def test_refusals_are_shown_on_screen_not_only_announced(page, live_server_url):
    problems = open_page(page, live_server_url)
    board = page.locator(BOARD)
    message = page.locator("[data-play-message]")
    expect(message).to_be_hidden()
    peg(page, "A1").click(force=True)  # before any game: choose a mode first
    expect(message).to_be_visible()
    expect(message).to_have_attribute("data-error", "no-game")
    start(page, "local")
    expect(message).to_be_hidden()  # a new position clears it
    play_local(page, ["A1", "A1", "A1", "A1"])
    peg(page, "A1").click(force=True)  # aria-disabled buttons still take the click
    expect(message).to_be_visible()
    expect(message).to_have_attribute("data-error", "peg-full")
    expect(board).to_have_attribute("data-error", "peg-full")
    assert "A1" in message.text_content()
    # Out of turn against the AI: the reply is on its way.
    page.locator('[data-game-controls] [data-action="choose-mode"]').click()
    start(page, "ai", "advanced")
    peg(page, "B2").click()
    peg(page, "C3").click(force=True)
    expect(message).to_have_attribute("data-error", "not-your-turn")
    expect(message).to_be_visible()
    box, bar = message.bounding_box(), page.locator("[data-turn-line]").bounding_box()
    # Said right under the turn line, above the board; the turn line stays readable.
    assert abs(box["y"] - (bar["y"] + bar["height"])) < 2
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_laptop_screen_holds_the_board_panel_and_actions(browser, live_server_url, language):
    # Reduced motion: 24 balls land at once instead of falling for a few hundred frames each;
    # the test measures where things are after the moves, not how they got there.
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    problems = open_page(page, live_server_url, language)
    start(page, "local")
    play_local(page, ["A1", "B2", "C3", "A1", "B2", "C3", "D1", "D2", "D3", "A4", "B4", "C4"] * 2)
    parts = [
        BOARD,
        "[data-turn-line]",
        "[data-peg-panel]",
        "[data-move-list]",
        '[data-game-controls] [data-action="undo"]',
        '[data-game-controls] [data-action="choose-mode"]',
    ]
    for selector in parts:
        box = page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (selector, box)
    assert page.evaluate("window.scrollY") == 0
    assert problems == []
    context.close()


COUNT_AUDIO = """
window.__audio = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  constructor(...a) { super(...a); window.__audio += 1; }
};
"""


def test_the_end_of_a_game_shows_the_line_names_it_and_plays_a_sound(browser, live_server_url):
    context = browser.new_context()
    context.add_init_script(COUNT_AUDIO)
    page = context.new_page()
    problems = open_page(page, live_server_url, "ja")
    assert page.evaluate("window.__audio") == 0  # nothing before the player touches the page
    start(page, "local")
    expect(page.locator("[data-sound-toggle]")).to_be_checked()
    # White fills peg B3 while black climbs C3: a vertical line behind nothing. The first ball
    # falls, frame after frame (about twenty on a quiet machine, seven seen on a busy one;
    # under reduced motion it takes one or two).
    assert page.evaluate(FRAMES_FOR_A_MOVE, "B3") >= 3
    play_local(page, ["C3", "B3", "C3", "B3", "C3", "B3"])
    board = page.locator(BOARD)
    expect(board).to_have_attribute("data-outcome", "white")
    expect(board).to_have_attribute("data-win-visible", "4")
    expect(board).to_have_attribute("data-sound", "win")
    assert page.evaluate("window.__audio") == 1
    for button in page.locator("[data-view]").all():
        expect(button).to_have_attribute("aria-pressed", "false")  # the camera turned
    detail = page.locator("[data-result-detail]")
    expect(detail).to_contain_text("B3")
    assert "/" not in detail.text_content()  # words, not raw cells like "B3/1"
    # A row on the first level behind a wall of balls two levels high, seen from the start.
    page.locator("dialog[data-result-dialog] [data-action=again]").click()
    play_local(page, ["A1", "A2", "B1", "B2", "C1", "C2", "A2", "B2", "C2", "A3", "D1"])
    expect(board).to_have_attribute("data-win-visible", "4")
    expect(detail).to_contain_text("A1")
    expect(detail).to_contain_text("D1")
    assert "/" not in detail.text_content()
    page.locator("dialog[data-result-dialog] [data-action=view-board]").click()
    page.locator("[data-view=top]").click()
    expect(page.locator("[data-view=top]")).to_have_attribute("aria-pressed", "true")
    assert problems == []
    context.close()


def test_reduced_motion_means_no_sound_and_a_drag_unpresses_the_view(browser, live_server_url):
    context = browser.new_context(reduced_motion="reduce")
    context.add_init_script(COUNT_AUDIO)
    page = context.new_page()
    problems = open_page(page, live_server_url, "zh-hans")
    start(page, "local")
    expect(page.locator("[data-sound-toggle]")).not_to_be_checked()
    oblique = page.locator("[data-view=oblique]")
    expect(oblique).to_have_attribute("aria-pressed", "true")
    box = page.locator(f"{BOARD} canvas").bounding_box()
    page.mouse.move(box["x"] + 40, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 200, box["y"] + box["height"] / 2, steps=8)
    page.mouse.up()
    expect(oblique).to_have_attribute("aria-pressed", "false")
    # The ball is at rest on its level at once: one frame or two, not a fall of twenty.
    assert page.evaluate(FRAMES_FOR_A_MOVE, WHITE_WINS_ON_ROW_1[0]) <= 2
    play_local(page, WHITE_WINS_ON_ROW_1[1:])
    expect(page.locator(BOARD)).to_have_attribute("data-outcome", "white")
    expect(page.locator(BOARD)).to_have_attribute("data-win-visible", "4")
    assert page.locator(BOARD).get_attribute("data-sound") is None
    assert page.evaluate("window.__audio") == 0
    assert problems == []
    context.close()


VIEWPORTS = [{"width": 390, "height": 844}, {"width": 1280, "height": 800}]


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_without_webgl_the_panel_is_the_board(browser, live_server_url, viewport):
    context = browser.new_context(viewport=viewport)
    context.add_init_script(NO_WEBGL)
    page = context.new_page()
    problems = open_page(page, live_server_url, "ko", ready="panel")
    board = page.locator(BOARD)
    panel = page.locator(f"{BOARD} [data-peg-panel]")
    expect(panel).to_be_visible()  # in the board's place, not in the side panel
    box, place = panel.bounding_box(), board.bounding_box()
    assert box["width"] >= min(0.55 * place["width"], 420), (box, place)
    start(page, "local")
    assert panel.bounding_box()["y"] + panel.bounding_box()["height"] <= viewport["height"]
    peg(page, "A1").click()  # mouse
    expect(board).to_have_attribute("data-moves", "1")
    peg(page, "B1").focus()  # keyboard: Enter, then an arrow and Space
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    expect(board).to_have_attribute("data-moves", "3")
    expect(peg(page, "B2")).to_have_attribute("data-balls", "w")
    # Empty, white and black levels differ in shape, not only in colour.
    looks = page.evaluate("""() => ['A1', 'B1', 'B2'].map((p) => {
        const bar = document.querySelector(`[data-peg="${p}"] .level`);
        const s = getComputedStyle(bar);
        return {border: s.borderTopWidth, background: s.backgroundImage + s.backgroundColor}; })""")
    (
        white,
        black,
    ) = looks[0], looks[1]
    empty = page.evaluate("""() => { const s = getComputedStyle(
        document.querySelector('[data-peg="C1"] .level'));
        return {border: s.borderTopWidth, background: s.backgroundImage + s.backgroundColor}; }""")
    assert empty["border"] == "0px" and white["border"] != "0px" and black["border"] != "0px"
    assert len({empty["background"], white["background"], black["background"]}) == 3
    assert problems == []
    context.close()

"""The AI review after a game and "show analysis" while playing, in Chromium.

The review panel exposes its state as data- attributes (data-review-state, data-marked,
data-shown-mark, data-review-done), the boards the better move they draw (the SVG board's
data-hint, the peg panel's data-hint, the 3D board's data-hint-peg), the analysis line what
the solver proved (data-analysis, data-distance); no test depends on the words.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import watch
from tests.e2e.test_board2d import open_game, play_moves, start_local
from tests.e2e.test_score_four import BOARD, open_page, peg, play_local, start

LANGUAGES = ["ko", "ja", "zh-hans"]
PANEL = "[data-game-review]"

# Reduced motion: the games before each review land their pieces at once (a Score Four ball
# falls for about twenty frames of software WebGL otherwise); the reviews are the subject here,
# and tests/e2e/test_score_four.py covers the falling balls.
pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce")

# The first player opens on an edge instead of the centre, and black wins: one marked move.
THREE_MENS = ["b1", "b2", "c1", "a1", "c3", "a2", "c3-b3", "b2-a3"]
# Black ignores white's threat (6), white misses the win (7) and later fails to block (15):
# the same game as tests/js/review.test.mjs.
SCORE_FOUR = "A1 A4 B1 B4 C1 C4 D4 D1 D3 D1 C3 B2 D2 B3 D2 C2".split()


def review_from_dialog(page):
    dialog = page.locator("[data-result-dialog]")
    expect(dialog).to_be_visible()
    dialog.locator("[data-action=review-game]").click()
    expect(dialog).to_be_hidden()
    panel = page.locator(PANEL)
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-review-state", "done", timeout=60_000)
    return panel


def no_missing_strings(page):
    assert page.locator("html").get_attribute("data-missing-string") is None


@pytest.mark.e2e
@pytest.mark.parametrize("language", LANGUAGES)
def test_review_of_a_three_mens_morris_game_marks_the_opening_and_shows_the_centre(
    page, live_server_url, language
):
    problems = watch(page)
    root = open_game(page, live_server_url, "three-mens-morris", language)
    start_local(page, root)
    play_moves(page, root, THREE_MENS)
    expect(root).to_have_attribute("data-outcome", "1")
    panel = review_from_dialog(page)
    expect(panel).to_have_attribute("data-marked", "1")
    # Every move has its evaluation before and after; the marked one stands out in the list.
    expect(panel.locator("[data-review-evals] li")).to_have_count(len(THREE_MENS))
    expect(page.locator("[data-move-list] [data-move='1']")).to_have_class(
        "move__text move--white move--marked"
    )
    mark = panel.locator("[data-review-mark='1']")
    expect(mark).to_contain_text("b2")
    mark.click()
    # The position before the move, with the centre drawn as the better move.
    expect(root).to_have_attribute("data-review-ply", "0")
    expect(page.locator("[data-board2d]")).to_have_attribute("data-hint", "b2")
    expect(page.locator("[data-board2d] .mark-hint")).to_have_count(1)
    expect(mark).to_have_attribute("aria-pressed", "true")
    expect(panel.locator("[data-review-detail]")).to_be_visible()
    expect(page.locator("[data-announcer]")).to_contain_text("b2")
    # Stepping elsewhere in the move list leaves the hint behind.
    page.locator("[data-review-step=next]").click()
    expect(root).to_have_attribute("data-review-ply", "1")
    expect(page.locator("[data-board2d]")).to_have_attribute("data-hint", "")
    no_missing_strings(page)
    assert problems == []


# A Reversi game with two passes (white's, plies 12 and 14) that black wins 17-0: white's e7
# (ply 10) lets black wipe white out, which the review proves.
REVERSI = "c4 e3 f2 e2 f5 e6 d7 g2 g1 e7 e8 pass h2 pass e1".split()


@pytest.mark.e2e
def test_review_of_a_reversi_game_with_passes_marks_the_move_that_lost(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "reversi", "ja")
    start_local(page, root)
    for move in REVERSI:
        before = int(root.get_attribute("data-moves"))
        if move == "pass":
            page.locator("[data-pass-move]").click()
        else:
            page.locator(f"[data-board2d] button[data-point='{move}']").click()
        expect(root).to_have_attribute("data-moves", str(before + 1))
    expect(root).to_have_attribute("data-outcome", "0")
    panel = review_from_dialog(page)
    expect(panel.locator("[data-review-evals] li")).to_have_count(len(REVERSI))
    expect(panel).to_have_attribute("data-marked", re.compile(r"(^| )10( |$)"))
    mark = panel.locator("[data-review-mark='10']")
    mark.click()
    expect(root).to_have_attribute("data-review-ply", "9")
    expect(page.locator("[data-board2d]")).not_to_have_attribute("data-hint", "")
    hint = page.locator("[data-board2d]").get_attribute("data-hint")
    assert hint and hint != "e7"
    expect(mark).to_contain_text(hint)
    # Stepping through the passes in the review shows their positions.
    for _ in range(3):
        page.locator("[data-review-step=next]").click()
    expect(root).to_have_attribute("data-review-ply", "12")
    no_missing_strings(page)
    assert problems == []


@pytest.mark.e2e
@pytest.mark.parametrize("language", LANGUAGES)
def test_review_of_a_score_four_game_marks_the_missed_win_and_draws_it(
    page, live_server_url, language
):
    problems = open_page(page, live_server_url, language)
    start(page, "local")
    play_local(page, SCORE_FOUR)
    expect(page.locator(BOARD)).to_have_attribute("data-outcome", "black")
    panel = review_from_dialog(page)
    # 6, 7 and 15 are proven; the evaluation may also judge 13 (white's D2 lets black's B3
    # win the fill-up race), a judgement close to the band that depends on the depth reached.
    expect(panel).to_have_attribute("data-marked", re.compile(r"^6 7 (13 )?15$"))
    panel.locator("[data-review-mark='7']").click()
    expect(page.locator("[data-move-list]")).to_have_attribute("data-review-ply", "6")
    # The 16-button panel and the 3D board both show D1 as the better move.
    expect(peg(page, "D1")).to_have_attribute("data-hint", "")
    expect(page.locator("[data-peg-panel] [data-hint]")).to_have_count(1)
    expect(page.locator(BOARD)).to_have_attribute("data-hint-peg", "3")
    expect(peg(page, "D1").locator(".level--hint")).to_have_count(1)
    no_missing_strings(page)
    assert problems == []


@pytest.mark.e2e
def test_a_review_can_be_cancelled_and_started_again(page, live_server_url):
    problems = open_page(page, live_server_url, "ko")
    start(page, "local")
    play_local(page, SCORE_FOUR)
    dialog = page.locator("[data-result-dialog]")
    expect(dialog).to_be_visible()
    dialog.locator("[data-action=view-board]").click()
    panel = page.locator(PANEL)
    panel.locator("[data-review-start]").click()
    expect(panel).to_have_attribute("data-review-state", "running")
    expect(panel.locator("[data-review-bar]")).to_be_visible()
    # The bar moves: at least one position is done before we cancel.
    page.wait_for_function(
        "() => Number(document.querySelector('[data-game-review]').dataset.reviewDone) > 0"
    )
    panel.locator("[data-review-cancel]").click()
    expect(panel).to_have_attribute("data-review-state", "cancelled")
    expect(panel.locator("[data-review-start]")).to_be_visible()
    panel.locator("[data-review-start]").click()
    expect(panel).to_have_attribute("data-review-state", "done", timeout=60_000)
    # A new game takes the review away.
    page.locator("[data-game-controls] [data-action=again]").click()
    expect(panel).to_be_hidden()
    assert problems == []


@pytest.mark.e2e
def test_show_analysis_is_off_by_default_remembered_and_shows_a_proven_ending(
    page, live_server_url
):
    problems = watch(page)
    root = open_game(page, live_server_url, "tic-tac-toe", "ja")
    toggle = page.locator("[data-analysis-toggle]")
    line = page.locator("[data-analysis-line]")
    expect(toggle).not_to_be_checked()
    start_local(page, root)
    play_moves(page, root, ["a1", "b1"])
    expect(line).to_be_hidden()
    toggle.check()
    # X to move wins in five plies (three of X's moves): "X can force a win within 3 moves".
    expect(line).to_have_attribute("data-analysis", "win")
    expect(line).to_have_attribute("data-distance", "5")
    expect(line).to_be_visible()
    expect(line).to_contain_text("3")
    expect(page.locator("[data-announcer]")).to_have_text(line.inner_text())
    play_moves(page, root, ["a2"])
    expect(line).to_have_attribute("data-analysis", "loss")
    # Remembered in this browser; a new page starts with it on.
    page.reload()
    expect(page.locator("[data-board2d-page]")).to_have_attribute("data-ready", "true")
    expect(page.locator("[data-analysis-toggle]")).to_be_checked()
    page.locator("[data-analysis-toggle]").uncheck()
    page.reload()
    expect(page.locator("[data-analysis-toggle]")).not_to_be_checked()
    assert problems == []


@pytest.mark.e2e
def test_in_a_friend_room_no_analysis_while_playing_and_a_review_after_the_game(
    browser, live_server_url
):
    from tests.e2e.test_rooms import create_room, join, play2d
    from tests.e2e.test_rooms import watch as watch_room

    contexts = [browser.new_context() for _ in range(2)]
    host, guest = (context.new_page() for context in contexts)
    # Switched on in this browser before: a friend room still never shows it.
    host.add_init_script("localStorage.setItem('little-table:analysis', 'on')")
    problems = watch_room(host) + watch_room(guest)
    try:
        url = create_room(host, live_server_url, "tic-tac-toe", "zh-hans")
        join(guest, url)
        expect(host.locator("[data-analysis-toggle]")).to_be_hidden()
        for mover, other, move in [(host, guest, "a1"), (guest, host, "b1"), (host, guest, "a2")]:
            play2d(mover, [other], move)
        expect(host.locator("[data-analysis-line]")).to_be_hidden()
        expect(host.locator(PANEL)).to_be_hidden()
        play2d(guest, [host], "c3")
        play2d(host, [guest], "a3")
        # The game is over: the guest reviews it. O's edge reply (b1) to the corner lost the
        # game (only the centre draws); by then the ignored threat changed nothing.
        panel = review_from_dialog(guest)
        expect(panel).to_have_attribute("data-marked", "2")
        panel.locator("[data-review-mark='2']").click()
        expect(guest.locator("[data-board2d]")).to_have_attribute("data-hint", "b2")
        no_missing_strings(guest)
        assert problems == []
    finally:
        for context in contexts:
            context.close()


@pytest.mark.e2e
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_finished_review_has_no_axe_violations(browser, live_server_url, scheme):
    from tests.e2e.test_accessibility import AXE

    assert AXE.exists(), f"{AXE} is missing: run `npm ci` (scripts/test.sh does)"
    context = browser.new_context(bypass_csp=True, color_scheme=scheme)
    page = context.new_page()
    try:
        root = open_game(page, live_server_url, "three-mens-morris", "ko")
        start_local(page, root)
        play_moves(page, root, THREE_MENS)
        panel = review_from_dialog(page)
        panel.locator("[data-review-mark='1']").click()
        panel.locator("[data-review-all] summary").click()
        page.add_script_tag(path=str(AXE))
        result = page.evaluate(
            "async () => await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'best-practice']})"
        )
        violations = [
            f"{v['id']}: {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:5])
            for v in result["violations"]
        ]
        assert violations == []
    finally:
        context.close()

"""Nothing lost on reload: a game against the AI or on one device is kept in the browser and
comes back at once after a reload, a language switch, or closing the tab and coming back, with
"Start a new game instead" above the board (never an empty board behind a question)."""

from playwright.sync_api import expect

from tests.e2e.browser import watch

BOARD3D = "[data-board3d]"
BOARD2D = "[data-board2d-page]"


def test_score_four_against_the_ai_survives_reload_and_language_switch(browser, live_server_url):
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page, network=False)
    page.goto(f"{live_server_url}/ko/score-four/")
    board = page.locator(BOARD3D)
    expect(board).to_have_attribute("data-ready", "3d")
    expect(page.locator("[data-resume-note]")).to_be_hidden()  # nothing saved yet
    page.locator("[data-start][data-mode=ai][data-level=beginner][data-human-side='0']").click()
    for name, count in [("A1", "2"), ("B2", "4")]:
        page.locator(f'[data-peg-panel] [data-peg="{name}"]').click()
        expect(board).to_have_attribute("data-moves", count)
        expect(board).to_have_attribute("data-thinking", "false")
    balls = [
        page.locator(f"[data-peg-panel] [data-peg='{p}']").get_attribute("data-balls")
        for p in ("A1", "B2")
    ]

    page.reload()
    expect(board).to_have_attribute("data-moves", "4")  # at once, nothing to press
    note = page.locator("[data-resume-note]")
    expect(note).to_be_visible()
    expect(note.locator("[data-resume-text]")).to_contain_text("4")
    expect(page.locator("[data-mode-choice]")).to_be_hidden()
    expect(board).to_have_attribute("data-mode", "ai")
    expect(board).to_have_attribute("data-to-move", "0")
    expect(page.locator("[data-game-controls]")).to_be_visible()
    for name, before in zip(("A1", "B2"), balls, strict=True):
        ball = page.locator(f"[data-peg-panel] [data-peg='{name}']")
        expect(ball).to_have_attribute("data-balls", before)

    # The language switcher keeps the game: the Japanese page shows the same one.
    page.locator(".language-switcher a[hreflang=ja]").click()
    expect(page).to_have_url(f"{live_server_url}/ja/score-four/")
    expect(board).to_have_attribute("data-moves", "4")
    page.locator('[data-peg-panel] [data-peg="C3"]').click()
    expect(board).to_have_attribute("data-moves", "6")  # the AI still answers

    # Closing the tab and coming back later (same browser profile).
    page.close()
    page = context.new_page()
    problems += watch(page, network=False)
    page.goto(f"{live_server_url}/zh-hans/score-four/")
    expect(page.locator(BOARD3D)).to_have_attribute("data-moves", "6")
    # "Start a new game instead" abandons it: the modes show, nothing comes back on reload.
    page.locator("[data-resume-discard]").click()
    expect(page.locator("[data-mode-choice]")).to_be_visible()
    expect(page.locator("[data-resume-note]")).to_be_hidden()
    page.reload()
    expect(page.locator(BOARD3D)).to_have_attribute("data-ready", "3d")
    expect(page.locator(BOARD3D)).to_have_attribute("data-moves", "0")
    expect(page.locator("[data-resume-note]")).to_be_hidden()
    assert problems == []
    context.close()


def test_two_players_on_one_device_resume_a_dara_game(page, live_server_url):
    problems = watch(page, network=False)
    page.goto(f"{live_server_url}/ja/dara/")
    root = page.locator(BOARD2D)
    expect(root).to_have_attribute("data-ready", "true")
    page.locator("[data-start][data-mode=local]").click()
    for count, name in enumerate(["a1", "f5", "b1"], start=1):
        page.locator(f"[data-board2d] button[data-point='{name}']").click()
        expect(root).to_have_attribute("data-moves", str(count))
    page.reload()
    expect(root).to_have_attribute("data-mode", "local")
    expect(root).to_have_attribute("data-moves", "3")
    expect(root).to_have_attribute("data-to-move", "1")
    expect(page.locator("[data-board2d] button[data-point='f5']")).to_have_attribute(
        "data-owner", "1"
    )
    # The note goes with the next move; a new game started instead replaces the saved one.
    page.locator("[data-board2d] button[data-point='e5']").click()
    expect(page.locator("[data-resume-note]")).to_be_hidden()
    page.locator("[data-game-controls] [data-action=again]").click()
    expect(root).to_have_attribute("data-moves", "0")
    page.reload()
    expect(root).to_have_attribute("data-ready", "true")
    expect(root).to_have_attribute("data-moves", "0")
    expect(page.locator("[data-resume-note]")).to_be_hidden()
    assert problems == []

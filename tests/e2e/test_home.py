"""The home page in each language, in Chromium: every game's board drawn, one tap to play the
AI or to open a friend room, the rules one link away; no console error, no failed request,
and nothing heavy loaded (one small module script, no three.js)."""

import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from games import board_pictures
from games.catalog import GAMES
from tests.e2e.browser import watch

LANGUAGES = ["ko", "ja", "zh-hans"]
ROOTS = {"score-four": "[data-board3d]", "default": "[data-board2d-page]"}


def pieces_in(slug, language):
    """How many stones, balls or marks the engine's position behind a picture holds."""
    with translation.override(language):
        dump = board_pictures.position(slug)
    if slug == "score-four":
        return sum(len(peg) for peg in dump["pegs"])
    board = dump["board"]
    return len(board) if isinstance(board, dict) else len(board.replace(".", ""))


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_page_draws_every_board_and_links_its_rules(page, live_server_url, language):
    problems = watch(page)
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{live_server_url}/{language}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("[data-game-card]")).to_have_count(len(GAMES))
    for entry in GAMES:
        card = page.locator(f'[data-game-card="{entry.slug}"]')
        picture = card.locator("svg.board-pic")
        expect(picture).to_be_visible()
        box = picture.bounding_box()
        assert box["width"] >= 80 and box["height"] >= 60, (entry.slug, box)
        # The picture is the engine's position: one drawn piece per stone, ball or mark.
        drawn = card.locator(".pic-stone, .pic-mark").count()
        assert drawn == pieces_in(entry.slug, language), entry.slug
        # Its colours come from the page's palette, not black on black.
        surface = card.locator(".pic-surface").evaluate("e => getComputedStyle(e).fill")
        assert surface not in ("rgb(0, 0, 0)", "none"), (entry.slug, surface)
        expect(card.locator("[data-play-ai]")).to_have_attribute(
            "href", f"/{language}/{entry.slug}/#play-ai"
        )
        expect(card.locator("[data-play-friend] button")).to_be_visible()
        rules = (
            f"/{language}/rules/three-in-a-row/#{entry.slug}"
            if entry.in_guide
            else (f"/{language}/{entry.slug}/#rules")
        )
        expect(card.locator("[data-rules]")).to_have_attribute("href", rules)
    page.wait_for_load_state("networkidle")
    scripts = [url for url in requests if url.endswith(".js")]
    assert [url.rsplit("/", 1)[-1] for url in scripts] == ["site-menu.js"], scripts
    assert page.locator("script[src]").evaluate_all("s => s.map(e => e.type)") == ["module"]
    assert problems == []

    # A rules link lands on that game's rules.
    page.locator('[data-game-card="dara"] [data-rules]').click()
    expect(page).to_have_url(f"{live_server_url}/{language}/rules/three-in-a-row/#dara")
    expect(page.locator("#dara")).to_be_in_viewport()


@pytest.mark.parametrize("language", LANGUAGES)
def test_play_the_ai_starts_a_game_in_one_tap(page, live_server_url, language):
    problems = watch(page)
    page.goto(f"{live_server_url}/{language}/")
    page.wait_for_load_state("networkidle")  # leaving sooner would abort the favicon
    page.locator('[data-game-card="tic-tac-toe"] [data-play-ai]').click()
    # The page dropped the fragment (a reload will not start yet another game) ...
    expect(page).to_have_url(f"{live_server_url}/{language}/tic-tac-toe/")
    root = page.locator(ROOTS["default"])
    # ... and a game against the AI is on, the player to move first.
    expect(root).to_have_attribute("data-mode", "ai")
    expect(page.locator("[data-game-controls]")).to_be_visible()
    expect(page.locator("[data-mode-choice]")).to_be_hidden()
    page.locator("[data-board2d] button[data-point='b2']").click()
    expect(root).to_have_attribute("data-moves", "2")  # the AI answered
    assert problems == []


def test_play_the_ai_on_score_four(page, live_server_url):
    problems = watch(page)
    page.goto(f"{live_server_url}/ja/")
    page.wait_for_load_state("networkidle")
    page.locator('[data-game-card="score-four"] [data-play-ai]').click()
    expect(page).to_have_url(f"{live_server_url}/ja/score-four/")
    root = page.locator(ROOTS["score-four"])
    expect(root).to_have_attribute("data-mode", "ai")
    page.locator('[data-peg="B2"]').click()
    expect(root).to_have_attribute("data-moves", "2")
    assert problems == []


def test_play_the_ai_keeps_a_saved_game(page, live_server_url):
    """A link must not throw away an unfinished game: it comes back, with the way out."""
    page.goto(f"{live_server_url}/ko/tic-tac-toe/")
    root = page.locator(ROOTS["default"])
    page.locator("[data-start][data-mode=local]").click()
    page.locator("[data-board2d] button[data-point='a1']").click()
    expect(root).to_have_attribute("data-moves", "1")
    page.goto(f"{live_server_url}/ko/")
    page.locator('[data-game-card="tic-tac-toe"] [data-play-ai]').click()
    expect(page).to_have_url(f"{live_server_url}/ko/tic-tac-toe/")
    expect(root).to_have_attribute("data-mode", "local")
    expect(root).to_have_attribute("data-moves", "1")
    expect(page.locator("[data-resume-note]")).to_be_visible()


def test_a_tap_on_play_the_ai_leaves_no_focus_ring_on_the_board(browser, live_server_url):
    """Item 10 of issue 29: arriving by a tap, nothing on the board is focused (a ring on A1
    would say the keyboard is there)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(f"{live_server_url}/ko/")
    page.wait_for_load_state("networkidle")
    page.locator('[data-game-card="tic-tac-toe"] [data-play-ai]').tap()
    root = page.locator(ROOTS["default"])
    expect(root).to_have_attribute("data-mode", "ai")
    assert page.evaluate("document.activeElement.closest('[data-board2d]') === null")
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_play_a_friend_opens_a_room_in_one_tap(page, live_server_url, language):
    problems = watch(page)
    page.goto(f"{live_server_url}/{language}/")
    page.wait_for_load_state("networkidle")  # leaving sooner would abort the favicon
    page.locator('[data-game-card="dara"] [data-play-friend] button').click()
    expect(page).to_have_url(re.compile(rf"{live_server_url}/{language}/r/[^/]+/$"))
    expect(page.locator("body")).to_have_attribute("data-room-seat", re.compile(r"\S"))
    expect(page.locator("html")).to_have_attribute("lang", language)
    # A room page has the statistics switch below its controls too.
    expect(page.locator(".play-privacy [data-stats-switch]")).to_be_visible()
    assert problems == []


def test_language_switcher_keeps_the_page(page, live_server_url):
    page.goto(f"{live_server_url}/ko/privacy/")
    page.locator(".language-switcher a[hreflang=ja]").click()
    expect(page).to_have_url(f"{live_server_url}/ja/privacy/")
    expect(page.locator("html")).to_have_attribute("lang", "ja")


def test_root_follows_the_browser_language(browser, live_server_url):
    context = browser.new_context(locale="ja-JP")
    page = context.new_page()
    page.goto(f"{live_server_url}/")
    expect(page).to_have_url(f"{live_server_url}/ja/")
    context.close()

"""Offline play in Chromium against the site served the production way (DEBUG off, hashed and
compressed static files, the service worker on; tools/offline_harness.py).

In each language: one visit online, then the network cut (context.set_offline), a reload, and
from the service worker's cache alone: Score Four against the AI, Nine Men's Morris on one
device, the rules page, Dara and Gomoku against the AI, Gomoku under Renju on one device,
Reversi's advanced AI, every script running under the cached page's own CSP nonce. Each
language plays one of the three long games to its end (WHOLE_GAME) and a move of the other
two: the game files are the same in every language, so three whole games a language
replayed the same files; each language's pages are what its own run proves cached.
Then a new build is deployed on the same origin while a game is open: the page says so
quietly, is not reloaded, the game goes on, and the next page comes from the new build's
cache alone.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import watch
from tools.offline_harness import Build, changed_static_copy

LANGUAGES = ["ko", "ja", "zh-hans"]
# The long game each language plays to its end offline (the others: a move and its answer).
WHOLE_GAME = {"ko": "score-four", "ja": "nine-mens-morris", "zh-hans": "gomoku"}
BOARD3D = "[data-board3d]"
BOARD2D = "[data-board2d-page]"
AI_BEGINNER = "[data-start][data-mode=ai][data-level=beginner][data-human-side='0']"
# A whole Nine Men's Morris game from tests/vectors (black wins: white is left with fewer
# than three pieces), in the site's notation: "d1xb4" places on d1 and removes b4.
NINE_MENS_MORRIS_GAME = [
    "d1", "b4", "d2", "b2", "g7", "b6xg7", "d3xb6", "b6xd1", "d1xb4", "b4xd1", "d1xb4",
    "b4xd3", "d3xb2", "b2xd3", "d3xb4", "b4xd2", "d2xb4", "b4xd1",
]
# Black's five along row 8 while white plays far away (no Renju foul on the way).
GOMOKU_GAME = ["H8", "A1", "I8", "A3", "J8", "A5", "K8", "A7", "L8"]
CACHE_KEYS = """async () => {
  const result = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
  }
  return result;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory, collected_static):
    directory = tmp_path_factory.mktemp("offline")
    first = Build(directory / "build-1", static_root=collected_static)
    server = first.serve()
    state = {"directory": directory, "first": first, "server": server}
    yield state
    state["server"].stop()  # the deploy test replaces the first server with the second


def go_online_once(page, url):
    page.goto(url)
    # The worker is ready once it has precached the whole site (about a megabyte here): under
    # load that took over the 5-s default (seen with six browser workers on two cores).
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "true", timeout=30_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def wait_until_ready(page):
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "true")


def play_score_four_against_the_ai(page):
    board = page.locator(BOARD3D)
    page.locator(AI_BEGINNER).click()
    for _ in range(33):
        page.wait_for_function(
            """() => { const b = document.querySelector('[data-board3d]');
                       return b.dataset.outcome !== '' || (b.dataset.thinking === 'false'
                         && b.dataset.toMove === '0'); }"""
        )
        if board.get_attribute("data-outcome"):
            break
        page.locator("[data-peg-panel] .peg[aria-disabled='false']").first.click()
    expect(board).not_to_have_attribute("data-outcome", "")
    expect(page.locator("dialog[data-result-dialog]")).to_be_visible()
    page.locator("dialog[data-result-dialog] [data-action=view-board]").click()


def play_moves(page, root, moves):
    for move in moves:
        before = int(root.get_attribute("data-moves"))
        body, _, capture = move.partition("x")
        for name in body.split("-") + ([capture] if capture else []):
            page.locator(f"[data-board2d] button[data-point='{name}']").click()
        expect(root).to_have_attribute("data-moves", str(before + 1))


def nav_link(page, href):
    """Follows a link of the site's navigation (opening the phone menu if it is folded)."""
    toggle = page.locator("[data-menu-toggle]")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
        toggle.click()
    page.locator(f".site-nav a[href='{href}']").click()
    page.wait_for_url(f"**{href}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_visited_site_plays_offline(browser, site, language):
    base = site["server"].origin
    # Reduced motion: the two whole games land their pieces at once; offline is the subject.
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    problems = watch(page, network=False)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    go_online_once(page, f"{base}/{language}/score-four/")

    context.set_offline(True)
    response = page.reload()
    assert response.from_service_worker
    # Scripts ran: the cached page's CSP header came back with its HTML, nonce and all (a
    # page stored without its headers would run them too, with no policy at all).
    expect(page.locator(BOARD3D)).to_have_attribute("data-ready", "3d")
    nonce = page.evaluate("document.querySelector('script[type=importmap]').nonce")
    policy = response.headers["content-security-policy"]
    assert nonce and f"'nonce-{nonce}'" in policy and "'unsafe-inline'" not in policy
    wait_until_ready(page)
    friend = page.locator("[data-friend-form] button[type=submit]")
    expect(friend).to_be_disabled()
    expect(page.locator("[data-friend-offline]")).to_be_visible()
    whole = WHOLE_GAME[language]
    if whole == "score-four":
        play_score_four_against_the_ai(page)
    else:
        page.locator(AI_BEGINNER).click()
        page.locator("[data-peg-panel] .peg[aria-disabled='false']").first.click()
        expect(page.locator(BOARD3D)).to_have_attribute("data-moves", "2")  # the AI answered

    nav_link(page, f"/{language}/nine-mens-morris/")
    root = page.locator(BOARD2D)
    expect(root).to_have_attribute("data-ready", "true")
    page.locator("[data-start][data-mode=local]").click()
    if whole == "nine-mens-morris":
        play_moves(page, root, NINE_MENS_MORRIS_GAME)
        expect(root).to_have_attribute("data-outcome", "1")
        expect(page.locator("[data-result-dialog]")).to_have_attribute("open", "")
        page.locator("dialog[data-result-dialog] [data-action=view-board]").click()
    else:
        play_moves(page, root, NINE_MENS_MORRIS_GAME[:2])

    nav_link(page, f"/{language}/rules/three-in-a-row/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("article.content h2").first).to_be_visible()
    wait_until_ready(page)

    nav_link(page, f"/{language}/dara/")
    root = page.locator(BOARD2D)
    expect(root).to_have_attribute("data-ready", "true")
    page.locator(AI_BEGINNER).click()
    page.locator("[data-board2d] button[data-selectable]").first.click()
    expect(root).to_have_attribute("data-moves", "2")  # the AI answered, offline

    # Gomoku under Renju, offline: a whole game on one device (a tap places the ghost stone,
    # a second plays it), then the AI answers: its engine parts and AI parts were precached
    # through the modules' literal imports.
    nav_link(page, f"/{language}/gomoku/")
    root = page.locator(BOARD2D)
    expect(root).to_have_attribute("data-ready", "true")
    page.locator("[data-variant-choice] input[value=renju]").check()
    page.locator("[data-start][data-mode=local]").click()
    expect(root).to_have_attribute("data-variant", "renju")
    if whole == "gomoku":
        play_moves(page, root, [f"{m}-{m}" for m in GOMOKU_GAME])
        expect(root).to_have_attribute("data-outcome", "0")
        expect(page.locator("[data-result-dialog]")).to_have_attribute("open", "")
        page.locator("dialog[data-result-dialog] [data-action=choose-mode]").click()
    else:
        play_moves(page, root, [f"{m}-{m}" for m in GOMOKU_GAME[:2]])
        page.locator("[data-game-controls] [data-action=choose-mode]").click()
    page.locator(AI_BEGINNER).click()
    expect(root).to_have_attribute("data-variant", "renju")
    centre = page.locator("[data-board2d] button[data-point='H8']")
    centre.click()  # a ghost stone
    centre.click()  # played
    expect(root).to_have_attribute("data-moves", "2")  # the AI answered, offline

    # Reversi offline: the advanced AI (its midgame search and its exact endgame solver
    # modules, precached through the AI module's imports) answers a move.
    nav_link(page, f"/{language}/reversi/")
    root = page.locator(BOARD2D)
    expect(root).to_have_attribute("data-ready", "true")
    page.locator("[data-start][data-mode=ai][data-level=advanced][data-human-side='0']").click()
    page.locator("[data-board2d] button[data-selectable]").first.click()
    expect(root).to_have_attribute("data-moves", "2")  # the AI answered, offline

    caches = page.evaluate(CACHE_KEYS)
    assert len(caches) == 1, caches
    paths = next(iter(caches.values()))
    pages = [p for p in paths if not p.startswith("/static/")]
    assert pages and all(p.startswith(f"/{language}/") for p in pages), pages
    assert not [p for p in paths if "/r/" in p or "/api/" in p or "/admin/" in p], paths
    assert problems == [], problems
    # Nothing the pages asked for was missing offline (the manifest and icons included).
    assert failed == [], failed
    context.close()


def test_a_new_deploy_is_picked_up_without_a_reload(browser, site):
    first_server = site["server"]
    port = first_server.port
    base = first_server.origin
    second = Build(site["directory"] / "build-2", changed_static_copy(site["directory"]))
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page, network=False)
    go_online_once(page, f"{base}/ko/tic-tac-toe/")
    first_cache = list(page.evaluate(CACHE_KEYS))
    old_menu = page.locator("script[src*='site-menu']").get_attribute("src")
    root = page.locator(BOARD2D)
    page.locator("[data-start][data-mode=local]").click()
    play_moves(page, root, ["b2", "a1"])
    page.evaluate("window.__sameDocument = true")

    first_server.stop()
    site["server"] = second.serve(port=port)
    # The train reaches a station: the connection comes back, and the page asks for an update.
    context.set_offline(True)
    context.set_offline(False)
    notice = page.locator("[data-update-notice]")
    expect(notice).to_be_visible(timeout=30000)
    assert page.evaluate("window.__sameDocument") is True  # never reloaded
    play_moves(page, root, ["c3"])  # the game goes on with the files it was loaded with
    notice.locator("[data-update-dismiss]").click()
    expect(notice).to_be_hidden()

    nav_link(page, "/ko/three-mens-morris/")
    expect(page.locator(BOARD2D)).to_have_attribute("data-ready", "true")
    new_menu = page.locator("script[src*='site-menu']").get_attribute("src")
    assert new_menu != old_menu
    page.wait_for_function("async () => (await caches.keys()).length === 1")
    second_cache = list(page.evaluate(CACHE_KEYS))
    assert second_cache != first_cache
    sw = json.loads(page.evaluate(
        "async () => JSON.stringify((await navigator.serviceWorker.ready).active.scriptURL)"
    ))
    assert sw.endswith("/sw.js")

    # Offline again: the new build's cache alone serves the new pages.
    context.set_offline(True)
    page.reload()
    expect(page.locator(BOARD2D)).to_have_attribute("data-ready", "true")
    assert page.locator("script[src*='site-menu']").get_attribute("src") == new_menu
    rng = random.Random(1)
    page.locator("[data-start][data-mode=local]").click()
    page.locator("[data-board2d] button[data-selectable]").nth(rng.randrange(9)).click()
    expect(page.locator(BOARD2D)).to_have_attribute("data-moves", "1")
    assert problems == [], problems
    context.close()

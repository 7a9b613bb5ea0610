"""Reversi's play page in Chromium: a whole game on one device with two forced passes, in
Korean, Japanese and Chinese, on a phone (390x844) and a laptop (1280x800); games against the
AI; the keyboard; the outflanked discs turning over (at once under reduced motion); the
advanced level's exact solve on the AI worker's helper workers.

The board is the 2D board's `cells` kind with two registry facts any game may use: legal
placements marked (Board show_moves: a dot, and "legal move" in each square's name) and
passing (Rules passing: the Pass button, shown only when a pass is the one move). The tests
read data- attributes: the page root's data-moves, data-outcome, data-reason, data-error;
each square's data-owner, data-selectable, data-last; the board's data-turned (the squares
whose discs turned with the last move).
"""

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.engine import registry
from tests.e2e.browser import watch
from tests.e2e.test_phone_fit import OUTSIDE, settled

SLUG = "reversi"
LANGUAGES = ("ko", "ja", "zh-hans")
SIZES = ((390, 844), (1280, 800))
GAME = registry.get(SLUG)
VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "reversi"


def seeded_game(seed: int) -> list[str]:
    """The move texts of a whole random game (each move drawn among the legal ones)."""
    rng, state, moves = random.Random(seed), GAME.initial_state(), []
    while GAME.outcome(state) is None:
        move = rng.choice(GAME.legal_moves(state))
        moves.append(GAME.format_move(state, move))
        state = GAME.play(state, move)
    return moves


# Seed 8: 62 plies, two of them passes (black's, then white's), white wins 42 to 22.
WITH_PASSES = seeded_game(8)


def final_discs(moves):
    state = GAME.initial_state()
    for text in moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    return GAME.discs(state)


def open_game(page, base, language):
    page.goto(f"{base}/{language}/{SLUG}/")
    root = page.locator("[data-board2d-page]")
    expect(root).to_have_attribute("data-ready", "true")
    return root


def square(page, name):
    return page.locator(f"[data-board2d] button[data-point='{name}']")


def legal_texts(moves):
    state = GAME.initial_state()
    for text in moves:
        state = GAME.play(state, GAME.parse_move(state, text))
    return sorted(GAME.format_move(state, move) for move in GAME.legal_moves(state))


def check_marks(page, played):
    """The dots and the squares' names show exactly the engine's legal squares."""
    legal = [text for text in legal_texts(played) if text != "pass"]
    expect(page.locator("[data-board2d] .mark-legal")).to_have_count(len(legal))
    marked = page.locator("[data-board2d] button[data-selectable]")
    expect(marked).to_have_count(len(legal))
    assert sorted(b.get_attribute("data-point") for b in marked.all()) == legal


def play_local_game(page, root, moves, check_pass_in_view):
    page.locator("[data-start][data-mode=local]").click()
    expect(root).to_have_attribute("data-mode", "local")
    pass_button = page.locator("[data-pass-move]")
    for ply, text in enumerate(moves):
        if ply % 15 == 0:
            check_marks(page, moves[:ply])
        if text == "pass":
            expect(pass_button).to_be_visible()
            expect(page.locator("[data-board2d] .mark-legal")).to_have_count(0)
            # A square is refused with the reason, and nothing changes.
            page.locator("[data-board2d] button[data-owner='']").first.click()
            expect(root).to_have_attribute("data-error", "no-flip")
            expect(root).to_have_attribute("data-moves", str(ply))
            if check_pass_in_view:
                settled(page)
                assert page.evaluate(OUTSIDE, ["[data-pass-move]"]) == []
            pass_button.click()
        else:
            expect(pass_button).to_be_hidden()
            square(page, text).click()
        expect(root).to_have_attribute("data-moves", str(ply + 1))
    black, white = final_discs(moves)
    expect(root).to_have_attribute("data-reason", "discs")
    expect(root).to_have_attribute(
        "data-outcome", "draw" if black == white else "0" if black > white else "1"
    )
    for side, count in ((0, black), (1, white)):
        cell = page.locator(f"[data-status-side='{side}'] [data-count=board]")
        expect(cell).to_have_text(str(count))
    dialog = page.locator("[data-result-dialog]")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(str(black))
    expect(dialog).to_contain_text(str(white))
    # The passes stand in the move list in the reader's language, never as "pass".
    label = pass_button.text_content()
    passes = page.locator("[data-move-list] .move__text", has_text=label)
    expect(passes).to_have_count(moves.count("pass"))
    expect(page.locator("[data-move-list]")).not_to_contain_text("pass")
    dialog.locator("[data-action=choose-mode]").click()


def play_ai_game(page, root, level, human_side):
    """Against the AI, the person playing its first legal square (or passing)."""
    page.locator(
        f"[data-start][data-mode=ai][data-level={level}][data-human-side='{human_side}']"
    ).click()
    expect(root).to_have_attribute("data-mode", "ai")
    for _turn in range(70):
        page.wait_for_function(
            """() => { const root = document.querySelector('[data-board2d-page]');
              return root.dataset.outcome !== '' || root.dataset.interactive === 'true'; }""",
            timeout=20_000,
        )
        if root.get_attribute("data-outcome") != "":
            break
        before = int(root.get_attribute("data-moves"))
        pass_button = page.locator("[data-pass-move]")
        if pass_button.is_visible():
            pass_button.click()
        else:
            page.locator("[data-board2d] button[data-selectable]").first.click()
        expect(root).not_to_have_attribute("data-moves", str(before))
    expect(root).to_have_attribute("data-reason", "discs")
    expect(page.locator("[data-result-dialog]")).to_be_visible()
    page.locator("[data-result-dialog] [data-action=choose-mode]").click()


CASES = [(language, size) for language in LANGUAGES for size in SIZES]


@pytest.mark.parametrize(("language", "size"), CASES, ids=[f"{c[0]}-{c[1][0]}" for c in CASES])
def test_a_whole_game_with_passes_on_one_device(browser, live_server_url, language, size):
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
        play_local_game(page, root, WITH_PASSES, check_pass_in_view=True)
        assert page.evaluate("document.documentElement.dataset.missingString") is None
        assert problems == []
    finally:
        context.close()


# The mode panel's buttons: each level as black, or as white against the intermediate AI.
@pytest.mark.parametrize(
    ("language", "level", "human_side"), [("ja", "beginner", 0), ("zh-hans", "intermediate", 1)]
)
def test_a_whole_game_against_the_ai(browser, live_server_url, language, level, human_side):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        page = context.new_page()
        problems = watch(page)
        root = open_game(page, live_server_url, language)
        play_ai_game(page, root, level, human_side)
        assert page.evaluate("document.documentElement.dataset.missingString") is None
        assert problems == []
    finally:
        context.close()


def test_keyboard_plays_and_the_pass_button_takes_the_focus(page, live_server_url):
    problems = watch(page)
    root = open_game(page, live_server_url, "ko")
    page.locator("[data-start][data-mode=local]").click()
    first = WITH_PASSES[0]  # a square of black's first move, reached from a1 by the arrows
    square(page, "a1").focus()
    column, row = "abcdefgh".index(first[0]), int(first[1]) - 1
    for key in ["ArrowRight"] * column + ["ArrowDown"] * row:
        page.keyboard.press(key)
    expect(square(page, first)).to_be_focused()
    assert "(" in square(page, first).get_attribute("aria-label")  # its state: a legal move
    page.keyboard.press("Enter")
    expect(root).to_have_attribute("data-moves", "1")
    expect(square(page, first)).to_have_attribute("data-owner", "0")
    # On to the game's first forced pass.
    first_pass = WITH_PASSES.index("pass")
    for text in WITH_PASSES[1:first_pass]:
        square(page, text).click()  # the square clicked keeps the focus, on the board
    # The pass appears: it is announced and the focus moves to it from the board.
    pass_button = page.locator("[data-pass-move]")
    expect(pass_button).to_be_visible()
    expect(pass_button).to_be_focused()
    page.keyboard.press("Enter")
    expect(root).to_have_attribute("data-moves", str(first_pass + 1))
    expect(pass_button).to_be_hidden()
    assert problems == []


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_outflanked_discs_turn_over_and_at_once_under_reduced_motion(
    browser, live_server_url, motion
):
    context = browser.new_context(reduced_motion=motion)
    try:
        page = context.new_page()
        problems = watch(page)
        root = open_game(page, live_server_url, "ja")
        page.locator("[data-start][data-mode=local]").click()
        for text in ("f5", "f6", "e6", "f4", "e3", "c5"):
            square(page, text).click()
        square(page, "g4").click()  # black turns f4 (to the left) and f5 (down and left)
        expect(root).to_have_attribute("data-moves", "7")
        board = page.locator("[data-board2d]")
        expect(board).to_have_attribute("data-turned", "f4 f5")
        turned = page.locator("[data-board2d] .piece--turned")
        expect(turned).to_have_count(2)
        animation = turned.first.evaluate("g => getComputedStyle(g).animationName")
        assert animation == ("none" if motion == "reduce" else "board2d-turn")
        # The old face shows only while the disc turns.
        old_face = page.locator("[data-board2d] .piece--turned .stone-before").first
        display = old_face.evaluate("c => getComputedStyle(c).display")
        assert display == ("none" if motion == "reduce" else "inline")
        assert problems == []
    finally:
        context.close()


def test_the_advanced_level_solves_an_endgame_on_helper_workers(page, live_server_url):
    """The AI worker starts the exact solve's helpers itself (nested module workers under the
    page's content security policy); with one core the browser solves alone."""
    problems = watch(page)
    open_game(page, live_server_url, "ko")
    with open(VECTORS / "endgames.json", encoding="utf-8") as file:
        entries = json.load(file)["entries"]
    entry = min((e for e in entries if e["empties"] == 20), key=lambda e: e["nodes"])
    answer = page.evaluate(
        """async ([start, state]) => {
            const url = document.querySelector("[data-board2d-page]").dataset.workerUrl;
            const worker = new Worker(url, { type: "module" });
            const search = (id, position) => new Promise((resolve) => {
                worker.onmessage = (event) => resolve(event.data);
                worker.postMessage({ type: "search", id, slug: "reversi", state: position,
                                     level: "advanced", seed: 1 });
            });
            // a game's first advanced move starts the helpers, loaded by its endgame
            await search(1, start);
            const answer = await search(2, state);
            worker.terminate();
            return { ...answer, cores: navigator.hardwareConcurrency };
        }""",
        [GAME.dump(GAME.initial_state()), entry["position"]],
    )
    assert answer["type"] == "result", answer
    assert answer["stats"].get("helpers", 0) == (2 if answer["cores"] >= 2 else 0), answer
    position = GAME.load(entry["position"])
    GAME.parse_move(position, answer["move"])  # raises unless legal
    # Within the AI's 1.5 s the solve finishes on a quiet machine (the reach figures in
    # bench/results/reversi.txt), not always beside three other browsers on two cores (CI
    # saw it run out): its speed is the benchmark's to measure, its exactness with helpers
    # tests/js/reversi-parallel.test.mjs's; here, a finished solve is exact.
    if answer["stats"]["solved"]:
        assert answer["stats"]["score"] == entry["score"], answer
    assert problems == []

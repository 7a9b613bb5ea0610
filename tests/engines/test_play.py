"""Journeys 2 and 3 in WebKit and Gecko: Score Four against the AI to the end, and Nine Men's
Morris for two on one device with undo and a reload that resumes; Reversi on one device to a
forced pass (the Pass button), with undo and a reload.

Score Four takes whichever board the engine can draw: WebKitGTK under Xvfb gives a WebGL 2
context, so its page is the 3D board (data-ready="3d", frames drawn); headless Firefox ESR has
no WebGL at all (no GPU and no software fallback in headless mode), so its page is the
16-button panel (data-ready="panel"). Both are asserted, so a change on either side shows.
"""

import pytest

from tests.engines.tab import attr, count, loaded, wait, wait_attr

ENGINES = ["webkit", "gecko"]
BOARD2D = "[data-board2d-page]"
BOARD3D = "[data-board3d]"
# The board each engine can draw headless here (see the module's docstring).
SCORE_FOUR_BOARD = {"webkit": "3d", "gecko": "panel"}


def point(name):
    return f"[data-board2d] button[data-point='{name}']"


def play_moves(tab, moves):
    """Click each move's points ("a1", "c2-c1", "g1xg7"); each must raise data-moves by one."""
    for move in moves:
        before = int(attr(tab, BOARD2D, "data-moves"))
        body, _, capture = move.partition("x")
        for name in body.split("-") + ([capture] if capture else []):
            tab.click(point(name))
        wait_attr(tab, BOARD2D, "data-moves", str(before + 1))


def start_local(tab, url):
    """Open a 2D game's page and start a game for two on this device."""
    loaded(tab, url)
    wait_attr(tab, BOARD2D, "data-ready", "true")
    tab.click("[data-start][data-mode=local]")
    wait_attr(tab, BOARD2D, "data-mode", "local")


def play_score_four_against_the_ai(tab):
    """Start against the beginner and take the first free peg each turn until the game ends."""
    tab.click("[data-start][data-mode=ai][data-level=beginner][data-human-side='0']")
    wait_attr(tab, BOARD3D, "data-mode", "ai")
    for _ in range(40):
        wait(
            tab,
            "(b => b.dataset.outcome !== '' || (b.dataset.thinking === 'false'"
            " && b.dataset.toMove === '0'))(document.querySelector('[data-board3d]'))",
            60,
            "the human's turn or the end",
        )
        if attr(tab, BOARD3D, "data-outcome"):
            break
        before = attr(tab, BOARD3D, "data-moves")
        tab.click('[data-peg-panel] .peg[aria-disabled="false"]')
        wait(tab, f"document.querySelector('{BOARD3D}').dataset.moves !== '{before}'")
    assert attr(tab, BOARD3D, "data-outcome") in {"white", "black", "draw"}


@pytest.mark.parametrize("engine", ENGINES)
def test_nine_mens_morris_on_one_device_with_undo_and_reload(open_tab, live_server_url, engine):
    tab = open_tab(engine)
    start_local(tab, f"{live_server_url}/ja/nine-mens-morris/")
    play_moves(tab, ["a1", "c5", "d1", "d5", "f4"])
    # Black closes the mill c5-d5-e5 and must choose a white piece to take.
    tab.click(point("e5"))
    wait_attr(tab, BOARD2D, "data-stage", "capture")
    assert count(tab, "[data-board2d] button[data-removable]") == 3
    tab.click(point("f4"))
    wait_attr(tab, BOARD2D, "data-moves", "6")
    play_moves(tab, ["f2"])
    # Undo takes f2 back; undo again takes the capture back (f4 white again).
    tab.click("[data-game-controls] [data-action=undo]")
    wait_attr(tab, BOARD2D, "data-moves", "6")
    assert attr(tab, point("f2"), "data-owner") == ""
    tab.click("[data-game-controls] [data-action=undo]")
    wait_attr(tab, BOARD2D, "data-moves", "5")
    assert attr(tab, point("f4"), "data-owner") == "0"
    play_moves(tab, ["e5xa1", "g7"])

    tab.reload()
    wait_attr(tab, BOARD2D, "data-ready", "true")
    # The saved game comes back at once, with "Start a new game instead" beside it.
    wait(tab, "document.querySelector('[data-resume-note]').checkVisibility()", what="note")
    wait_attr(tab, BOARD2D, "data-mode", "local")
    wait_attr(tab, BOARD2D, "data-moves", "7")
    owners = {name: attr(tab, point(name), "data-owner") for name in ("a1", "c5", "e5", "g7")}
    assert owners == {"a1": "", "c5": "1", "e5": "1", "g7": "0"}
    play_moves(tab, ["g4"])  # and the game goes on
    assert tab.problems() == []


@pytest.mark.parametrize("engine", ENGINES)
def test_score_four_against_the_ai_to_the_end(open_tab, live_server_url, engine):
    tab = open_tab(engine)
    loaded(tab, f"{live_server_url}/ko/score-four/")
    wait_attr(tab, BOARD3D, "data-ready", SCORE_FOUR_BOARD[engine])
    play_score_four_against_the_ai(tab)
    wait(tab, "document.querySelector('[data-result-dialog]').open", what="result dialog")
    assert tab.js("document.querySelector('[data-announcer]').textContent.trim()")
    if engine == "webkit":  # the 3D board drew the game
        assert int(attr(tab, BOARD3D, "data-frames")) > 0
    assert tab.problems() == []


@pytest.mark.parametrize("engine", ENGINES)
def test_reversi_on_one_device_with_a_forced_pass_undo_and_reload(
    open_tab, live_server_url, engine
):
    """A Reversi game to black's forced pass (the Pass button is the one move: a square is
    refused), the pass taken back with Undo and played again, then a reload that resumes."""
    tab = open_tab(engine)
    start_local(tab, f"{live_server_url}/zh-hans/reversi/")
    moves = ["d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1"]  # black has no square then
    play_moves(tab, moves[:1])
    assert attr(tab, point("d4"), "data-owner") == "0"  # turned by d3
    play_moves(tab, moves[1:])
    wait(tab, "document.querySelector('[data-pass-move]').checkVisibility()", what="Pass")
    assert count(tab, "[data-board2d] .mark-legal") == 0
    tab.click(point("a8"))
    wait_attr(tab, BOARD2D, "data-error", "no-flip")
    tab.click("[data-pass-move]")
    wait_attr(tab, BOARD2D, "data-moves", "9")
    assert count(tab, "[data-board2d] .mark-legal") > 0  # white's squares
    tab.click("[data-game-controls] [data-action=undo]")
    wait_attr(tab, BOARD2D, "data-moves", "8")
    wait(tab, "document.querySelector('[data-pass-move]').checkVisibility()", what="Pass again")
    wait_attr(tab, BOARD2D, "data-interactive", "true")
    tab.click("[data-pass-move]")
    wait_attr(tab, BOARD2D, "data-moves", "9")
    tab.reload()
    wait_attr(tab, BOARD2D, "data-ready", "true")
    wait_attr(tab, BOARD2D, "data-mode", "local")
    wait_attr(tab, BOARD2D, "data-moves", "9")
    assert attr(tab, BOARD2D, "data-to-move") == "1"
    assert count(tab, "[data-move-list] .move__text") == 9
    assert tab.problems() == []

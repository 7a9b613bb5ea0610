"""What each language expects, seen in the browser: in Japanese the first player of
Tic-tac-toe draws ○ (the catalog's `first mark`), elsewhere X; the status table
and the worked example on the rules page draw the same mark."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_board2d import open_game, point, start_local


@pytest.mark.parametrize(
    ("language", "first", "second", "first_label"),
    [
        ("ja", ".mark-o", ".mark-x", "○"),
        ("ko", ".mark-x", ".mark-o", "X"),
        ("zh-hans", ".mark-x", ".mark-o", "X"),
    ],
)
def test_the_first_tic_tac_toe_mark_follows_the_language(
    page, live_server_url, language, first, second, first_label
):
    root = open_game(page, live_server_url, "tic-tac-toe", language)
    start_local(page, root)
    point(page, "a1").click()
    expect(root).to_have_attribute("data-moves", "1")
    point(page, "b2").click()
    expect(root).to_have_attribute("data-moves", "2")
    board = page.locator("[data-board2d]")
    expect(board.locator(f"[data-piece=a1] {first}")).to_have_count(1)
    expect(board.locator(f"[data-piece=b2] {second}")).to_have_count(1)
    expect(page.locator("[data-status-side='0'] th")).to_have_text(first_label)
    page.goto(f"{live_server_url}/{language}/rules/three-in-a-row/")
    # The example's board: the first player holds a1 and b1, the second b2 and a3.
    example = page.locator("#tic-tac-toe [data-example]")
    expect(example).to_have_attribute("data-ready", "true")
    board = example.locator("[data-example-board]")
    expect(board.locator(f"[data-piece] {first}")).to_have_count(2)
    expect(board.locator(f"[data-piece=a3] {second}")).to_have_count(1)
    # Without scripts, the picture after the example's move: three marks of the first player.
    after = example.locator("[data-example-figures] svg").nth(1)
    expect(after.locator(f"[data-piece] {first}")).to_have_count(3)

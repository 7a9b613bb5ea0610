"""The server's board drawing (games/board_svg.py) sits on the same coordinates as the play
pages' board (static/js/board2d/geometry.js), read here from the JavaScript module itself."""

import json

import pytest

from games import board_svg
from tests.node_json import node_json

SCRIPT = """
import { layoutFor } from "./static/js/board2d/geometry.js";
const slugs = JSON.parse(process.argv[1]);
console.log(JSON.stringify(Object.fromEntries(slugs.map((slug) => [slug, layoutFor(slug)]))));
"""


@pytest.fixture(scope="module")
def js_layouts():
    return node_json(
        ["--input-type=module", "-e", SCRIPT, json.dumps(list(board_svg.slugs()))], timeout=60
    )


@pytest.mark.parametrize("slug", list(board_svg.slugs()))
def test_the_layout_matches_the_browser_board(js_layouts, slug):
    ours, theirs = board_svg.layout_of(slug), js_layouts[slug]
    assert ours.kind == theirs["kind"]
    assert {p: list(xy) for p, xy in ours.xy.items()} == theirs["xy"]
    assert (ours.width, ours.height, ours.step) == (
        theirs["width"],
        theirs["height"],
        theirs["step"],
    )
    assert ours.piece_radius == pytest.approx(theirs["pieceRadius"])
    assert ours.label_edge == pytest.approx(theirs["labelEdge"])
    assert [list(line) for line in ours.lines] == theirs.get("lines", [])


def test_a_drawing_marks_the_last_move_and_the_winning_line():
    svg = board_svg.draw(
        "three-mens-morris",
        {"a1": 0, "b1": 0, "c1": 0, "a2": 1},
        label="<b>",
        gradient="g",
        last={"from": "c2", "to": "c1", "capture": None},
        win_cells=("a1", "b1", "c1"),
    )
    assert 'aria-label="&lt;b&gt;"' in svg
    assert svg.count('class="piece piece--0"') == 3 and svg.count('class="piece piece--1"') == 1
    assert 'class="mark-from"' in svg and 'class="mark-to"' in svg and 'class="mark-win"' in svg
    assert 'fill="url(#g-0)"' in svg and 'id="g-1"' in svg

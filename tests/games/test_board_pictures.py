"""The home page's board pictures: real positions from the engine, drawn with classes only
(site.css colours them, light and dark), one per game, on the page in every language."""

import re

import pytest
from django.utils import translation

from games import board_pictures
from games.catalog import GAMES
from games.engine import registry

SLUGS = [entry.slug for entry in GAMES]


@pytest.mark.parametrize("slug", SLUGS)
def test_each_picture_is_a_position_the_engine_reaches(slug):
    game = registry.get(slug)
    dump = board_pictures.position(slug)
    state = game.load(dump)  # a legal position of that game
    assert game.outcome(state) is None  # a game in progress
    with translation.override("ko"):
        svg = board_pictures.render(slug)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    drawn = len(re.findall(r'class="pic-(?:stone|mark) ', svg))
    if slug == "score-four":
        assert drawn == sum(len(peg) for peg in dump["pegs"]) >= 8
    else:
        board = dump["board"]
        # A dict of points, or a string of one character per point ("." empty).
        stones = len(board) if isinstance(board, dict) else len(board) - board.count(".")
        assert drawn == stones >= 4
    # Colours come from the page's palette: no colour is written into the drawing.
    assert not re.search(r'(fill|stroke)="(?!none)', svg)
    assert 'aria-hidden="true"' in svg


def test_tic_tac_toe_draws_the_first_mark_of_the_language():
    """Japanese first players draw ○ (the catalog's "first mark")."""
    dump = board_pictures.position("tic-tac-toe")
    firsts = sum(1 for cell in dump["board"] if cell == "x")  # the engine's first player
    for language, first_shape in [("ko", "x"), ("ja", "o"), ("zh-hans", "x")]:
        with translation.override(language):
            svg = board_pictures.render("tic-tac-toe")
        assert svg.count(f"pic-mark--{first_shape}") == firsts, language


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_home_page_offers_every_game_in_one_tap(client, language):
    html = client.get(f"/{language}/").content.decode()
    assert html.count('<svg class="board-pic') == len(GAMES)
    for slug in SLUGS:
        assert f'href="/{language}/{slug}/#play-ai"' in html
        assert f'<input type="hidden" name="game" value="{slug}">' in html
    assert html.count('action="/api/rooms/"') == len(GAMES)
    assert html.count(f'<input type="hidden" name="language" value="{language}">') == len(GAMES)
    # No three.js, no script but the site menu's module.
    assert "vendor/three" not in html and "importmap" not in html
    assert len(re.findall(r"<script\b[^>]*\bsrc=", html)) == 1

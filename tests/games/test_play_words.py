"""The words each play page's scripts get: built per game, translated in every language."""

import json
import re

import pytest
from django.utils import translation

from games import play_words
from games.catalog import BY_SLUG, GAMES

LANGUAGES = ["ko", "ja", "zh-hans"]
# Keys whose words may equal the English: the letters of the marks.
SAME_AS_ENGLISH = {"side-0", "side-1", "piece-0", "piece-1"}


def has_words(text):
    """False for a pure pattern such as "{point}: {holder}" or ", "."""
    return any(ch.isalpha() for ch in re.sub(r"\{\w+\}", "", text))


def words(slug, language):
    with translation.override(language):
        return play_words.for_game(BY_SLUG[slug])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", [g.slug for g in GAMES])
def test_every_word_is_translated(slug, language):
    english = words(slug, "en").ui
    translated = words(slug, language).ui
    assert translated.keys() == english.keys()
    untranslated = {k for k, v in translated.items() if v == english[k] and has_words(v)}
    assert untranslated <= SAME_AS_ENGLISH


def test_each_board_gets_its_own_words():
    with translation.override("en"):
        ttt, dara, nine = (words(s, "en") for s in ("tic-tac-toe", "dara", "nine-mens-morris"))
        sf = words("score-four", "en")
    assert ttt.sides == ("X", "O") and ttt.ui["phase-placing"] == "Choose an empty square."
    assert "phase-moving" not in ttt.ui and "error-not-adjacent" not in ttt.ui
    assert "stone" in dara.ui["phase-moving"] and "piece" in nine.ui["phase-moving"]
    assert "fly" in nine.ui["error-not-adjacent"] and "square" in dara.ui["error-not-adjacent"]
    assert sf.sides == ("White", "Black") and "pegFull" in sf.ui and "board-label" not in sf.ui
    assert ttt.first_mark == "x" and words("tic-tac-toe", "ja").first_mark == "o"
    assert dara.first_mark == ""


@pytest.mark.parametrize("slug", [g.slug for g in GAMES])
def test_page_carries_the_words_as_json(client, slug):
    html = client.get(f"/zh-hans/{slug}/").content.decode()
    block = re.search(r'<script id="ui-strings" type="application/json">(.*?)</script>', html, re.S)
    assert block, "the page has no #ui-strings block"
    assert json.loads(block.group(1)) == words(slug, "zh-hans").ui


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", [g.slug for g in GAMES if g.board == "2d"])
def test_every_word_of_the_example_puzzles_is_translated(slug, language):
    with translation.override("en"):
        english = play_words.for_example(slug)
        english_name = str(BY_SLUG[slug].name)
    with translation.override(language):
        translated = play_words.for_example(slug)
        name = str(BY_SLUG[slug].name)
    assert translated.keys() == english.keys()
    untranslated = {k for k, v in translated.items() if v == english[k] and has_words(v)}
    assert untranslated <= SAME_AS_ENGLISH
    assert name in translated["example-board-label"] and english_name != name

"""The glossary's fixed interface entries (docs/CONTENT.md, "Interface entries"), and buttons
named in a sentence: the sentence quotes the button's own label, as translated.

The glossary's names and avoided forms are checked in test_content_facts.py; this file holds
what is about single catalog entries: a label whose words were wrong (the statistics count
called "the game record"), two entries that must read differently (a winning position and a
game already won), and a message that must name a button the page really has.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.games.test_content_facts import (
    LANGS,
    catalog,
    glossary,
    markdown_table,
    read,
    sections,
    visible_text,
)


def interface_entries() -> list[dict[str, str]]:
    header = ["entry", *LANGS]
    return [dict(zip(header, row, strict=True)) for row in markdown_table("### Interface entries")]


def test_interface_entries_table_is_readable():
    rows = interface_entries()
    assert len(rows) >= 9
    for row in rows:
        for lang in LANGS:
            re.compile(row[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_interface_entries_read_as_the_glossary_says(lang):
    translations = catalog(lang)
    wrong = []
    for row in interface_entries():
        entry, want = row["entry"], row[lang]
        if entry not in translations:
            wrong.append(f"{entry!r}: no such catalog entry")
        elif not re.fullmatch(want, translations[entry], re.S):
            wrong.append(f"{entry!r} is {translations[entry]!r}, the glossary says /{want}/")
    assert not wrong, f"{lang}:\n  " + "\n  ".join(wrong)


@pytest.mark.parametrize("lang", LANGS)
def test_review_tells_a_finished_game_from_a_winning_position(lang):
    translations = catalog(lang)
    for position, finished in (("wins", "won"), ("loses", "lost")):
        assert translations[position] != translations[finished], (lang, position, finished)


@pytest.mark.parametrize("lang", LANGS)
def test_a_button_named_in_a_sentence_is_quoted_as_its_label(lang):
    """“Join the game” in an English sentence is a button's label: the translation quotes that
    button's translated label, so the reader finds the button the sentence names."""
    translations = catalog(lang)
    wrong = []
    for msgid, text in translations.items():
        for label in re.findall(r"“([^”]+)”", msgid.partition("::")[2] or msgid):
            button = translations.get(label)
            if button and button not in text:
                wrong.append(f"{msgid!r}: {text!r} does not quote {button!r}")
    assert not wrong, f"{lang}:\n  " + "\n  ".join(wrong)


# Renju's double three is made of the three the Gomoku page defines: the glossary's row.
RENJU_THREE = (
    "Gomoku: the three a double three is made of, straight four "
    "(the rules page defines both; the refusal message says the same)"
)


@pytest.mark.parametrize("lang", LANGS)
def test_renju_double_three_is_made_of_the_three_the_page_defines(lang):
    """ko 열린 3, ja 三, zh 活三: the rules list's double three, the definition of the three
    (the line one more stone makes a straight four) and the refusal message use one word."""
    three, straight = glossary()[RENJU_THREE][lang].split(", ")
    double_three = (
        glossary()["Gomoku: overline, forbidden move, double three / double four / four-three"][
            lang
        ]
        .split(", ")[2]
        .split(" / ")[0]
    )
    rules = sections(read(lang, "gomoku.html"))["rules"]
    items = [visible_text(item) for item in re.findall(r"<li>(.*?)</li>", rules, re.S)]
    item = next(item for item in items if double_three in item)
    assert three in item.replace(double_three, ""), f"{lang}: {item!r} does not say {three!r}"
    definition = rf"{re.escape(three)}(?:은|は、|是)[^.。]*{re.escape(straight)}"
    assert re.search(definition, visible_text(rules)), f"{lang}: no /{definition}/"
    refusal = catalog(lang)["Renju: black may not make two threes with one stone (a double three)."]
    assert three in refusal.replace(double_three, ""), f"{lang}: {refusal!r}"


TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
HANGUL_KANA_HAN = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")


def test_other_templates_take_their_words_from_the_catalog():
    """The avoided forms are looked for in templates/content/ and the catalogs: every other
    template must hold English msgids only, or a word there would escape the glossary."""
    stray = {
        str(path.relative_to(TEMPLATES)): HANGUL_KANA_HAN.search(text).group(0)
        for path in sorted(TEMPLATES.rglob("*.html"))
        if TEMPLATES / "content" not in path.parents
        and HANGUL_KANA_HAN.search(text := path.read_text(encoding="utf-8"))
    }
    assert not stray, f"words outside the catalog: {stray}"

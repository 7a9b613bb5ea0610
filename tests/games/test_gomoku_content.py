"""The Gomoku page's content carries the same key facts in ko, ja and zh-hans.

templates/content/<lang>/gomoku.html is written separately per language, like the Score Four
page; this checklist (in the manner of test_content_facts.py, whose helpers it uses) lists per
language every fact it cannot find. The sources of the facts are in docs/content/gomoku-facts.md.
The page's puzzles are checked against the engine by tests/games/test_examples.py once the
game is wired (docs/content/gomoku-facts.md, "Wiring").
"""

from __future__ import annotations

import json
import re

import pytest

from tests.games import page_checks
from tests.games.test_content_facts import (
    ALLOWED_LATIN,
    LANGS,
    Fact,
    num,
    read,
    tok,
    url_tag,
    visible_text,
)

PAGE = "gomoku.html"
SECTIONS = ["rules", "examples", "how-to", "tips", "history", "references", "faq", "similar"]
EXAMPLES = ("gomoku-free-style", "gomoku-exact-five", "gomoku-renju", "gomoku-renju-three")
REFERENCES = range(1, 9)


def cite(n: int) -> str:
    return rf'href="#ref-{n}"\s+class="cite"[^>]*>\[{n}\]'


SHARED: list[Fact] = [
    Fact(PAGE, "rules", "15 lines", num("15")),
    Fact(PAGE, "rules", "225 points", num("225")),
    Fact(PAGE, "rules", "five in a row", num("5")),
    Fact(PAGE, "rules", "RIF rules cited", cite(4), True),
    Fact(PAGE, "rules", "free-style and exact five cited", cite(5), True),
    *(
        Fact(
            PAGE,
            "examples",
            f"puzzle board {name}",
            rf"\{{%\s*example_board\s+['\"]{name}['\"]\s*%\}}",
            True,
        )
        for name in EXAMPLES
    ),
    *(
        Fact(PAGE, "examples", f"point {p}", tok(p))
        for p in ("H8", "L8", "E8", "J8", "L4", "H4", "H9", "H3", "D8", "C8")
        + ("H7", "I7", "H5", "H6", "G6", "I8", "F10", "G9")  # problem 4, the Renju three
    ),
    Fact(PAGE, "examples", "columns A–O", r"A\s*[~〜～–—-]\s*O"),
    Fact(PAGE, "examples", "rows 1–15", r"1\s*[~〜～–—-]\s*15"),
    Fact(PAGE, "how-to", "15×15 board", r"15\s*×\s*15"),
    Fact(PAGE, "how-to", "Enter key", r"Enter"),
    Fact(PAGE, "how-to", "room gone after 30 minutes", num("30")),
    Fact(PAGE, "how-to", "room gone 24 hours after creation", num("24")),
    Fact(PAGE, "tips", "both settings solved, cited", cite(5) + r".*" + cite(6), True),
    Fact(PAGE, "tips", "Renju solved 2001", num("2001")),
    *(Fact(PAGE, "history", f"year {y}", num(y)) for y in ("1899", "1906", "1994", "2001", "2002")),
    *(
        Fact(PAGE, "history", name, name)
        for name in ("L. Victor Allis", "János Wágner", "István Virág")
    ),
    Fact(PAGE, "history", "15×15 board solved", r"15\s*×\s*15"),
    *(Fact(PAGE, "history", f"citation [{n}]", cite(n), True) for n in REFERENCES if n != 4),
    *(
        Fact(
            PAGE,
            "references",
            f"reference ref-{n} opens in a new tab",
            rf'<li id="ref-{n}"[^>]*>(?:(?!</li>).)*?<a [^>]*target="_blank"[^>]*rel="noopener"',
            True,
        )
        for n in REFERENCES
    ),
    Fact(
        PAGE,
        "references",
        "Allis 1994 thesis",
        r"Searching for Solutions in Games and Artificial Intelligence(?:(?!</li>).)*1994",
        True,
    ),
    Fact(
        PAGE,
        "references",
        "Wágner and Virág, ICGA Journal 2001",
        r"Solving Renju(?:(?!</li>).)*ICGA Journal(?:(?!</li>).)*2001",
        True,
    ),
    Fact(
        PAGE,
        "references",
        "RIF rules 1996",
        r"International Rules of Renju(?:(?!</li>).)*1996",
        True,
    ),
    Fact(PAGE, "references", "World Encyclopedia entry on Kotobank", r"kotobank\.jp/word/", True),
    Fact(
        PAGE,
        "references",
        "Encyclopedia of Korean Culture",
        r"encykorea\.aks\.ac\.kr/Article/E0038235",
        True,
    ),
    Fact(PAGE, "faq", "beginner about 40% random", r"40\s*%"),
    Fact(PAGE, "faq", "up to about 1.5 s", r"1\.5"),
    Fact(PAGE, "faq", "solved 1994", num("1994")),
    Fact(PAGE, "faq", "Renju solved 2001", num("2001")),
    *(
        Fact(PAGE, "similar", f"link to {slug}", url_tag(slug), True)
        for slug in ("score-four", "tic-tac-toe")
    ),
]

# What each language says in its own words: the three settings' names (the interface must use
# the same ones), the forbidden shapes, no opening rules, Kuroiwa Ruikō and his newspaper.
TERMS: dict[str, dict[tuple[str, str], str]] = {
    "ko": {
        ("rules", "setting: free-style"): r"자유 규칙",
        ("rules", "setting: exact five"): r"장목 불인정",
        ("rules", "setting: Renju"): r"렌주 규칙",
        ("rules", "overline"): r"장목",
        ("rules", "forbidden move"): r"금수",
        ("rules", "double three / double four / four-three"): r"3·3.*4·4.*4·3",
        ("rules", "a forbidden move is refused"): r"받아들이지 않",
        ("rules", "no opening rules"): r"개시 규칙.*쓰지 않습니다",
        ("rules", "straight four"): r"열린 4",
        ("rules", "no three only when every straight-four point is forbidden"): (
            r"열린 4를 만드는 점이 모두 흑에게 금수라면"
        ),
        ("rules", "one forbidden end: still a three"): (
            r"다른 쪽 끝에 두어 열린 4를 만들 수 있으면 그 줄은 그대로 열린 3"
        ),
        ("examples", "H7 is a double three, I7 is allowed"): r"H7은[^.]*3·3[^.]*금수.*I7은 둘 수",
        ("how-to", "ghost stone"): r"반투명한 돌",
        ("how-to", "forbidden points marked"): r"금수가 되는 점에 표시",
        ("history", "Kuroiwa Ruikō"): r"구로이와 루이코\(黒岩涙香\)",
        ("history", "Yorozu Chōhō"): r"萬朝報",
        ("history", "Korea Omok Association"): r"한국오목협회",
        ("faq", "no opening rules"): r"개시 규칙",
    },
    "ja": {
        ("rules", "setting: free-style"): r"自由ルール",
        ("rules", "setting: exact five"): r"長連無効ルール",
        ("rules", "setting: Renju"): r"連珠ルール",
        ("rules", "overline"): r"長連",
        ("rules", "forbidden move"): r"禁じ手",
        ("rules", "double three / double four / four-three"): r"三三.*四四.*四三",
        ("rules", "a forbidden move is refused"): r"受け付けず",
        ("rules", "no opening rules"): r"開局規定.*使いません",
        ("rules", "straight four"): r"達四",
        ("rules", "no three only when every straight-four point is forbidden"): (
            r"達四にする点がすべて黒の禁じ手なら"
        ),
        ("rules", "one forbidden end: still a three"): (
            r"もう片方の端に打って達四にできるなら、その並びは三のまま"
        ),
        ("examples", "H7 is a double three, I7 is allowed"): (
            r"H7 は[^。]*三三の禁じ手.*I7 は打てます"
        ),
        ("how-to", "ghost stone"): r"半透明の石",
        ("how-to", "forbidden points marked"): r"禁じ手になる点に印",
        ("history", "Kuroiwa Ruikō"): r"黒岩涙香",
        ("history", "Yorozu Chōhō"): r"萬朝報",
        ("history", "name Renju, first written 聯珠"): r"聯珠",
        ("faq", "no opening rules"): r"開局規定",
    },
    "zh-hans": {
        ("rules", "setting: free-style"): r"无禁手",
        ("rules", "setting: exact five"): r"长连不胜",
        ("rules", "setting: Renju"): r"连珠规则",
        ("rules", "overline"): r"长连",
        ("rules", "forbidden move"): r"禁手",
        ("rules", "double three / double four / four-three"): r"三三.*四四.*四三",
        ("rules", "a forbidden move is refused"): r"不接受禁手",
        ("rules", "no opening rules"): r"不使用.*开局规则",
        ("rules", "straight four"): r"活四",
        ("rules", "no three only when every straight-four point is forbidden"): (
            r"能形成活四的点对黑方来说全都是禁手"
        ),
        ("rules", "one forbidden end: still a three"): r"另一端落子还能形成活四，它就仍然是活三",
        ("examples", "H7 is a double three, I7 is allowed"): r"H7 是[^。]*三三禁手.*I7[^。]*可以下",
        ("examples", "problems labelled 黑先 / 白先"): r"黑先.*白先",
        ("how-to", "ghost stone"): r"半透明的棋子",
        ("how-to", "forbidden points marked"): r"构成禁手的点上",
        ("history", "Kuroiwa Ruikō"): r"黑岩泪香",
        ("history", "Yorozu Chōhō"): r"万朝报",
        ("history", "name Renju, first written 聯珠"): r"聯珠",
        ("faq", "no opening rules"): r"开局规则",
    },
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_fact_is_present(lang):
    missing = page_checks.missing_facts(PAGE, lang, SHARED, TERMS[lang])
    assert not missing, f"{lang}: {len(missing)} missing fact(s):\n  " + "\n  ".join(missing)


@pytest.mark.parametrize("lang", LANGS)
def test_sections_come_in_the_same_order(lang):
    assert page_checks.section_ids(PAGE, lang) == SECTIONS


@pytest.mark.parametrize("lang", LANGS)
def test_faq_has_at_least_six_plain_items(lang):
    assert page_checks.faq_problems(PAGE, lang) == [], lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_citation_has_its_reference_and_every_reference_is_cited(lang):
    cited, listed = page_checks.citations(PAGE, lang)
    assert cited == listed == set(REFERENCES), (lang, sorted(cited), sorted(listed))


GOMOKU_LATIN = {"János", "Wágner", "István", "Virág"}
# A point of the 15×15 board (H8, G10, O15) or a single letter (columns A~O).
POINT = re.compile(r"[A-O](?:1[0-5]|[1-9])|[A-Za-z]")


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_words_outside_names_and_cited_titles(lang):
    html = re.sub(r'<section\s+id="references".*?</section>', " ", read(lang, PAGE), flags=re.S)
    words = re.findall(r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ0-9'’-]*", visible_text(html))
    allowed = ALLOWED_LATIN | GOMOKU_LATIN
    stray = sorted({w for w in words if w not in allowed and not POINT.fullmatch(w)})
    assert not stray, f"{lang}: Latin-script words not on the allowed list: {stray}"


@pytest.mark.parametrize("lang", LANGS)
def test_meta_names_the_game_and_its_three_settings(lang):
    meta = json.loads(read(lang, "meta.json"))["gomoku"]
    name = {"ko": "오목", "ja": "五目並べ", "zh-hans": "五子棋"}[lang]
    assert name in meta["title"], meta["title"]
    settings = {
        "ko": ("자유 규칙", "장목 불인정", "렌주 규칙"),
        "ja": ("自由ルール", "長連無効ルール", "連珠ルール"),
        "zh-hans": ("无禁手", "长连不胜", "连珠"),
    }[lang]
    missing = [word for word in settings if word not in meta["description"]]
    assert not missing, f"{lang}: meta description lacks {missing}"

"""Every language's long-form content carries the same key facts.

The product owner's texts are the specification (their key facts are listed below); each language's
templates under templates/content/<lang>/ are written separately, so facts can silently
go missing in one of them. This checklist reads the template files as text and lists,
per language, every fact it cannot find. A missing language or file is a failure, never
a skip: the site ships ko, ja and zh-hans together.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

CONTENT = Path(__file__).resolve().parents[2] / "templates" / "content"
LANGS = ("ko", "ja", "zh-hans")
GUIDE_SLUGS = ("tic-tac-toe", "three-mens-morris", "nine-mens-morris", "dara")
FILES = (
    "score_four.html",
    "guide/intro.html",
    *(f"guide/{slug}.html" for slug in GUIDE_SLUGS),
    "privacy.html",
)
SCORE_FOUR_SECTIONS = {"rules", "how-to", "tips", "history", "references", "faq", "similar"}


@dataclass(frozen=True)
class Fact:
    file: str
    section: str | None  # a <section id>, or None for the whole file
    label: str  # what the fact is, for the failure message
    pattern: str  # a regular expression searched in the visible text (or the markup)
    markup: bool = False  # True: search the raw template, tags included


def num(value: str) -> str:
    """A number standing alone: '8' must not match inside '48', '1980' or '8.5'."""
    return rf"(?<!\d)(?<!\d[.,]){value}(?![.,]?\d)"


def thousands(value: int) -> str:
    """1500 written 1500, 1,500, 1 500 or with a thin/narrow space."""
    head, tail = divmod(value, 1000)
    return num(rf"{head}[,\s\u00a0\u202f]?{tail:03d}")


def tok(notation: str) -> str:
    """A notation token not glued to other Latin letters or digits (\\b would treat
    Hangul and kana as word characters, so 'g1xg7입니다' would not match)."""
    return rf"(?<![A-Za-z0-9]){re.escape(notation)}(?![A-Za-z0-9])"


def url_tag(slug: str) -> str:
    return rf"\{{%\s*url\s+['\"]play['\"]\s+['\"]{slug}['\"]\s*%\}}"


RANGE = r"\s*[~〜～–—-]\s*"

# Facts written the same way in every language: numbers, years, names, notation, markup.
SHARED: list[Fact] = [
    *(
        Fact("score_four.html", "rules", f"line count {n}", num(n))
        for n in ("16", "32", "8", "4", "76", "64")
    ),
    Fact(
        "score_four.html",
        "how-to",
        "columns A–D",
        r"A(?:\s*[~〜～–—・、,-]\s*[BC])*\s*[~〜～–—・、,-]\s*D",
    ),
    Fact("score_four.html", "how-to", "rows/levels 1–4", rf"1{RANGE}4"),
    Fact("score_four.html", "how-to", "16 buttons", num("16")),
    Fact("score_four.html", "how-to", "Tab key", r"Tab"),
    Fact("score_four.html", "how-to", "Enter key", r"Enter"),
    Fact("score_four.html", "how-to", "room gone after 30 minutes", num("30")),
    Fact("score_four.html", "how-to", "room gone 24 hours after creation", num("24")),
    *(Fact("score_four.html", "tips", f"cell count {n}", num(n)) for n in ("16", "7", "48", "4")),
    Fact("score_four.html", "tips", "citation [2]", r'href="#ref-2"\s+class="cite"', True),
    Fact("score_four.html", "history", "3×3 board", r"3\s*[×x]\s*3(?!\s*[×x])"),
    Fact("score_four.html", "history", "3×3×3 cube", r"3\s*[×x]\s*3\s*[×x]\s*3"),
    Fact("score_four.html", "history", "4×4×4 cube", r"4\s*[×x]\s*4\s*[×x]\s*4"),
    *(
        Fact("score_four.html", "history", f"year {y}", num(y))
        for y in ("1967", "1968", "1977", "1980", "1992", "2020")
    ),
    Fact("score_four.html", "history", "about 1,500 hours", thousands(1500)),
    *(
        Fact("score_four.html", "history", name, name)
        for name in ("Qubic", "Oren Patashnik", "Ken Thompson", "Victor Allis")
    ),
    *(
        Fact(
            "score_four.html",
            "history",
            f"citation [{n}]",
            rf'href="#ref-{n}"\s+class="cite"[^>]*>\[{n}\]',
            True,
        )
        for n in (1, 2, 3, 4)
    ),
    *(
        Fact(
            "score_four.html",
            "references",
            f"reference ref-{n} opens in a new tab",
            rf'<li id="ref-{n}"[^>]*>(?:(?!</li>).)*?<a [^>]*target="_blank"[^>]*rel="noopener"',
            True,
        )
        for n in (1, 2, 3, 4)
    ),
    Fact("score_four.html", "references", "Patashnik 1980", r"Patashnik(?:(?!</li>).)*1980", True),
    Fact(
        "score_four.html",
        "references",
        "Mathematics Magazine 53(4)",
        r"Mathematics Magazine(?:(?!</li>).)*53(?:(?!</li>).)*4",
        True,
    ),
    Fact(
        "score_four.html", "references", "Patashnik DOI", r"10\.1080/0025570X\.1980\.11976858", True
    ),
    Fact(
        "score_four.html",
        "references",
        "Allis 1994 thesis",
        r"Searching for Solutions in Games and Artificial Intelligence(?:(?!</li>).)*1994",
        True,
    ),
    Fact("score_four.html", "references", "Romen 2020", r"René Romen(?:(?!</li>).)*2020", True),
    Fact("score_four.html", "references", "Romen title", r"Towards Solving Connect Four 3D"),
    Fact(
        "score_four.html",
        "references",
        "trademark 858,232 (1968)",
        r"858[,\s]?232(?:(?!</li>).)*1968",
        True,
    ),
    Fact("score_four.html", "references", "USPTO", r"USPTO"),
    Fact("score_four.html", "faq", "beginner about 40% random", r"40\s*%|4\s*割"),
    Fact("score_four.html", "faq", "advanced up to about 1.5 s", r"1\.5"),
    Fact("score_four.html", "faq", "76 lines", num("76")),
    Fact("score_four.html", "faq", "64 balls (draw)", num("64")),
    Fact("score_four.html", "faq", "16 buttons without 3D", num("16")),
    Fact("score_four.html", "faq", "room gone after 30 minutes", num("30")),
    Fact("score_four.html", "faq", "room gone after 24 hours", num("24")),
    Fact("score_four.html", "faq", "gravity game unsolved as of 2020", num("2020")),
    Fact("score_four.html", "faq", "free placement solved 1980", num("1980")),
    *(
        Fact("score_four.html", "similar", f"link to {slug}", url_tag(slug), True)
        for slug in GUIDE_SLUGS
    ),
    Fact("guide/intro.html", None, "notation example a1", tok("a1")),
    Fact(
        "guide/intro.html",
        None,
        "move notation with a hyphen",
        r"(?<![A-Za-z0-9])[a-g][1-7]-[a-g][1-7](?![A-Za-z0-9])",
    ),
    Fact(
        "guide/intro.html",
        None,
        "capture notation with x",
        r"(?<![A-Za-z0-9])[a-g][1-7]x[a-g][1-7](?![A-Za-z0-9])",
    ),
    *(
        Fact(f"guide/{slug}.html", None, "start-game link", url_tag(slug), True)
        for slug in GUIDE_SLUGS
    ),
    *(
        Fact(
            f"guide/{slug}.html",
            None,
            "worked example board",
            rf"\{{%\s*example_board\s+['\"]{slug}['\"]\s*%\}}",
            True,
        )
        for slug in GUIDE_SLUGS
    ),
    *(
        Fact("guide/tic-tac-toe.html", None, f"example move {m}", tok(m))
        for m in ("a1", "b2", "b1", "a3", "c1")
    ),
    Fact("guide/tic-tac-toe.html", None, "3×3 board", r"3\s*[×x]\s*3"),
    *(
        Fact("guide/three-mens-morris.html", None, f"example point {m}", tok(m))
        for m in ("a1", "b1", "c2", "a2", "a3", "b3")
    ),
    Fact("guide/three-mens-morris.html", None, "example move c2-c1", tok("c2-c1")),
    Fact("guide/three-mens-morris.html", None, "draw after 120 moving actions", num("120")),
    *(
        Fact("guide/nine-mens-morris.html", None, f"example point {m}", tok(m))
        for m in ("a1", "d1")
    ),
    Fact("guide/nine-mens-morris.html", None, "example move g1xg7", tok("g1xg7")),
    Fact("guide/nine-mens-morris.html", None, "draw after 100 moving actions", num("100")),
    *(
        Fact(
            "guide/dara.html",
            None,
            f"example cell ({r}, {c})",
            rf"[(（]\s*{r}\s*[,，、]\s*{c}\s*[)）]",
        )
        for r, c in ((1, 1), (1, 2), (2, 3), (1, 3), (4, 1), (4, 3), (4, 5))
    ),
    Fact("guide/dara.html", None, "example move c2-c1xa4", tok("c2-c1xa4")),
    Fact("guide/dara.html", None, "12 stones each", num("12")),
    Fact("guide/dara.html", None, "draw after 120 actions without progress", num("120")),
    Fact("privacy.html", "stored", "seat cookie is HttpOnly", r"HttpOnly"),
    Fact("privacy.html", "statistics", "Global Privacy Control", r"Global Privacy Control"),
    Fact("privacy.html", "statistics", "Do Not Track", r"Do Not Track"),
    Fact("privacy.html", "statistics", "GPU model never sent", r"GPU"),
    Fact(
        "privacy.html",
        "statistics",
        "the statistics switch",
        r"\{%\s*include\s+['\"]stats/_switch\.html['\"]\s*%\}",
        True,
    ),
]

# Words and number forms each language writes its own way.
TERMS: dict[str, dict[tuple[str, str | None, str], str]] = {
    "ko": {
        ("score_four.html", "how-to", "'Oblique' view button"): r"비스듬히",
        ("score_four.html", "how-to", "'Top' view button"): r"위에서",
        ("score_four.html", "how-to", "threat lens"): r"위협",
        ("score_four.html", "history", "sale began August 1967"): r"1967년\s*8월",
        ("score_four.html", "history", "Yale"): r"예일",
        ("score_four.html", "history", "Bell Labs"): r"벨 연구소|Bell",
        ("score_four.html", "history", "TU Munich"): r"뮌헨 공과대학교",
        ("score_four.html", "references", "Maastricht"): r"마스트리흐트",
        ("score_four.html", "similar", "gomoku"): r"오목",
        ("score_four.html", "similar", "reversi"): r"리버시",
        ("guide/intro.html", None, "checked on 2026-10-02"): r"2026년\s*10월\s*2일",
        ("guide/three-mens-morris.html", None, "third repetition"): r"세 번",
        ("guide/nine-mens-morris.html", None, "third repetition"): r"세 번",
        ("guide/dara.html", None, "third repetition"): r"세 번",
        ("privacy.html", "stored", "room kept at most 24 hours"): r"24시간",
        ("privacy.html", "stored", "room gone after 30 minutes"): r"30분",
        ("privacy.html", "statistics", "deleted after 30 days"): r"30일",
        ("privacy.html", "statistics", "IP address never sent"): r"IP 주소",
        ("privacy.html", "statistics", "room id never sent"): r"방 ID",
        ("privacy.html", "statistics", "offline: nothing recorded, nothing kept"): (
            r"오프라인.*기록하지 않고.*쌓아 두지도 않습니다"
        ),
        ("privacy.html", "stored", "offline copy holds no room page or seat cookie"): (
            r"서비스 워커.*방의 페이지와 자리 쿠키는 저장하지 않습니다"
        ),
    },
    "ja": {
        ("score_four.html", "how-to", "'Oblique' view button"): r"斜めから",
        ("score_four.html", "how-to", "'Top' view button"): r"真上から",
        ("score_four.html", "how-to", "threat lens"): r"脅威|リーチ|王手",
        ("score_four.html", "history", "sale began August 1967"): r"1967\s*年\s*8\s*月",
        ("score_four.html", "history", "Yale"): r"イェール|エール",
        ("score_four.html", "history", "Bell Labs"): r"ベル研究所|Bell\s*研究所",
        ("score_four.html", "history", "TU Munich"): r"ミュンヘン工科大学",
        ("score_four.html", "references", "Maastricht"): r"マーストリヒト",
        ("score_four.html", "similar", "gomoku"): r"五目並べ",
        ("score_four.html", "similar", "reversi"): r"リバーシ",
        ("guide/intro.html", None, "checked on 2026-10-02"): r"2026\s*年\s*10\s*月\s*2\s*日",
        ("guide/three-mens-morris.html", None, "third repetition"): r"3\s*回|三回|3\s*度",
        ("guide/nine-mens-morris.html", None, "third repetition"): r"3\s*回|三回|3\s*度",
        ("guide/dara.html", None, "third repetition"): r"3\s*回|三回|3\s*度",
        ("privacy.html", "stored", "room kept at most 24 hours"): r"24\s*時間",
        ("privacy.html", "stored", "room gone after 30 minutes"): r"30\s*分",
        ("privacy.html", "statistics", "deleted after 30 days"): r"30\s*日",
        ("privacy.html", "statistics", "IP address never sent"): r"IP\s*アドレス",
        ("privacy.html", "statistics", "room id never sent"): r"ルーム\s*の?\s*ID",
        ("privacy.html", "statistics", "offline: nothing recorded, nothing kept"): (
            r"オフライン.*記録せず.*ためておくこともしません"
        ),
        ("privacy.html", "stored", "offline copy holds no room page or seat cookie"): (
            r"サービスワーカー.*ルームのページと席のクッキーは保存しません"
        ),
    },
    "zh-hans": {
        ("score_four.html", "how-to", "'Oblique' view button"): r"斜视角",
        ("score_four.html", "how-to", "'Top' view button"): r"俯视角",
        ("score_four.html", "how-to", "threat lens"): r"威胁",
        ("score_four.html", "history", "sale began August 1967"): r"1967\s*年\s*8\s*月",
        ("score_four.html", "history", "Yale"): r"耶鲁",
        ("score_four.html", "history", "Bell Labs"): r"贝尔实验室",
        ("score_four.html", "history", "TU Munich"): r"慕尼黑工业大学",
        ("score_four.html", "references", "Maastricht"): r"马斯特里赫特",
        ("score_four.html", "similar", "gomoku"): r"五子棋",
        ("score_four.html", "similar", "reversi"): r"黑白棋|翻转棋|奥赛罗",
        ("guide/intro.html", None, "checked on 2026-10-02"): r"2026\s*年\s*10\s*月\s*2\s*日",
        ("guide/three-mens-morris.html", None, "third repetition"): r"第三次|第\s*3\s*次",
        ("guide/nine-mens-morris.html", None, "third repetition"): r"第三次|第\s*3\s*次",
        ("guide/dara.html", None, "third repetition"): r"第三次|第\s*3\s*次",
        ("privacy.html", "stored", "room kept at most 24 hours"): r"24\s*小时",
        ("privacy.html", "stored", "room gone after 30 minutes"): r"30\s*分钟",
        ("privacy.html", "statistics", "deleted after 30 days"): r"30\s*天",
        ("privacy.html", "statistics", "IP address never sent"): r"IP\s*地址",
        ("privacy.html", "statistics", "room id never sent"): r"房间\s*ID",
        ("privacy.html", "statistics", "offline: nothing recorded, nothing kept"): (
            r"没有联网时.*不记录统计.*不会先存起来"
        ),
        ("privacy.html", "stored", "offline copy holds no room page or seat cookie"): (
            r"离线缓存.*房间的页面和座位用的 Cookie 不会被保存"
        ),
    },
}


def facts_for(lang: str) -> list[Fact]:
    own = [
        Fact(file, section, label, pattern)
        for (file, section, label), pattern in TERMS[lang].items()
    ]
    return SHARED + own


def read(lang: str, name: str) -> str | None:
    path = CONTENT / lang / name
    return path.read_text(encoding="utf-8") if path.is_file() else None


SECTION_RE = re.compile(r'<section\s+id="([^"]+)"[^>]*>(.*?)</section>', re.S)


def sections(html: str) -> dict[str, str]:
    return {m.group(1): m.group(2) for m in SECTION_RE.finditer(html)}


def visible_text(html: str) -> str:
    """Template markup without tags, template tags or variables, whitespace collapsed."""
    text = re.sub(r"\{%.*?%\}|\{\{.*?\}\}|<[^>]+>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", text.replace("&amp;", "&").replace("&nbsp;", " "))


def missing_facts(lang: str) -> list[str]:
    missing: list[str] = []
    for name in FILES:
        if read(lang, name) is None:
            missing.append(f"{name}: file missing")
    for fact in facts_for(lang):
        html = read(lang, fact.file)
        if html is None:
            continue  # already reported once above
        scope = html if fact.section is None else sections(html).get(fact.section)
        where = fact.file + ("" if fact.section is None else f" #{fact.section}")
        if scope is None:
            missing.append(f"{where}: section missing (needed for {fact.label})")
            continue
        haystack = scope if fact.markup else visible_text(scope)
        if not re.search(fact.pattern, haystack, re.S):
            missing.append(f"{where}: {fact.label}  /{fact.pattern}/")
    return missing


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_fact_is_present(lang):
    missing = missing_facts(lang)
    assert not missing, f"{lang}: {len(missing)} missing fact(s):\n  " + "\n  ".join(missing)


@pytest.mark.parametrize("lang", LANGS)
def test_score_four_faq_has_at_least_six_plain_items(lang):
    html = read(lang, "score_four.html")
    assert html is not None, f"{lang}: score_four.html missing"
    faq = sections(html).get("faq")
    assert faq is not None, f'{lang}: no <section id="faq">'
    items = re.findall(
        r'<div class="faq-item">\s*<h3 class="faq-q">([^<]+)</h3>\s*'
        r'<div class="faq-a">(.*?)</div>\s*</div>',
        faq,
        re.S,
    )
    assert len(items) >= 6, f"{lang}: {len(items)} well-formed faq-item(s), need at least 6"
    assert faq.count('class="faq-item"') == len(items), f"{lang}: a faq-item is malformed"


def section_ids(lang: str, name: str) -> list[str]:
    html = read(lang, name)
    assert html is not None, f"{lang}: {name} missing"
    return re.findall(r'<section\s+id="([^"]+)"', html)


@pytest.mark.parametrize("name", FILES)
def test_every_language_has_the_same_section_ids(name):
    ids = {lang: section_ids(lang, name) for lang in LANGS}
    for lang, found in ids.items():
        assert len(found) == len(set(found)), f"{lang}/{name}: duplicate section ids {found}"
    distinct = {frozenset(found) for found in ids.values()}
    assert len(distinct) == 1, f"{name}: section ids differ by language: {ids}"
    if name == "score_four.html":
        assert set(ids["ko"]) == SCORE_FOUR_SECTIONS
    if name.startswith("guide/") and name != "guide/intro.html":
        assert ids["ko"] == [name.removeprefix("guide/").removesuffix(".html")]


# Latin-script words allowed in the text: proper names, key and standard names,
# abbreviations every reader of these languages uses, and the move notation.
ALLOWED_LATIN = {
    "AI",
    "PC",
    "CPU",
    "GPU",
    "OS",
    "ID",
    "IP",
    "URL",
    "DOI",
    "PDF",
    "TSDR",
    "USPTO",
    "App",
    "HttpOnly",
    "Cookie",
    "csrftoken",
    "Tab",
    "Enter",
    "Global",
    "Privacy",
    "Control",
    "Do",
    "Not",
    "Track",
    "Oren",
    "Patashnik",
    "L",
    "Victor",
    "Allis",
    "Ken",
    "Thompson",
    "René",
    "Romen",
    "Bell",
    "Labs",
    "Qubic",
    "Score",
    "Four",
    "Dara",
    "little",
    "table",
    "x",
    "D",
}
NOTATION = re.compile(r"[a-gA-G][1-7](?:/[1-4])?(?:-[a-g][1-7])?(?:x[a-g][1-7])?|[A-Za-z]")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", FILES)
def test_no_english_words_outside_names_and_cited_titles(lang, name):
    html = read(lang, name)
    assert html is not None, f"{lang}: {name} missing"
    html = re.sub(r'<section\s+id="references".*?</section>', " ", html, flags=re.S)
    words = re.findall(r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ0-9'’-]*", visible_text(html))
    stray = sorted({w for w in words if w not in ALLOWED_LATIN and not NOTATION.fullmatch(w)})
    assert not stray, f"{lang}/{name}: Latin-script words not on the allowed list: {stray}"


# --- The words: names, the Dara board, the glossary (docs/CONTENT.md) ----------------------
# docs/CONTENT.md holds the per-language glossary as two tables; these tests read them, so a
# name or a wording the native read removed cannot come back in the content or the catalogs.

DOCS = Path(__file__).resolve().parents[2] / "docs" / "CONTENT.md"
LOCALE = Path(__file__).resolve().parents[2] / "locale"
CATALOG_DIR = {"ko": "ko", "ja": "ja", "zh-hans": "zh_Hans"}


def markdown_table(heading: str) -> list[list[str]]:
    """The body rows of the first table after `heading` in docs/CONTENT.md, cells unescaped
    (`\\|` is a pipe) and stripped of surrounding backticks."""
    text = DOCS.read_text(encoding="utf-8")
    start = text.index(heading)
    rows = []
    for line in text[start:].splitlines()[1:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        rows.append([c[1:-1] if c.startswith("`") and c.endswith("`") else c for c in cells])
    return rows[2:]  # header and --- line


def glossary() -> dict[str, dict[str, str]]:
    header = ["concept", *LANGS]
    return {
        row[0]: dict(zip(header, row, strict=True)) for row in markdown_table("### Names and terms")
    }


def avoided() -> list[tuple[str, str, str, str]]:
    return [tuple(row) for row in markdown_table("### Forms to avoid")]


def catalog(lang: str) -> dict[str, str]:
    """msgid (with "context::" when it has one) -> msgstr of the language's .po file."""
    from tools.po_fill import parse

    path = LOCALE / CATALOG_DIR[lang] / "LC_MESSAGES" / "django.po"
    entries = parse(path.read_text(encoding="utf-8"))
    return {
        (f"{e['msgctxt']}::" if e["msgctxt"] else "") + e["msgid"]: "".join(e["msgstr"])
        for e in entries
        if e["msgid"]
    }


def game_names() -> dict[str, dict[str, str]]:
    """English catalog name -> {lang: name}, from the glossary's "game: …" rows."""
    return {
        concept.removeprefix("game: "): {lang: row[lang] for lang in LANGS}
        for concept, row in glossary().items()
        if concept.startswith("game: ")
    }


def test_glossary_tables_are_readable():
    names = game_names()
    assert set(names) == {
        "Score Four",
        "Tic-tac-toe",
        "Three Men's Morris",
        "Nine Men's Morris",
        "Dara",
        "Gomoku",
        "Reversi",
    }
    assert all(all(row.values()) for row in names.values())
    rows = avoided()
    assert len(rows) >= 10 and all(len(row) == 4 for row in rows)
    for lang, scope, pattern, _why in rows:
        assert lang in (*LANGS, "all") and scope in ("all", *GAME_SCOPES), (lang, scope)
        re.compile(pattern)


@pytest.mark.parametrize("lang", LANGS)
def test_game_names_match_the_glossary_everywhere(lang):
    from django.utils import translation

    from games.catalog import BY_SLUG, GAMES

    names = game_names()
    meta = json.loads(read(lang, "meta.json"))
    wrong = []
    with translation.override("en"):  # no English catalog: the msgids
        english = {entry.slug: str(entry.name) for entry in GAMES}
    with translation.override(lang):
        catalog_names = {entry.slug: str(entry.name) for entry in GAMES}
    for slug, name in catalog_names.items():
        want = names[english[slug]][lang]
        if name != want:
            wrong.append(f"catalog name of {slug}: {name!r}, glossary says {want!r}")
        if want not in meta[slug]["title"]:
            wrong.append(f"meta.json {slug} title lacks {want!r}: {meta[slug]['title']!r}")
        if not BY_SLUG[slug].in_guide:  # a rules page of its own, not a guide section
            continue
        html = read(lang, f"guide/{slug}.html")
        heading = re.search(r"<h2[^>]*>(.*?)</h2>", html, re.S)
        if heading is None or visible_text(heading.group(1)).strip() != want:
            wrong.append(f"guide/{slug}.html heading is not {want!r}")
        intro_link = re.search(rf'<a href="#{slug}">(.*?)</a>', read(lang, "guide/intro.html"))
        if intro_link is None or intro_link.group(1) != want:
            wrong.append(f"guide/intro.html link to #{slug} is not {want!r}")
        similar = sections(read(lang, "score_four.html"))["similar"]
        link = re.search(url_tag(slug) + r'">(.*?)</a>', similar)
        if link is None or link.group(1) != want:
            wrong.append(f"score_four.html #similar link to {slug} is not {want!r}")
    assert not wrong, f"{lang}:\n  " + "\n  ".join(wrong)


@pytest.mark.parametrize("lang", LANGS)
def test_guide_intro_lists_the_games_in_page_order(lang):
    from games.catalog import GAMES

    order = [entry.slug for entry in GAMES if entry.in_guide]
    links = re.findall(r'<a href="#([a-z-]+)">', read(lang, "guide/intro.html"))
    assert links == order, f"{lang}: intro lists {links}, the page shows {order}"


@pytest.mark.parametrize("lang", LANGS)
def test_dara_board_orientation_is_written_the_same_way(lang):
    board = glossary()["Dara board"][lang]
    dara = visible_text(read(lang, "guide/dara.html"))
    summary = re.search(r'class="guide-summary">(.*?)</p>', read(lang, "guide/dara.html"), re.S)
    assert summary and board in visible_text(summary.group(1)), (
        f"{lang}: the Dara summary must say the board is {board!r}"
    )
    assert board in dara
    description = json.loads(read(lang, "meta.json"))["dara"]["description"]
    assert board in description, f"{lang}: meta.json dara description lacks {board!r}"


MILL_EXPLAINED = {
    # The mill term where it first appears: the sentence must say what it is.
    "ko": ("밀", r"말 3개를 선 하나 위에 나란히 세운 것을 ‘밀’이라고 합니다"),
    "ja": ("ミル", r"自分の駒 3 つを 1 本の線の上に並べたものを「ミル」と呼びます"),
    "zh-hans": ("直", r"连成一排，叫作“成直”"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_mill_term_is_explained_where_it_first_appears(lang):
    term, explanation = MILL_EXPLAINED[lang]
    text = visible_text(read(lang, "guide/nine-mens-morris.html"))
    match = re.search(explanation, text)
    assert match, f"{lang}: the mill term {term!r} is not explained"
    heading_end = text.index(glossary()["game: Nine Men's Morris"][lang]) + 1
    first = text.find(term, heading_end)
    assert first >= match.start() - 40, f"{lang}: {term!r} is used before it is explained"


# Scopes of "Forms to avoid" besides `all`: one game's page.
GAME_SCOPES = ("dara", "nine-mens-morris", "three-mens-morris", "score-four", "gomoku")


def page_words(lang: str, slug: str) -> dict[str, str]:
    """Every word a game's play page gets (and, for a 2D game, its rules page's puzzles)."""
    from django.utils import translation

    from games import play_words
    from games.catalog import BY_SLUG

    with translation.override(lang):
        words = dict(play_words.for_game(BY_SLUG[slug]).ui)
        if BY_SLUG[slug].board == "2d":
            words.update(play_words.for_example(slug))
    return words


def scoped_texts(lang: str, scope: str) -> dict[str, str]:
    """Where a language's words live: content files, meta.json and catalog translations (all
    of them, or one game's share: its content, its meta entry and its pages' words)."""
    meta = json.loads(read(lang, "meta.json"))
    if scope in GAME_SCOPES:
        from games import registry

        name = registry.get(scope).content
        return {
            name: visible_text(read(lang, name)),
            **{f"meta.json {scope}.{field}": value for field, value in meta[scope].items()},
            **{f"{scope} page word {k!r}": v for k, v in page_words(lang, scope).items()},
        }
    texts = {
        str(path.relative_to(CONTENT / lang)): visible_text(path.read_text(encoding="utf-8"))
        for path in sorted((CONTENT / lang).rglob("*.html"))
    }
    texts.update(
        {
            f"meta.json {key}.{field}": value
            for key, page in meta.items()
            for field, value in page.items()
        }
    )
    texts.update({f"catalog {k!r}": v for k, v in catalog(lang).items()})
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_no_avoided_form_in_content_or_catalog(lang):
    found = []
    for row_lang, scope, pattern, why in avoided():
        if row_lang not in (lang, "all"):
            continue
        for where, text in scoped_texts(lang, scope).items():
            match = re.search(pattern, text)
            if match:
                context = text[max(0, match.start() - 15) : match.end() + 15]
                found.append(f"{where}: /{pattern}/ in …{context}… ({why})")
    assert not found, f"{lang}: {len(found)} avoided form(s):\n  " + "\n  ".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_page_titles_read_naturally(lang):
    """No English-style dash in any title; Japanese and Chinese titles end in ｜little table."""
    meta = json.loads(read(lang, "meta.json"))
    bad = {key: page["title"] for key, page in meta.items() if "—" in page["title"]}
    if lang in ("ja", "zh-hans"):
        bad.update(
            {
                key: page["title"]
                for key, page in meta.items()
                if key != "home"
                and (" | " in page["title"] or not page["title"].endswith("｜little table"))
            }
        )
    assert not bad, f"{lang} titles: {bad}"


def test_first_tic_tac_toe_mark_follows_each_language():
    """ja: ○ moves first; the shape entry and the X/O labels agree in every catalog."""
    expected = {"ko": ("x", "X", "O"), "ja": ("o", "○", "×"), "zh-hans": ("x", "X", "O")}
    for lang, (shape, first, second) in expected.items():
        translations = catalog(lang)
        assert translations["first mark::x"] == shape, lang
        assert (translations["X"], translations["O"]) == (first, second), lang

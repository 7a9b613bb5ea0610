"""The Reversi page's content carries the same key facts in ko, ja and zh-hans.

templates/content/<lang>/reversi.html is written separately per language, like the Gomoku
page; this checklist (in the manner of test_content_facts.py, whose helpers it uses) lists per
language every fact it cannot find. The sources of the facts and the puzzles' definitions are
in docs/content/reversi-facts.md; the puzzles' claims are checked here against the engine and
the exact solver, so the text and the engine cannot drift apart.
"""

from __future__ import annotations

import json
import re

import pytest

from games.engine.base import play_text
from games.engine.reversi import EDGE_CASES, GAME
from games.engine.reversi_solve import best_moves, move_scores
from tests.games import page_checks
from tests.games.test_content_facts import (
    ALLOWED_LATIN,
    LANGS,
    Fact,
    num,
    read,
    sections,
    tok,
    url_tag,
    visible_text,
)

PAGE = "reversi.html"
SECTIONS = ["rules", "examples", "how-to", "tips", "history", "references", "faq", "similar"]
REFERENCES = range(1, 7)

# The page's puzzles (docs/content/reversi-facts.md, "Examples for the registry"):
# id -> (opening from the start, the answer).
PUZZLES = {
    "reversi-flips": ("e6 f4 f3 f6 d3 e7 f7 c4", "f5"),
    "reversi-pass": ("c4 c3 c2 b2 f5 c1 a1 a3", "pass"),
    "reversi-endgame": (
        "c4 c3 f5 d6 e6 b4 a4 f6 d3 d2 c5 e3 e1 g4 g7 c1 e7 c6 h3 g5 f2 c7 d1 f4 f3 g3 c8 e8 "
        "f7 b2 d7 f8 c2 b7 d8 f1 h6 b5 a7 e2 b6 b8 g2 a3 b3 h2 a2 a5 a1 h4 h1 b1 g1 h7",
        "a6",
    ),
}


def cite(n: int) -> str:
    return rf'href="#ref-{n}"\s+class="cite"[^>]*>\[{n}\]'


def squares(text: str) -> list[Fact]:
    return [Fact(PAGE, "examples", f"square {s}", tok(s)) for s in text.split()]


SHARED: list[Fact] = [
    Fact(PAGE, "rules", "8 squares a side", num("8")),
    Fact(PAGE, "rules", "64 squares", num("64")),
    *(Fact(PAGE, "rules", f"start square {s}", tok(s)) for s in ("d4", "e5", "d5", "e4")),
    Fact(
        PAGE,
        "rules",
        "the engine's count: 33 to 30 with a square left",
        num("33") + r".*" + num("30"),
    ),
    Fact(PAGE, "rules", "tournament count cited", cite(3), True),
    Fact(PAGE, "rules", "early Reversi's start cited", cite(1), True),
    *(
        Fact(
            PAGE,
            "examples",
            f"puzzle board {name}",
            rf"\{{%\s*example_board\s+['\"]{name}['\"]\s*%\}}",
            True,
        )
        for name in PUZZLES
    ),
    Fact(PAGE, "examples", "columns a–h", r"a\s*[~〜～–—-]\s*h"),
    Fact(PAGE, "examples", "rows 1–8", r"1\s*[~〜～–—-]\s*8"),
    Fact(PAGE, "examples", "a1 top left, h8 bottom right", tok("a1") + r".*" + tok("h8")),
    # Problem 1: f5 turns e5, f4, f6 and e4 against d5, f3, f7 and d3; 10 to 3 after.
    *squares("d3 f3 d5 e6 f7 c4 d4 e4 f4 e5 f6 e7 f5"),
    Fact(PAGE, "examples", "problem 1: 10 to 3 after f5", num("10") + r".*" + num("3")),
    # Problem 2: black a1 c3 … f5, white c1 b2 c2 a3; then white c5 or f6.
    *squares("a1 c3 c4 d4 e4 d5 e5 f5 c1 b2 c2 a3 c5 f6"),
    # Problem 3: the six empty squares, h5's six discs, a6's line and the two results.
    *squares("h5 a6 g6 a8 g8 h8 g5 h4 h3 h2 g4"),
    Fact(PAGE, "examples", "problem 3: 27 to 31 before", num("27") + r".*" + num("31")),
    Fact(PAGE, "examples", "problem 3: h5 ends 36 to 28", num("36") + r".*" + num("28")),
    Fact(PAGE, "examples", "problem 3: a6 ends 52 to 12", num("52") + r".*" + num("12")),
    Fact(PAGE, "how-to", "Enter key", r"Enter"),
    Fact(PAGE, "how-to", "room gone after 30 minutes", num("30")),
    Fact(PAGE, "how-to", "room gone 24 hours after creation", num("24")),
    *(Fact(PAGE, "tips", f"corner {s}", tok(s)) for s in ("a1", "h1", "a8", "h8")),
    *(Fact(PAGE, "tips", f"X-square {s}", tok(s)) for s in ("b2", "g2", "b7", "g7")),
    *(
        Fact(PAGE, "tips", f"C-square {s}", tok(s))
        for s in ("a2", "b1", "g1", "h2", "a7", "b8", "g8", "h7")
    ),
    *(Fact(PAGE, "history", f"year {y}", num(y)) for y in ("1883", "1888", "1973", "1977", "2023")),
    Fact(PAGE, "history", "19th century", num("19")),
    Fact(PAGE, "history", "32 discs each in early Reversi", num("32")),
    *(
        Fact(PAGE, "history", name, name)
        for name in ("Lewis Waterman", "John W. Mollett", "Jaques", "Hiroki Takizawa")
    ),
    *(Fact(PAGE, "history", f"citation [{n}]", cite(n), True) for n in REFERENCES),
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
        "British Othello Federation",
        r"britishothello\.org/othello-history",
        True,
    ),
    Fact(PAGE, "references", "Londonist 2004", r"Londonist(?:(?!</li>).)*2004", True),
    Fact(
        PAGE,
        "references",
        "Brockington's Othello FAQ",
        r"Brockington(?:(?!</li>).)*Othello FAQ",
        True,
    ),
    Fact(
        PAGE,
        "references",
        "History of Othello",
        r"History of Othello(?:(?!</li>).)*o-wc\.com",
        True,
    ),
    Fact(PAGE, "references", "WOC rules", r"World Othello Championship Rules", True),
    Fact(
        PAGE,
        "references",
        "Takizawa 2023, arXiv:2310.19387",
        r"Othello is Solved(?:(?!</li>).)*arXiv:2310\.19387(?:(?!</li>).)*2023",
        True,
    ),
    Fact(PAGE, "faq", "beginner about 40% random", r"40\s*%"),
    Fact(PAGE, "faq", "advanced solves from about 20 empty squares", num("20")),
    Fact(PAGE, "faq", "up to about 1.5 s", r"1\.5"),
    *(Fact(PAGE, "faq", f"intermediate reads {n} moves ahead", num(n)) for n in ("4",)),
    *(
        Fact(PAGE, "similar", f"link to {slug}", url_tag(slug), True)
        for slug in ("gomoku", "score-four")
    ),
]

# What each language says in its own words: the names (and the trademark), the pass, the draw,
# the site's count, the Pass button being the only move, the controls, the tips' terms, the
# history's names, the FAQ's answers.
TERMS: dict[str, dict[tuple[str, str], str]] = {
    "ko": {
        ("rules", "name"): r"리버시",
        ("rules", "eight directions"): r"8방향",
        ("rules", "every outflanked line turns"): r"뒤집혀 내 돌이 됩니다",
        ("rules", "the pass"): r"패스라고 합니다",
        ("rules", "no pass while a square is legal"): r"하나라도 있으면 반드시 두어야",
        ("rules", "game over when neither can move"): r"양쪽 모두 둘 곳이 없으면 게임이 끝납니다",
        ("rules", "most discs wins, equal counts draw"): r"많은 쪽이 이기고, 돌 수가 같으면 무승부",
        ("rules", "empty squares go to nobody"): r"남은 빈칸을 어느 쪽에도 더하지 않고",
        (
            "rules",
            "the site plays Othello's start and rules",
        ): r"오델로의 시작 배치와 규칙을 따릅니다",
        ("examples", "problem 2's answer is pass"): r"답은 패스",
        ("examples", "problem 3: a6 beats the most flips"): r"답은 3개만 뒤집는 a6",
        ("how-to", "legal squares marked"): r"돌을 놓을 수 있는 칸에 표시",
        ("how-to", "reduced motion"): r"동작 줄이기",
        ("how-to", "both counts always shown"): r"돌 수는 화면에 늘 표시",
        ("how-to", "arrow keys"): r"화살표 키",
        ("how-to", "Enter or Space"): r"Enter 키나 스페이스 바",
        (
            "how-to",
            "the Pass button is the only move",
        ): r"패스 버튼이 나타납니다.*패스가 내가 둘 수 있는 유일한 수",
        ("tips", "corners"): r"구석",
        ("tips", "X- and C-squares"): r"X 칸.*C 칸",
        ("tips", "mobility"): r"둘 곳",
        ("tips", "parity"): r"홀짝",
        ("tips", "not many discs early"): r"초반에 많이 뒤집지 않기",
        ("history", "Goro Hasegawa"): r"하세가와 고로\(長谷川五郎\)",
        ("history", "Tsukuda Original"): r"츠쿠다 오리지널",
        ("history", "Othello, a trademark"): r"‘오델로’는 등록 상표",
        ("history", "World Othello Championship"): r"세계 오델로 선수권",
        ("faq", "no voluntary pass"): r"일부러 패스할 수 있나요\?.*할 수 없습니다",
        ("faq", "neither can move"): r"흑과 백 모두 둘 곳이 없으면",
        ("faq", "a side without discs"): r"한쪽 돌이 모두 뒤집히면",
        ("faq", "perfect endgame"): r"완벽한 종반",
        ("faq", "three levels"): r"초급.*중급.*고급",
    },
    "ja": {
        ("rules", "name"): r"リバーシ",
        ("rules", "eight directions"): r"8 方向",
        ("rules", "every outflanked line turns"): r"すべて裏返り",
        ("rules", "the pass"): r"パスといいます",
        ("rules", "no pass while a square is legal"): r"1 つでもあれば必ず打たなければなりません",
        (
            "rules",
            "game over when neither can move",
        ): r"両方とも打てるマスがなくなったら対局は終わり",
        ("rules", "most discs wins, equal counts draw"): r"多いほうが勝ち、同じ数なら引き分け",
        ("rules", "empty squares go to nobody"): r"残った空きマスをどちらの石にも数えず",
        (
            "rules",
            "the site plays Othello's start and rules",
        ): r"オセロの初期配置とルールで対局します",
        ("examples", "problem 2's answer is pass"): r"正解はパス",
        ("examples", "problem 3: a6 beats the most flips"): r"正解は 3 個しか裏返さない a6",
        ("how-to", "legal squares marked"): r"石を打てるマスに印",
        ("how-to", "reduced motion"): r"動きを減らす設定",
        ("how-to", "both counts always shown"): r"石の数は画面にいつも表示",
        ("how-to", "arrow keys"): r"矢印キー",
        ("how-to", "Enter or Space"): r"Enter キーかスペースキー",
        (
            "how-to",
            "the Pass button is the only move",
        ): r"パスのボタンが出ます.*パスが自分に打てるただ 1 つの手",
        ("tips", "corners"): r"隅",
        ("tips", "X- and C-squares"): r"X マス.*C マス",
        ("tips", "mobility"): r"打てる場所",
        ("tips", "parity"): r"偶数理論",
        ("tips", "not many discs early"): r"序盤にたくさん裏返さない",
        ("history", "Goro Hasegawa"): r"長谷川五郎",
        ("history", "Tsukuda Original"): r"ツクダオリジナル",
        ("history", "Othello, a trademark"): r"「オセロ」は登録商標",
        ("history", "World Othello Championship"): r"世界オセロ選手権",
        ("faq", "no voluntary pass"): r"わざとパスできますか。.*できません",
        ("faq", "neither can move"): r"黒も白も打てるマスがなくなったら",
        ("faq", "a side without discs"): r"片方の石が全部裏返ったら",
        ("faq", "perfect endgame"): r"完全な終盤",
        ("faq", "three levels"): r"初級.*中級.*上級",
    },
    "zh-hans": {
        ("rules", "name"): r"黑白棋",
        ("rules", "eight directions"): r"8 个方向",
        ("rules", "every outflanked line turns"): r"全部翻过来",
        ("rules", "the pass"): r"这叫作“跳过”",
        ("rules", "no pass while a square is legal"): r"只要还有一个能下的格子，就必须下",
        ("rules", "game over when neither can move"): r"双方都无处可下时，对局结束",
        ("rules", "most discs wins, equal counts draw"): r"棋子多的一方获胜，数目相同则是平局",
        ("rules", "empty squares go to nobody"): r"不把剩下的空格算给任何一方",
        ("rules", "the site plays Othello's start and rules"): r"本站采用奥赛罗的开局摆法和规则",
        ("examples", "problems labelled 黑先"): r"黑先",
        ("examples", "problem 2's answer is pass"): r"答案是跳过",
        ("examples", "problem 3: a6 beats the most flips"): r"答案是只翻 3 枚的 a6",
        ("how-to", "legal squares marked"): r"可以落子的格子上会有标记",
        ("how-to", "reduced motion"): r"减弱动态效果",
        ("how-to", "both counts always shown"): r"棋子数一直显示在屏幕上",
        ("how-to", "arrow keys"): r"方向键",
        ("how-to", "Enter or Space"): r"Enter 键或空格键",
        ("how-to", "the Pass button is the only move"): r"出现一个跳过按钮.*跳过是你唯一能走的一步",
        ("tips", "corners"): r"角",
        ("tips", "X- and C-squares"): r"星位（也叫 X 位）.*C 位",
        ("tips", "mobility"): r"行动力",
        ("tips", "parity"): r"奇偶",
        ("tips", "not many discs early"): r"开局不要翻太多",
        ("history", "Goro Hasegawa"): r"长谷川五郎",
        ("history", "Tsukuda Original"): r"Tsukuda Original",
        ("history", "Othello, a trademark"): r"“奥赛罗”是注册商标",
        ("history", "World Othello Championship"): r"世界奥赛罗锦标赛",
        ("faq", "no voluntary pass"): r"能故意跳过吗？.*不能",
        ("faq", "neither can move"): r"黑白双方都无处可下时",
        ("faq", "a side without discs"): r"一方的棋子全被翻光",
        ("faq", "perfect endgame"): r"完美的残局",
        ("faq", "three levels"): r"初级.*中级.*高级",
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


REVERSI_LATIN = {
    "Lewis",
    "Waterman",
    "John",
    "W",
    "Mollett",
    "Jaques",
    "Hiroki",
    "Takizawa",
    "Tsukuda",
    "Original",
}
# A square of the board (a1 to h8) or a single letter (X and C squares, columns a~h).
SQUARE = re.compile(r"[a-h][1-8]|[A-Za-z]")


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_words_outside_names_and_cited_titles(lang):
    html = re.sub(r'<section\s+id="references".*?</section>', " ", read(lang, PAGE), flags=re.S)
    words = re.findall(r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ0-9'’-]*", visible_text(html))
    allowed = ALLOWED_LATIN | REVERSI_LATIN
    stray = sorted({w for w in words if w not in allowed and not SQUARE.fullmatch(w)})
    assert not stray, f"{lang}: Latin-script words not on the allowed list: {stray}"


@pytest.mark.parametrize("lang", LANGS)
def test_meta_names_the_game_and_the_othello_rules(lang):
    meta = json.loads(read(lang, "meta.json"))["reversi"]
    name, othello = {
        "ko": ("리버시", "오델로"),
        "ja": ("リバーシ", "オセロ"),
        "zh-hans": ("黑白棋", "奥赛罗"),
    }[lang]
    assert name in meta["title"], meta["title"]
    assert "8×8" in meta["description"] and name in meta["description"], meta["description"]
    assert othello in meta["title"] + meta["description"]


def replay(moves: str):
    state = GAME.initial_state()
    for text in moves.split():
        state = play_text(GAME, state, text)
    return state


def names(state, moves) -> list[str]:
    return [GAME.format_move(state, move) for move in moves]


def test_the_count_example_is_the_engines():
    """The rules say the empty squares go to nobody: 33 to 30 with a1 left empty is one of the
    engine's own games (reversi.EDGE_CASES), decided by the discs on the board."""
    state = replay(" ".join(EDGE_CASES[2]))
    assert GAME.discs(state) == (30, 33)
    assert GAME.outcome(state).winner == 1
    assert GAME.dump(state)["board"].count(".") == 1


def test_examples_say_what_the_engine_and_solver_say():
    # Problem 1: f5 is the one square that turns four discs, one in each of four directions.
    before = replay(PUZZLES["reversi-flips"][0])
    assert GAME.to_move(before) == 0 and GAME.discs(before) == (5, 7)
    turned = {}
    for move in GAME.legal_moves(before):
        black, white = GAME.discs(GAME.play(before, move))
        turned[GAME.format_move(before, move)] = black - 5 - 1
    assert turned.pop("f5") == 4 and max(turned.values()) == 2
    after = play_text(GAME, before, "f5")
    assert GAME.discs(after) == (10, 3)
    board = GAME.dump(after)["board"]
    assert all(board[GAME.parse_move(after, s)] == "b" for s in ("e5", "f4", "f6", "e4"))

    # Problem 2: black, 8 discs to 4, must pass; b2 stays white between a1 and c3.
    before = replay(PUZZLES["reversi-pass"][0])
    assert GAME.to_move(before) == 0 and GAME.discs(before) == (8, 4)
    assert names(before, GAME.legal_moves(before)) == ["pass"]
    board = GAME.dump(before)["board"]
    assert [board[GAME.parse_move(before, s)] for s in ("a1", "b2", "c3")] == ["b", "w", "b"]
    after = play_text(GAME, before, "pass")
    assert sorted(names(after, GAME.legal_moves(after))) == ["c5", "f6"]

    # Problem 3: six empty squares; a6 is the only best move (52 to 12), h5 turns the most
    # and ends 36 to 28; after a6 white has only h5, then passes after g6, h8 and g8.
    before = replay(PUZZLES["reversi-endgame"][0])
    assert GAME.to_move(before) == 0 and GAME.discs(before) == (27, 31)
    board = GAME.dump(before)["board"]
    assert sorted(GAME.points[i] for i, c in enumerate(board) if c == ".") == sorted(
        "h5 a6 g6 a8 g8 h8".split()
    )
    score, best = best_moves(before)
    assert (score, names(before, best)) == (40, ["a6"])
    scores = {GAME.format_move(before, m): s for m, s in move_scores(before).items()}
    assert scores == {"a6": 40, "h8": 28, "g8": 12, "h5": 8, "g6": 4}
    turned = {
        m: GAME.discs(play_text(GAME, before, m))[0] - 27 - 1
        for m in ("h5", "a6", "g6", "g8", "h8")
    }
    assert turned["h5"] == 6 == max(turned.values()) and turned["a6"] == 3
    state = play_text(GAME, before, "a6")
    assert names(state, GAME.legal_moves(state)) == ["h5"]
    for text in "h5 g6 pass h8 pass g8 pass a8".split():
        if text == "pass":
            assert names(state, GAME.legal_moves(state)) == ["pass"]
        state = play_text(GAME, state, text)
    assert GAME.discs(state) == (52, 12) and GAME.outcome(state).winner == 0
    # h5: 36 to 28 with best play, on a full board (so the solver's score is the count).
    assert 32 + scores["h5"] // 2 == 36


def test_registry_examples_match_the_page_once_wired():
    """Once the registry lists Reversi's examples, they are the page's puzzles."""
    from games import examples

    wired = {k: v for k, v in examples.EXAMPLES.items() if k in PUZZLES}
    if not wired:
        pytest.skip("Reversi's examples are not in the registry yet")
    assert set(wired) == set(PUZZLES)
    for example_id, (opening, answer) in PUZZLES.items():
        example = wired[example_id]
        assert (" ".join(example.opening), example.key_move, example.also) == (opening, answer, ())


LINK_TEXT = {"ko": "리버시", "ja": "リバーシ", "zh-hans": "黑白棋"}


@pytest.mark.parametrize("lang", LANGS)
def test_score_four_gomoku_and_home_point_to_reversi(lang):
    """Score Four's and Gomoku's similar games link Reversi by its name; the home page's
    description names it."""
    for name in ("score_four.html", "gomoku.html"):
        similar = sections(read(lang, name))["similar"]
        assert re.search(url_tag("reversi") + rf'">{LINK_TEXT[lang]}</a>', similar), (lang, name)
    assert LINK_TEXT[lang] in json.loads(read(lang, "meta.json"))["home"]["description"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_page_shows_the_rules_page_with_its_puzzles(client, lang):
    """Through the site: the play page carries the page's sections, its three puzzle boards
    (before and after each answer) and the links to the similar games."""
    from django.urls import reverse
    from django.utils import translation

    with translation.override(lang):
        url = reverse("play", args=("reversi",))
        gomoku, score_four = (reverse("play", args=(slug,)) for slug in ("gomoku", "score-four"))
    html = client.get(url).content.decode()
    for section in SECTIONS:
        assert f'<section id="{section}"' in html, (lang, section)
    for example_id in PUZZLES:
        assert f'data-example="{example_id}"' in html, (lang, example_id)
    assert f'href="{gomoku}"' in html and f'href="{score_four}"' in html
    assert json.loads(read(lang, "meta.json"))["reversi"]["title"] in html

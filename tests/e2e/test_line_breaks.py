"""Text breaks where a reader expects, on every page in all three languages: Korean between
words (computed word-break: keep-all), Japanese and Chinese by their strict rules, checked on
the laid-out text: no line of the page starts with a closing mark, "ー" or a small kana."""

import pytest

LANGUAGES = ["ko", "ja", "zh-hans"]
PAGES = [
    "",
    "rules/three-in-a-row/",
    "privacy/",
    "score-four/",
    "tic-tac-toe/",
    "three-mens-morris/",
    "nine-mens-morris/",
    "dara/",
]
NO_LINE_START = (
    "、。，．・：；？！）」』】〕〉》’”ー～"  # closing marks, the long vowel mark
    "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"  # small kana
    "%),.!?:;"
)

# Every character that begins a new line inside a text node of <main>, with its context.
LINE_STARTS = """(forbidden) => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    if (!text.trim() || !node.parentElement.checkVisibility()) continue;
    let previous = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect || !text[i].trim()) continue;
      const newLine = previous && rect.top > previous.top + previous.height / 2;
      if (newLine && forbidden.includes(text[i])) {
        found.push(text.slice(Math.max(0, i - 8), i + 4));
      }
      previous = rect;
    }
  }
  return found;
}"""

STYLE = """(selector) => [...document.querySelectorAll(selector)].map((e) => {
  const s = getComputedStyle(e);
  return [e.lang || e.closest('[lang]').lang, s.wordBreak, s.lineBreak]; })"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", PAGES)
def test_korean_breaks_between_words(phone, live_server_url, path):
    phone.goto(f"{live_server_url}/ko/{path}")
    styles = phone.evaluate(STYLE, "main p, main li, main button, main h1, main h2, .site-header a")
    assert styles
    assert {tuple(s[:2]) for s in styles if s[0] == "ko"} == {("ko", "keep-all")}


@pytest.mark.parametrize("language", ["ja", "zh-hans"])
@pytest.mark.parametrize("path", PAGES)
def test_ja_and_zh_lines_never_start_with_a_closing_mark(phone, live_server_url, language, path):
    phone.goto(f"{live_server_url}/{language}/{path}")
    styles = phone.evaluate(STYLE, "main p, main li, main button")
    assert {s[2] for s in styles if s[0] != "ko"} == {"strict"}
    assert phone.evaluate(LINE_STARTS, NO_LINE_START) == []

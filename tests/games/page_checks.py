"""Checks shared by the game pages' content tests (test_gomoku_content.py,
test_reversi_content.py): which key facts a page lacks, its sections' order, its FAQ's form
and its citations. Each returns what is wrong, for the test's own message."""

from __future__ import annotations

import re

from tests.games.test_content_facts import Fact, read, sections, visible_text


def missing_facts(page: str, lang: str, shared: list[Fact], terms: dict) -> list[str]:
    """Every fact of `shared` and of the language's own `terms` ((section, label) ->
    pattern) that the page does not state."""
    html = read(lang, page)
    if html is None:
        return [f"{page}: file missing"]
    parts = sections(html)
    own = [Fact(page, section, label, pattern) for (section, label), pattern in terms.items()]
    missing = []
    for fact in shared + own:
        scope = parts.get(fact.section) if fact.section else html
        if scope is None:
            missing.append(f"#{fact.section}: section missing (needed for {fact.label})")
        elif not re.search(fact.pattern, scope if fact.markup else visible_text(scope), re.S):
            missing.append(f"#{fact.section}: {fact.label}  /{fact.pattern}/")
    return missing


def section_ids(page: str, lang: str) -> list[str]:
    html = read(lang, page)
    assert html is not None, f"{lang}: {page} missing"
    return re.findall(r'<section\s+id="([^"]+)"', html)


def faq_problems(page: str, lang: str, at_least: int = 6) -> list[str]:
    """What keeps the FAQ from being at least `at_least` plain question-and-answer items."""
    faq = sections(read(lang, page))["faq"]
    items = re.findall(
        r'<div class="faq-item">\s*<h3 class="faq-q">([^<]+)</h3>\s*'
        r'<div class="faq-a"><p>([^<]+)</p></div>\s*</div>',
        faq,
    )
    problems = []
    if len(items) < at_least:
        problems.append(f"{len(items)} plain faq-item(s), need at least {at_least}")
    if faq.count('class="faq-item"') != len(items):
        problems.append("a faq-item is malformed")
    return problems


def citations(page: str, lang: str) -> tuple[set[int], set[int]]:
    """(the references the text cites, the references the list holds)."""
    html = read(lang, page)
    cited = {int(n) for n in re.findall(r'href="#ref-(\d+)" class="cite"', html)}
    listed = {int(n) for n in re.findall(r'<li id="ref-(\d+)"', sections(html)["references"])}
    return cited, listed

"""Long-form content per language: template paths, page titles and FAQ data.

The words live in templates/content/<lang>/ (docs/CONTENT.md); this module only finds them.
"""

from __future__ import annotations

import json
from functools import cache
from html.parser import HTMLParser

from django.conf import settings
from django.utils.translation import get_language

CONTENT_DIR = settings.BASE_DIR / "templates" / "content"
LANGUAGE_CODES = tuple(code for code, _name in settings.LANGUAGES)


def current_language() -> str:
    language = get_language() or settings.LANGUAGE_CODE
    return language if language in LANGUAGE_CODES else settings.LANGUAGE_CODE


def template(name: str, language: str | None = None) -> str:
    """`content/<lang>/<name>` for the active language."""
    return f"content/{language or current_language()}/{name}"


@cache
def _meta(language: str) -> dict[str, dict[str, str]]:
    with open(CONTENT_DIR / language / "meta.json", encoding="utf-8") as handle:
        return json.load(handle)


def page_meta(page_key: str) -> dict[str, str]:
    """Title and description of a page (`home`, a game slug, `guide`, `privacy`)."""
    return _meta(current_language())[page_key]


class _FaqParser(HTMLParser):
    """Collects (question, answer) text from the FAQ markup of docs/CONTENT.md."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[list[str]] = []
        self._field: int | None = None  # 0 question, 1 answer
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if self._field is not None:
            self._depth += 1
        elif "faq-q" in classes:
            self.items.append(["", ""])
            self._field, self._depth = 0, 1
        elif "faq-a" in classes and self.items:
            self._field, self._depth = 1, 1

    def handle_endtag(self, tag: str) -> None:
        if self._field is not None:
            self._depth -= 1
            if self._depth == 0:
                self._field = None

    def handle_data(self, data: str) -> None:
        if self._field is not None:
            self.items[-1][self._field] += data


def faq_items(html: str) -> list[tuple[str, str]]:
    parser = _FaqParser()
    parser.feed(html)
    return [(" ".join(q.split()), " ".join(a.split())) for q, a in parser.items]


def faq_json_ld(html: str) -> str | None:
    """schema.org FAQPage data for the FAQ found in rendered content, or None."""
    items = faq_items(html)
    if not items:
        return None
    data = {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": [
            {
                "@type": "Question",
                "name": question,
                "acceptedAnswer": {"@type": "Answer", "text": answer},
            }
            for question, answer in items
        ],
    }
    # "</" inside a script element would end it early.
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")

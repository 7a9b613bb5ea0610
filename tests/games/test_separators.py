"""Separators read as each language writes them: the footer's links and the room pages'
titles (Japanese uses 「・」 and 「｜」, Chinese 「｜」: neither uses a half-width middle dot, which
Chinese keeps for foreign personal names)."""

import re

import pytest

pytestmark = pytest.mark.django_db

FOOTER = {"ko": " · ", "ja": "・", "zh-hans": "｜"}
TITLE_END = {"ko": " | little table", "ja": "｜little table", "zh-hans": "｜little table"}


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_footer_and_room_title_separators(client, language):
    page = client.get(f"/{language}/dara/").content.decode()
    between = re.search(r'privacy/">[^<]*</a>(.*?)<a', page, re.S).group(1)
    assert between == FOOTER[language]
    missing = client.get(f"/{language}/no-such-page/")
    assert missing.status_code == 404
    links = re.search(r'>[^<]*</a>([^<]*)<a href="/[^"]*/rules/', missing.content.decode())
    assert links.group(1) == FOOTER[language], "the error page's links"
    room = client.get(f"/{language}/r/AAAAAAAAAAAAAAAAAAAAAA/").content.decode()
    title = re.search(r"<title>(.*?)</title>", room, re.S).group(1).strip()
    assert title.endswith(TITLE_END[language]) and "·" not in title

"""Every page answers in every language, with the right lang, hreflang set and switcher."""

import re

import pytest
from django.urls import reverse, translate_url
from django.utils import translation

from games import board_svg
from games.catalog import GAMES

LANGUAGES = ["ko", "ja", "zh-hans"]
PAGES = [("home", ()), ("guide", ()), ("privacy", ())] + [("play", (g.slug,)) for g in GAMES]


def url_in(language, name, args):
    with translation.override(language):
        return reverse(name, args=args)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "args"), PAGES, ids=[f"{n}{a}" for n, a in PAGES])
def test_page_in_every_language(client, language, name, args):
    url = url_in(language, name, args)
    assert url.startswith(f"/{language}/")
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    for other in LANGUAGES:
        other_url = url_in(other, name, args)
        assert f'hreflang="{other}" href="http://testserver{other_url}"' in html
        # The switcher keeps the reader on the same page.
        assert f'<a href="{other_url}" hreflang="{other}" lang="{other}"' in html
    assert 'hreflang="x-default" href="http://testserver/"' in html
    title = re.search(r"<title>(.+?)</title>", html).group(1).strip()
    assert title and "{" not in title
    assert re.search(r'<meta name="description" content="[^"]{20,}">', html)
    assert 'property="og:title"' in html


def test_play_page_titles_differ_per_game_and_language(client):
    titles = set()
    for language in LANGUAGES:
        for entry in GAMES:
            html = client.get(url_in(language, "play", (entry.slug,))).content.decode()
            titles.add(re.search(r"<title>(.+?)</title>", html).group(1))
    assert len(titles) == len(LANGUAGES) * len(GAMES)


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("ja,en;q=0.8", "/ja/"),
        ("zh-CN,zh;q=0.9", "/zh-hans/"),
        ("zh-TW", "/zh-hans/"),
        ("ko-KR", "/ko/"),
        ("en-US,fr;q=0.5", "/ko/"),
        ("", "/ko/"),
    ],
)
def test_root_redirects_by_accept_language(client, accept, expected):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == expected


def test_unknown_language_prefix_is_not_found(client):
    assert client.get("/en/").status_code == 404
    assert client.get("/ko/no-such-game/").status_code == 404


def test_home_lists_every_game_with_its_link(client):
    html = client.get("/ja/").content.decode()
    for entry in GAMES:
        assert f'href="/ja/{entry.slug}/"' in html


def test_sitemap_lists_every_page_in_every_language(client):
    xml = client.get("/sitemap.xml").content.decode()
    for language in LANGUAGES:
        for name, args in PAGES:
            assert f"<loc>http://testserver{url_in(language, name, args)}</loc>" in xml


def test_faq_structured_data_on_score_four(client):
    html = client.get("/ko/score-four/").content.decode()
    match = re.search(r'<script type="application/ld\+json" nonce="[^"]+">(.+?)</script>', html)
    assert match and '"@type": "FAQPage"' in match.group(1)


def test_security_headers(client):
    response = client.get("/ko/score-four/")
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "'nonce-" in csp and "unsafe-inline" not in csp
    assert "object-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"


def test_csp_nonce_matches_inline_scripts(client):
    """Every inline script the browser would run carries the nonce. JSON data blocks
    (`json_script`'s `application/json`) are never executed, so CSP does not apply to them."""
    response = client.get("/ko/score-four/")
    nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
    scripts = re.findall(r"<script(?![^>]*\bsrc=)([^>]*)>", response.content.decode())
    executable = [a for a in scripts if 'type="application/json"' not in a]
    assert executable and len(executable) < len(scripts)
    for attributes in executable:
        assert f'nonce="{nonce}"' in attributes


def test_health_endpoint(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


def test_switcher_urls_use_translate_url():
    with translation.override("ko"):
        assert translate_url("/ko/dara/", "ja") == "/ja/dara/"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "args"), PAGES, ids=[f"{n}{a}" for n, a in PAGES])
def test_headings_form_a_clean_outline(client, language, name, args):
    html = client.get(url_in(language, name, args)).content.decode()
    levels = [int(level) for level in re.findall(r"<h([1-6])\b", html)]
    assert levels.count(1) == 1 and levels[0] == 1
    for previous, current in zip(levels, levels[1:], strict=False):
        assert current <= previous + 1, f"h{previous} followed by h{current}"


@pytest.mark.parametrize("slug", board_svg.slugs())
def test_a_2d_play_page_arrives_with_its_empty_board_drawn(client, slug):
    """The frame holds the server's drawing at the live board's size, so nothing moves when the
    live one replaces it (tests/e2e/test_layout_shift.py measures that)."""
    html = client.get(url_in("ko", "play", (slug,))).content.decode()
    frame = re.search(r'<div class="([^"]*)" data-board2d>\s*<svg viewBox="([^"]+)"', html)
    assert frame, "no drawn board in the frame"
    layout = board_svg.layout_of(slug)
    assert frame.group(1).split() == [
        "board2d-frame", "board2d", f"board2d--{slug}",
        f"board2d--{layout.kind}", f"board2d--{layout.style}",
    ]
    assert frame.group(2) == f"0 0 {layout.width:g} {layout.height:g}"


@pytest.mark.parametrize(("slug", "column"), [("dara", True), ("gomoku", False)])
def test_the_status_table_counts_pieces_in_hand_only_where_they_run_out(client, slug, column):
    """A Dara player places twelve pieces; a Gomoku player never runs out of stones, so a
    column counting down from 113 would say nothing."""
    html = client.get(url_in("ja", "play", (slug,))).content.decode()
    assert html.count('data-count="reserve"') == (2 if column else 0)
    assert html.count('data-count="board"') == 2
    table = re.search(r'<table class="status-sides">.*?</thead>', html, re.S).group(0)
    assert table.count('<th scope="col">') == (3 if column else 2)

"""The error pages with DEBUG off: 404, 403 (and the CSRF refusal), 400 and 500 answer in the
site's layout and the reader's language (the path's prefix, else the browser), with links
home and to every game; the 500 page needs no database and has a last resort."""

import re

import pytest
from django.test import Client, override_settings
from django.utils import translation

from games.catalog import GAMES
from site_config import errors

LANGUAGES = ["ko", "ja", "zh-hans"]
ACCEPT = {"ko": "ko-KR,ko;q=0.9", "ja": "ja-JP,ja;q=0.9", "zh-hans": "zh-CN,zh;q=0.9"}
pytestmark = pytest.mark.usefixtures("debug_off")


@pytest.fixture
def debug_off():
    with override_settings(DEBUG=False, ROOT_URLCONF="tests.site_config.error_urls"):
        yield


@pytest.fixture
def client():
    # A failing view answers with the 500 page instead of raising into the test.
    return Client(raise_request_exception=False)


def words(language, text):
    with translation.override(language):
        return str(text)


def assert_error_page(response, status, language, kind=None):
    assert response.status_code == status
    assert response["Content-Language"] == language
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    heading, text = errors.MESSAGES[kind or status]
    assert re.search(r"<h1>(.+?)</h1>", html).group(1) == words(language, heading)
    assert words(language, text) in html
    assert 'class="site-header"' in html and 'class="site-footer"' in html  # the layout
    assert f'href="/{language}/"' in html  # home
    for entry in GAMES:
        assert f'href="/{language}/{entry.slug}/"' in html
    # Every language's home page in the switcher; nothing for a search engine to keep.
    for other in LANGUAGES:
        assert f'<a href="/{other}/" hreflang="{other}"' in html
    assert '<meta name="robots" content="noindex">' in html
    assert 'rel="canonical"' not in html
    assert "Not Found" not in html and "Server Error" not in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_unknown_page_under_a_language_answers_in_that_language(client, language):
    # The browser asks for another language: the path's prefix wins.
    other = "ja" if language != "ja" else "ko"
    response = client.get(f"/{language}/nope/", HTTP_ACCEPT_LANGUAGE=ACCEPT[other])
    assert_error_page(response, 404, language)
    assert "Accept-Language" not in response.get("Vary", "")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", ["/fr/", "/en/rules/", "/nope"])
def test_unknown_prefix_answers_in_the_browser_language(client, language, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
    assert_error_page(response, 404, language)
    assert "Accept-Language" in response["Vary"]


def test_unknown_prefix_without_a_known_browser_language_answers_in_korean(client):
    response = client.get("/fr/", HTTP_ACCEPT_LANGUAGE="fr-FR,en;q=0.5")
    assert_error_page(response, 404, "ko")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("status", [403, 400, 500])
def test_failing_views_answer_in_the_path_language(client, language, status):
    response = client.get(f"/{language}/fail/{status}/", HTTP_ACCEPT_LANGUAGE=ACCEPT["ko"])
    assert_error_page(response, status, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_failing_view_without_a_prefix_answers_in_the_browser_language(client, language):
    response = client.get("/fail/500/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
    assert_error_page(response, 500, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_form_without_its_csrf_token_is_refused_in_the_browser_language(language):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/rooms/", {"game": "dara"}, HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
    assert_error_page(response, 403, language, kind="csrf")


def test_the_500_page_needs_no_database(client):
    """No `db` fixture: pytest-django refuses every query in this test, so a 500 page that
    touched the database would fail and fall back to the fixed page."""
    response = client.get("/ja/fail/500/")
    assert_error_page(response, 500, "ja")


def test_the_500_page_falls_back_to_a_fixed_page_when_rendering_fails(client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("template storage gone")

    monkeypatch.setattr(errors, "render_to_string", broken)
    response = client.get("/ja/fail/500/")
    assert response.status_code == 500
    assert response.content.decode() == errors.FALLBACK_500


def test_an_error_page_never_echoes_the_path(client):
    response = client.get("/ko/%3Cscript%3Ealert(1)%3C/script%3E/")
    assert response.status_code == 404
    assert "alert(1)" not in response.content.decode()

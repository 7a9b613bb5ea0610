"""A request whose Host is not in ALLOWED_HOSTS answers a plain 400 (in the path's language,
else the browser's), on every kind of address, with the production pages (service worker on,
which renders a nested template) and without a traceback in the log. Scanners send such
requests all day; nginx's default server drops most of them (deploy/nginx/little-table.conf)
and this is what reaches the application anyway."""

import logging

import pytest
from django.test import Client, override_settings

from site_config import errors

ACCEPT_JA = "ja-JP,ja;q=0.9"


@pytest.fixture
def client():
    # The production answer: DEBUG off, the service worker's script in every page.
    with override_settings(DEBUG=False, OFFLINE_WORKER=True, ALLOWED_HOSTS=["table.example"]):
        yield Client(raise_request_exception=False)


def assert_plain_400(response, language):
    assert response.status_code == 400
    assert response["Content-Language"] == language
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert 'data-error="400"' in html
    assert "evil.example" not in html  # the client's input is never quoted


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
@pytest.mark.parametrize("path", ["/{}/", "/{}/score-four/", "/{}/nope/"])
def test_unknown_host_under_a_language_answers_400_in_that_language(client, language, path):
    response = client.get(path.format(language), HTTP_HOST="evil.example")
    assert_plain_400(response, language)


@pytest.mark.parametrize("path", ["/", "/healthz", "/readyz", "/sw.js", "/api/stats/events"])
def test_unknown_host_elsewhere_answers_400_in_the_browser_language(client, path):
    response = client.get(path, HTTP_HOST="evil.example", HTTP_ACCEPT_LANGUAGE=ACCEPT_JA)
    assert_plain_400(response, "ja")


def test_unknown_host_post_answers_400(client):
    response = client.post(
        "/api/stats/events", b"{}", content_type="application/json", HTTP_HOST="evil.example"
    )
    assert_plain_400(response, "ko")


def test_unknown_host_leaves_no_traceback_in_the_log(client, caplog):
    with caplog.at_level(logging.DEBUG):
        client.get("/ja/", HTTP_HOST="evil.example")
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR], [
        r.getMessage() for r in caplog.records
    ]
    assert "evil.example" not in caplog.text


def test_the_known_host_still_gets_the_page(client):
    assert client.get("/ja/", HTTP_HOST="table.example").status_code == 200


def test_a_failing_400_page_falls_back_to_a_fixed_400(client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("template storage gone")

    monkeypatch.setattr(errors, "render_to_string", broken)
    response = client.get("/ja/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "<h1>400</h1>" in response.content.decode()

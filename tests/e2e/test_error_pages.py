"""The error pages in Chromium (the live server runs with DEBUG off): an unknown address
answers in the site's layout and the reader's language, and leads home and to the games."""

import pytest
from playwright.sync_api import expect

from games.registry import GAMES

LANGUAGES = ["ko", "ja", "zh-hans"]
LOCALES = {"ko": "ko-KR", "ja": "ja-JP", "zh-hans": "zh-CN"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_unknown_page_leads_home_in_its_language(page, live_server_url, language):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    response = page.goto(f"{live_server_url}/{language}/nope/")
    assert response.status == 404
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("[data-error='404'] h1")).to_be_visible()
    expect(page.locator("[data-error='404'] .error-games a")).to_have_count(len(GAMES))
    page.locator(f"[data-error='404'] a[href='/{language}/']").click()
    expect(page).to_have_url(f"{live_server_url}/{language}/")
    expect(page.locator("[data-game-card]")).to_have_count(len(GAMES))
    assert errors == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_unknown_language_prefix_answers_in_the_browser_language(
    browser, live_server_url, language
):
    context = browser.new_context(locale=LOCALES[language])
    page = context.new_page()
    response = page.goto(f"{live_server_url}/fr/")
    assert response.status == 404
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(f".error-games a[href='/{language}/dara/']")).to_be_visible()
    context.close()

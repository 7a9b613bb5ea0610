"""The home page in each language, in Chromium: no console error, no failed request."""

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import watch

LANGUAGES = ["ko", "ja", "zh-hans"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_page_loads_cleanly(page, live_server_url, language):
    problems = watch(page)
    page.goto(f"{live_server_url}/{language}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(".game-card")).to_have_count(5)
    page.wait_for_load_state("networkidle")
    assert problems == []


def test_language_switcher_keeps_the_page(page, live_server_url):
    page.goto(f"{live_server_url}/ko/privacy/")
    page.locator(".language-switcher a[hreflang=ja]").click()
    expect(page).to_have_url(f"{live_server_url}/ja/privacy/")
    expect(page.locator("html")).to_have_attribute("lang", "ja")


def test_root_follows_the_browser_language(browser, live_server_url):
    context = browser.new_context(locale="ja-JP")
    page = context.new_page()
    page.goto(f"{live_server_url}/")
    expect(page).to_have_url(f"{live_server_url}/ja/")
    context.close()

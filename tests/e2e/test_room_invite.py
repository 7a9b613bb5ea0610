"""The host's invitation in Chromium (static/js/rooms/room-panel.js): "Copy link" copies without
selecting the link's box, moving focus or scrolling, with the Clipboard API or without it; a
laptop keeps the QR code; a phone with a share sheet gets Share instead of the code.

Chromium on Linux has no Web Share (navigator.share), which phones have: the phone test gives the
page one that records what it was asked to share, so the test sees the page's call.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import watch

pytestmark = pytest.mark.django_db(transaction=True)

PANEL = "[data-room-panel]"
UNCHANGED = """() => {
  const link = document.querySelector("[data-room-link]");
  return {
    focus: "roomCopy" in document.activeElement.dataset ? "copy" : document.activeElement.tagName,
    selected: link.selectionEnd - link.selectionStart,
    text: String(getSelection()),
    scroll: scrollY,
  };
}"""


def create_room(page, base, language="ko", slug="tic-tac-toe"):
    page.goto(f"{base}/{language}/{slug}/")
    page.locator("[data-friend-form] button[type=submit]").click()
    expect(page).to_have_url(re.compile(rf"{base}/{language}/r/[A-Za-z0-9_-]{{22,}}/$"))
    expect(page.locator(PANEL)).to_have_attribute("data-connection", "open")
    return page.url


def copy_and_check(page):
    """Press Copy link (by keyboard from the button, then by mouse); nothing else moves."""
    copy = page.locator("[data-room-copy]")
    copy.scroll_into_view_if_needed()
    copy.focus()
    before = page.evaluate(UNCHANGED)
    assert before["focus"] == "copy" and before["selected"] == 0
    page.keyboard.press("Enter")
    expect(
        page.locator("[data-room-copied], [data-room-copy-failed]").locator("visible=true")
    ).to_have_count(1)
    assert page.evaluate(UNCHANGED) == before
    copy.click()
    assert page.evaluate(UNCHANGED) == before


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_copy_link_copies_without_selecting_focusing_or_scrolling(
    browser, live_server_url, language
):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server_url)
    page = context.new_page()
    problems = watch(page, network=False)
    url = create_room(page, live_server_url, language)
    copy_and_check(page)
    expect(page.locator("[data-room-copied]")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == url
    # A laptop: the QR code stays, with its caption.
    expect(page.locator(PANEL)).to_have_attribute("data-invite", "qr")
    expect(page.locator("[data-room-qr] svg")).to_be_visible()
    expect(page.locator("[data-room-qr-figure] figcaption")).to_be_visible()
    assert problems == []
    context.close()


def test_without_the_clipboard_api_the_copy_still_leaves_the_link_box_alone(
    browser, live_server_url
):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', { value: undefined })")
    page = context.new_page()
    create_room(page, live_server_url, "ja")
    copy_and_check(page)
    expect(page.locator("[data-room-link]")).to_have_js_property("selectionEnd", 0)
    context.close()


def test_a_phone_gets_share_instead_of_the_qr_code(browser, live_server_url):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    context.add_init_script(
        "navigator.share = (data) => { window.sharedData = data; return Promise.resolve(); };"
    )
    page = context.new_page()
    problems = watch(page, network=False)
    url = create_room(page, live_server_url, "zh-hans", "score-four")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    expect(page.locator(PANEL)).to_have_attribute("data-invite", "share")
    share = page.locator("[data-room-share]")
    expect(share).to_be_visible()
    # Nobody is asked to scan their own phone's screen with a phone.
    expect(page.locator("[data-room-qr-figure]")).to_be_hidden()
    share.click()
    shared = page.evaluate("window.sharedData")
    title = page.locator("meta[property='og:title']").get_attribute("content")
    assert shared == {"title": title, "text": title, "url": url}
    assert "立体四子棋" in title
    copy_and_check(page)
    assert problems == []
    context.close()

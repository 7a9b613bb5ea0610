"""The play pages on a 390x844 phone: the header folds its navigation behind one button, the
board and the turn line are in view once a game starts (even from a mode button far down the
page), and every control is a 44-pixel tap target."""

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import watch

PHONE = {"width": 390, "height": 844}
SLUGS = ["score-four", "tic-tac-toe", "three-mens-morris", "nine-mens-morris", "dara"]
READY = {"score-four": "[data-board3d][data-ready]", "default": "[data-board2d-page][data-ready]"}

# The play area's buttons, links and form controls that are visible, with their size.
TARGETS = """() => [...document.querySelectorAll(
    '.site-header a, .site-header button, .play-layout button, .play-layout a,'
    + ' .play-layout input, .play-layout summary, .play-privacy input, .play-privacy summary,'
    + ' .play-privacy a')]
  .filter((e) => e.checkVisibility() && !e.closest('[hidden]'))
  .map((e) => { const r = e.getBoundingClientRect();
    const box = e.type === 'checkbox' ? e.closest('label').getBoundingClientRect() : r;
    return {what: e.outerHTML.slice(0, 80), width: box.width, height: box.height}; })"""

IN_VIEW = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight; }"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    yield context.new_page()
    context.close()


def open_page(page, base, slug, language="ko"):
    page.goto(f"{base}/{language}/{slug}/")
    expect(page.locator(READY.get(slug, READY["default"]))).to_be_attached()


def small_targets(page):
    return [t for t in page.evaluate(TARGETS) if t["height"] < 44 or t["width"] < 44]


@pytest.mark.parametrize("slug", SLUGS)
def test_starting_from_the_mode_buttons_brings_the_board_into_view(phone, live_server_url, slug):
    problems = watch(phone)
    open_page(phone, live_server_url, slug)
    # The header is one short row; its links wait behind the menu button.
    header = phone.locator("[data-site-header]").bounding_box()
    assert header["height"] < 70, header
    expect(phone.locator(".site-nav")).to_be_hidden()
    level = phone.locator("[data-start][data-mode=ai][data-level=beginner]")
    # A player who scrolled down to read the choices before tapping one.
    phone.evaluate("y => window.scrollBy(0, y)", level.bounding_box()["y"] - 40)
    assert not phone.evaluate(IN_VIEW, "[data-play-board]")
    level.click()
    phone.wait_for_function(IN_VIEW, arg="[data-play-board]")
    expect(phone.locator("[data-turn-line]")).to_have_attribute("data-turn", "yours")
    assert phone.evaluate(IN_VIEW, "[data-turn-line]")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert small_targets(phone) == []
    assert problems == []


def test_the_menu_opens_with_44_pixel_links_and_closes_with_escape(phone, live_server_url):
    problems = watch(phone)
    open_page(phone, live_server_url, "nine-mens-morris", "ja")
    toggle = phone.locator("[data-menu-toggle]")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    links = phone.locator(".site-nav a, .language-switcher a")
    expect(links.first).to_be_visible()
    heights = links.evaluate_all("els => els.map((e) => e.getBoundingClientRect().height)")
    assert min(heights) >= 44, heights
    assert small_targets(phone) == []
    phone.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    expect(phone.locator(".site-nav")).to_be_hidden()
    assert problems == []


def test_nine_mens_morris_points_are_44_pixels_on_a_phone(phone, live_server_url):
    open_page(phone, live_server_url, "nine-mens-morris")
    sizes = phone.locator("[data-board2d] button[data-point]").evaluate_all(
        "els => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height))"
    )
    assert len(sizes) == 24 and min(sizes) >= 44, sizes


def test_a_wide_screen_shows_the_navigation_without_a_menu(page, live_server_url):
    open_page(page, live_server_url, "dara")
    expect(page.locator("[data-menu-toggle]")).to_be_hidden()
    expect(page.locator(".site-nav")).to_be_visible()


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_result_dialogs_buttons_hold_their_words(browser, live_server_url, language, width):
    """Issue 29, item 10: 「플레이 방식 다시 선택하기」 touched both edges of its button."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    phone = context.new_page()
    open_page(phone, live_server_url, "tic-tac-toe", language)
    phone.locator("[data-start][data-mode=local]").click()
    for name in ["a1", "b1", "a2", "b2", "a3"]:
        phone.locator(f"[data-board2d] button[data-point='{name}']").click()
    dialog = phone.locator("dialog[data-result-dialog]")
    expect(dialog).to_have_attribute("open", "")
    buttons = dialog.locator(".result-actions .button").evaluate_all("""els => els
        .filter((e) => e.checkVisibility())
        .map((e) => { const r = e.getBoundingClientRect();
          const label = document.createRange(); label.selectNodeContents(e);
          const words = label.getBoundingClientRect();
          return {text: e.textContent, fits: e.scrollWidth <= e.clientWidth,
                  room: Math.min(words.left - r.left, r.right - words.right)}; })""")
    context.close()
    # Each label inside its button with at least 1rem to spare on either side.
    assert [b for b in buttons if not b["fits"] or b["room"] < 16] == []

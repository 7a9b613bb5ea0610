"""The phone's viewport (390×844) in WebKit, next to Chromium's: home, Score Four and Dara in
each language, light and dark, fit the width (nothing scrolls sideways) and are saved as
screenshots, in $ENGINE_SCREENSHOTS when set (to look at them), else in pytest's temporary
directory.

The MiniBrowser's window does not shrink below about 447 px (its toolbar), so WebKit sees the
page through a 390×844 iframe: media queries and layout answer to the frame's viewport, as on
a phone. The site forbids framing (X-Frame-Options DENY, CSP frame-ancestors 'none'), so this
module's server is forked with those two relaxed to the same origin, and nothing else changed.
"""

import copy
import os
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings

from tests.e2e.conftest import serve
from tests.engines.tab import loaded, wait

LANGUAGES = ["ko", "ja", "zh-hans"]
SCHEMES = ["light", "dark"]
PAGES = {"home": "", "score-four": "score-four/", "dara": "dara/"}
WIDTH, HEIGHT = 390, 844
# What each page's document `d` shows once its script has drawn the board.
READY = {
    "home": "d => d.querySelectorAll('.game-card svg').length > 0",
    "score-four": "d => d.querySelector('[data-board3d]')?.dataset.ready",
    "dara": "d => d.querySelector('[data-board2d-page]')?.dataset.ready === 'true'",
}


@pytest.fixture(scope="module")
def framable_url(django_db_setup, django_db_blocker):
    policy = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)
    policy["DIRECTIVES"]["frame-ancestors"] = ["'self'"]
    with override_settings(X_FRAME_OPTIONS="SAMEORIGIN", CONTENT_SECURITY_POLICY=policy):
        yield from serve(django_db_blocker)


@pytest.fixture
def shots(tmp_path):
    directory = Path(os.environ.get("ENGINE_SCREENSHOTS") or tmp_path)
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def frame(tab, url):
    """Show `url` in a phone-sized iframe over the current (same-origin) page."""
    tab.js(
        f"""(() => {{
      document.body.replaceChildren();
      const f = Object.assign(document.createElement('iframe'), {{ id: 'phone', src: '{url}' }});
      f.style.cssText = 'position:fixed;left:0;top:0;border:0;z-index:9;'
        + 'width:{WIDTH}px;height:{HEIGHT}px';
      document.body.append(f);
    }})()"""
    )
    wait(tab, "document.getElementById('phone').contentDocument?.readyState === 'complete'"
         f" && document.getElementById('phone').contentWindow.location.href === '{url}'")


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_webkit_phone_pages_fit_the_width(open_tab, framable_url, shots, language, scheme):
    tab = open_tab("webkit", 1024, 1000, dark=scheme == "dark")
    assert tab.js("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    for name, path in PAGES.items():
        loaded(tab, f"{framable_url}/{language}/privacy/")
        frame(tab, f"{framable_url}/{language}/{path}")
        inner = "document.getElementById('phone').contentWindow"
        wait(tab, f"({READY[name]})({inner}.document)", what=f"{name} ready")
        assert tab.js(f"{inner}.innerWidth") == WIDTH
        overflow = tab.js(f"{inner}.document.documentElement.scrollWidth")
        assert overflow <= WIDTH, f"{language} {name}: {overflow} px wide"
        tab.corner_screenshot(str(shots / f"webkit-{scheme}-{language}-{name}.png"), WIDTH, HEIGHT)
    assert tab.problems() == []


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_chromium_phone_pages_for_comparison(open_tab, live_server_url, shots, language, scheme):
    tab = open_tab("chromium", WIDTH, HEIGHT, dark=scheme == "dark")
    for name, path in PAGES.items():
        loaded(tab, f"{live_server_url}/{language}/{path}")
        wait(tab, f"({READY[name]})(document)", what=f"{name} ready")
        assert tab.js("document.documentElement.scrollWidth") <= WIDTH
        tab.screenshot(str(shots / f"chromium-{scheme}-{language}-{name}.png"))
    assert tab.problems() == []

"""The engines group: WebKit and Gecko (and Chromium as the third person in a room) against the
live daphne server of tests/e2e/conftest.py. Its own pytest process (scripts/test.sh), like the
Chromium group, for the same fork trap (docs/TESTING.md).

`open_tab(engine)` opens a tab in "webkit", "gecko" or "chromium" and closes it after the test;
journeys are parametrized by engine, so `-k webkit` or `-k gecko` runs one engine alone.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator

import pytest

from tests.e2e.conftest import (
    chromium_launch_args,
    live_server_url,  # noqa: F401 - the live server fixture
)
from tests.engines.gecko import GeckoTab
from tests.engines.tab import Tab
from tests.engines.webkit import WebKitTab, Xvfb

# The third person in a room, and the phone screenshots' Chromium: the full browser, Debian's
# `chromium` (the Chromium group runs its headless shell: tests/e2e/conftest.py).
FULL_CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return chromium_launch_args(browser_type_launch_args, FULL_CHROMIUM)


class ChromiumTab:
    """A Playwright page behind the same small interface (a new context: another person)."""

    engine = "chromium"

    def __init__(self, browser, width: int = 1024, height: int = 800, dark: bool = False) -> None:
        self.context = browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme="dark" if dark else "light",
        )
        self.page = self.context.new_page()
        self._problems: list[str] = []
        self.page.on(
            "console", lambda m: m.type == "error" and self._problems.append(f"console: {m.text}")
        )
        self.page.on("pageerror", lambda e: self._problems.append(f"pageerror: {e}"))

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def js(self, expression: str):
        return self.page.evaluate(f"(async () => ({expression}))()")

    def click(self, css: str) -> None:
        self.page.locator(css).first.click()

    def key(self, key: str) -> None:
        self.page.keyboard.press(key)

    def reload(self) -> None:
        self.page.reload()

    def screenshot(self, path: str) -> None:
        self.page.screenshot(path=path)

    def problems(self) -> list[str]:
        return list(self._problems)

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="session")
def xvfb() -> Iterator[Xvfb]:
    display = Xvfb()
    yield display
    display.stop()


@pytest.fixture
def open_tab(request, xvfb) -> Iterator[Callable[..., Tab]]:
    tabs: list[Tab] = []

    def open_one(engine: str, width: int = 1024, height: int = 800, dark: bool = False) -> Tab:
        tab: Tab
        if engine == "webkit":
            tab = WebKitTab(xvfb.display, width, height, dark)
        elif engine == "gecko":
            tab = GeckoTab(width, height)
        elif engine == "chromium":
            tab = ChromiumTab(request.getfixturevalue("browser"), width, height, dark)
        else:
            raise ValueError(engine)
        tabs.append(tab)
        return tab

    yield open_one
    for tab in tabs:
        tab.close()


def pytest_collection_modifyitems(items):
    for item in items:
        if "/engines/" in str(item.fspath):
            # e2e too, so the unit run (-m "not e2e") leaves them out; the Chromium run only
            # collects tests/e2e.
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.engines)
            item.add_marker(pytest.mark.django_db(transaction=True))

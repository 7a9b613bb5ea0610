"""One browser tab, whichever engine shows it: the few things a journey does to a page.

WebKit (tests/engines/webkit.py, Selenium and WebKitWebDriver), Gecko (tests/engines/gecko.py,
puppeteer-core over WebDriver BiDi) and Chromium (Playwright) each implement these, so one
journey runs in every engine. Journeys read the page through data- attributes and stable ids,
never through the words (translated) or the layout.
"""

from __future__ import annotations

import json
import time
from typing import Any, Protocol


class Tab(Protocol):
    engine: str

    def goto(self, url: str) -> None: ...

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression (a promise is awaited)."""

    def click(self, css: str) -> None:
        """A real pointer click in the middle of the first element matching `css`."""

    def key(self, key: str) -> None:
        """Press and release one key (a WebDriver key name: "Tab", "Enter", "ArrowRight")."""

    def reload(self) -> None: ...

    def screenshot(self, path: str) -> None: ...

    def problems(self) -> list[str]:
        """Console errors and uncaught exceptions seen since the tab opened."""

    def close(self) -> None: ...


def wait(tab: Tab, expression: str, timeout: float = 30.0, what: str = "") -> Any:
    """Poll until `expression` is truthy in the page; its value. The machine is shared and busy,
    so a condition is polled, never a fixed sleep."""
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        try:
            value = tab.js(expression)
        except Exception as error:  # a navigation in progress destroys the context: retry
            value = f"<{type(error).__name__}>"
        else:
            if value:
                return value
        time.sleep(0.1)
    raise AssertionError(f"{tab.engine}: {what or expression} not true after {timeout} s: {value}")


def q(css: str) -> str:
    """`css` as a JavaScript string literal."""
    return json.dumps(css)


def attr(tab: Tab, css: str, name: str) -> str | None:
    return tab.js(f"document.querySelector({q(css)})?.getAttribute({q(name)}) ?? null")


def wait_attr(tab: Tab, css: str, name: str, value: str, timeout: float = 30.0) -> None:
    try:
        wait(
            tab,
            f"document.querySelector({q(css)})?.getAttribute({q(name)}) === {q(value)}",
            timeout,
        )
    except AssertionError:
        raise AssertionError(
            f"{tab.engine}: {css} [{name}={value!r}] after {timeout} s: {attr(tab, css, name)!r}"
        ) from None


def count(tab: Tab, css: str) -> int:
    return int(tab.js(f"document.querySelectorAll({q(css)}).length"))


def visible(tab: Tab, css: str) -> bool:
    return bool(tab.js(f"!!document.querySelector({q(css)})?.checkVisibility()"))


def wait_visible(tab: Tab, css: str, shown: bool = True, timeout: float = 30.0) -> None:
    check = f"!!document.querySelector({q(css)})?.checkVisibility()"
    wait(tab, check if shown else f"!({check})", timeout, f"{css} {'shown' if shown else 'hidden'}")


def loaded(tab: Tab, url: str) -> None:
    """Open `url` and wait until the page and its module scripts have run."""
    tab.goto(url)
    wait(tab, "document.readyState === 'complete'", what=f"{url} loaded")


def held_still(css: str, frames: int = 2, timeout_ms: int = 3000) -> str:
    """An expression (a promise) true once the first element matching `css` has kept one box
    through `frames` animation frames in a row: what Playwright's click waits for ("stable"),
    and WebDriver's and Puppeteer's do not. Without it a click is aimed at a box the page has
    laid out but not yet painted: a refusal note above the board pushes the Pass button down
    until the next frame's ResizeObserver scrolls it back (static/js/play/hold-board.js), and
    WebKit under load pressed the button there and released over the page 37 px below it.
    False after `timeout_ms` (an element that keeps moving, as an animation: clicked anyway)."""
    return f"""new Promise((done) => {{
      const started = performance.now();
      let last = "", still = 0;
      const look = () => {{
        const box = document.querySelector({q(css)})?.getBoundingClientRect();
        const now = box ? [box.x, box.y, box.width, box.height].join() : "";
        still = now && now === last ? still + 1 : 0;
        last = now;
        if (still >= {frames}) done(true);
        else if (performance.now() - started > {timeout_ms}) done(false);
        else requestAnimationFrame(look);
      }};
      requestAnimationFrame(look);
    }})"""

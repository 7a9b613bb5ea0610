"""WebKit: Debian's WebKitGTK MiniBrowser, driven by WebKitWebDriver (the W3C WebDriver of
WebKitGTK, package webkit2gtk-driver) through Selenium, on an Xvfb display.

WebKitWebDriver has no log endpoint and no WebDriver BiDi (2.50), and the MiniBrowser ignores
its console-to-stdout setting in automation mode, so the tab installs its own listeners
(WATCH) once each page has loaded: errors thrown, promises rejected, console.error called and
resources that failed from then on. An error while the page loads is seen only through what it
breaks (each journey waits for the page's data-ready state, which a failed module never sets);
WebKit 2.50's resource timings carry no status code (responseStatus is undefined) to read
one from afterwards.
"""

from __future__ import annotations

import base64
import os
import socket
import subprocess
from pathlib import Path
from typing import Any

from tests.engines.tab import held_still

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
# The longest any one WebDriver command may take (page loads and scripts take seconds; the
# async scripts' own limit is 60 s).
DRIVER_TIMEOUT = 90
WEBDRIVER = "/usr/bin/WebKitWebDriver"
WATCH = """
if (!window.__problems) {
  const problems = (window.__problems = []);
  addEventListener("error", (e) => problems.push(`error: ${e.message ?? e.target?.src}`), true);
  addEventListener("unhandledrejection", (e) => problems.push(`rejection: ${e.reason}`));
  const error = console.error.bind(console);
  console.error = (...args) => (problems.push(`console: ${args.join(" ")}`), error(...args));
}
return window.__problems.splice(0);
"""


class Xvfb:
    """A virtual X display on a number Xvfb picks itself (-displayfd): never a fixed one."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start: run scripts/system-deps.sh")
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class WebKitTab:
    engine = "webkit"

    def __init__(
        self, display: str, width: int = 1024, height: int = 800, dark: bool = False
    ) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        for path in (MINIBROWSER, WEBDRIVER):
            if not os.path.exists(path):
                raise RuntimeError(f"{path} is missing: run scripts/system-deps.sh")
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self._problems: list[str] = []
        # WebKitGTK answers prefers-color-scheme from the GTK theme's variant.
        theme = {"GTK_THEME": "Adwaita:dark"} if dark else {}
        environment = {**os.environ, "DISPLAY": display, **theme}
        for attempt in (1, 2):
            service = Service(
                executable_path=WEBDRIVER, log_output=subprocess.DEVNULL, env=environment
            )
            # Selenium's HTTP calls to the driver wait as long as the socket default says
            # (None: forever), read once when the driver is made. A CI run waited 6 minutes, until
            # stopped, for a session whose MiniBrowser never came up: bounded, and tried again once.
            previous = socket.getdefaulttimeout()
            socket.setdefaulttimeout(DRIVER_TIMEOUT)
            try:
                self.driver = webdriver.WebKitGTK(options=options, service=service)
                break
            except Exception:  # the driver quit its service already
                if attempt == 2:
                    raise
            finally:
                socket.setdefaulttimeout(previous)
        self.driver.set_window_rect(width=width, height=height)
        self.driver.set_script_timeout(60)

    def _harvest(self) -> None:
        try:
            self._problems += [f"webkit {p}" for p in self.driver.execute_script(WATCH)]
        except Exception:  # between pages (no document yet): nothing to read
            pass

    def goto(self, url: str) -> None:
        self._harvest()
        self.driver.get(url)
        self._harvest()

    def js(self, expression: str) -> Any:
        # The promise is awaited by the driver (W3C Execute Script); the body is not async.
        return self.driver.execute_script(f"return (async () => ({expression}))();")

    def click(self, css: str) -> None:
        from selenium.webdriver.common.by import By

        self._harvest()  # also watches a page a click navigated to
        self.js(held_still(css))
        self.driver.find_element(By.CSS_SELECTOR, css).click()

    def key(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        name = {"ArrowRight": "ARROW_RIGHT", "ArrowLeft": "ARROW_LEFT", "ArrowUp": "ARROW_UP"}
        name |= {"ArrowDown": "ARROW_DOWN", "Enter": "ENTER", "Tab": "TAB", "Escape": "ESCAPE"}
        ActionChains(self.driver).send_keys(getattr(Keys, name[key])).perform()

    def reload(self) -> None:
        self._harvest()
        self.driver.refresh()
        self._harvest()

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(path)

    def corner_screenshot(self, path: str, width: int, height: int) -> None:
        """The viewport's top-left width×height pixels. (WebKitWebDriver's element screenshot
        leaves the top 118 px black, so the viewport is taken whole and cropped in a canvas.)"""
        whole = self.driver.get_screenshot_as_base64()
        cropped = self.js(
            f"""new Promise((done) => {{
          const image = new Image();
          image.onload = () => {{
            const canvas = Object.assign(document.createElement('canvas'),
              {{ width: {width}, height: {height} }});
            canvas.getContext('2d').drawImage(image, 0, 0);
            done(canvas.toDataURL('image/png').split(',')[1]);
          }};
          image.src = 'data:image/png;base64,{whole}';
        }})"""
        )
        Path(path).write_bytes(base64.b64decode(cropped))

    def problems(self) -> list[str]:
        self._harvest()
        return list(self._problems)

    def close(self) -> None:
        self.driver.quit()

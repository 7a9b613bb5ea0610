"""Journey 5 in WebKit and Gecko: the site served the production way (tools/offline_harness.py:
collected static files, DEBUG off, the service worker on) is installable (a manifest with icons
that load) and, once visited, plays Score Four against the AI with the network cut. The cut is
the server itself stopped: neither WebKitWebDriver nor puppeteer's Firefox has an offline
switch, and a server that is gone is what a train in a tunnel looks like to the browser.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.engines.tab import loaded, wait, wait_attr
from tests.engines.test_play import BOARD3D, SCORE_FOUR_BOARD, play_score_four_against_the_ai
from tools.offline_harness import Build


@pytest.fixture(scope="module")
def build(tmp_path_factory, collected_static):
    return Build(tmp_path_factory.mktemp("offline") / "build", static_root=collected_static)


def manifest_of(origin: str, tab) -> dict:
    href = tab.js("document.querySelector('link[rel=manifest]').href")
    with urllib.request.urlopen(href, timeout=10) as response:
        assert response.status == 200
        manifest = json.loads(response.read())
    for icon in manifest["icons"]:
        with urllib.request.urlopen(origin + icon["src"], timeout=10) as response:
            assert response.status == 200 and response.headers["content-type"] == icon["type"]
    return manifest


@pytest.mark.parametrize("engine", ["webkit", "gecko"])
def test_a_visited_site_plays_score_four_offline(open_tab, build, engine):
    tab = open_tab(engine)  # first: a tab that cannot open leaves no server running
    server = build.serve()
    try:
        loaded(tab, f"{server.origin}/ja/score-four/")
        manifest = manifest_of(server.origin, tab)
        assert manifest["display"] == "standalone" and manifest["start_url"]
        wait_attr(tab, "html", "data-offline-ready", "true", timeout=90)
        wait(tab, "navigator.serviceWorker.controller !== null", what="controlled by the worker")
    finally:
        server.stop()

    tab.reload()  # nothing answers on that port now but the service worker
    wait_attr(tab, BOARD3D, "data-ready", SCORE_FOUR_BOARD[engine])
    assert tab.js("document.documentElement.lang") == "ja"
    wait_attr(tab, "html", "data-offline-ready", "true")
    play_score_four_against_the_ai(tab)
    assert tab.problems() == []

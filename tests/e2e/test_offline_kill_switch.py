"""The way back from a broken service worker (OFFLINE_WORKER_RETIRE, docs/OPERATIONS.md), in
Chromium against the site served the production way on one origin: the worker installs; a
release ships a worker that fails every request, and the site no longer loads; the next
release flips the kill switch, and the page loads from the network again with no worker and
no cache left; the release after it installs the real worker afresh."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tools.offline_harness import SETTINGS, Build
from tools.rooms_harness import Daphne

BROKEN = Path(__file__).with_name("broken-worker.js")
REGISTRATION = (
    "() => navigator.serviceWorker.getRegistration()"
    ".then((r) => r ? r.active?.state ?? 'none' : null)"
)
CACHES = "() => caches.keys()"


def release(build: Build, port: int, **env: str) -> Daphne:
    """The same build restarted on the same origin with `env`: another release."""
    log = build.directory / f"daphne-{'-'.join(env) or 'fresh'}.log"
    return Daphne({**build.env, **env}, log, settings=SETTINGS, port=port)


def installed(page):
    """The real worker is installed, controls the page and has filled its cache (precaching
    about a megabyte takes a while on a busy machine)."""
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "true", timeout=60_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    assert page.evaluate(CACHES)


def loads(page, url) -> bool:
    """The page loaded. Under a broken worker a navigation fails at once or (seen on a busy
    machine) stays pending until the timeout; the site's page loads here in a second or two."""
    try:
        response = page.goto(url, timeout=8_000)
    except PlaywrightError:
        return False
    return response is not None and response.ok


def test_the_kill_switch_retires_a_broken_worker(page, tmp_path, collected_static):
    build = Build(tmp_path / "build", static_root=collected_static)
    server = build.serve()
    port, url = server.port, f"{server.origin}/ja/"
    try:
        # 1. A visit installs the real worker, which fills its cache.
        page.goto(url)
        installed(page)

        # 2. A broken release: its worker takes over at the next update check and every
        # request fails.
        server.stop()
        server = release(build, port, OFFLINE_TEST_WORKER_SOURCE=str(BROKEN))
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_function(
            "() => navigator.serviceWorker.controller?.state === 'activated'"
            " && fetch('/healthz').then(() => false, () => true)"
        )
        assert not loads(page, url)

        # 3. The kill switch: a browser that only ever navigates (as a visitor would) gets
        # the retiring worker at its next update check and then loads from the network.
        server.stop()
        server = release(build, port, OFFLINE_WORKER_RETIRE="1", OFFLINE_WORKER="1")
        # Chromium checks for an update a little after a navigation; attempts half a second
        # apart did not always leave it time here, so they are paced as a person retrying.
        for _attempt in range(15):
            if loads(page, url):
                break
            page.wait_for_timeout(2000)
        else:
            raise AssertionError("the page never loaded again after the kill switch")
        page.wait_for_function("() => navigator.serviceWorker.controller === null")
        assert page.evaluate(REGISTRATION) is None
        assert page.evaluate(CACHES) == []
        expect(page.locator("html")).not_to_have_attribute("data-offline-ready", "true")
        assert page.locator("script[src*='offline/page']").count() == 0  # no new registration

        # 4. The next release, switch off: the real worker installs afresh.
        server.stop()
        server = release(build, port)
        page.goto(url)
        installed(page)
        assert page.evaluate(REGISTRATION) == "activated"
    finally:
        server.stop()

"""The daily puzzle offline (static/js/daily/page.js, offline/service-worker.js), against the
site served the production way with the service worker on (tools/offline_harness.py): one
visit to today's page online, then the network cut; today's Score Four puzzle is solved from
the cache, and yesterday's (an archived date, fetched in the background during the visit)
opens and plays too.
"""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from daily import schedule
from tests.e2e.browser import watch
from tests.e2e.test_daily import press_peg, solve
from tools.offline_harness import Build


@pytest.fixture(scope="module")
def server(tmp_path_factory, collected_static):
    build = Build(tmp_path_factory.mktemp("daily-offline") / "build", static_root=collected_static)
    running = build.serve()
    yield running
    running.stop()


def test_today_and_yesterday_play_offline(browser, server):
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page, network=False)
    # A request of the page that failed (the worker's own network attempts behind a cached
    # answer are not the page's: Chromium reports them with the worker as their source; and a
    # fetch still running when the page reloads is aborted by the reload, not failed: on a
    # busy machine the week's background fetches can still be open then).
    page.on(
        "requestfailed",
        lambda r: r.service_worker is None
        and r.failure != "net::ERR_ABORTED"
        and problems.append(f"failed: {r.url} ({r.failure})"),
    )
    page.goto(f"{server.origin}/ko/daily/")
    expect(page.locator("html")).to_have_attribute("data-offline-ready", "true", timeout=60_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.reload()  # now under the worker: the page's data and the week's pass through it
    root = page.locator("[data-daily]")
    expect(root).to_have_attribute("data-ready", "true", timeout=20_000)
    date = root.get_attribute("data-date")
    yesterday = (dt.date.fromisoformat(date) - dt.timedelta(days=1)).isoformat()
    first = dt.date.fromisoformat(schedule.load()["start"])
    week = [dt.date.fromisoformat(date) - dt.timedelta(days=i) for i in range(1, 7)]
    urls = [f"{server.origin}/daily/puzzles/{d.isoformat()}.json" for d in week if d >= first]
    # Every background fetch has landed in the cache before the network goes.
    page.wait_for_function(
        """async (urls) => (await Promise.all(urls.map((u) => caches.match(u)))).every(Boolean)""",
        arg=urls,
    )

    context.set_offline(True)
    response = page.reload()
    assert response.from_service_worker
    expect(root).to_have_attribute("data-ready", "true", timeout=20_000)
    section = page.locator("[data-daily-puzzle][data-game='score-four']")
    day = schedule.day(dt.date.fromisoformat(date))
    puzzle = day["puzzles"][0]
    solve(section, puzzle)
    expect(section).to_have_attribute("data-state", "solved")

    page.goto(f"{server.origin}/ko/daily/{yesterday}/")
    expect(root).to_have_attribute("data-ready", "true", timeout=20_000)
    expect(root).to_have_attribute("data-date", yesterday)
    earlier = schedule.day(dt.date.fromisoformat(yesterday))["puzzles"][0]
    section = page.locator("[data-daily-puzzle][data-game='score-four']")
    press_peg(section, next(iter(earlier["defence"]["bad"])))
    expect(section).to_have_attribute("data-state", "wrong")
    assert problems == []
    context.close()

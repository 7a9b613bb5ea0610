"""Fixtures shared by several test folders."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from tools.offline_harness import collected_once
from tools.rooms_harness import free_port


@pytest.fixture(scope="session")
def redis_url():
    """A real redis-server of the tests' own, on a free loopback port, without persistence."""
    port = free_port()
    server = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", ""]
        + ["--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        import redis

        client = redis.Redis(port=port)
        for _ in range(100):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def collected_static(request, tmp_path_factory):
    """static/ collected the production way once for the whole run, every pytest-xdist worker
    included (tools/offline_harness.collected_once): the collection test's, and the offline
    browser tests' builds of unchanged sources. TEST_STATIC_BUILD_DIR (scripts/test.sh)
    shares it between the pytest steps of one `make test`, which test the same tree."""
    if os.environ.get("TEST_STATIC_BUILD_DIR"):
        return collected_once(Path(os.environ["TEST_STATIC_BUILD_DIR"]))
    base = tmp_path_factory.getbasetemp()
    if hasattr(request.config, "workerinput"):  # an xdist worker: its parent is the run's
        base = base.parent
    return collected_once(base / "collected-static")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's worker reads the groups off the items
def pytest_collection_modifyitems(items):
    for item in items:
        keep_module_fixtures_on_one_worker(item)


def keep_module_fixtures_on_one_worker(item) -> None:
    """Send a module's tests to one pytest-xdist worker (`--dist loadgroup`, scripts/test.sh)
    when they share a module-scoped fixture: servers or a production build that cost seconds
    to a minute to start would otherwise start once per worker, and the offline module hands
    its server on from one test to the next, in order."""
    for fixture_defs in item._fixtureinfo.name2fixturedefs.values():
        if any(definition.scope == "module" for definition in fixture_defs):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))
            return

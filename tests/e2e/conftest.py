"""A live daphne server (HTTP and WebSocket) for the browser tests, and Debian's Chromium.

pytest-django's live_server is WSGI only, so the server is daphne's own test process, forked
from this one with the test database. Browser tests run in their own pytest process
(scripts/test.sh), away from the async consumer tests whose executor thread does not survive
a fork (docs/TESTING.md).
"""

from __future__ import annotations

import os
import shutil
from functools import partial

import pytest
from daphne.testing import DaphneProcess

# Debian's Chromium in its headless shell (package chromium-headless-shell, built from the same
# source and version as `chromium`): the same Blink and V8 without the desktop browser around
# them, as Playwright itself runs headless Chromium. It spent about a quarter less CPU than
# `chromium --headless` over this group (docs/TESTING.md, "Speed"). The engines group's
# third person runs the full browser (tests/engines/conftest.py).
CHROMIUM = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"


def _make_application():
    from channels.routing import get_default_application

    return get_default_application()


def _child_setup(test_db_name: str) -> None:
    # The child must talk to the test database, and needs a fresh sync-to-async executor.
    from concurrent.futures import ThreadPoolExecutor

    from asgiref.sync import SyncToAsync
    from django.conf import settings
    from django.db import connections

    settings.DATABASES["default"]["NAME"] = test_db_name
    for connection in connections.all():
        connection.close()
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)


@pytest.fixture(scope="session")
def live_server_url(django_db_setup, django_db_blocker):
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium's headless shell not at {CHROMIUM}: run scripts/system-deps.sh")
    yield from serve(django_db_blocker)


def serve(django_db_blocker):
    """Fork a daphne test server with the settings in force now; yield its URL, then stop it
    (tests/engines/ also starts one with the frame headers relaxed for phone screenshots)."""
    from django.conf import settings

    test_db_name = str(settings.DATABASES["default"]["NAME"])
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "127.0.0.1", "localhost"]
    # The busy refusal is on, as in production: the browsers' drawing on the same two cores
    # makes a tick of the server's loop late now and then, never tick after tick for seconds
    # (what rooms/load.py counts as saturation).
    with django_db_blocker.unblock():
        # A SQLite connection must not cross the fork: the child closing it would remove the
        # WAL files under the parent's feet (database disk image is malformed).
        from django.db import connections

        connections.close_all()
        server = DaphneProcess(
            "127.0.0.1", _make_application, setup=partial(_child_setup, test_db_name)
        )
        server.start()
        while not server.ready.wait(timeout=1):
            if not server.is_alive():
                raise RuntimeError(f"daphne test server stopped: {server.errors.get()}")
        yield f"http://127.0.0.1:{server.port.value}"
        server.terminate()
        server.join(timeout=10)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return chromium_launch_args(browser_type_launch_args, CHROMIUM)


def chromium_launch_args(defaults, executable):
    return {
        **defaults,
        "executable_path": executable,
        "args": [
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
            "--disable-quic",
        ],
    }


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
            # pytest-django creates the test database only for tests that ask for it; the
            # live server needs it for every browser test.
            item.add_marker(pytest.mark.django_db(transaction=True))

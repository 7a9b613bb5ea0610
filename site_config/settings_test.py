"""Settings for the test suite: the production settings with static files read from the
source folders (no collectstatic step between an edit and a test), a fast password hash, one
SQLite test database per pytest process, no background purge threads and no service worker
in the pages (each reason below)."""

import os

from site_config.settings import *  # noqa: F403

STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
SERVESTATIC_USE_FINDERS = True
SERVESTATIC_AUTOREFRESH = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# One test database file per pytest process, so parallel runs never share (and corrupt) one.
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(LOCAL_DIR / f"test-db-{os.getpid()}.sqlite3")  # noqa: F405
    }

# No background purge threads in tests; the tests of those threads turn them on themselves.
ROOMS_PURGE_SECONDS = 0
STATS_PURGE_SECONDS = 0

# No service worker in the pages of the ordinary browser tests: it would precache about a
# megabyte in every fresh browser context, and requests it answers bypass Playwright's routing.
# tests/e2e/test_offline.py runs its own servers with the production settings, worker on.
OFFLINE_WORKER = False

"""The production settings (DEBUG off, hashed and compressed static files, service worker on)
for the offline browser tests, whose second build reads its static sources from a changed
copy: OFFLINE_TEST_STATIC_SOURCE, when set, replaces STATICFILES_DIRS; OFFLINE_TEST_WORKER_SOURCE
serves another worker script (a broken release, for the kill switch)."""

import os

from site_config.settings import *  # noqa: F403

if os.environ.get("OFFLINE_TEST_STATIC_SOURCE"):
    STATICFILES_DIRS = [os.environ["OFFLINE_TEST_STATIC_SOURCE"]]

# The kill switch's test serves a deliberately broken release's worker through this.
if os.environ.get("OFFLINE_TEST_WORKER_SOURCE"):
    OFFLINE_WORKER_SOURCE = os.environ["OFFLINE_TEST_WORKER_SOURCE"]

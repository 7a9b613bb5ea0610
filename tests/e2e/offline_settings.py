"""The production settings (DEBUG off, hashed and compressed static files, service worker on)
for the offline browser tests, whose second build reads its static sources from a changed
copy: OFFLINE_TEST_STATIC_SOURCE, when set, replaces STATICFILES_DIRS."""

import os

from site_config.settings import *  # noqa: F403

if os.environ.get("OFFLINE_TEST_STATIC_SOURCE"):
    STATICFILES_DIRS = [os.environ["OFFLINE_TEST_STATIC_SOURCE"]]

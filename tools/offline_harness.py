"""Builds and serves the site the production way for the offline browser tests
(tests/e2e/test_offline.py) and bench/offline.py: static files collected (hashed, compressed)
into a temporary STATIC_ROOT, DEBUG off, the service worker on, daphne started with
scripts/run.sh's arguments. A second build from a changed copy of static/ stands for a new
deploy; restarted on the same port, it is the same origin, so the browser's service worker
sees it as an update."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tools.rooms_harness import PYTHON, ROOT, Daphne, free_port, server_env

SETTINGS = "tests.e2e.offline_settings"


class Build:
    """One collected build in `directory` (its STATIC_ROOT, database and secret key)."""

    def __init__(self, directory: Path, static_source: Path | None = None):
        self.directory = directory
        self.static_root = directory / "static"
        local = directory.parent / "local"  # shared by every build: one database, one key
        self.env = {"DEBUG": "0", "STATIC_ROOT": str(self.static_root),
                    "LITTLE_TABLE_LOCAL_DIR": str(local), "OFFLINE_WORKER": "1"}
        if static_source is not None:
            self.env["OFFLINE_TEST_STATIC_SOURCE"] = str(static_source)
        for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
            subprocess.run(
                [PYTHON, "manage.py", *command, "-v", "0"],
                cwd=ROOT, env=server_env(self.env, SETTINGS), check=True, timeout=600,
            )

    def serve(self, port: int | None = None) -> Daphne:
        return Daphne(self.env, self.directory / "daphne.log", settings=SETTINGS,
                      port=port or free_port())


def changed_static_copy(directory: Path) -> Path:
    """A copy of static/ whose site menu script differs by one comment: a new build."""
    copy = directory / "static-source"
    shutil.copytree(ROOT / "static", copy)
    menu = copy / "js" / "site-menu.js"
    menu.write_text(menu.read_text() + "// the next build\n")
    return copy

"""Builds and serves the site the production way for the offline browser tests
(tests/e2e/test_offline.py) and bench/offline.py: static files collected (hashed, compressed)
into a temporary STATIC_ROOT, DEBUG off, the service worker on, daphne started with
scripts/run.sh's arguments. A second build from a changed copy of static/ stands for a new
deploy; restarted on the same port, it is the same origin, so the browser's service worker
sees it as an update."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
from pathlib import Path

from tools.rooms_harness import PYTHON, ROOT, Daphne, free_port, server_env

SETTINGS = "tests.e2e.offline_settings"


class Build:
    """One build in `directory` (its database and secret key, shared by every build in the
    same parent folder). Its STATIC_ROOT is collected here, or `static_root` when given: a
    collection made once for several builds of the same sources (`collected_once`)."""

    def __init__(self, directory: Path, static_source: Path | None = None,
                 static_root: Path | None = None):
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self.static_root = static_root or directory / "static"
        local = directory.parent / "local"  # shared by every build: one database, one key
        self.env = {"DEBUG": "0", "STATIC_ROOT": str(self.static_root),
                    "LITTLE_TABLE_LOCAL_DIR": str(local), "OFFLINE_WORKER": "1"}
        if static_source is not None:
            self.env["OFFLINE_TEST_STATIC_SOURCE"] = str(static_source)
        manage(self.env, "migrate")
        if static_root is None:
            manage(self.env, "collectstatic")

    def serve(self, port: int | None = None) -> Daphne:
        return Daphne(self.env, self.directory / "daphne.log", settings=SETTINGS,
                      port=port or free_port())


def manage(env: dict[str, str], command: str) -> None:
    subprocess.run(
        [PYTHON, "manage.py", command, "--noinput", "-v", "0"],
        cwd=ROOT, env=server_env(env, SETTINGS), check=True, timeout=600,
    )


def collected_once(directory: Path) -> Path:
    """static/ collected the production way (hashed, compressed) into directory/static, once
    for every process that asks with the same directory: pytest-xdist's workers share their
    parent temporary folder, and a collection costs about 10 s of processor time. A lock
    decides who collects; the others wait for it and read the same files (no build writes
    into its STATIC_ROOT after collecting)."""
    directory.mkdir(parents=True, exist_ok=True)
    static_root = directory / "static"
    with open(directory / "collect.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (static_root / "staticfiles.json").exists():  # written last by collectstatic
            manage({"DEBUG": "0", "STATIC_ROOT": str(static_root), "OFFLINE_WORKER": "1",
                    "LITTLE_TABLE_LOCAL_DIR": str(directory / "local")}, "collectstatic")
    return static_root


def changed_static_copy(directory: Path) -> Path:
    """A copy of static/ whose site menu script differs by one comment: a new build."""
    copy = directory / "static-source"
    shutil.copytree(ROOT / "static", copy)
    menu = copy / "js" / "site-menu.js"
    menu.write_text(menu.read_text() + "// the next build\n")
    return copy

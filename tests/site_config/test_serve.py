"""The server runs daphne on uvloop (site_config/serve.py), and every way of starting it goes
through that module: the run command, the production unit, the test and bench servers
(tests/rooms/test_live.py and the rehearsal in tests/deploy/ serve through it)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from site_config import serve
from tools.rooms_harness import PYTHON

ROOT = Path(__file__).resolve().parents[2]

LOOP_OF_DAPHNE = """
from site_config.serve import use_uvloop
assert use_uvloop()
import daphne.server
print(type(daphne.server.twisted_loop).__module__)
"""


def test_daphne_makes_its_loop_with_uvloop():
    out = subprocess.run(
        [PYTHON, "-c", LOOP_OF_DAPHNE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "uvloop"


def test_every_server_is_started_through_site_config_serve():
    starts = {
        "scripts/run.sh": "exec .venv/bin/python -m site_config.serve ",
        "deploy/systemd/little-table@.service": "/.venv/bin/python -m site_config.serve ",
        "tools/rooms_harness.py": '"-m", "site_config.serve"',
        "bench/page_score_four.py": '"-m", "site_config.serve"',
    }
    for path, start in starts.items():
        text = (ROOT / path).read_text()
        assert start in text, path
        assert "bin/daphne " not in text and '"-m", "daphne"' not in text, path


SERVE_THEN_REPORT = """
import gc, os, sys
sys.argv = ["serve", "-b", "127.0.0.1", "-p", "0", "site_config.asgi:application"]
from site_config import serve
serve.use_uvloop()
import daphne.server  # noqa: F401  installs daphne's reactor, as serve.main does
from twisted.internet import reactor

def report():
    print(sys.getswitchinterval(), gc.get_freeze_count() > 1000, gc.get_threshold(), flush=True)
    os._exit(0)

reactor.callLater(1.0, report)
serve.main()
"""


def test_the_served_process_freezes_its_import_time_objects_and_switches_threads_often():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "site_config.settings"}
    out = subprocess.run(
        [PYTHON, "-c", SERVE_THEN_REPORT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    switch, frozen, thresholds = out.stdout.strip().split(" ", 2)
    # The database thread gets the GIL back within 1 ms of its call's return (serve.py).
    assert float(switch) == serve.SWITCH_INTERVAL_S == 0.001
    assert frozen == "True"
    assert thresholds == str(serve.COLLECTOR_THRESHOLDS)

"""The server runs daphne on uvloop (site_config/serve.py), and every way of starting it goes
through that module: the run command, the production unit, the test and bench servers
(tests/rooms/test_live.py and the rehearsal in tests/deploy/ serve through it)."""

from __future__ import annotations

import subprocess
from pathlib import Path

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


"""The browser client's vocabulary (static/js/stats/schema.js) equals the server's."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from stats import schema

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_client_schema_matches_the_server_schema():
    script = (
        "const m = await import('./static/js/stats/schema.js');"
        "process.stdout.write(JSON.stringify(m.SCHEMA));"
    )
    output = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(output) == schema.as_dict()

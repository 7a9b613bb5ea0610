"""Runs a Node.js script from the project root and reads the JSON it prints: the tests that hold
a Python module to its JavaScript twin (board drawing, the engines' random games)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def node_json(args: list[str], timeout: float = 300):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found: make test installs Node.js first (scripts/system-deps.sh)")
    result = subprocess.run(
        [node, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=True
    )
    return json.loads(result.stdout)

"""`make run`'s preparation (tools/prepare.py): static files are collected on the first start,
not again while no source changed, and again (correctly) as soon as one did."""

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def prepare(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "extra_settings",
        "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}",
        "LITTLE_TABLE_LOCAL_DIR": str(tmp_path / "local"),
    }
    result = subprocess.run(
        [sys.executable, "-m", "tools.prepare"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return result.stdout.strip()


def test_static_files_are_collected_only_when_a_source_changed(tmp_path):
    extra = tmp_path / "extra"
    (extra / "css").mkdir(parents=True)
    source = extra / "css" / "probe.css"
    source.write_text("body { color: red; }\n")
    (tmp_path / "extra_settings.py").write_text(
        "from site_config.settings import *  # noqa\n"
        f"STATICFILES_DIRS = [*STATICFILES_DIRS, {str(extra)!r}]\n"
        f"STATIC_ROOT = {str(tmp_path / 'root')!r}\n"
    )
    collected = tmp_path / "root" / "css" / "probe.css"
    assert prepare(tmp_path) == "static files: collected"
    assert collected.read_text() == "body { color: red; }\n"
    assert prepare(tmp_path) == "static files: unchanged, not collected"
    time.sleep(0.01)
    source.write_text("body { color: blue; }\n")
    assert prepare(tmp_path) == "static files: collected"
    assert collected.read_text() == "body { color: blue; }\n"
    manifest = (tmp_path / "root" / "staticfiles.json").read_text()
    assert "css/probe." in manifest

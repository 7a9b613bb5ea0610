"""The repository stands alone: nothing in it points outside it (a clone has only itself)."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = ("../shared", "RECIPES.md", "DESIGN.md")


def test_no_file_points_outside_the_repository():
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    found = []
    for name in files:
        path = ROOT / name
        if (
            name.startswith("static/vendor/")
            or not path.is_file()
            or path.suffix in {".mo", ".png", ".ico", ".woff2", ".svg"}
        ):
            continue
        text = path.read_text(encoding="utf-8", errors="ignore")
        found += [f"{name}: {needle}" for needle in OUTSIDE if needle in text]
    found = [item for item in found if not item.startswith("tests/site_config/test_standalone")]
    assert found == []

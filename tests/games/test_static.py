"""three.js and uqr are vendored at their pinned versions, and the production static build
resolves three.js."""

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "static" / "vendor" / "three"


def test_vendored_three_matches_the_pin():
    pinned = (VENDOR / "VERSION").read_text().strip()
    revision = re.search(r"const REVISION = '(\d+)'", (VENDOR / "three.core.js").read_text())
    assert pinned == f"0.{revision.group(1)}.0"
    package = json.loads((ROOT / "package.json").read_text())
    assert package["config"]["three"] == pinned
    assert (VENDOR / "LICENSE").read_text().startswith("The MIT License")


def test_vendored_uqr_matches_the_pin():
    """tools/vendor_uqr.sh copies uqr unchanged and records what it copied: a hand edit or a
    pin changed without re-vendoring fails here."""
    uqr = ROOT / "static" / "vendor" / "uqr"
    package = json.loads((ROOT / "package.json").read_text())
    pinned = (uqr / "VERSION").read_text().strip()
    assert package["config"]["uqr"] == pinned
    assert f"uqr {pinned} " in (uqr / "README").read_text()
    recorded = dict(
        reversed(line.split("  ", 1)) for line in (uqr / "SHA256SUMS").read_text().splitlines()
    )
    assert set(recorded) == {"uqr.mjs", "LICENSE"}
    for name, digest in recorded.items():
        assert hashlib.sha256((uqr / name).read_bytes()).hexdigest() == digest, name
    assert (uqr / "LICENSE").read_text().startswith("MIT License")


def test_collectstatic_hashes_three_and_rewrites_module_imports(tmp_path):
    env_script = (
        "import os, django;"
        "os.environ['DJANGO_SETTINGS_MODULE']='site_config.settings';"
        f"os.environ['STATIC_ROOT']={str(tmp_path)!r};"
        "django.setup();"
        "from django.core.management import call_command;"
        "call_command('collectstatic', interactive=False, verbosity=0)"
    )
    subprocess.run([sys.executable, "-c", env_script], cwd=ROOT, check=True, timeout=300)
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    hashed_addon = manifest["vendor/three/addons/controls/OrbitControls.js"]
    assert re.search(r"OrbitControls\.[0-9a-f]{12}\.js$", hashed_addon)
    hashed_core = manifest["vendor/three/three.module.js"]
    module_text = (tmp_path / hashed_core).read_text()
    core_name = Path(manifest["vendor/three/three.core.js"]).name
    assert f"'./{core_name}'" in module_text or f'"./{core_name}"' in module_text
    assert (tmp_path / (hashed_core + ".gz")).exists()

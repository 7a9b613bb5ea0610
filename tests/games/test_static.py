"""three.js is vendored at its pinned version as one tree-shaken build holding what the Score
Four board uses (tools/vendor_three.sh), and the production static build resolves it; uqr is
vendored unchanged at its pinned version (tools/vendor_uqr.sh)."""

import hashlib
import json
import re
from pathlib import Path

from games.engine.registry import SLUGS

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "static" / "vendor" / "three"
BUNDLE = VENDOR / "three-board.js"


def test_vendored_three_matches_the_pin():
    pinned = (VENDOR / "VERSION").read_text().strip()
    package = json.loads((ROOT / "package.json").read_text())
    assert package["config"]["three"] == pinned
    text = BUNDLE.read_text()
    assert text.startswith(f"/* three.js {pinned} (npm, MIT licence: LICENSE)")
    esbuild = package["devDependencies"]["esbuild"]
    assert f"with esbuild {esbuild}. */" in text.splitlines()[0]
    # The library's own revision constant, kept in the build: the code is that release's.
    revision = pinned.split(".")[1]
    assert re.search(rf'="{revision}"', text)
    assert (VENDOR / "LICENSE").read_text().startswith("The MIT License")
    assert sorted(p.name for p in VENDOR.iterdir()) == ["LICENSE", "VERSION", "three-board.js"]


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


def test_the_build_exports_every_name_the_board_uses():
    board = (ROOT / "static" / "js" / "score-four" / "board3d.js").read_text()
    used = set(re.findall(r"THREE\.(\w+)", board)) | {"OrbitControls"}
    entry = (ROOT / "tools" / "three-board.js").read_text()
    listed = set(re.findall(r"^\s+(\w+),$", entry, re.M)) | {"OrbitControls"}
    assert used - listed == set(), "add these names to tools/three-board.js and re-vendor"
    exports = re.search(r"export\{([^}]*)\};?\s*$", BUNDLE.read_text()).group(1)
    exported = {part.split(" as ")[-1].strip() for part in exports.split(",")}
    assert listed <= exported, listed - exported


def test_collectstatic_hashes_the_three_build(collected_static):
    # The production collection (site settings, DEBUG off), shared with the browser tests.
    root = collected_static
    manifest = json.loads((root / "staticfiles.json").read_text())["paths"]
    hashed = manifest["vendor/three/three-board.js"]
    assert re.search(r"three-board\.[0-9a-f]{12}\.js$", hashed)
    assert (root / (hashed + ".gz")).exists()
    assert (root / (hashed + ".br")).exists()
    # The AI worker and the pages load each game's engine and AI by slug through one table
    # (js/game-modules.js): two literal imports a game, rewritten to the hashed files.
    modules = (root / manifest["js/game-modules.js"]).read_text()
    imported = re.findall(r"""import\(\s*["']([^"']+)["']\s*\)""", modules)
    assert len(imported) == 2 * len(SLUGS)
    assert all(re.search(r"\.[0-9a-f]{12}\.js$", name) for name in imported), imported
    for loader in ("js/ai/worker.js", "js/engines/index.js", "js/game-modules.js"):
        assert "import(`" not in (root / manifest[loader]).read_text()

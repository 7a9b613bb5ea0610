"""Screenshots of every game's pages, to show a refactoring changed no pixel.

    .venv/bin/python tools/page_shots.py shoot /tmp/before     # capture the fixed list
    .venv/bin/python tools/page_shots.py shoot /tmp/again --only dark   # a subset
    .venv/bin/python tools/page_shots.py compare /tmp/before /tmp/after

`shoot` starts a daphne server with the test settings (static files from the source folders,
a throwaway SQLite file) on a free port and drives Debian's Chromium through Playwright over
a fixed list: the home, rules, privacy and daily puzzle pages and each game's play page in
the states that need no partner on a server (the mode choice; two on one device after a few
fixed moves), at 390x844 and 1280x800, in ko, ja and zh-hans, light, and ko dark. `compare`
prints the pages whose pictures differ in any pixel (or exist on one side only) and exits 1
when there are any.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import tempfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import registry  # noqa: E402
from tools.rooms_harness import Daphne, migrate  # noqa: E402

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
LANGUAGES = ("ko", "ja", "zh-hans")
# Two on one device, each game plays the first three moves of its home-page picture's
# opening (a placement is one click; on the 3D board, a peg).
GAMES = registry.SLUGS
LOCAL_CLICKS = {slug: registry.get(slug).picture.opening[:3] for slug in GAMES}


def pages() -> list[tuple[str, str]]:
    """(name, path) of every plain page, per language; play states are added by the shooter."""
    result = []
    for language in LANGUAGES:
        result += [
            (f"{language}-home", f"/{language}/"),
            (f"{language}-guide", f"/{language}/rules/three-in-a-row/"),
            (f"{language}-privacy", f"/{language}/privacy/"),
            (f"{language}-daily", f"/{language}/daily/"),
        ]
    return result


def _settle(page) -> None:
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => true)")


def _play(page, origin: str, language: str, slug: str, local: bool) -> None:
    page.goto(f"{origin}/{language}/{slug}/")
    if registry.get(slug).board is None:
        page.wait_for_selector("[data-board3d][data-ready]", state="attached")
    else:
        page.wait_for_selector("[data-board2d-page][data-ready=true]", state="attached")
    if local:
        flat = registry.get(slug).board is not None
        root = "[data-board2d-page]" if flat else "[data-board3d]"
        page.locator("[data-mode-choice] [data-start][data-mode=local]").click()
        board = registry.get(slug).board
        for ply, name in enumerate(LOCAL_CLICKS[slug], start=1):
            if flat:
                point = page.locator(f"[data-board2d] button[data-point='{name}']")
                point.click()
                if board is not None and board.confirm:  # the first tap only chose it
                    point.click()
            else:
                page.locator(f'[data-peg-panel] [data-peg="{name}"]').click()
            page.wait_for_selector(f"{root}[data-moves='{ply}']", state="attached")


def shoot(folder: Path, only: str = "") -> None:
    """Capture every page of the list whose file name contains `only` into `folder`."""
    from playwright.sync_api import sync_playwright

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        env = {"SQLITE_PATH": str(Path(tmp) / "db.sqlite3"), "OFFLINE_WORKER": "0"}
        migrate(env)
        server = Daphne(env, Path(tmp) / "daphne.log", settings="site_config.settings_test")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                    args=["--disable-background-networking", "--disable-component-update"],
                )
                for scheme in ("light", "dark"):
                    for size, (width, height) in SIZES.items():
                        context = browser.new_context(
                            viewport={"width": width, "height": height}, color_scheme=scheme
                        )
                        page = context.new_page()
                        languages = LANGUAGES if scheme == "light" else ("ko",)
                        shots = [p for p in pages() if p[0].startswith(languages)]
                        for name, path in shots:
                            if only not in f"{name}-{size}-{scheme}":
                                continue
                            page.goto(server.origin + path)
                            _settle(page)
                            _save(page, folder / f"{name}-{size}-{scheme}.png")
                        for language in languages:
                            for slug in GAMES:
                                for local in (False, True):
                                    state = "local" if local else "choice"
                                    name = f"{language}-{slug}-{state}-{size}-{scheme}"
                                    if only not in name:
                                        continue
                                    if page.url.startswith("http"):
                                        page.evaluate("localStorage.clear()")
                                    _play(page, server.origin, language, slug, local)
                                    _settle(page)
                                    _save(page, folder / f"{name}.png")
                        context.close()
                browser.close()
        finally:
            server.stop()


def _save(page, path: Path) -> None:
    page.screenshot(path=str(path), full_page=True, animations="disabled", caret="hide")
    print(path.name, flush=True)


def _pixels(path: Path) -> tuple[int, int, bytes]:
    """Width, height and unfiltered scanlines of an 8-bit RGB or RGBA PNG (what Chromium
    writes), so two pictures compare by pixels, not by their compressed bytes."""
    data = path.read_bytes()
    position, chunks, header = 8, [], b""
    while position < len(data):
        length = struct.unpack(">I", data[position : position + 4])[0]
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    if depth != 8 or colour not in (2, 6):
        raise ValueError(f"{path.name}: not an 8-bit RGB(A) PNG")
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompress(b"".join(chunks))
    out = bytearray()
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + best) & 255
        out += line
        previous = line
    return width, height, bytes(out)


def compare(before: Path, after: Path) -> int:
    names = sorted({p.name for p in before.glob("*.png")} | {p.name for p in after.glob("*.png")})
    differing = []
    for name in names:
        a, b = before / name, after / name
        if not a.exists() or not b.exists():
            differing.append(f"{name}: only in {'after' if not a.exists() else 'before'}")
            continue
        if a.read_bytes() == b.read_bytes():
            continue
        x, y = _pixels(a), _pixels(b)
        if x[:2] != y[:2]:
            differing.append(f"{name}: size {x[:2]} -> {y[:2]}")
        elif x[2] != y[2]:
            differing.append(f"{name}: pixels differ")
    for line in differing:
        print(line)
    print(f"{len(names)} pages compared, {len(differing)} differ")
    return 1 if differing else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    shooting = commands.add_parser("shoot")
    shooting.add_argument("folder", type=Path)
    shooting.add_argument("--only", default="", help="only pages whose file name contains this")
    both = commands.add_parser("compare")
    both.add_argument("before", type=Path)
    both.add_argument("after", type=Path)
    arguments = parser.parse_args()
    if arguments.command == "shoot":
        shoot(arguments.folder, arguments.only)
        return 0
    return compare(arguments.before, arguments.after)


if __name__ == "__main__":
    sys.exit(main())

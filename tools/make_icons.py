"""Draws the app icons of the web app manifest from our own drawing, static/img/favicon.svg
(the orange board with two white balls and a black one), with Debian's Chromium through
Playwright (already a test dependency), and writes them under static/img/icons/:

    .venv/bin/python -m tools.make_icons

- icon-192.png, icon-512.png: the favicon as it is (rounded corners, transparent outside);
- maskable-512.png: the orange filling the whole square and the balls inside the central 80 %
  safe zone, so an Android launcher may cut any shape out of it;
- apple-touch-icon.png (180): full square too, iOS rounds the corners itself.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "static" / "img" / "favicon.svg"
OUT = ROOT / "static" / "img" / "icons"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def full_bleed(svg: str, zoom: float) -> str:
    """The drawing on a square without rounded corners, its content shrunk to `zoom` of the
    side around the centre (the board colour fills the margin)."""
    background = re.search(r'<rect [^>]*fill="(#[0-9a-fA-F]+)"', svg).group(1)
    inner = re.sub(r"^<svg[^>]*>|</svg>\s*$", "", svg.strip())
    inner = re.sub(r"<rect [^>]*/>", "", inner, count=1)
    margin = 16 * (1 / zoom - 1)
    side = 32 + 2 * margin
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-margin} {-margin} {side} {side}">'
        f'<rect x="{-margin}" y="{-margin}" width="{side}" height="{side}" fill="{background}"/>'
        f"{inner}</svg>"
    )


def icons(svg: str) -> dict[str, tuple[str, int]]:
    return {
        "icon-192.png": (svg, 192),
        "icon-512.png": (svg, 512),
        # The balls fill about 80 % of the favicon; 0.75 keeps them within the 80 % circle.
        "maskable-512.png": (full_bleed(svg, 0.75), 512),
        "apple-touch-icon.png": (full_bleed(svg, 0.9), 180),
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    svg = SOURCE.read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page()
        for name, (drawing, size) in icons(svg).items():
            page.set_viewport_size({"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block;"
                f"width:{size}px;height:{size}px}}</style>{drawing}"
            )
            page.screenshot(path=str(OUT / name), omit_background=True)
            print(f"static/img/icons/{name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()

"""Offline play's cost and speed, with the site served the production way (collected, hashed
and compressed static files, DEBUG off, the service worker on; tools/offline_harness.py).
Prints:

- the precache of one language: how many files and pages, their size as they travel
  (static files: the Brotli copies ServeStatic serves, PNGs as they are; pages: the HTML as the
  app sends it, uncompressed, and what Brotli and gzip would make of it behind a compressing
  proxy), and the sum of the compressed sizes;
- the time to the first playable move offline: after one visit online, the network is cut
  and the page reloaded; from the reload's navigation start until the board accepts a move
  (the page's data-ready), and until a first move is on the board (the mode button and the
  first point or peg clicked by the script), for the 3D game and the largest 2D board; median of
  `--runs` reloads.

    .venv/bin/python bench/offline.py [--language ko] [--runs 5]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import brotli
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from games import registry as games  # noqa: E402
from tools.offline_harness import Build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
READY_WATCH = """
new MutationObserver((_, observer) => {
  if (document.querySelector('[data-board3d][data-ready], [data-board2d-page][data-ready]')) {
    window.__readyAt = performance.now(); observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
"""
# The 3D board's game and the 2D game with the most points (the largest board to draw).
_FLAT = [entry for entry in games.GAMES if entry.board is not None]
GAMES = {
    next(e.slug for e in games.GAMES if e.board is None): (
        "[data-board3d]", "[data-peg-panel] .peg[aria-disabled='false']"
    ),
    max(_FLAT, key=lambda e: e.board.columns * e.board.rows).slug: (
        "[data-board2d-page]", "[data-board2d] button[data-selectable]"
    ),
}


def precache_sizes(origin: str, static_root: Path, language: str) -> dict:
    body = urllib.request.urlopen(f"{origin}/sw.js", timeout=10).read().decode()
    config = json.loads(body.split("\n", 1)[0].removeprefix("const CONFIG = ").rstrip(";"))
    static_raw = static_wire = 0
    for url in config["static"]:
        path = static_root / url.removeprefix("/static/")
        compressed = path.with_name(path.name + ".br")
        static_raw += path.stat().st_size
        static_wire += (compressed if compressed.exists() else path).stat().st_size
    pages_raw = pages_br = pages_gz = 0
    for url in config["pages"][language]:
        html = urllib.request.urlopen(f"{origin}{url}", timeout=10).read()
        pages_raw += len(html)
        pages_br += len(brotli.compress(html))
        pages_gz += len(gzip.compress(html, 6))
    return {
        "build": config["build"], "static_files": len(config["static"]),
        "pages": len(config["pages"][language]), "static_raw": static_raw,
        "static_wire": static_wire, "pages_raw": pages_raw, "pages_br": pages_br,
        "pages_gz": pages_gz,
    }


def first_move_offline(origin: str, language: str, slug: str, runs: int) -> tuple[float, float]:
    board, first_choice = GAMES[slug]
    ready, moved = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context(viewport={"width": 1280, "height": 860})
        page = context.new_page()
        page.add_init_script(READY_WATCH)
        page.goto(f"{origin}/{language}/{slug}/")
        page.locator("html[data-offline-ready='true']").wait_for()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        context.set_offline(True)
        for _ in range(runs):
            page.evaluate("localStorage.clear()")  # no saved game: the mode choice comes up
            page.reload()
            page.locator(f"{board}[data-ready]").wait_for()
            ready.append(page.evaluate("window.__readyAt"))
            page.locator("[data-start][data-mode=local]").click()
            page.locator(first_choice).first.click()
            page.locator(f"{board}[data-moves='1']").wait_for()
            moved.append(page.evaluate("performance.now()"))
        browser.close()
    return statistics.median(ready), statistics.median(moved)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", default="ko", choices=["ko", "ja", "zh-hans"])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        started = time.monotonic()
        build = Build(Path(directory) / "build")
        print(f"collected the build in {time.monotonic() - started:.0f} s")
        server = build.serve()
        try:
            sizes = precache_sizes(server.origin, build.static_root, args.language)
            timings = {
                slug: first_move_offline(server.origin, args.language, slug, args.runs)
                for slug in GAMES
            }
        finally:
            server.stop()
    kib = 1024
    print(f"precache of /{args.language}/ (build {sizes['build']}):")
    print(
        f"  static files: {sizes['static_files']}, {sizes['static_raw'] / kib:.0f} KiB, "
        f"{sizes['static_wire'] / kib:.0f} KiB as served (Brotli)"
    )
    print(
        f"  pages:        {sizes['pages']}, {sizes['pages_raw'] / kib:.0f} KiB as the app "
        f"sends them, {sizes['pages_br'] / kib:.0f} KiB Brotli, "
        f"{sizes['pages_gz'] / kib:.0f} KiB gzip"
    )
    total = sizes["static_wire"] + sizes["pages_br"]
    print(f"  compressed total: {total / kib:.0f} KiB (static Brotli + pages Brotli)")
    wire = sizes["static_wire"] + sizes["pages_raw"]
    print(f"  on the wire from this app alone: {wire / kib:.0f} KiB")
    print(f"first playable move offline (median of {args.runs} reloads, from navigation start):")
    for slug, (ready_ms, moved_ms) in timings.items():
        print(
            f"  {slug:17} board accepts a move {ready_ms:5.0f} ms, "
            f"first move on it {moved_ms:5.0f} ms"
        )


if __name__ == "__main__":
    main()

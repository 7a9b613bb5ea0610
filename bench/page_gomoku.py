"""Gomoku play page in Chromium on a phone profile, served the production way (collected,
hashed and compressed static files through ServeStatic under daphne, as
bench/page_score_four.py serves them). Prints, per run:

- what the page transferred until the board accepts a move (compressed bytes on the wire,
  every kind: HTML, JavaScript, CSS, fonts, images), and JavaScript + CSS alone;
- time from navigation start until the board accepts a move (data-ready);
- the AI's opening move as black (intermediate, Renju) from the mode button, and its reply
  to the person's first stone: what a player waits for before and after their first move.

The phone profile: 390x844, touch, the CPU slowed 4 times and a 1.6 Mbit/s, 150 ms link
(Lighthouse's mobile setting). The AI runs in a worker: on a busy machine its times grow.

    .venv/bin/python bench/page_gomoku.py [--language ko] [--runs 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_score_four import CHROMIUM, free_port, serve  # noqa: E402

PAGE = "[data-board2d-page]"
READY_WATCH = """
new MutationObserver((_, observer) => {
  const root = document.querySelector('[data-board2d-page][data-ready=true]');
  if (root) { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
"""
# Resolves with the milliseconds until the page shows `moves` plies played.
MOVES_WATCH = """(moves) => new Promise((resolve) => {
  const root = document.querySelector('[data-board2d-page]');
  const start = performance.now();
  const check = () => {
    if (root.dataset.moves !== String(moves)) return;
    observer.disconnect();
    resolve(performance.now() - start);
  };
  const observer = new MutationObserver(check);
  observer.observe(root, {attributes: true, attributeFilter: ['data-moves']});
  check();
})"""


def measure(url: str) -> dict:
    figures: dict = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 150, "downloadThroughput": 200_000,
             "uploadThroughput": 93_750},
        )
        page.add_init_script(READY_WATCH)
        sizes: dict[str, int] = {}

        def on_finished(request):
            kind = request.resource_type
            sizes[kind] = sizes.get(kind, 0) + request.sizes()["responseBodySize"]

        page.on("requestfinished", on_finished)
        page.goto(url)
        page.locator(f"{PAGE}[data-ready=true]").wait_for(state="attached")
        figures["ready_ms"] = page.evaluate("window.__readyAt")
        page.wait_for_load_state("networkidle")
        figures["sizes"] = dict(sizes)
        page.locator("[data-variant-choice] input[value=renju]").check()
        page.evaluate(f"() => {{ window.__first = ({MOVES_WATCH})(1); }}")
        page.locator(
            "[data-start][data-mode=ai][data-level=intermediate][data-human-side='1']"
        ).click()
        figures["ai_opening_ms"] = page.evaluate("window.__first")
        page.evaluate(f"() => {{ window.__reply = ({MOVES_WATCH})(3); }}")
        point = page.locator("[data-board2d] button[data-point='J9']")
        point.click()
        point.click()
        figures["ai_reply_ms"] = page.evaluate("window.__reply")
        browser.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", default="ko", choices=["ko", "ja", "zh-hans"])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as static_root:
        port = free_port()
        server = serve(static_root, port)
        try:
            for run in range(args.runs):
                f = measure(f"http://127.0.0.1:{port}/{args.language}/gomoku/")
                sizes = f["sizes"]
                total = sum(sizes.values()) / 1024
                code = (sizes.get("script", 0) + sizes.get("stylesheet", 0)) / 1024
                kinds = ", ".join(f"{k} {v / 1024:.1f}" for k, v in sorted(sizes.items()))
                print(
                    f"run {run + 1}: transferred {total:.1f} KiB (JavaScript + CSS {code:.1f} KiB;"
                    f" by kind {kinds});"
                    f" ready {f['ready_ms']:.0f} ms; the AI's opening {f['ai_opening_ms']:.0f} ms,"
                    f" its reply to the first stone {f['ai_reply_ms']:.0f} ms",
                    flush=True,
                )
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()

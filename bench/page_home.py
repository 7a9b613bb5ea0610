"""The home page on a 390x844 phone in Chromium, served the production way (collected,
hashed and compressed static files through ServeStatic under daphne). Prints:

- what the page transfers (HTML, CSS, JavaScript; compressed bytes on the wire), and which
  resources block the first render (stylesheets, classic scripts without async or defer);
- first paint and first contentful paint (`performance.getEntriesByType('paint')`), the
  median of several cold loads, unthrottled and under a Lighthouse-like mobile profile
  (4x CPU slowdown, 150 ms round trip, 1.6 Mbit/s down: Chromium's DevTools throttling).

    .venv/bin/python bench/page_home.py [--language ko] [--runs 5]

The figures are this machine's (2 shared cores), not a phone's: compare runs, not devices.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile

from page_score_four import CHROMIUM, free_port, serve
from playwright.sync_api import sync_playwright

PHONE = {"width": 390, "height": 844}
MOBILE_NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}
PAINTS = """() => Object.fromEntries(
  performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]))"""
# Stylesheets and classic scripts in the document that hold the first render back.
BLOCKING = """() => [
  ...[...document.querySelectorAll('link[rel=stylesheet]')].map((e) => e.href),
  ...[...document.querySelectorAll('script[src]')]
    .filter((e) => e.type !== 'module' && !e.async && !e.defer).map((e) => e.src),
]"""


def load(browser, url: str, throttled: bool) -> dict:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    sizes: dict[str, int] = {}
    page.on(
        "requestfinished",
        lambda r: sizes.__setitem__(
            r.resource_type, sizes.get(r.resource_type, 0) + r.sizes()["responseBodySize"]
        ),
    )
    if throttled:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", MOBILE_NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(url, wait_until="load")
    page.wait_for_function("performance.getEntriesByType('paint').length >= 2")
    figures = {"paints": page.evaluate(PAINTS), "sizes": sizes, "blocking": page.evaluate(BLOCKING)}
    context.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", default="ko", choices=["ko", "ja", "zh-hans"])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as static_root:
        port = free_port()
        server = serve(static_root, port)
        url = f"http://127.0.0.1:{port}/{args.language}/"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM)
                load(browser, url, False)  # warm the server's caches
                runs = {
                    throttled: [load(browser, url, throttled) for _ in range(args.runs)]
                    for throttled in (False, True)
                }
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    first = runs[False][0]
    print(f"home page {url.split(str(port))[-1]} at {PHONE['width']}x{PHONE['height']}")
    for kind in ("document", "stylesheet", "script", "image"):
        print(f"  {kind + ':':12} {first['sizes'].get(kind, 0) / 1024:6.1f} KiB transferred")
    print(f"  render-blocking: {', '.join(u.rsplit('/', 1)[-1] for u in first['blocking'])}")
    for throttled, label in ((False, "unthrottled"), (True, "mobile profile")):
        fp = statistics.median(r["paints"]["first-paint"] for r in runs[throttled])
        fcp = statistics.median(r["paints"]["first-contentful-paint"] for r in runs[throttled])
        print(
            f"  {label + ':':16} first paint {fp:6.0f} ms, first contentful paint {fcp:6.0f} ms"
            f" (median of {args.runs})"
        )


if __name__ == "__main__":
    main()

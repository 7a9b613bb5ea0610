"""What the browser tests share: collecting everything that went wrong on a page."""


def watch(page, network: bool = True) -> list[str]:
    """A list that fills with console errors, page errors and, with `network`, failed
    requests and HTTP errors. Tests that reload mid-request pass network=False (the browser
    aborts the old page's requests)."""
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    if network:
        page.on("requestfailed", lambda r: problems.append(f"failed: {r.url} {r.failure}"))
        page.on(
            "response",
            lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"),
        )
    return problems

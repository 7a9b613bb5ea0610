"""axe-core finds no accessibility violation on the site's pages, in every language."""

from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = ["ko", "ja", "zh-hans"]
PAGES = [
    "",
    "rules/three-in-a-row/",
    "privacy/",
    "score-four/",
    "tic-tac-toe/",
    "three-mens-morris/",
    "nine-mens-morris/",
    "dara/",
    "no-such-page/",  # the 404 page
]


@pytest.fixture
def axe_page(browser):
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (scripts/test.sh does)")
    # The site's CSP refuses injected scripts, as it should; axe is test tooling.
    context = browser.new_context(bypass_csp=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_no_axe_violations(axe_page, live_server_url, language, path):
    axe_page.goto(f"{live_server_url}/{language}/{path}")
    axe_page.wait_for_load_state("networkidle")
    axe_page.add_script_tag(path=str(AXE))
    result = axe_page.evaluate(
        "async () => await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'best-practice']})"
    )
    violations = [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(node["target"][0] for node in v["nodes"][:5])
        for v in result["violations"]
    ]
    assert violations == []

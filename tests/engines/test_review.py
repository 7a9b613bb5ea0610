"""Journey 6 in WebKit and Gecko: the post-game review runs in its module worker and returns,
marking the one mistake of a short Three Men's Morris game (as tests/e2e/test_review.py)."""

import pytest

from tests.engines.tab import attr, count, wait, wait_attr, wait_visible
from tests.engines.test_play import BOARD2D, play_moves, start_local

# The first player opens on an edge instead of the centre, and black wins: one marked move.
THREE_MENS = ["b1", "b2", "c1", "a1", "c3", "a2", "c3-b3", "b2-a3"]
PANEL = "[data-game-review]"


@pytest.mark.parametrize("engine", ["webkit", "gecko"])
def test_the_review_runs_in_its_worker_and_marks_the_opening(open_tab, live_server_url, engine):
    tab = open_tab(engine)
    start_local(tab, f"{live_server_url}/zh-hans/three-mens-morris/")
    play_moves(tab, THREE_MENS)
    wait_attr(tab, BOARD2D, "data-outcome", "1")
    wait(tab, "document.querySelector('[data-result-dialog]').open", what="result dialog")
    tab.click("[data-result-dialog] [data-action=review-game]")
    wait_visible(tab, PANEL)
    wait_attr(tab, PANEL, "data-review-state", "done", timeout=90)
    assert attr(tab, PANEL, "data-marked") == "1"
    assert count(tab, f"{PANEL} [data-review-evals] li") == len(THREE_MENS)
    # The work was done by the worker script, fetched by this page.
    assert tab.js(
        "performance.getEntriesByType('resource').some(e => /\\/ai\\/worker[.-]/.test(e.name))"
    )
    tab.click(f"{PANEL} [data-review-mark='1']")
    wait_attr(tab, "[data-board2d]", "data-hint", "b2")  # the better move is drawn
    assert tab.problems() == []

"""Journey 1 in WebKit and Gecko: the home page and the three-in-a-row rules page in ko, ja and
zh-hans render without a console error or a missing string, and the rules page's puzzles are
solved with real clicks (a wrong move refused first)."""

import pytest

from games import catalog, examples, registry
from tests.engines.tab import count, loaded, q, wait, wait_attr

ENGINES = ["webkit", "gecko"]
# The three-in-a-row guide's puzzles (each game with its own rules page has them there).
GUIDE = {
    example_id: example
    for example_id, example in examples.EXAMPLES.items()
    if registry.get(examples.GAME_OF[example_id]).in_guide
}
LANGUAGES = ["ko", "ja", "zh-hans"]
# A legal move that is not the example's answer (as tests/e2e/test_examples.py).
WRONG = {"tic-tac-toe": "c3", "three-mens-morris": "c2-c3", "nine-mens-morris": "g4",
         "dara": "c2-d2"}


def points_of(move):
    body, _, capture = move.partition("x")
    return body.split("-") + ([capture] if capture else [])


def play(tab, example, move):
    for name in points_of(move):
        tab.click(f"{example} button[data-point='{name}']")


@pytest.mark.parametrize("engine", ENGINES)
def test_home_and_rules_pages_render_and_a_puzzle_is_solved(open_tab, live_server_url, engine):
    tab = open_tab(engine)
    for language in LANGUAGES:
        loaded(tab, f"{live_server_url}/{language}/")
        assert tab.js("document.documentElement.lang") == language
        # Every game's card is on the page with its rules link.
        assert count(tab, "[data-play-ai]") == count(tab, "[data-rules]") == len(catalog.GAMES)
        loaded(tab, f"{live_server_url}/{language}/rules/three-in-a-row/")
        wait(tab, f"document.querySelectorAll('[data-example][data-ready=true]').length === "
             f"{len(GUIDE)}", what="every puzzle ready")
        assert not tab.js("document.documentElement.dataset.missingString ?? ''")
    # The puzzles of the last language's page, each refused once and then solved.
    for slug, example in GUIDE.items():
        box = f"[data-example={q(slug)}]"
        play(tab, box, WRONG[slug])
        wait_attr(tab, box, "data-last", "wrong")
        assert tab.js(f"document.querySelector({q(box)}).dataset.solved") == ""
        play(tab, box, example.key_move)
        wait_attr(tab, box, "data-solved", "answer")
    assert tab.problems() == []

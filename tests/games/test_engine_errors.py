"""An engine's refusal stays short whatever it was given: messages that quote the refused input
(a move's text, a loaded field) are cut at MESSAGE_LIMIT, in Python and in the JavaScript twins
(tests/js/engine-errors.test.mjs)."""

from __future__ import annotations

import pytest

from games.engine import registry
from games.engine.base import MESSAGE_LIMIT, EngineError

LONG = "Q" * 5000


def refusals(game):
    state = game.initial_state()
    dumped = game.dump(state)
    yield lambda: game.parse_move(state, LONG)
    yield lambda: game.parse_move(state, "x" + LONG)  # a capture where none exists
    yield lambda: game.parse_move(state, LONG + "-a1")  # a (from, to) pair
    yield lambda: game.load({**dumped, "game": LONG})
    yield lambda: game.load({**dumped, "to_move": LONG})


@pytest.mark.parametrize("slug", registry.SLUGS)
def test_a_refusal_never_grows_with_the_input(slug):
    game = registry.get(slug)
    for refuse in refusals(game):
        with pytest.raises(EngineError) as caught:
            refuse()
        assert len(caught.value.message) <= MESSAGE_LIMIT, caught.value.code


def test_a_short_message_is_kept_whole():
    assert EngineError("bad-notation", "not a peg").message == "not a peg"

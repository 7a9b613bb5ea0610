"""Properties every engine in the registry must have, checked over random play (Hypothesis)."""

from __future__ import annotations

import doctest
import json
import random
from importlib import import_module

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import registry
from games.engine.base import EngineError

CODES = {
    "bad-notation",
    "game-over",
    "occupied",
    "peg-full",
    "not-your-piece",
    "wrong-phase",
    "not-adjacent",
    "capture-required",
    "capture-not-allowed",
    "capture-invalid",
    "dara-three-in-placement",
    "dara-four-line",
    "renju-double-three",
    "renju-double-four",
    "renju-overline",
    "no-flip",
    "pass-not-allowed",
}
# Point names of each board (docs/ENGINES.md), used to write well-formed move texts.
POINTS = {
    "score-four": [f"{c}{r}" for r in "1234" for c in "ABCD"],
    "tic-tac-toe": [f"{c}{r}" for r in "123" for c in "abc"],
    "three-mens-morris": [f"{c}{r}" for r in "123" for c in "abc"],
    "nine-mens-morris": (
        "a1 d1 g1 g4 g7 d7 a7 a4 b2 d2 f2 f4 f6 d6 b6 b4 c3 d3 e3 e4 e5 d5 c5 c4".split()
    ),
    "dara": [f"{c}{r}" for r in "12345" for c in "abcdef"],
    "gomoku": [f"{c}{r}" for r in range(1, 16) for c in "ABCDEFGHIJKLMNO"],
    "reversi": [f"{c}{r}" for r in range(1, 9) for c in "abcdefgh"],
}
# No game can last longer: the move limits of docs/ENGINES.md, counted generously.
PLY_BOUND = {
    "score-four": 64,
    "tic-tac-toe": 9,
    "three-mens-morris": 6 + 120,
    "nine-mens-morris": 18 + 17 * 101,  # the counter restarts at each of at most 16 captures
    "dara": 24 + 21 * 121,  # ... and at each placement or capture
    "gomoku": 225,
    "reversi": 60 * 2,  # 60 placements, a pass at most after each (two passes end it)
}
# Fewer games where each position tries every legal move on a large board.
EXAMPLES = {"nine-mens-morris": 8, "dara": 8, "gomoku": 4, "reversi": 10}


def well_formed_text(slug: str, rng: random.Random) -> str:
    """A text in the game's notation, legal or not."""
    points = POINTS[slug]
    if slug == "score-four":
        return rng.choice(points)
    placing_only = slug in ("tic-tac-toe", "gomoku", "reversi")
    form = rng.choice(["p"] if placing_only else ["p", "p-p", "pxp", "p-pxp"])
    return "".join(rng.choice(points) if part == "p" else part for part in form)


def assert_round_trips(game, state):
    data = game.dump(state)
    loaded = game.load(json.loads(json.dumps(data)))
    assert game.dump(loaded) == data
    assert game.outcome(loaded) == game.outcome(state)
    assert game.to_move(loaded) == game.to_move(state)
    assert [game.format_move(loaded, m) for m in game.legal_moves(loaded)] == [
        game.format_move(state, m) for m in game.legal_moves(state)
    ]


def check_moves(game, slug, state, rng):
    """Every legal move plays; other well-formed texts are refused; the state never changes."""
    before = game.dump(state)
    legal = game.legal_moves(state)
    texts = {game.format_move(state, move) for move in legal}
    assert len(texts) == len(legal), "two legal moves share a text"
    for move in legal:
        text = game.format_move(state, move)
        assert game.parse_move(state, text) == move
        assert game.parse_move(state, text.swapcase()) == move
        game.play(state, move)
    for _ in range(8):
        text = well_formed_text(slug, rng)
        if text in texts:
            continue
        with pytest.raises(EngineError) as caught:
            game.play(state, game.parse_move(state, text))
        assert caught.value.code in CODES, caught.value
    assert game.dump(state) == before
    return legal


@pytest.mark.parametrize("slug", registry.SLUGS)
def test_random_play_keeps_the_protocol(slug):
    game = registry.get(slug)

    @settings(
        max_examples=EXAMPLES.get(slug, 25),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1))
    def play_one_game(seed):
        rng = random.Random(seed)
        state = game.initial_state()
        plies = 0
        last_legal = []
        while game.outcome(state) is None:
            assert_round_trips(game, state)
            last_legal = check_moves(game, slug, state, rng)
            assert last_legal, "a game that goes on must offer a move"
            mover = game.to_move(state)
            state = game.play(state, rng.choice(last_legal))
            plies += 1
            assert plies <= PLY_BOUND[slug]
            if game.outcome(state) is None:
                assert game.to_move(state) == 1 - mover
        assert_round_trips(game, state)
        outcome = game.outcome(state)
        assert outcome.winner in (0, 1, None)
        draws = ("full", "repetition", "move-limit")
        if outcome.reason == "discs":  # counted: equal counts draw (Reversi)
            black, white = game.discs(state)
            assert outcome.winner == (None if black == white else 0 if black > white else 1)
        else:
            assert (outcome.winner is None) == (outcome.reason in draws)
        assert game.legal_moves(state) == []
        for move in last_legal:
            with pytest.raises(EngineError) as caught:
                game.play(state, move)
            assert caught.value.code == "game-over"
        assert game.outcome(state) == outcome

    play_one_game()


@pytest.mark.parametrize("slug", registry.SLUGS)
def test_the_engine_module_says_how_it_is_used(slug):
    module = import_module(f"games.engine.{slug.replace('-', '_')}")
    assert module.__doc__ and ">>>" in module.__doc__
    assert module.GAME.slug == slug
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("name", ["base", "grid3"])
def test_shared_module_examples_run(name):
    result = doctest.testmod(import_module(f"games.engine.{name}"))
    assert result.attempted and not result.failed

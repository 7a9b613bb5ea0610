"""Long legal games for the friend-room tests: a seeded playout that stretches a game towards
its rules' limits (captures only when the no-progress counter nears its limit, never a
repeated position while another move exists), then lets it end."""

from __future__ import annotations

import random

from games.engine import registry


def long_game(slug: str, at_least: int, seed: int = 0) -> list[str]:
    """The move texts of a complete legal game of `slug` with at least `at_least` plies."""
    game = registry.get(slug)
    for attempt in range(200):
        moves = _playout(game, random.Random(seed * 1000 + attempt), at_least)
        if len(moves) >= at_least:
            return moves
    raise AssertionError(f"no {slug} game of {at_least} plies in 200 tries")


def _playout(game, rng, target: int) -> list[str]:
    state, moves = game.initial_state(), []
    limit = getattr(game, "move_limit", 0)
    while game.outcome(state) is None:
        stretching = len(moves) < target
        options = []
        for move in game.legal_moves(state):
            after = game.play(state, move)
            text = game.format_move(state, move)
            ends = game.outcome(after) is not None
            capture = "x" in text
            quiet = getattr(state, "quiet", 0)
            # Lower ranks are preferred: keep the game going, capture only when the move
            # limit is near, avoid positions seen before (the repetition rule).
            seen = (
                getattr(after, "history", ()).count(game.key(after.men, after.turn))
                if (hasattr(game, "key"))
                else 0
            )
            rank = (
                ends if stretching else not ends,
                (capture != (quiet >= limit - 6)) if stretching and limit else 0,
                seen,
            )
            options.append((rank, rng.random(), text, after))
        _rank, _tiebreak, text, state = min(options)
        moves.append(text)
    return moves

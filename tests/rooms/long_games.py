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


def full_board(size: int = 15) -> list[str]:
    """A board of `size` x `size` points filled to the last point with no row of three in any
    line of four for either colour (black where (row + 2 x column) mod 4 < 2, white elsewhere;
    black, the larger colour, moves first): a five-in-a-row game (Gomoku) that is drawn only
    when the board is full, under every rule setting, and in which black never meets a
    forbidden point (no three, four or overline can form)."""
    columns = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:size]
    points = [(row, column) for row in range(size) for column in range(size)]
    black = [f"{columns[c]}{r + 1}" for r, c in points if (r + 2 * c) % 4 < 2]
    white = [f"{columns[c]}{r + 1}" for r, c in points if (r + 2 * c) % 4 >= 2]
    if len(black) < len(white):
        black, white = white, black
    paired = [text for pair in zip(black, white, strict=False) for text in pair]
    return paired + black[len(white) :]

"""Test helpers for the placement games (Dara, Nine Men's Morris), bound to one game each.

Both games share notation, dump format and error protocol (games/engine/placement.py), so
their tests build positions, refuse moves and compare legal moves with accepted moves the
same way. A test module binds the helpers once: ``CHECKS = PlacementChecks(GAME)``.
"""

from __future__ import annotations

import random

import pytest

from games.engine.base import EngineError, Outcome, play_text

from .checks import GameChecks


class PlacementChecks(GameChecks):
    def position(self, board, reserve=(0, 0), to_move=0, quiet=0, history=()):
        return self.game.load(
            {
                "game": self.game.slug,
                "board": board,
                "reserve": list(reserve),
                "to_move": to_move,
                "quiet": quiet,
                "history": list(history),
            }
        )

    def owned(self, state, player):
        """The sorted points where `player` (0 white, 1 black) has a man."""
        board = self.game.dump(state)["board"]
        return sorted(point for point, who in board.items() if who == "wb"[player])

    def assert_final(self, state, winner, reason):
        assert self.game.outcome(state) == Outcome(winner, reason, ())
        assert self.game.legal_moves(state) == []
        with pytest.raises(EngineError) as caught:
            self.game.play(state, self.game.parse_move(state, "a1"))
        assert caught.value.code == "game-over"

    def assert_round_trips_along(self, texts):
        state = self.game.initial_state()
        for text in texts:
            state = play_text(self.game, state, text)
            assert self.game.load(self.game.dump(state)) == state

    def every_text(self):
        """Every syntactically valid move text: placements and steps, with and without removal."""
        points = self.game.points
        for src in [None, *points]:
            for dst in points:
                base = dst if src is None else f"{src}-{dst}"
                for cap in [None, *points]:
                    yield base if cap is None else f"{base}x{cap}"

    def assert_play_accepts_exactly_the_legal_moves(self, seed, share, games=3):
        """Along `games` seeded random games, try every text in about `share` of the positions."""
        rng = random.Random(seed)
        texts = list(self.every_text())
        every = set(texts)
        checked = 0
        for _game in range(games):
            state = self.game.initial_state()
            while self.game.outcome(state) is None:
                moves = self.game.legal_moves(state)
                if rng.random() < share:
                    legal = set(self.legal_texts(state))
                    assert legal <= every
                    for text in texts:
                        try:
                            play_text(self.game, state, text)
                            accepted = True
                        except EngineError:
                            accepted = False
                        assert accepted == (text in legal), text
                    checked += 1
                state = self.game.play(state, rng.choice(moves))
        assert checked >= games

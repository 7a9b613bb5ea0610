"""Test helpers every engine's tests use, bound to one game: ``CHECKS = GameChecks(GAME)``."""

from __future__ import annotations

import pytest

from games.engine.base import EngineError, play_text


class GameChecks:
    def __init__(self, game):
        self.game = game

    def play_all(self, texts, state=None):
        state = self.game.initial_state() if state is None else state
        for text in texts:
            state = play_text(self.game, state, text)
        return state

    def legal_texts(self, state):
        return sorted(self.game.format_move(state, m) for m in self.game.legal_moves(state))

    def assert_refused(self, state, text, code):
        """Playing `text` raises `code` and leaves `state` as it was."""
        before = self.game.dump(state)
        with pytest.raises(EngineError) as caught:
            play_text(self.game, state, text)
        assert caught.value.code == code, caught.value.message
        assert self.game.dump(state) == before

"""The protocol every game engine follows, its error type and its outcome value.

    >>> from games.engine import registry
    >>> game = registry.get(registry.SLUGS[0])
    >>> game.outcome(game.initial_state()) is None
    True

Each engine module's docstring plays a game through `play_text`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

# A game's state and move types. Each engine names its own (docs/ENGINES.md, "Types"); code
# that picks an engine by slug at run time holds an `AnyGame`.
S = TypeVar("S")
M = TypeVar("M")


# The longest message an EngineError keeps: some messages quote the input they refuse (a move's
# text, a loaded field), and input from outside has no length of its own.
# A pass (a side without a legal move, in a game where it passes) is written so in every game.
PASS_TEXT = "pass"
MESSAGE_LIMIT = 160


class EngineError(ValueError):
    """Any illegal or malformed input. `code` is machine-readable (docs/ENGINES.md); the
    message is cut at MESSAGE_LIMIT characters, so a quoted input never makes it unbounded."""

    def __init__(self, code: str, message: str):
        if len(message) > MESSAGE_LIMIT:
            message = message[: MESSAGE_LIMIT - 1] + "…"
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"EngineError({self.code!r}, {self.message!r})"


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int | None  # the winning side (docs/ENGINES.md): 0 first, 1 second; None a draw
    reason: str
    cells: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "cells": list(self.cells)}


class Game(Protocol[S, M]):
    """The engine protocol (docs/ENGINES.md): immutable states of type S, moves of type M."""

    @property
    def slug(self) -> str: ...

    def initial_state(self) -> S: ...

    def to_move(self, state: S) -> int: ...

    def legal_moves(self, state: S) -> list[M]: ...

    def play(self, state: S, move: M) -> S: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def parse_move(self, state: S, text: str) -> M: ...

    def format_move(self, state: S, move: M) -> str: ...

    def dump(self, state: S) -> dict[str, Any]: ...

    def load(self, data: Any) -> S: ...


# An engine chosen by slug at run time: its state and move types are not known statically.
AnyGame = Game[Any, Any]


def play_text(game: Game[S, M], state: S, text: str) -> S:
    """Parse `text` in the game's notation and play it; raises EngineError."""
    if not isinstance(text, str):
        raise EngineError("bad-notation", "a move must be given as text")
    return game.play(state, game.parse_move(state, text))

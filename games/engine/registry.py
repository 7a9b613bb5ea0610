"""Every engine by its slug. Adding a game is one line here (and one module)."""

from __future__ import annotations

from importlib import import_module
from typing import cast

from games.engine.base import AnyGame

_MODULES = {
    "score-four": "games.engine.score_four",
    "tic-tac-toe": "games.engine.tic_tac_toe",
    "three-mens-morris": "games.engine.three_mens_morris",
    "nine-mens-morris": "games.engine.nine_mens_morris",
    "dara": "games.engine.dara",
}
SLUGS: tuple[str, ...] = tuple(_MODULES)


def get(slug: str) -> AnyGame:
    """The engine object for `slug`; KeyError for an unknown game."""
    if slug not in _MODULES:
        raise KeyError(f"unknown game {slug!r}")
    return cast(AnyGame, import_module(_MODULES[slug]).GAME)

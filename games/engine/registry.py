"""Every engine by its slug: the module `games.engine.<slug with underscores>` of each game
in games/registry.py (the one list of games)."""

from __future__ import annotations

from importlib import import_module
from typing import cast

from games import registry as games
from games.engine.base import AnyGame

SLUGS: tuple[str, ...] = games.SLUGS


def get(slug: str) -> AnyGame:
    """The engine object for `slug`; KeyError for an unknown game."""
    if slug not in games.BY_SLUG:
        raise KeyError(f"unknown game {slug!r}")
    return cast(AnyGame, import_module(games.BY_SLUG[slug].engine_module).GAME)

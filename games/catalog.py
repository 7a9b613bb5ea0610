"""The games this site offers, in the order the home page lists them.

Adding a game is one entry here plus its engine in games/engine/registry.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameEntry:
    slug: str
    name: str
    tagline: str
    board: str  # "3d" for the three.js board, "2d" for the SVG board
    in_guide: bool  # has a section in the three-in-a-row guide


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "score-four",
        _("Score Four"),
        _("Connect four in a 4×4×4 cube: drop balls onto 16 pegs, 76 ways to win."),
        "3d",
        False,
    ),
    GameEntry(
        "tic-tac-toe",
        _("Tic-tac-toe"),
        _("The classic 3×3 race to three in a row."),
        "2d",
        True,
    ),
    GameEntry(
        "three-mens-morris",
        _("Three Men's Morris"),
        _("Three pieces each: place them, then slide them into a line."),
        "2d",
        True,
    ),
    GameEntry(
        "nine-mens-morris",
        _("Nine Men's Morris"),
        _("Form mills on three nested squares and capture your opponent's pieces."),
        "2d",
        True,
    ),
    GameEntry(
        "dara",
        _("Dara"),
        _("Place twelve stones, then move them to make threes and remove enemy stones."),
        "2d",
        True,
    ),
)
BY_SLUG = {entry.slug: entry for entry in GAMES}

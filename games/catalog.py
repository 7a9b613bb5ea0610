"""The games as the pages show them, in the reader's language: games/registry.py's entries
with their names and taglines translated (lazily, so the module-level list follows the
active language). Home page, navigation, URLs and sitemap all come from it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy, pgettext

from games import registry


@dataclass(frozen=True)
class GameEntry:
    slug: str
    name: str
    tagline: str
    board: str  # "3d" for the three.js board, "2d" for the SVG board
    in_guide: bool  # has a section in the three-in-a-row guide
    entry: registry.Entry  # everything else the registry knows

    @property
    def variants(self) -> list[tuple[str, str]]:
        """The rule settings (key, name in the active language), the default first; empty for
        a game with one rule."""
        return [(variant.key, pgettext(*variant.name)) for variant in self.entry.variants]

    @property
    def page_classes(self) -> str:
        """The play page's classes by board kind, never by game (static/css/play.css and
        board2d.css): the board ("2d" or "3d"), what it draws ("marks" or "stones") and
        whether pieces move (longer move texts)."""
        classes = [f"page-play--{self.board}"]
        if self.entry.board is not None:
            classes.append(f"page-play--{self.entry.board.pieces}")
        if self.entry.rules.movement and self.entry.board is not None:
            classes.append("page-play--moving")
        if self.entry.stone_classes:  # black moves first: the stone colours swap
            classes.append(self.entry.stone_classes)
        return " ".join(classes)


GAMES: tuple[GameEntry, ...] = tuple(
    GameEntry(e.slug, gettext_lazy(e.name), gettext_lazy(e.tagline), e.board_kind, e.in_guide, e)
    for e in registry.GAMES
)
BY_SLUG = {entry.slug: entry for entry in GAMES}

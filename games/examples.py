"""The worked examples of the rules pages, replayed through the engines and drawn as SVG.

Each example is a start position (moves from the start, or a loaded position) and the move the
text walks through. Rendering plays that move with the Python engine, so a diagram can only
show what the rules really allow; tests/games/test_examples.py checks each example's result.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.engine import registry
from games.engine.base import play_text
from games.engine.grid3 import POINTS as GRID3_POINTS


@dataclass(frozen=True)
class Example:
    slug: str
    key_move: str
    opening: tuple[str, ...] = ()  # moves from the start that reach the position
    position: dict | None = None  # or a position loaded directly


EXAMPLES: dict[str, Example] = {
    "tic-tac-toe": Example("tic-tac-toe", "c1", opening=("a1", "b2", "b1", "a3")),
    "three-mens-morris": Example(
        "three-mens-morris", "c2-c1", opening=("a1", "a2", "b1", "a3", "c2", "b3")
    ),
    "nine-mens-morris": Example(
        "nine-mens-morris",
        "g1xg7",
        position={
            "game": "nine-mens-morris",
            "board": {"a1": "w", "d1": "w", "c5": "b", "d5": "b", "e5": "b", "g7": "b"},
            "reserve": [5, 5],
            "to_move": 0,
            "quiet": 0,
            "history": [],
        },
    ),
    "dara": Example(
        "dara",
        "c2-c1xa4",
        position={
            "game": "dara",
            "board": {"a1": "w", "b1": "w", "c2": "w", "a4": "b", "c4": "b", "e4": "b"},
            "reserve": [0, 0],
            "to_move": 0,
            "quiet": 0,
            "history": [],
        },
    ),
}


def positions(slug: str):
    """(game, state before the key move, state after it) for a game's example."""
    example = EXAMPLES[slug]
    game = registry.get(slug)
    state = game.load(example.position) if example.position else game.initial_state()
    for text in example.opening:
        state = play_text(game, state, text)
    return game, state, play_text(game, state, example.key_move)


def occupancy(game, state) -> dict[str, int]:
    """Point name -> player (0 first, 1 second), read from the engine's JSON dump."""
    board = game.dump(state)["board"]
    if isinstance(board, dict):
        return {point: "wb".index(owner) for point, owner in board.items()}
    return {GRID3_POINTS[i]: 0 if c in "xw" else 1 for i, c in enumerate(board) if c != "."}


# Board geometry: point name -> (x, y) in a 0..100 square, and the lines drawn between points.
def _grid(columns: str, rows: int, step: float, margin: float) -> dict[str, tuple[float, float]]:
    return {
        f"{c}{r}": (margin + i * step, margin + (r - 1) * step)
        for i, c in enumerate(columns)
        for r in range(1, rows + 1)
    }


_NMM_POINTS = "a1 d1 g1 g4 g7 d7 a7 a4 b2 d2 f2 f4 f6 d6 b6 b4 c3 d3 e3 e4 e5 d5 c5 c4".split()
_NMM_XY: dict[str, tuple[float, float]] = {
    p: (10 + 13 * "abcdefg".index(p[0]), 10 + 13 * (int(p[1]) - 1)) for p in _NMM_POINTS
}
_NMM_LINES = [
    *(("a1", "g1"), ("g1", "g7"), ("g7", "a7"), ("a7", "a1")),
    *(("b2", "f2"), ("f2", "f6"), ("f6", "b6"), ("b6", "b2")),
    *(("c3", "e3"), ("e3", "e5"), ("e5", "c5"), ("c5", "c3")),
    *(("d1", "d3"), ("g4", "e4"), ("d7", "d5"), ("a4", "c4")),
]
_G3 = _grid("abc", 3, 35, 15)
_MORRIS3_LINES = [("a1", "c1"), ("a2", "c2"), ("a3", "c3"), ("a1", "a3"), ("b1", "b3")]
_MORRIS3_LINES += [("c1", "c3"), ("a1", "c3"), ("c1", "a3")]
# slug -> (kind, point coordinates, the cell size for "cells" or the lines for "points")
LAYOUTS: dict[str, tuple[str, dict[str, tuple[float, float]], Any]] = {
    "tic-tac-toe": ("cells", _grid("abc", 3, 30, 20), 30),
    "three-mens-morris": ("points", _G3, _MORRIS3_LINES),
    "nine-mens-morris": ("points", _NMM_XY, _NMM_LINES),
    "dara": ("cells", _grid("abcdef", 5, 15, 12.5), 15),
}


def _svg(slug: str, pieces: dict[str, int], marks: dict[str, str], label: str) -> str:
    kind, xy, extra = LAYOUTS[slug]
    parts = [
        f'<svg viewBox="0 0 100 {_height(slug)}" role="img" aria-label="{escape(label)}"'
        ' xmlns="http://www.w3.org/2000/svg" class="example-board">'
    ]
    if kind == "cells":
        half = extra / 2
        for x, y in xy.values():
            parts.append(
                f'<rect x="{x - half}" y="{y - half}" width="{extra}" height="{extra}"'
                ' class="cell" fill="none" stroke="currentColor" stroke-width="0.6"/>'
            )
        radius = extra * 0.34
    else:
        for a, b in extra:
            (x1, y1), (x2, y2) = xy[a], xy[b]
            parts.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="currentColor"'
                ' stroke-width="0.8"/>'
            )
        for x, y in xy.values():
            parts.append(f'<circle cx="{x}" cy="{y}" r="1.3" fill="currentColor"/>')
        radius = 4.2 if slug == "nine-mens-morris" else 7
    for point, (x, y) in xy.items():
        mark = marks.get(point)
        if mark == "from":
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{radius}" fill="none" stroke="#d9480f"'
                ' stroke-width="0.8" stroke-dasharray="2 1.5"/>'
            )
        if point in pieces:
            parts.append(_piece(slug, pieces[point], x, y, radius))
        if mark == "to":
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{radius + 1.6}" fill="none" stroke="#d9480f"'
                ' stroke-width="1"/>'
            )
        if mark == "removed":
            d = radius * 0.8
            parts.append(
                f'<path d="M{x - d} {y - d}L{x + d} {y + d}M{x + d} {y - d}L{x - d} {y + d}"'
                ' stroke="#d9480f" stroke-width="1.2"/>'
            )
    parts.append(_labels(xy))
    parts.append("</svg>")
    return "".join(parts)


def _height(slug: str) -> int:
    return 85 if slug == "dara" else 100


def first_mark() -> str:
    """The shape of the first player's Tic-tac-toe mark in the active language, "x" or "o"
    (the catalog decides: ○ moves first in Japan). The play page reads the same entry."""
    # Translators: Tic-tac-toe, the shape of the first player's mark: exactly "x" or "o"
    # (Japanese: "o", as ○ moves first there). The labels "X" and "O" must follow it.
    return "o" if pgettext("first tic-tac-toe mark", "x") == "o" else "x"


def _piece(slug: str, player: int, x: float, y: float, radius: float) -> str:
    if slug == "tic-tac-toe":
        if (player == 0) != (first_mark() == "o"):
            d = radius * 0.8
            return (
                f'<path d="M{x - d} {y - d}L{x + d} {y + d}M{x + d} {y - d}L{x - d} {y + d}"'
                ' stroke="currentColor" stroke-width="2"/>'
            )
        return (
            f'<circle cx="{x}" cy="{y}" r="{radius * 0.8}" fill="none" stroke="currentColor"'
            ' stroke-width="2"/>'
        )
    fill = "#ffffff" if player == 0 else "#1f1d1a"
    return (
        f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{fill}" stroke="#7a7368"'
        ' stroke-width="0.6"/>'
    )


def _labels(xy: dict[str, tuple[float, float]]) -> str:
    columns = sorted({(p[0], x) for p, (x, _y) in xy.items()})
    rows = sorted({(int(p[1:]), y) for p, (_x, y) in xy.items()})
    text = "".join(
        f'<text x="{x}" y="4" font-size="3.5" text-anchor="middle" fill="currentColor">{c}</text>'
        for c, x in columns
    )
    text += "".join(
        f'<text x="2.5" y="{y + 1.2}" font-size="3.5" text-anchor="middle"'
        f' fill="currentColor">{r}</text>'
        for r, y in rows
    )
    return f'<g aria-hidden="true">{text}</g>'


def move_marks(text: str) -> dict[str, str]:
    """Which points the key move starts from, lands on and removes, from its notation."""
    body, _x, removed = text.partition("x")
    start, _dash, end = body.rpartition("-")
    marks = {end: "to"}
    if start:
        marks[start] = "from"
    if removed:
        marks[removed] = "removed"
    return marks


def render(slug: str) -> str:
    game, before, after = positions(slug)
    key_move = EXAMPLES[slug].key_move
    marks = move_marks(key_move)
    before_pieces = occupancy(game, before)
    removed = {p: before_pieces[p] for p, m in marks.items() if m == "removed"}
    after_pieces = {**occupancy(game, after), **removed}
    figures = [
        (_("Before the move"), _svg(slug, before_pieces, {}, _("Board before the move"))),
        (
            _("After %(move)s") % {"move": key_move},
            _svg(slug, after_pieces, marks, _("Board after %(move)s") % {"move": key_move}),
        ),
    ]
    body = "".join(
        f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>"
        for caption, svg in figures
    )
    return f'<div class="example-boards">{body}</div>'

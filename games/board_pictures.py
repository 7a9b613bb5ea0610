"""The small board pictures of the home page: one inline SVG per game, drawn on the server.

Each picture is a few moves of a real game replayed by the Python engine (so it can only
show a position the rules allow), drawn on the play board's geometry (games/board_svg.py) or,
for Score Four, on a flat oblique projection of the 4x4 pegs (no three.js on the home
page). The SVG carries classes only; static/css/site.css colours them with the board
palette, light and dark.
"""

from __future__ import annotations

from functools import cache

from django.utils.translation import get_language

from games import board_svg, examples
from games.engine import registry
from games.engine.base import play_text
from games.engine.score_four import peg_name
from games.play_words import first_mark

# A short real opening per game (its notation, docs/ENGINES.md).
OPENINGS: dict[str, tuple[str, ...]] = {
    "score-four": ("B3", "C3", "B3", "C2", "A4", "B3", "D4", "C3", "C4", "D1", "B2"),
    "tic-tac-toe": ("b2", "a1", "a3", "c1"),
    "three-mens-morris": ("b2", "a1", "c3", "a3", "a2"),
    "nine-mens-morris": ("d2", "d6", "b4", "f4", "d3", "e4", "g7", "a1"),
    "dara": ("c2", "d3", "b3", "e2", "c4", "d4", "a1", "f5"),
}


def position(slug: str) -> dict:
    """The engine's JSON dump of the position after the game's opening."""
    game = registry.get(slug)
    state = game.initial_state()
    for text in OPENINGS[slug]:
        state = play_text(game, state, text)
    return game.dump(state)


def render(slug: str) -> str:
    """The picture of a game, as SVG markup (decorative: the card names the game)."""
    return _render(slug, get_language() or "")


@cache
def _render(slug: str, language: str) -> str:
    # The language only matters for Tic-tac-toe's first mark (first_mark()).
    body = _score_four(position(slug)) if slug == "score-four" else _flat(slug)
    width, height = {"score-four": (111, 96), "dara": (100, 85)}.get(slug, (100, 100))
    return (
        f'<svg class="board-pic board-pic--{slug}" viewBox="0 0 {width} {height}"'
        f' xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">{body}</svg>'
    )


def _flat(slug: str) -> str:
    game = registry.get(slug)
    state = game.load(position(slug))
    layout = board_svg.LAYOUTS[slug]  # the play board's geometry, scaled to 100 wide
    scale = 100 / layout.width
    kind = layout.kind
    xy = {p: (round(x * scale, 2), round(y * scale, 2)) for p, (x, y) in layout.xy.items()}
    cell = layout.step * scale
    parts = []
    if kind == "cells":
        xs = sorted({x for x, _y in xy.values()})
        ys = sorted({y for _x, y in xy.values()})
        half = cell / 2
        left, right, top, bottom = xs[0] - half, xs[-1] + half, ys[0] - half, ys[-1] + half
        parts.append(
            f'<rect class="pic-surface" x="{left - 3}" y="{top - 3}" width="{right - left + 6}"'
            f' height="{bottom - top + 6}" rx="4"/>'
        )
        # Tic-tac-toe shows its # only; Dara its full grid of squares.
        edges = slug != "tic-tac-toe"
        lines = [(x - half, top, x - half, bottom) for x in xs[1:]]
        lines += [(left, y - half, right, y - half) for y in ys[1:]]
        if edges:
            lines += [(left, top, left, bottom), (right, top, right, bottom)]
            lines += [(left, top, right, top), (left, bottom, right, bottom)]
        radius = cell * 0.36
    else:
        parts.append('<rect class="pic-surface" x="3" y="3" width="94" height="94" rx="4"/>')
        lines = [(*xy[a], *xy[b]) for a, b in layout.lines]
        radius = 4.6 if slug == "nine-mens-morris" else 8
    parts.append(
        '<g class="pic-lines">'
        + "".join(f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}"/>' for a, b, c, d in lines)
        + "</g>"
    )
    if kind == "points":
        parts.append(
            "".join(f'<circle class="pic-dot" cx="{x}" cy="{y}" r="1.4"/>' for x, y in xy.values())
        )
    for point, player in examples.occupancy(game, state).items():
        x, y = xy[point]
        parts.append(
            _mark(x, y, radius, player) if slug == "tic-tac-toe" else _stone(x, y, radius, player)
        )
    return "".join(parts)


def _stone(x: float, y: float, radius: float, player: int) -> str:
    return f'<circle class="pic-stone pic-stone--{player}" cx="{x}" cy="{y}" r="{radius:.2f}"/>'


def _mark(x: float, y: float, radius: float, player: int) -> str:
    # The first player draws the mark the language's catalog names (○ first in Japan).
    cross = (player == 0) != (first_mark() == "o")
    if not cross:
        return f'<circle class="pic-mark pic-mark--o" cx="{x}" cy="{y}" r="{radius * 0.8:.2f}"/>'
    d = radius * 0.75
    return (
        f'<path class="pic-mark pic-mark--x"'
        f' d="M{x - d:.2f} {y - d:.2f}L{x + d:.2f} {y + d:.2f}M{x + d:.2f} {y - d:.2f}'
        f'L{x - d:.2f} {y + d:.2f}"/>'
    )


# Score Four seen from the front and a little above: columns A-D go right, rows 1-4 come
# towards the viewer (row 1 is the far side, as on the play page's peg panel).
_SF_COLUMN_DX, _SF_ROW_DX, _SF_ROW_DY = 16.0, -9.0, 12.0
_SF_PEG_HEIGHT, _SF_BALL_RADIUS, _SF_LEVEL_DY = 27.0, 4.4, 6.8
_SF_SLAB = 4.0  # the base's front face


def _peg_foot(column: float, row: float) -> tuple[float, float]:
    return 45 + column * _SF_COLUMN_DX + row * _SF_ROW_DX, 34 + row * _SF_ROW_DY


def _polygon(kind: str, corners: list[tuple[float, float]]) -> str:
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    return f'<polygon class="{kind}" points="{points}"/>'


def _score_four(dump: dict) -> str:
    # The base: its top through the corner pegs (plus a margin), and its front and right faces.
    far_left, far_right = _peg_foot(-0.6, -0.7), _peg_foot(3.6, -0.7)
    near_right, near_left = _peg_foot(3.6, 3.7), _peg_foot(-0.6, 3.7)

    def down(point: tuple[float, float]) -> tuple[float, float]:
        return point[0], point[1] + _SF_SLAB

    parts = [
        _polygon("pic-slab", [near_left, near_right, down(near_right), down(near_left)]),
        _polygon("pic-slab", [near_right, far_right, down(far_right), down(near_right)]),
        _polygon("pic-surface", [far_left, far_right, near_right, near_left]),
    ]
    for row in range(4):  # far pegs first, so nearer ones are drawn over them
        for column in range(4):
            x, y = _peg_foot(column, row)
            top = y - _SF_PEG_HEIGHT
            parts.append(
                f'<line class="pic-peg" x1="{x:.1f}" y1="{y:.1f}" x2="{x:.1f}" y2="{top:.1f}"/>'
            )
            balls = dump["pegs"][row * 4 + column]
            for level, owner in enumerate(balls):
                cy = y - _SF_BALL_RADIUS - 0.6 - level * _SF_LEVEL_DY
                parts.append(_stone(x, cy, _SF_BALL_RADIUS, "wb".index(owner)))
    # Column letters along the near edge, as on the 3D board.
    for column in range(4):
        x, y = _peg_foot(column, 3)
        parts.append(
            f'<text class="pic-label" x="{x:.1f}" y="{y + _SF_SLAB + 10:.1f}" text-anchor="middle">'
            f"{peg_name(12 + column)[0]}</text>"
        )
    return "".join(parts)

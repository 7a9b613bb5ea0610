"""The small board pictures of the home page: one inline SVG per game, drawn on the server.

Each picture is a few moves of a real game replayed by the Python engine (so it can only
show a position the rules allow), drawn on the play board's geometry (games/board_svg.py) or,
for the 3D board, on a flat oblique projection of the 4x4 pegs (no three.js on the home
page). Openings and sizes are each game's `picture` in games/registry.py. The SVG carries
classes only (`board-pic--<style>` names the board's look); static/css/site.css colours them
with the board palette, light and dark.
"""

from __future__ import annotations

from functools import cache

from django.utils.translation import get_language

from games import board_svg, examples, registry
from games.engine import registry as engines
from games.engine.base import play_text
from games.play_words import first_mark


def position(slug: str) -> dict:
    """The engine's JSON dump of the position after the game's opening (its picture's)."""
    game = engines.get(slug)
    state = game.initial_state()
    for text in registry.get(slug).picture.opening:
        state = play_text(game, state, text)
    return game.dump(state)


def render(slug: str) -> str:
    """The picture of a game, as SVG markup (decorative: the card names the game)."""
    return _render(slug, get_language() or "")


@cache
def _render(slug: str, language: str) -> str:
    # The language only matters for the first player's mark on a board of marks (first_mark()).
    entry = registry.get(slug)
    body = _pegs(position(slug)) if entry.board is None else _flat(slug)
    width, height = entry.picture.size
    style = f" board-pic--{entry.board.style}" if entry.board else ""
    if entry.stone_classes:
        style += f" {entry.stone_classes}"
    return (
        f'<svg class="board-pic board-pic--{slug}{style}" viewBox="0 0 {width} {height}"'
        f' xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">{body}</svg>'
    )


def _flat(slug: str) -> str:
    game = engines.get(slug)
    state = game.load(position(slug))
    layout = board_svg.layout_of(slug)  # the play board's geometry, scaled to 100 wide
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
        # A board of marks shows its # only; a board of pits its full grid of squares.
        edges = layout.style != "hash"
        lines = [(x - half, top, x - half, bottom) for x in xs[1:]]
        lines += [(left, y - half, right, y - half) for y in ys[1:]]
        if edges:
            lines += [(left, top, left, bottom), (right, top, right, bottom)]
            lines += [(left, top, right, top), (left, bottom, right, bottom)]
        radius = layout.piece_radius * scale  # as on the play board
    else:
        parts.append('<rect class="pic-surface" x="3" y="3" width="94" height="94" rx="4"/>')
        lines = [(*xy[a], *xy[b]) for a, b in layout.lines]
        radius = registry.get(slug).picture.stone_radius
    parts.append(
        '<g class="pic-lines">'
        + "".join(f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}"/>' for a, b, c, d in lines)
        + "</g>"
    )
    if kind == "points":
        dots = [xy[p] for p in layout.stars] if layout.stars else xy.values()
        parts.append(
            "".join(f'<circle class="pic-dot" cx="{x}" cy="{y}" r="1.4"/>' for x, y in dots)
        )
    for point, player in examples.occupancy(game, state).items():
        x, y = xy[point]
        draw = _mark if layout.pieces == "marks" else _stone
        parts.append(draw(x, y, radius, player))
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


# The 3D board seen from the front and a little above: columns A-D go right, rows 1-4 come
# towards the viewer (row 1 is the far side, as on the play page's peg panel).
_SF_COLUMN_DX, _SF_ROW_DX, _SF_ROW_DY = 16.0, -9.0, 12.0
_SF_PEG_HEIGHT, _SF_BALL_RADIUS, _SF_LEVEL_DY = 27.0, 4.4, 6.8
_SF_SLAB = 4.0  # the base's front face


def _peg_foot(column: float, row: float) -> tuple[float, float]:
    return 45 + column * _SF_COLUMN_DX + row * _SF_ROW_DX, 34 + row * _SF_ROW_DY


def _polygon(kind: str, corners: list[tuple[float, float]]) -> str:
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    return f'<polygon class="{kind}" points="{points}"/>'


def _pegs(dump: dict) -> str:
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
            f"{'ABCD'[column]}</text>"
        )
    return "".join(parts)

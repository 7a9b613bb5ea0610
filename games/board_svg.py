"""The server's drawing of a 2D board, in the look of the play pages' board.

`static/js/board2d/geometry.js` and `board.js` draw the boards in the browser; this module
draws the same picture as static SVG (the same coordinates, the same class names, styled by
`static/css/board2d.css`) where no script runs: the worked examples without JavaScript and
the invitation pictures of `tools/make_invite_cards.py`. tests/games/test_board_svg.py
compares the geometry with geometry.js through Node, so the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from html import escape

from games import registry
from games.engine import registry as engines


@dataclass(frozen=True)
class Layout:
    kind: str  # "cells": pieces sit in squares; "points": on line crossings
    style: str  # the look: registry.Board.style (CSS class board2d--<style>)
    pieces: str  # "stones", or "marks" (X and O)
    xy: dict[str, tuple[float, float]]
    step: float
    width: float
    height: float
    piece_radius: float
    label_edge: float
    lines: tuple[tuple[str, str], ...] = ()
    stars: tuple[str, ...] = ()  # points drawn with a dot (else every point on a points board)
    first_colour: str = "white"
    confirm: bool = False
    grid: dict[str, float] = field(default_factory=dict)
    show_moves: bool = False  # the side to move's legal placements get a dot (board.js)


def _column(point: str) -> int:
    return ord(point[0].lower()) - 97


def _row(point: str) -> int:
    return int(point[1:]) - 1


def _cells(board: registry.Board, points) -> Layout:
    step, margin, columns, rows = board.step, board.margin, board.columns, board.rows
    xy = {p: (margin + (_column(p) + 0.5) * step, margin + (_row(p) + 0.5) * step) for p in points}
    grid = {"x": margin, "y": margin, "columns": columns, "rows": rows, "step": step}
    return Layout(
        "cells",
        board.style,
        board.pieces,
        xy,
        step,
        2 * margin + columns * step,
        2 * margin + rows * step,
        step * 0.36 if board.style != "squares" else step * 0.4,
        margin / 2,
        first_colour=board.first_colour,
        grid=grid,
        show_moves=board.show_moves,
    )


def _points(board: registry.Board, points) -> Layout:
    step, margin, radius = board.step, board.margin, board.piece_radius

    def down(p: str) -> int:  # rows counted from the top of the picture
        return board.rows - 1 - _row(p) if board.origin == "bottom" else _row(p)

    xy = {p: (margin + _column(p) * step, margin + down(p) * step) for p in points}
    width = 2 * margin + (board.columns - 1) * step
    return Layout(
        "points",
        board.style,
        board.pieces,
        xy,
        step,
        width,
        width,
        radius,
        (margin - radius) / 2 + 2,
        board.lines,
        board.stars,
        board.first_colour,
        board.confirm,
    )


@cache
def layout_of(slug: str) -> Layout:
    """The board of `slug` as drawn: its registry geometry over its engine's points."""
    board = registry.get(slug).board
    if board is None:
        raise KeyError(f"{slug!r} has no 2D board")
    points = engines.get(slug).points  # type: ignore[attr-defined]
    return (_cells if board.kind == "cells" else _points)(board, points)


def slugs() -> tuple[str, ...]:
    """The games drawn on the 2D board."""
    return tuple(entry.slug for entry in registry.GAMES if entry.board is not None)


def _n(value: float) -> str:
    """A coordinate as SVG text: no trailing .0."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _tag(name: str, **attributes) -> str:
    text = " ".join(
        f'{key.rstrip("_").replace("_", "-")}="{_attr(v)}"' for key, v in attributes.items()
    )
    return f"<{name} {text}/>"


def _attr(value) -> str:
    return _n(value) if isinstance(value, float | int) else escape(str(value))


def _cross(x: float, y: float, d: float, class_: str) -> str:
    a, b, c, e = _n(x - d), _n(y - d), _n(x + d), _n(y + d)
    path = f"M{a} {b}L{c} {e}M{c} {b}L{a} {e}"
    return _tag("path", d=path, class_=class_)


def _static(layout: Layout, gradient: str) -> list[str]:
    parts = ["<defs>"]
    for player in (0, 1):
        parts.append(f'<radialGradient id="{gradient}-{player}" cx="38%" cy="32%" r="70%">')
        parts.append(f'<stop offset="0%" class="stone-stop stone-stop--{player}-light"/>')
        parts.append(f'<stop offset="100%" class="stone-stop stone-stop--{player}-dark"/>')
        parts.append("</radialGradient>")
    parts.append("</defs>")
    w, h = layout.width, layout.height
    parts.append(_tag("rect", x=4, y=4, width=w - 8, height=h - 8, rx=22, class_="board2d-surface"))
    parts.append('<g class="board2d-lines">')
    if layout.kind == "cells":
        g = layout.grid
        x, y, step, columns, rows = g["x"], g["y"], g["step"], int(g["columns"]), int(g["rows"])
        if layout.style == "squares":
            # A square board ruled edge to edge (style "squares"): every line, the frame included.
            right, bottom = x + columns * step, y + rows * step
            for i in range(columns + 1):
                parts.append(_tag("line", x1=x + i * step, y1=y, x2=x + i * step, y2=bottom))
            for j in range(rows + 1):
                parts.append(_tag("line", x1=x, y1=y + j * step, x2=right, y2=y + j * step))
        elif layout.style == "hash":
            for i in range(1, columns):
                parts.append(
                    _tag(
                        "line", x1=x + i * step, y1=y + 10, x2=x + i * step, y2=y + rows * step - 10
                    )
                )
            for j in range(1, rows):
                parts.append(
                    _tag(
                        "line",
                        x1=x + 10,
                        y1=y + j * step,
                        x2=x + columns * step - 10,
                        y2=y + j * step,
                    )
                )
        else:
            for j in range(rows):
                for i in range(columns):
                    parts.append(
                        _tag(
                            "rect",
                            x=x + i * step + 6,
                            y=y + j * step + 6,
                            width=step - 12,
                            height=step - 12,
                            rx=16,
                            class_="board2d-pit",
                        )
                    )
    else:
        for a, b in layout.lines:
            (x1, y1), (x2, y2) = layout.xy[a], layout.xy[b]
            parts.append(_tag("line", x1=x1, y1=y1, x2=x2, y2=y2))
        # A dot on every point, or on the star points only where the board names them.
        dots = [layout.xy[p] for p in layout.stars] if layout.stars else layout.xy.values()
        for x, y in dots:
            parts.append(_tag("circle", cx=x, cy=y, r=layout.step * 0.07, class_="board2d-dot"))
    parts.append("</g>")
    column_x = {p[0]: x for p, (x, _y) in layout.xy.items()}
    row_y = {p[1:]: y for p, (_x, y) in layout.xy.items()}
    edge = _n(layout.label_edge)
    parts.append('<g class="board2d-labels">')
    text = '<text x="{}" y="{}" text-anchor="middle" dominant-baseline="central">{}</text>'
    parts += [text.format(_n(x), edge, name) for name, x in column_x.items()]
    parts += [text.format(edge, _n(y), name) for name, y in row_y.items()]
    parts.append("</g>")
    return parts


def _piece(layout: Layout, point: str, owner: int, gradient: str, first_mark: str) -> str:
    x, y = layout.xy[point]
    r = layout.piece_radius
    inner = ""
    if layout.pieces == "marks":
        # The first player draws x, or o where the language says so (Japanese: ○ moves first).
        if (owner == 0) != (first_mark == "o"):
            inner = _cross(x, y, r * 0.78, "mark-x")
        else:
            inner = _tag("circle", cx=x, cy=y, r=r * 0.8, class_="mark-o")
    else:
        inner = _tag("circle", cx=x + 2, cy=y + 4, r=r, class_="stone-shadow")
        inner += _tag("circle", cx=x, cy=y, r=r, class_="stone", fill=f"url(#{gradient}-{owner})")
        inner += _tag("circle", cx=x, cy=y, r=r * 0.62, class_="stone-ring")
    return f'<g class="piece piece--{owner}" data-piece="{point}">{inner}</g>'


def draw(
    slug: str,
    owners: dict[str, int],
    *,
    label: str,
    gradient: str,
    first_mark: str = "x",
    last: dict[str, str | None] | None = None,
    win_cells: tuple[str, ...] = (),
) -> str:
    """An <svg role="img"> of the board with `owners` (point -> 0 or 1), the last move marked
    as board.js marks it (`last`: from, to, capture) and the winning line drawn."""
    layout = layout_of(slug)
    r = layout.piece_radius
    parts = [
        f'<svg viewBox="0 0 {_n(layout.width)} {_n(layout.height)}" class="board2d-svg"'
        f' role="img" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
    ]
    parts += _static(layout, gradient)
    marks, pieces, overlay = [], [], []
    last = last or {}
    start = last.get("from")
    if start:
        x, y = layout.xy[start]
        marks.append(_tag("circle", cx=x, cy=y, r=r * 0.55, class_="mark-from"))
    for point, owner in owners.items():
        pieces.append(_piece(layout, point, owner, gradient, first_mark))
    to = last.get("to")
    if to and to in owners:
        x, y = layout.xy[to]
        if layout.kind == "cells":
            half = layout.step / 2 - 8
            marks.append(
                _tag(
                    "rect",
                    x=x - half,
                    y=y - half,
                    width=2 * half,
                    height=2 * half,
                    rx=14,
                    class_="mark-to-cell",
                )
            )
        else:
            overlay.append(_tag("circle", cx=x, cy=y, r=r + 9, class_="mark-to"))
    capture = last.get("capture")
    if capture and capture not in owners:
        marks.append(_cross(*layout.xy[capture], r * 0.45, "mark-capture"))
    if len(win_cells) >= 2:
        ends = sorted(layout.xy[p] for p in win_cells)
        (x1, y1), (x2, y2) = ends[0], ends[-1]
        overlay.append(_tag("line", x1=x1, y1=y1, x2=x2, y2=y2, pathLength=1, class_="mark-win"))
    for name, group in (("marks", marks), ("pieces", pieces), ("overlay", overlay)):
        parts.append(f'<g class="board2d-{name}">{"".join(group)}</g>')
    parts.append("</svg>")
    return "".join(parts)

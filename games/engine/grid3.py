"""The 3x3 board the games played on it share: point names and lines.

Points are `a1`-`c3`: the letter is the column from the left, the digit the row from the
top. Index `(row-1)*3 + column`, so `a1` is 0, `b2` (the centre) 4 and `c3` 8.

    >>> parse_point("B2"), POINTS[8]
    (4, 'c3')
    >>> [tuple(POINTS[i] for i in line) for line in LINES_THROUGH[4]][:2]
    [('a2', 'b2', 'c2'), ('b1', 'b2', 'b3')]
"""

from __future__ import annotations

from typing import TypeGuard

from games.engine.base import EngineError

POINTS: tuple[str, ...] = tuple(f"{column}{row}" for row in "123" for column in "abc")
CENTRE = 4
# Rows, columns, then the two long diagonals; each line's points ascend.
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)
LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINES if point in line) for point in range(9)
)
_INDEX = {name: index for index, name in enumerate(POINTS)}


def parse_point(text: str) -> int:
    """The index of a point name (case-insensitive); EngineError("bad-notation") otherwise."""
    index = _INDEX.get(text.lower()) if isinstance(text, str) else None
    if index is None:
        raise EngineError("bad-notation", "a point is named a1 to c3")
    return index


def is_point(value: object) -> TypeGuard[int]:
    return value.__class__ is int and 0 <= value < 9


def line_of(board: str, piece: str) -> tuple[int, int, int] | None:
    """The first line (in LINES order) wholly held by `piece`, else None."""
    for line in LINES:
        if board[line[0]] == board[line[1]] == board[line[2]] == piece:
            return line
    return None


def line_names(line: tuple[int, int, int]) -> tuple[str, ...]:
    return tuple(POINTS[point] for point in line)

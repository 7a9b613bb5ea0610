"""Gomoku's board geometry and Renju's forbidden points for black, on a plain list of cells.

The board is 15x15 intersections, index `(row - 1) * 15 + column` with column A=0 and row 1
the bottom row (as Renju books print it; the columns are A-O with I included), so `A1` is
0, `H8` (the centre) 112 and `O15` 224.
A board here is a list of 225 ints: EMPTY, BLACK or WHITE. The functions may place and lift
stones while they look, but always hand the list back as they found it.

Renju's terms (RIF, the International Rules of Renju) as this module reads them:

- a *five* is an unbroken row of exactly five stones; an *overline*, six or more;
- a *four* is a row of four stones to which one more stone makes a five (for black an exact
  five: a point that would make six does not complete a four);
- a *straight four* is an unbroken four that two different points complete;
- a *three* is a row of three to which one more stone makes a straight four, where that stone
  is a legal move for black and does not at the same time make a five (the recursive case:
  a three whose only straight-four points are forbidden is no three);
- a black move is forbidden when it makes no five and makes an overline, two or more fours
  (two in one line counts: `X.XXX.X`), or two or more threes; a five wins whatever else the
  same stone makes.

    >>> board = [EMPTY] * POINTS
    >>> for text in ["G8", "I8", "H7", "H6"]:
    ...     board[point(text)] = BLACK
    >>> foul(board, point("H8"))  # two threes meet at H8: G8 H8 I8 and H6 H7 H8
    'double-three'
    >>> board[point("F8")] = board[point("K8")] = WHITE
    >>> foul(board, point("H8")) is None  # F8 and K8 leave G8-I8 no straight four: one three
    True
"""

from __future__ import annotations

SIZE = 15
POINTS = SIZE * SIZE
COLUMNS = "ABCDEFGHIJKLMNO"
EMPTY, BLACK, WHITE = 0, 1, 2
# The four line directions as (column step, row step): across, up, up-right, up-left.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (-1, 1))

FIVE = "five"
OVERLINE = "overline"
DOUBLE_FOUR = "double-four"
DOUBLE_THREE = "double-three"
FOULS = (OVERLINE, DOUBLE_FOUR, DOUBLE_THREE)


def _ray(p: int, dc: int, dr: int) -> tuple[int, ...]:
    """The points from `p` (excluded) outward in one direction, up to the edge."""
    column, row = p % SIZE, p // SIZE
    out: list[int] = []
    while True:
        column, row = column + dc, row + dr
        if not (0 <= column < SIZE and 0 <= row < SIZE):
            return tuple(out)
        out.append(row * SIZE + column)


# RAYS[p][d] = (the points ahead of p along DIRECTIONS[d], the points behind it), nearest first.
RAYS: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...] = tuple(
    tuple((_ray(p, dc, dr), _ray(p, -dc, -dr)) for dc, dr in DIRECTIONS) for p in range(POINTS)
)


def name(p: int) -> str:
    return f"{COLUMNS[p % SIZE]}{p // SIZE + 1}"


_BY_NAME = {name(p): p for p in range(POINTS)}


def point(text: str) -> int:
    """The index of a point name such as `H8`; KeyError when there is none."""
    return _BY_NAME[text]


def point_or_none(text: str) -> int | None:
    return _BY_NAME.get(text.upper())


def run(board: list[int], p: int, d: int, color: int) -> tuple[int, int]:
    """The stones of `color` joined to `p` along direction `d`: (count behind, count ahead).

    `p` itself is not counted (it may be empty); the row's length with it is behind+ahead+1.
    """
    ahead, behind = RAYS[p][d]
    a = 0
    for q in ahead:
        if board[q] != color:
            break
        a += 1
    b = 0
    for q in behind:
        if board[q] != color:
            break
        b += 1
    return b, a


def row_cells(p: int, d: int, behind: int, ahead: int) -> list[int]:
    """The row through `p` (behind, p, ahead) in ascending index order."""
    back, fwd = RAYS[p][d][1][:behind], RAYS[p][d][0][:ahead]
    return sorted([*back, p, *fwd])


def _completions(board: list[int], p: int, d: int) -> list[int]:
    """Empty points on `p`'s line that give black an exact five through `p` (p is black)."""
    found = []
    ahead, behind = RAYS[p][d]
    for side in (ahead, behind):
        for q in side[:4]:
            if board[q] == WHITE:
                break
            if board[q] == EMPTY:
                board[q] = BLACK
                b, a = run(board, q, d, BLACK)
                board[q] = EMPTY
                if b + a + 1 == 5 and _joined(board, p, q, d):
                    found.append(q)
    return found


def _joined(board: list[int], p: int, q: int, d: int) -> bool:
    """Whether every point strictly between p and q on direction d holds black."""
    ahead, behind = RAYS[p][d]
    for side in (ahead, behind):
        if q in side[:5]:
            return all(board[x] == BLACK for x in side[: side.index(q)])
    return False


def fours(board: list[int], p: int, d: int) -> int:
    """How many fours black's stone at `p` makes along `d` (0, 1 or 2; a straight four is 1)."""
    points = _completions(board, p, d)
    if len(points) == 2 and abs(points[0] - points[1]) == 5 * _step(d):
        return 1
    return len(points)


def _step(d: int) -> int:
    dc, dr = DIRECTIONS[d]
    return abs(dr * SIZE + dc)


def _straight_four(board: list[int], q: int, p: int, d: int) -> bool:
    """Whether the unbroken row through q (black) on d is a straight four that holds p."""
    b, a = run(board, q, d, BLACK)
    if b + a + 1 != 4:
        return False
    ahead, behind = RAYS[q][d]
    if len(ahead) <= a or len(behind) <= b:
        return False
    end_ahead, end_behind = ahead[a], behind[b]
    if board[end_ahead] != EMPTY or board[end_behind] != EMPTY:
        return False
    # Each end must make an exact five: the point past it may not be black.
    if len(ahead) > a + 1 and board[ahead[a + 1]] == BLACK:
        return False
    if len(behind) > b + 1 and board[behind[b + 1]] == BLACK:
        return False
    return p in row_cells(q, d, b, a)


def is_three(board: list[int], p: int, d: int) -> bool:
    """Whether black's stone at `p` makes a (true) three along `d`."""
    ahead, behind = RAYS[p][d]
    for side in (ahead, behind):
        for q in side[:3]:
            if board[q] == WHITE:
                break
            if board[q] != EMPTY:
                continue
            board[q] = BLACK
            straight = _straight_four(board, q, p, d)
            board[q] = EMPTY
            if straight and foul(board, q) is None:
                return True
    return False


def _may_be_foul(board: list[int], p: int) -> bool:
    """A cheap necessary condition: enough black stones near `p` for any foul."""
    busy = 0
    for d in range(4):
        ahead, behind = RAYS[p][d]
        near = sum(1 for q in ahead[:4] if board[q] == BLACK)
        near += sum(1 for q in behind[:4] if board[q] == BLACK)
        if near >= 4:
            return True
        if near >= 2:
            busy += 1
    return busy >= 2


def foul(board: list[int], p: int) -> str | None:
    """What black's stone on the empty point `p` makes under Renju.

    FIVE (a win, whatever else it makes), one of FOULS (the move is forbidden), or None.
    """
    if not _may_be_foul(board, p):
        return None  # too few black stones around for a five or any foul
    board[p] = BLACK
    try:
        lengths = [sum(run(board, p, d, BLACK)) + 1 for d in range(4)]
        if 5 in lengths:
            return FIVE
        if max(lengths) >= 6:
            return OVERLINE
        four_count = [fours(board, p, d) for d in range(4)]
        if sum(four_count) >= 2:
            return DOUBLE_FOUR
        threes = 0
        for d in range(4):
            if four_count[d] == 0 and is_three(board, p, d):
                threes += 1
                if threes >= 2:
                    return DOUBLE_THREE
        return None
    finally:
        board[p] = EMPTY

"""Three Men's Morris: 3x3 points joined orthogonally and by both long diagonals.

White moves first. Each side places three pieces, alternately, on empty points (a line
made while placing wins at once). When all six are placed, a move takes one of one's own
pieces to a joined empty point: an orthogonal neighbour, or a diagonal step that starts or
ends at the centre `b2` (`a1-b2` yes, `a2-b1` no). No captures, no jumps. A line (row,
column, long diagonal) wins; a player to move with no legal move loses (`no-moves`). Draws:
the third occurrence of a position (`repetition`) or 120 moving actions (`move-limit`).

    >>> from games.engine.base import play_text
    >>> state = GAME.initial_state()
    >>> for text in ["a1", "a2", "b1", "a3", "c2", "b3"]:
    ...     state = play_text(GAME, state, text)
    >>> [GAME.format_move(state, move) for move in GAME.legal_moves(state)][:3]
    ['a1-b2', 'b1-c1', 'b1-b2']
    >>> GAME.outcome(play_text(GAME, state, "c2-c1"))
    Outcome(winner=0, reason='line', cells=('a1', 'b1', 'c1'))

Moves: a placement is a point index 0-8 (`b2`), a movement a pair `(from, to)` (`a1-b2`).
The state is a tuple `(board, to_move, history, outcome)`: `board` is nine characters in
point order (`w`, `b`, `.`); `history` holds the boards of the earlier positions since the
last placement, oldest first. A placement is never undone, so a repeated position can only
occur after it. There the pieces in reserve are zero and the side to move alternates from
white at the first entry, so a board alone is the position key; `len(history)` is the
number of moving actions played.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from games.engine.base import EngineError, Game, Outcome
from games.engine.grid3 import CENTRE, POINTS, is_point, line_names, line_of, parse_point

SLUG = "three-mens-morris"
PIECES = "wb"
PIECES_EACH = 3
MOVE_LIMIT = 120
EMPTY_BOARD = "." * 9


def _joined(a: int, b: int) -> bool:
    (row_a, column_a), (row_b, column_b) = divmod(a, 3), divmod(b, 3)
    steps = abs(row_a - row_b) + abs(column_a - column_b)
    diagonal_via_centre = CENTRE in (a, b) and abs(row_a - row_b) == abs(column_a - column_b) == 1
    return steps == 1 or diagonal_via_centre


ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(b for b in range(9) if _joined(a, b)) for a in range(9)
)


# A move: a point index 0-8 to place on, or a (from, to) pair of indices to move along.
ThreeMensMorrisMove = int | tuple[int, int]


class ThreeMensMorrisState(tuple[str, int, tuple[str, ...], Outcome | None]):
    """Immutable `(board, to_move, history, outcome)`; build it only through the engine."""

    __slots__ = ()

    @property
    def board(self) -> str:
        return self[0]

    @property
    def reserves(self) -> tuple[int, int]:
        board = self[0]
        return PIECES_EACH - board.count(PIECES[0]), PIECES_EACH - board.count(PIECES[1])


_new_tuple = tuple.__new__


class ThreeMensMorris:
    """The engine object (one instance, `GAME`)."""

    slug = SLUG
    points = POINTS  # in the order of the dump's board
    pieces_each = PIECES_EACH
    move_limit = MOVE_LIMIT

    def initial_state(self) -> ThreeMensMorrisState:
        return _new_tuple(ThreeMensMorrisState, (EMPTY_BOARD, 0, (), None))

    def to_move(self, state: ThreeMensMorrisState) -> int:
        return state[1]

    def outcome(self, state: ThreeMensMorrisState) -> Outcome | None:
        return state[3]

    def legal_moves(self, state: ThreeMensMorrisState) -> list[ThreeMensMorrisMove]:
        board, side, _history, result = state
        if result is not None:
            return []
        return _moves(board, side)

    def play(self, state: ThreeMensMorrisState, move: ThreeMensMorrisMove) -> ThreeMensMorrisState:
        board, side, history, result = state
        if result is not None:
            raise EngineError("game-over", "the game is over")
        piece = PIECES[side]
        placing = board.count(".") > 9 - 2 * PIECES_EACH
        if is_point(move):
            if not placing:
                raise EngineError("wrong-phase", "all pieces are placed: move one instead")
            if board[move] != ".":
                raise EngineError("occupied", f"{POINTS[move]} is not empty")
            board = board[:move] + piece + board[move + 1 :]
        elif _is_step(move):
            if placing:
                raise EngineError("wrong-phase", "pieces remain to be placed: place one first")
            origin, target = move
            if board[origin] != piece:
                raise EngineError("not-your-piece", f"no piece of yours on {POINTS[origin]}")
            if target not in ADJACENT[origin]:
                raise EngineError(
                    "not-adjacent", f"{POINTS[origin]} and {POINTS[target]} are not joined"
                )
            if board[target] != ".":
                raise EngineError("occupied", f"{POINTS[target]} is not empty")
            history = (*history, board)
            board = "".join(
                "." if i == origin else piece if i == target else p for i, p in enumerate(board)
            )
        else:
            raise EngineError("bad-notation", f"not a point or a (from, to) pair: {move!r}")
        after = 1 - side
        return _new_tuple(
            ThreeMensMorrisState, (board, after, history, _conclude(board, after, history))
        )

    def parse_move(self, state: ThreeMensMorrisState, text: str) -> ThreeMensMorrisMove:
        if isinstance(text, str) and "x" in text.lower():
            raise EngineError("bad-notation", f"Three Men's Morris has no captures: {text!r}")
        if isinstance(text, str) and text.count("-") == 1:
            origin, target = text.split("-")
            return parse_point(origin), parse_point(target)
        return parse_point(text)

    def format_move(self, state: ThreeMensMorrisState, move: ThreeMensMorrisMove) -> str:
        if is_point(move):
            return POINTS[move]
        if _is_step(move):
            return f"{POINTS[move[0]]}-{POINTS[move[1]]}"
        raise EngineError("bad-notation", f"not a point or a (from, to) pair: {move!r}")

    def dump(self, state: ThreeMensMorrisState) -> dict[str, Any]:
        board, side, history, _result = state
        return {"game": SLUG, "board": board, "to_move": side, "history": list(history)}

    def load(self, data: Any) -> ThreeMensMorrisState:
        if not isinstance(data, dict) or set(data) != {"game", "board", "to_move", "history"}:
            raise EngineError(
                "bad-state", "expected an object with keys game, board, to_move, history"
            )
        if data["game"] != SLUG:
            raise EngineError("bad-state", f"game must be {SLUG!r}, not {data['game']!r}")
        board, to_move, history = data["board"], data["to_move"], data["history"]
        _check_board(board, "board")
        if type(to_move) is not int or to_move not in (0, 1):
            raise EngineError("bad-state", f"to_move must be 0 or 1, not {to_move!r}")
        if not isinstance(history, list) or len(history) > MOVE_LIMIT:
            raise EngineError("bad-state", f"history must be a list of at most {MOVE_LIMIT} boards")
        for entry in history:
            _check_board(entry, "history entry")
        placed = 9 - board.count(".")
        if placed < 2 * PIECES_EACH and history:
            raise EngineError("bad-state", "history is kept only once all pieces are placed")
        expected = placed & 1 if placed < 2 * PIECES_EACH else len(history) & 1
        if to_move != expected:
            raise EngineError("bad-state", f"to_move must be {expected} in this position")
        positions = [*history, board]
        for ply, earlier in enumerate(history):
            if earlier.count(".") != 9 - 2 * PIECES_EACH:
                raise EngineError("bad-state", f"history entry {ply} must hold all six pieces")
            _check_not_over(earlier, ply & 1, tuple(history[:ply]), ply)
            if positions[ply + 1] not in _successors(earlier, ply & 1):
                raise EngineError(
                    "bad-state", f"history entry {ply + 1} does not follow from entry {ply}"
                )
        if line_of(board, PIECES[to_move]):
            raise EngineError("bad-state", "the side to move already has a line")
        history = tuple(history)
        return _new_tuple(
            ThreeMensMorrisState, (board, to_move, history, _conclude(board, to_move, history))
        )


def _is_step(move: object) -> TypeGuard[tuple[int, int]]:
    return (
        move.__class__ is tuple and len(move) == 2 and is_point(move[0]) and is_point(move[1])
    )


def _moves(board: str, side: int) -> list[ThreeMensMorrisMove]:
    if board.count(".") > 9 - 2 * PIECES_EACH:
        return [point for point in range(9) if board[point] == "."]
    return list(_steps(board, side))


def _steps(board: str, side: int) -> list[tuple[int, int]]:
    """The (from, to) moves of `side` once every piece is placed."""
    piece = PIECES[side]
    return [
        (origin, target)
        for origin in range(9)
        if board[origin] == piece
        for target in ADJACENT[origin]
        if board[target] == "."
    ]


def _successors(board: str, side: int) -> set[str]:
    piece = PIECES[side]
    result = set()
    for origin, target in _steps(board, side):
        cells = list(board)
        cells[origin], cells[target] = ".", piece
        result.add("".join(cells))
    return result


def _conclude(board: str, to_move: int, history: tuple[str, ...]) -> Outcome | None:
    """The outcome of the position reached, `to_move` being the side now to move."""
    last = 1 - to_move
    line = line_of(board, PIECES[last])
    if line:
        return Outcome(last, "line", line_names(line))
    if not _moves(board, to_move):
        return Outcome(last, "no-moves", ())
    # Entries with the same side to move as now sit 2, 4, ... places back.
    if history[-2::-2].count(board) >= 2:
        return Outcome(None, "repetition", ())
    if len(history) >= MOVE_LIMIT:
        return Outcome(None, "move-limit", ())
    return None


def _check_board(board: Any, what: str) -> None:
    if not isinstance(board, str) or len(board) != 9 or board.strip(".wb"):
        raise EngineError("bad-state", f"{what} must be nine of w, b, '.', not {board!r}")
    whites, blacks = board.count("w"), board.count("b")
    if whites > PIECES_EACH or whites - blacks not in (0, 1):
        raise EngineError(
            "bad-state", f"{what} has {whites} white and {blacks} black pieces: impossible"
        )


def _check_not_over(board: str, to_move: int, history: tuple[str, ...], ply: int) -> None:
    if line_of(board, PIECES[to_move]) or _conclude(board, to_move, history) is not None:
        raise EngineError("bad-state", f"the game was already over at history entry {ply}")


# Hand-made games for the shared vectors (tools.gen_vectors replays each move list).
EDGE_CASES: list[list[str]] = [
    # The rules page's example: white a1 b1 c2, black a2 a3 b3; c2-c1 makes the top row.
    ["a1", "a2", "b1", "a3", "c2", "b3", "c2-c1"],
    # A line while placing wins at once (white's third piece, the long diagonal).
    ["a1", "a2", "b2", "a3", "c3"],
    # Black's line on the sixth placement.
    ["a1", "a3", "c3", "b2", "b1", "c1"],
    # The position after placement occurs a third time: a repetition draw.
    ["a1", "b1", "c2", "a3", "b3", "c3", "a1-a2", "b1-c1", "a2-a1", "c1-b1",
     "a1-a2", "b1-c1", "a2-a1", "c1-b1"],
    # 120 moving actions with no line and no third occurrence: a move-limit draw.
    (
        "a3 b3 a1 a2 c3 c2 a1-b2 c2-c1 c3-c2 a2-a1 b2-a2 b3-b2 c2-c3 c1-c2 a3-b3 a1-b1 b3-a3 "
        "b2-b3 a2-b2 b1-c1 b2-a1 c1-b1 a3-a2 b3-b2 a2-a3 b2-a2 c3-b3 c2-c1 a3-b2 a2-a3 b2-c3 "
        "a3-a2 a1-b2 a2-a3 b2-a1 c1-b2 c3-c2 b2-c1 b3-c3 a3-b3 a1-b2 b1-a1 b2-a3 a1-b2 a3-a2 "
        "b2-a1 c2-b2 c1-b1 b2-c1 b1-b2 c3-c2 b2-b1 a2-b2 b3-a3 c2-c3 a3-a2 c1-c2 a2-a3 c2-c1 "
        "a3-b3 c1-c2 b3-a3 b2-b3 a3-a2 c2-b2 a2-a3 c3-c2 a1-a2 c2-c3 a2-a1 b2-c2 a3-a2 c2-b2 "
        "b1-c1 b2-c2 a1-b2 b3-a3 c1-b1 c3-b3 b2-c3 a3-b2 a2-a3 b2-a1 b1-c1 a1-a2 c1-b1 a2-a1 "
        "b1-c1 b3-b2 c3-b3 b2-a2 c1-b2 a1-b1 b3-c3 c2-c1 c3-b3 c1-c2 b2-c1 c2-b2 b3-c3 b1-a1 "
        "a3-b3 a1-b1 b3-a3 b2-b3 a3-b2 a2-a1 b2-a2 b1-b2 a2-a3 a1-a2 c3-c2 b2-a1 c2-c3 a1-b2 "
        "c1-c2 b2-c1 c2-b2 c1-b1 b2-c1 b3-b2 a3-b3 b1-a1 c1-b1 a2-a3 b1-c1"
    ).split(),
]


GAME: Game[ThreeMensMorrisState, ThreeMensMorrisMove] = ThreeMensMorris()

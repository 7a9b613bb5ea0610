"""Score Four: 4x4 pegs, four balls each, gravity; four in a line of the 4x4x4 cube wins.

White moves first. A move is a peg (`A1`-`D4`); the ball drops to the lowest free level.

    >>> from games.engine.base import play_text
    >>> state = GAME.initial_state()
    >>> for text in ["A1", "B1", "A1", "B1", "A1", "B1", "A1"]:
    ...     state = play_text(GAME, state, text)
    >>> GAME.outcome(state)
    Outcome(winner=0, reason='line', cells=('A1/1', 'A1/2', 'A1/3', 'A1/4'))
    >>> GAME.dump(state)["pegs"][:2]
    ['wwww', 'bbb']

Geometry: peg index `p = (row-1)*4 + column` (row 1 is the far side), cell index
`level*16 + p` with level 0 at the bottom, so each layer is a 16-bit slice of a 64-bit
bitboard. `LINES` holds the 76 winning lines (kind, cells, mask); `LINES_THROUGH[cell]`
the masks of the lines through a cell. `Outcome.cells` lists a line's cells in ascending
cell index (bottom level first, then row, then column).

The state is a tuple `(white, black, ply, outcome)`: two bitboards, the number of balls
played and the outcome, computed once when the move is played.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engine.base import EngineError, Game, Outcome

SLUG = "score-four"
COLUMNS = "ABCD"
BOTTOM_LAYER = 0xFFFF
LINE_KINDS = (
    "vertical",  # four balls on one peg
    "layer-straight",  # along a row or a column inside one level
    "layer-diagonal",  # corner to corner inside one level
    "cross-layer-diagonal",  # one level up per step along a row or a column
    "space-diagonal",  # corner peg level 1 to the opposite corner peg level 4
)


class Line(NamedTuple):
    kind: str
    cells: tuple[int, ...]  # ascending cell indices
    mask: int


def cell_name(cell: int) -> str:
    """`B2/3`: the peg, then the level counted from 1 at the bottom."""
    level, peg = divmod(cell, 16)
    return f"{peg_name(peg)}/{level + 1}"


def peg_name(peg: int) -> str:
    row, column = divmod(peg, 4)
    return f"{COLUMNS[column]}{row + 1}"


def _line_kind(d_column: int, d_row: int, d_level: int) -> str:
    flat_steps = (d_column != 0) + (d_row != 0)
    if d_level == 0:
        return "layer-straight" if flat_steps == 1 else "layer-diagonal"
    return ("vertical", "cross-layer-diagonal", "space-diagonal")[flat_steps]


def _build_lines() -> tuple[Line, ...]:
    # One direction of each opposite pair: the first non-zero component is positive.
    directions = [
        (dc, dr, dl)
        for dc in (-1, 0, 1)
        for dr in (-1, 0, 1)
        for dl in (-1, 0, 1)
        if (dc, dr, dl) > (0, 0, 0)
    ]
    lines = []
    for dc, dr, dl in directions:
        for column in range(4):
            for row in range(4):
                for level in range(4):
                    points = [(column + dc * i, row + dr * i, level + dl * i) for i in range(4)]
                    if not all(0 <= x < 4 for point in points for x in point):
                        continue
                    cells = tuple(sorted(lv * 16 + r * 4 + c for c, r, lv in points))
                    lines.append((cells, _line_kind(dc, dr, dl)))
    lines.sort()
    return tuple(
        Line(kind, cells, sum(1 << cell for cell in cells)) for cells, kind in lines
    )


LINES: tuple[Line, ...] = _build_lines()
LINES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(line.mask for line in LINES if cell in line.cells) for cell in range(64)
)
PEG_MASKS: tuple[int, ...] = tuple(sum(1 << (16 * level + peg) for level in range(4))
                                   for peg in range(16))
# The outcome a completed line gives, ready-made so play() allocates nothing for it.
_WIN_BY_MASK: tuple[dict[int, Outcome], ...] = tuple(
    {line.mask: Outcome(winner, "line", tuple(map(cell_name, line.cells))) for line in LINES}
    for winner in (0, 1)
)
_DRAW = Outcome(None, "full", ())
_PEG_BY_NAME = {peg_name(peg): peg for peg in range(16)}


# A move: the index 0-15 of the peg a ball is dropped on.
ScoreFourMove = int


class _LegalByFullPegs(dict[int, tuple[int, ...]]):
    """Legal peg tuples keyed by the 16-bit mask of full pegs (the top layer), built lazily."""

    def __missing__(self, full: int) -> tuple[int, ...]:
        moves = self[full] = tuple(peg for peg in range(16) if not full >> peg & 1)
        return moves


class ScoreFourState(tuple[int, int, int, Outcome | None]):
    """Immutable `(white, black, ply, outcome)`; build it only through the engine."""

    __slots__ = ()

    @property
    def white(self) -> int:
        return self[0]

    @property
    def black(self) -> int:
        return self[1]

    @property
    def ply(self) -> int:
        return self[2]


_new_tuple = tuple.__new__


class ScoreFour:
    """The engine object (one instance, `GAME`). Moves are peg indices 0-15."""

    slug = SLUG

    def __init__(self) -> None:
        self._legal = _LegalByFullPegs()
        self._initial = _new_tuple(ScoreFourState, (0, 0, 0, None))

    def initial_state(self) -> ScoreFourState:
        return self._initial

    def to_move(self, state: ScoreFourState) -> int:
        return state[2] & 1

    def outcome(self, state: ScoreFourState) -> Outcome | None:
        return state[3]

    def legal_moves(self, state: ScoreFourState) -> list[ScoreFourMove]:
        white, black, _ply, result = state
        if result is not None:
            return []
        return list(self._legal[(white | black) >> 48])

    def play(self, state: ScoreFourState, move: ScoreFourMove) -> ScoreFourState:
        white, black, ply, result = state
        if result is not None:
            raise EngineError("game-over", "the game is over")
        if move.__class__ is not int or not 0 <= move < 16:
            raise EngineError("bad-notation", f"not a peg index 0-15: {move!r}")
        occupied = white | black
        # Free cells that can receive a ball: empty, with a ball (or the floor) below.
        drop = ((occupied << 16) | BOTTOM_LAYER) & ~occupied & PEG_MASKS[move]
        if not drop:
            raise EngineError("peg-full", f"peg {peg_name(move)} already holds four balls")
        if ply & 1:
            black |= drop
            mine = black
        else:
            white |= drop
            mine = white
        for mask in LINES_THROUGH[drop.bit_length() - 1]:
            if mine & mask == mask:
                result = _WIN_BY_MASK[ply & 1][mask]
                break
        else:
            if ply == 63:
                result = _DRAW
        return _new_tuple(ScoreFourState, (white, black, ply + 1, result))

    def threats(self, state: ScoreFourState, side: int) -> list[int]:
        """Pegs where `side` would complete a line with its next ball, were it its turn
        (bitboards, no play(); daily/proof.py prunes its search with them)."""
        white, black = state[0], state[1]
        mine = black if side else white
        occupied = white | black
        playable = ((occupied << 16) | BOTTOM_LAYER) & ~occupied
        pegs = []
        cells = playable & ((1 << 64) - 1)
        while cells:
            low = cells & -cells
            cell = low.bit_length() - 1
            cells ^= low
            for mask in LINES_THROUGH[cell]:
                if (mine | low) & mask == mask:
                    pegs.append(cell & 15)
                    break
        return pegs

    def parse_move(self, state: ScoreFourState, text: str) -> ScoreFourMove:
        if not isinstance(text, str):
            raise EngineError("bad-notation", f"a Score Four move is a peg A1-D4, not {text!r}")
        peg = _PEG_BY_NAME.get(text.upper())
        if peg is None:
            raise EngineError("bad-notation", f"a Score Four move is a peg A1-D4, not {text!r}")
        return peg

    def format_move(self, state: ScoreFourState, move: ScoreFourMove) -> str:
        if move.__class__ is not int or not 0 <= move < 16:
            raise EngineError("bad-notation", f"not a peg index 0-15: {move!r}")
        return peg_name(move)

    def dump(self, state: ScoreFourState) -> dict[str, Any]:
        """`pegs`: 16 strings in peg order, each the balls bottom to top (`w`, `b`)."""
        white, black = state[0], state[1]
        pegs = []
        for peg in range(16):
            balls = ""
            for level in range(4):
                bit = 1 << (level * 16 + peg)
                balls += "w" if white & bit else "b" if black & bit else ""
            pegs.append(balls)
        return {"game": SLUG, "pegs": pegs, "to_move": state[2] & 1}

    def load(self, data: Any) -> ScoreFourState:
        white, black, to_move = _read_dump(data)
        ply = (white | black).bit_count()
        if to_move != ply & 1:
            raise EngineError("bad-state", f"{ply} balls played, so to_move must be {ply & 1}")
        return _new_tuple(ScoreFourState, (white, black, ply, _judge(white, black, ply)))


def _read_dump(data: Any) -> tuple[int, int, int]:
    if not isinstance(data, dict) or set(data) != {"game", "pegs", "to_move"}:
        raise EngineError("bad-state", "expected an object with keys game, pegs, to_move")
    if data["game"] != SLUG:
        raise EngineError("bad-state", f"game must be {SLUG!r}, not {data['game']!r}")
    to_move, pegs = data["to_move"], data["pegs"]
    if type(to_move) is not int or to_move not in (0, 1):
        raise EngineError("bad-state", f"to_move must be 0 or 1, not {to_move!r}")
    if not isinstance(pegs, list) or len(pegs) != 16:
        raise EngineError("bad-state", "pegs must be a list of 16 strings")
    white = black = 0
    for peg, balls in enumerate(pegs):
        if not isinstance(balls, str) or len(balls) > 4 or balls.strip("wb"):
            raise EngineError(
                "bad-state", f"peg {peg_name(peg)} must be up to four of w/b, not {balls!r}"
            )
        for level, ball in enumerate(balls):
            if ball == "w":
                white |= 1 << (level * 16 + peg)
            else:
                black |= 1 << (level * 16 + peg)
    whites, blacks = white.bit_count(), black.bit_count()
    if whites - blacks not in (0, 1):
        raise EngineError(
            "bad-state", f"{whites} white and {blacks} black balls: white moves first"
        )
    return white, black, to_move


def _judge(white: int, black: int, ply: int) -> Outcome | None:
    """The outcome of a loaded position; refuses positions play could not have reached."""
    last, last_side = (white, 0) if ply & 1 else (black, 1)
    other = black if ply & 1 else white
    if any(other & line.mask == line.mask for line in LINES):
        raise EngineError("bad-state", "the side that did not move last has a line")
    lines = [line.mask for line in LINES if last & line.mask == line.mask]
    if not lines:
        return _DRAW if ply == 64 else None
    occupied = white | black
    tops = occupied & ~(occupied >> 16)  # balls with nothing above them
    common = last & tops
    for mask in lines:
        common &= mask
    if not common:
        raise EngineError(
            "bad-state", "the lines cannot all have been made by the last ball played"
        )
    # play() reports the first complete line in LINES order; so does this.
    return _WIN_BY_MASK[last_side][lines[0]]


GAME: Game[ScoreFourState, ScoreFourMove] = ScoreFour()

# Hand-made games for the shared vectors (tools.gen_vectors replays each move list).
EDGE_CASES: list[list[str]] = [
    # Vertical: white fills peg A1.
    "A1 B1 A1 B1 A1 B1 A1".split(),
    # Diagonal inside the bottom layer: A1/1 B2/1 C3/1 D4/1.
    "A1 A1 B2 B2 C3 C3 D4".split(),
    # Diagonal across layers along row 1: A1/1 B1/2 C1/3 D1/4.
    "A1 B1 B1 C1 B3 C1 C1 D1 C4 D1 D3 D1 D1".split(),
    # Space diagonal: A1/1 B2/2 C3/3 D4/4.
    "A1 B2 B2 C3 D1 C3 C3 D4 D3 D4 A4 D4 D4".split(),
    # All 64 balls and no line: a draw.
    (
        "C1 D1 B4 C4 B4 A3 B4 D4 B3 A3 D4 C2 C3 B1 C3 B2 A2 B1 C1 C4 C1 D1 D3 D1 A3 B2 A2 D2 "
        "A4 D4 C3 A1 D2 D3 B3 D4 C4 A4 D1 C1 D2 C3 A1 C4 B3 B2 D2 D3 A4 A1 A2 A2 C2 A1 A4 A3 "
        "B1 B1 B2 C2 C2 B4 D3 B3"
    ).split(),
]

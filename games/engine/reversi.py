"""Reversi (Othello): 8x8 squares, black first; a disc must outflank, the most discs win.

A move is a square `a1`-`h8`: column letter a-h from the left, row 1-8 from the top, as the
World Othello Federation records games (`f5`, `d3`). Side 0 is black (moves first), side 1
white. The start has d5 and e4 black, d4 and e5 white, so black's first moves are d3, c4,
f5 and e6. A disc goes on an empty square from which it outflanks at least one line of enemy
discs (in any of the eight directions, ending on one of the mover's discs); every outflanked
disc turns. A side with no such square must pass: then `pass` is its one legal move, and it
is refused while any square is legal. The game ends when neither side can move (a full board,
a side without discs, or both blocked); the side with more discs wins, equal counts draw.

    >>> from games.engine.base import play_text
    >>> state = GAME.initial_state()
    >>> [GAME.format_move(state, move) for move in GAME.legal_moves(state)]
    ['d3', 'c4', 'f5', 'e6']
    >>> play_text(GAME, state, "d4")
    Traceback (most recent call last):
    ...
    games.engine.base.EngineError: d4 already holds a disc
    >>> play_text(GAME, state, "a1")
    Traceback (most recent call last):
    ...
    games.engine.base.EngineError: a1 outflanks no disc
    >>> play_text(GAME, state, "pass")
    Traceback (most recent call last):
    ...
    games.engine.base.EngineError: pass is only allowed when no square is legal
    >>> for text in "d3 c3 b3 d2 e1 d6 d7 e3 f4".split():  # the shortest games: 9 moves
    ...     state = play_text(GAME, state, text)
    >>> GAME.outcome(state), GAME.discs(state)
    (Outcome(winner=0, reason='discs', cells=()), (13, 0))

Squares are indexed `(row - 1) * 8 + column`: a1 0, h1 7, a8 56, h8 63. The state is a tuple
`(black, white, to_move, moves, outcome)`: two 64-bit bitboards (bit i is square i), the side
to move, the bitboard of its legal squares (0 when it must pass or the game is over) and the
outcome. A move is a square index, or `PASS` (64).

The bitboard functions (`moves_of`, `flips_of`, `final_score`) take the mover's and the
opponent's discs; games.engine.reversi_solve solves endgames with them.
"""

from __future__ import annotations

import re
from typing import Any

from games.engine.base import PASS_TEXT, EngineError, Game, Outcome
from games.engine.placement import bits  # the set squares of a bitboard, ascending

SLUG = "reversi"
COLUMNS = "abcdefgh"
SQUARES = 64
PASS = 64
FULL = (1 << 64) - 1
# Not on column a or h: a line of discs that wraps around the board's edge is no line.
INNER = 0x7E7E7E7E7E7E7E7E
CENTRE = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36)  # d4 e4 d5 e5
START_BLACK = (1 << 28) | (1 << 35)  # e4 d5
START_WHITE = (1 << 27) | (1 << 36)  # d4 e5
DISCS = "bw"  # the dump's character for each side
REASON = "discs"  # the game's only ending: neither side can move, the counts decide


def name(square: int) -> str:
    """`a1`-`h8` for a square index 0-63."""
    return COLUMNS[square & 7] + str((square >> 3) + 1)


_SQUARE_TEXT = re.compile(r"[a-h][1-8]")
_BY_NAME = {name(square): square for square in range(SQUARES)}

# The 8 directions as (column step, row step); RAYS[square] lists, per direction with room
# for at least two squares, the bits of the squares from the nearest outward.
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))


def _ray(square: int, dc: int, dr: int) -> tuple[int, ...]:
    column, row = square & 7, square >> 3
    bits = []
    column, row = column + dc, row + dr
    while 0 <= column < 8 and 0 <= row < 8:
        bits.append(1 << (row * 8 + column))
        column, row = column + dc, row + dr
    return tuple(bits)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in (_ray(square, dc, dr) for dc, dr in _STEPS) if len(ray) >= 2)
    for square in range(SQUARES)
)
# For each pair of opposite directions, its shift: east/west 1, south/north 8, south-west/
# north-east 7, south-east/north-west 9; and whether a line in it wraps round the board's
# side columns (then it may only run through the opponent's discs off those columns).
_SHIFTS = ((1, True), (8, False), (7, True), (9, True))


def moves_of(player: int, opponent: int) -> int:
    """The bitboard of the squares where `player` may put a disc (each outflanks a line)."""
    inner = opponent & INNER
    found = 0
    for shift, edged in _SHIFTS:
        through = inner if edged else opponent
        # A run of the opponent's discs next to one of `player`'s, grown one square, then two
        # at a time (through pairs of the opponent's discs): up to six, the longest there is.
        pairs, double = through & (through << shift), 2 * shift
        line = through & (player << shift)
        line |= through & (line << shift)
        line |= pairs & (line << double)
        line |= pairs & (line << double)
        found |= line << shift
        pairs = through & (through >> shift)
        line = through & (player >> shift)
        line |= through & (line >> shift)
        line |= pairs & (line >> double)
        line |= pairs & (line >> double)
        found |= line >> shift
    return found & ~(player | opponent) & FULL


def flips_of(player: int, opponent: int, square: int) -> int:
    """The opponent's discs a disc of `player` on the empty `square` turns (0: none)."""
    flips = 0
    for ray in RAYS[square]:
        run = 0
        for bit in ray:
            if opponent & bit:
                run |= bit
            elif player & bit:
                flips |= run
                break
            else:
                break
    return flips


def final_score(player: int, opponent: int) -> int:
    """`player`'s disc count minus `opponent`'s at the end, the empty squares going to the
    side with more discs (the usual convention of endgame scores)."""
    mine, theirs = player.bit_count(), opponent.bit_count()
    empty = SQUARES - mine - theirs
    if mine > theirs:
        return mine - theirs + empty
    if mine < theirs:
        return mine - theirs - empty
    return 0


# A move: a square index 0-63, or PASS (64).
ReversiMove = int


class ReversiState(tuple[int, int, int, int, Outcome | None]):
    """Immutable `(black, white, to_move, moves, outcome)`; build it only through the engine."""

    __slots__ = ()

    @property
    def black(self) -> int:
        return self[0]

    @property
    def white(self) -> int:
        return self[1]


_new_tuple = tuple.__new__
_OUTCOMES = {winner: Outcome(winner, REASON, ()) for winner in (0, 1, None)}


def _settle(black: int, white: int, to_move: int) -> ReversiState:
    """The state with `to_move` to play: its legal squares, or a forced pass, or the end."""
    player, opponent = (white, black) if to_move else (black, white)
    moves = moves_of(player, opponent)
    result = None
    if not moves and not moves_of(opponent, player):
        blacks, whites = black.bit_count(), white.bit_count()
        result = _OUTCOMES[0 if blacks > whites else 1 if whites > blacks else None]
    return _new_tuple(ReversiState, (black, white, to_move, moves, result))


class Reversi:
    """The engine object (one instance, `GAME`). Moves are square indices 0-63 or PASS."""

    slug = SLUG
    points = tuple(name(square) for square in range(SQUARES))  # in the order of the dump

    def __init__(self) -> None:
        self._initial = _settle(START_BLACK, START_WHITE, 0)

    def initial_state(self) -> ReversiState:
        return self._initial

    def to_move(self, state: ReversiState) -> int:
        return state[2]

    def outcome(self, state: ReversiState) -> Outcome | None:
        return state[4]

    def legal_moves(self, state: ReversiState) -> list[ReversiMove]:
        moves, result = state[3], state[4]
        if result is not None:
            return []
        return bits(moves) if moves else [PASS]

    def discs(self, state: ReversiState) -> tuple[int, int]:
        """How many discs each side has: (black, white)."""
        return state[0].bit_count(), state[1].bit_count()

    def play(self, state: ReversiState, move: ReversiMove) -> ReversiState:
        black, white, to_move, moves, result = state
        if result is not None:
            raise EngineError("game-over", "the game is over")
        if move.__class__ is not int or not 0 <= move <= PASS:
            raise EngineError("bad-notation", "not a square index 0-63 or PASS")
        if move == PASS:
            if moves:
                raise EngineError(
                    "pass-not-allowed", "pass is only allowed when no square is legal"
                )
            return _settle(black, white, 1 - to_move)
        bit = 1 << move
        if (black | white) & bit:
            raise EngineError("occupied", f"{name(move)} already holds a disc")
        if not moves & bit:
            why = ": the only move is pass" if not moves else ""
            raise EngineError("no-flip", f"{name(move)} outflanks no disc{why}")
        if to_move:
            flips = flips_of(white, black, move)
            return _settle(black ^ flips, white | bit | flips, 0)
        flips = flips_of(black, white, move)
        return _settle(black | bit | flips, white ^ flips, 1)

    def parse_move(self, state: ReversiState, text: str) -> ReversiMove:
        if isinstance(text, str):
            lowered = text.lower()
            if lowered == PASS_TEXT:
                return PASS
            if _SQUARE_TEXT.fullmatch(lowered):
                return _BY_NAME[lowered]
        raise EngineError("bad-notation", "a Reversi move is a square a1 to h8, or pass")

    def format_move(self, state: ReversiState, move: ReversiMove) -> str:
        if move.__class__ is not int or not 0 <= move <= PASS:
            raise EngineError("bad-notation", "not a square index 0-63 or PASS")
        return PASS_TEXT if move == PASS else name(move)

    def dump(self, state: ReversiState) -> dict[str, Any]:
        """`board`: 64 characters in square order (a1 b1 ... h1 a2 ... h8), `b`, `w`, `.`."""
        black, white = state[0], state[1]
        board = "".join(
            "b" if black >> square & 1 else "w" if white >> square & 1 else "."
            for square in range(SQUARES)
        )
        return {"game": SLUG, "board": board, "to_move": state[2]}

    def load(self, data: Any) -> ReversiState:
        if not isinstance(data, dict) or set(data) != {"game", "board", "to_move"}:
            raise EngineError("bad-state", "expected keys game, board, to_move")
        board, to_move = data["board"], data["to_move"]
        if data["game"] != SLUG:
            raise EngineError("bad-state", f"game must be {SLUG}")
        if not isinstance(board, str) or len(board) != SQUARES or board.strip(".bw"):
            raise EngineError("bad-state", "board must be 64 of b, w, '.'")
        if type(to_move) is not int or to_move not in (0, 1):
            raise EngineError("bad-state", "to_move must be 0 or 1")
        black = white = 0
        for square, disc in enumerate(board):
            if disc == "b":
                black |= 1 << square
            elif disc == "w":
                white |= 1 << square
        _check_reachable(black, white, to_move)
        return _settle(black, white, to_move)


def _neighbours(board: int) -> int:
    """The squares next to (in the eight directions) any square of `board`."""
    sideways = board | ((board & ~0x8080808080808080) << 1) | ((board & ~0x0101010101010101) >> 1)
    return (sideways | (sideways << 8) | (sideways >> 8)) & FULL


def _check_reachable(black: int, white: int, to_move: int) -> None:
    """Refuses boards no game reaches, by tests that play always passes: the centre squares
    are never emptied, each disc was put next to another (the discs form one group across
    the eight directions), and a side without discs is to move (its opponent moved last).
    Not every board passing them is reachable."""
    occupied = black | white
    if occupied & CENTRE != CENTRE:
        raise EngineError("bad-state", "the four centre squares d4, e4, d5, e5 are never empty")
    group = CENTRE
    while True:
        grown = _neighbours(group) & occupied
        if grown == group:
            break
        group = grown
    if group != occupied:
        raise EngineError(
            "bad-state", "every disc is put next to another: the discs form one group"
        )
    if (not black and to_move != 0) or (not white and to_move != 1):
        raise EngineError("bad-state", "a side without discs is to move: the other moved last")


GAME: Game[ReversiState, ReversiMove] = Reversi()

# Hand-made games for the vectors (tests/games/reversi_vectors.py replays each list), found by
# searching the game tree and seeded random games for each ending.
EDGE_CASES: list[list[str]] = [
    # One of the shortest games: black takes white's last disc on the ninth move (13-0).
    "d3 c3 b3 d2 e1 d6 d7 e3 f4".split(),
    # White takes black's last disc on the fourteenth move (0-18).
    "d3 c3 e6 d6 c4 f6 f5 g4 b3 a2 b4 e3 f4 a4".split(),
    # Black passes once; at the end neither side can take the one empty square, a1: white
    # wins 33-30.
    (
        "c4 c3 d3 e3 c2 b3 e2 b4 e6 f4 g3 e1 d2 f3 f2 e7 d6 g1 f8 g2 a2 d7 a4 d1 b2 g5 h2 h4 "
        "d8 a3 g4 b5 a6 e8 g6 h3 f1 c7 c1 f5 b8 b7 c8 h6 a5 a7 h5 f6 c6 b1 b6 h1 a8 c5 g7 g8 "
        "f7 pass h7 h8"
    ).split(),
    # A full board at 32-32: a draw.
    (
        "c4 e3 f6 c5 c6 g7 f3 b6 f5 c3 e2 e6 e7 f7 d7 c7 b5 d6 c2 c1 b8 c8 h8 g5 f4 a6 b2 g2 "
        "g4 h4 d2 a8 a5 a3 b3 e1 a1 a2 d1 b4 e8 f2 g6 f8 g8 a4 b1 h7 h6 h5 g1 d3 h3 f1 g3 h1 "
        "d8 h2 a7 b7"
    ).split(),
    # White passes three times near the end; black wins 52-12.
    (
        "e6 d6 c3 f4 c4 b2 f5 f6 d7 c6 e7 f3 c7 c8 e3 b4 g3 g2 g7 h2 c5 f7 g6 h6 b7 d8 a4 a7 "
        "h3 e8 h1 b5 g4 e2 a8 f8 g5 h5 d2 g1 b6 a3 g8 e1 f1 a6 h8 d3 d1 h7 b3 f2 c2 b1 c1 a2 "
        "a5 pass h4 pass b8 pass a1"
    ).split(),
]

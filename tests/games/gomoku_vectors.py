"""Write Gomoku's shared vectors, which the Python engine and its JavaScript twin must agree on.

    python -m tests.games.gomoku_vectors            # write tests/vectors/gomoku/*.json
    python -m tests.games.gomoku_vectors --check    # compare, write nothing; exit 1 if stale

`tests/vectors/gomoku/<rule>.json` (one per rule setting) holds, one game per line,
`RANDOM_GAMES` seeded random complete games played close to the stones (game `i` uses
`random.Random(i)` and picks among the legal points within two of a stone, sorted by their
text, so dense shapes and Renju's forbidden points come up often), then hand-made games.
A game is `{"kind", "rule", "moves", "steps", "final"}`: `steps` has one entry per position
with `legal` (how many legal moves), `forbidden` (black's forbidden points under Renju as
`point:kind`, space-separated, in point order) and `outcome`.

`tests/vectors/gomoku/renju-positions.json` holds the tricky Renju positions, each built
by hand with the answer its author worked out on paper, or transcribed from a published
example with that example's answer (the comment above each says which, and where from;
`expect`: the kind of foul at each named point, or null for a legal one). The generator
refuses to write when the engine disagrees with `expect`; the file also records the whole
forbidden map and what playing `play` gives (an outcome or a refusal code).

The files live in a folder of their own so the replay of `tests/vectors/*.json`
(tests/js/vectors.test.mjs), which loads engines through the registry, does not see them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from games.engine.base import EngineError, play_text
from games.engine.gomoku import GAME, RULES, GomokuState
from games.engine.gomoku_lines import POINTS, SIZE, name, point
from tools.gen_vectors import write_or_check

RANDOM_GAMES = 60
VECTORS_DIR = Path(__file__).resolve().parents[1] / "vectors" / "gomoku"

# Far from every shape below: stones that even the counts (black moves first) without
# touching the position. White's pads stand two apart on rows 1 and 15 (no five, no
# shape); black's, four apart on row 2 (no three can form across such gaps).
_WHITE_PADS = [f"{c}{r}" for r in (1, 15) for c in "ACEGIKMO"]
_BLACK_PADS = ["A2", "E2", "I2", "M2"]

# name: (black stones, white stones, expect {point: foul kind or None}, play or None).
POSITIONS: dict[str, tuple[list[str], list[str], dict[str, str | None], str | None]] = {
    # G8 H8 I8 and H6 H7 H8 are both open threes.
    "double-three": (["G8", "I8", "H7", "H6"], [], {"H8": "double-three"}, "H8"),
    # H5-H8 is a four, G8 H8 I8 a three: a four-three is allowed (and wins).
    "four-three is allowed": (["G8", "I8", "H5", "H6", "H7"], [], {"H8": None}, "H8"),
    # Two fours on one line: E8 . G8 H8 I8 . K8 (F8 and J8 each make an exact five).
    "four-four in one line X.XXX.X": (["E8", "G8", "I8", "K8"], [], {"H8": "double-four"}, "H8"),
    # D8 E8 . G8 H8 . J8 K8.
    "four-four in one line XX.XX.XX": (
        ["D8", "E8", "G8", "J8", "K8"], [], {"H8": "double-four"}, None,
    ),
    # C8 D8 E8 . G8 . I8 J8 K8.
    "four-four in one line XXX.X.XXX": (
        ["C8", "D8", "E8", "I8", "J8", "K8"], [], {"G8": "double-four"}, None,
    ),
    # E8-H8 and H9-H11: two fours in two lines.
    "four-four in two lines": (
        ["E8", "F8", "G8", "H9", "H10", "H11"], [], {"H8": "double-four"}, None,
    ),
    # E8-J8 with H8 would be six.
    "overline": (["E8", "F8", "G8", "I8", "J8"], [], {"H8": "overline"}, "H8"),
    # E8 F8 G8 H8 . J8: I8 makes six (forbidden), D8 an exact five (wins).
    "overline next to five": (
        ["E8", "F8", "G8", "H8", "J8"], [], {"I8": "overline", "D8": None}, "D8",
    ),
    # H8 makes the five D8-H8 and at once the fours H8-H11 and H8-K11: the five wins.
    "five with a double-four wins": (
        ["D8", "E8", "F8", "G8", "H9", "H10", "H11", "I9", "J10", "K11"], [], {"H8": None}, "H8",
    ),
    # H8 makes the five D8-H8 and the overline H6-H11: the five wins.
    "five with an overline wins": (
        ["D8", "E8", "F8", "G8", "H6", "H7", "H9", "H10", "H11"], [], {"H8": None}, "H8",
    ),
    # H8: G8 H8 I8 is a three; H8 H9 H10 could become a straight four only at H7 (H12 is
    # white), and once H8 stands H7 makes a double-four (H7-H10 with E7-H7): a false three,
    # so H8 makes one three and is allowed. H7 itself is a four-three now: allowed.
    "false three: its straight-four point is forbidden": (
        ["G8", "I8", "H9", "H10", "E7", "F7", "G7"], ["H12"], {"H8": None, "H7": None}, "H8",
    ),
    # The same without H12: H11 makes the straight four H8-H11, so both threes are true.
    "true double-three: the other straight-four point is free": (
        ["G8", "I8", "H9", "H10", "E7", "F7", "G7"], [], {"H8": "double-three"}, None,
    ),
    # E8 white, G8 H8 I8, L8 black: F8 gives a four walled by E8, J8 a four whose other end
    # K8 would make six: no straight four, no three; with H8 H9 H10 only one three.
    "false three: walled on one side, overline on the other": (
        ["G8", "I8", "L8", "H9", "H10"], ["E8"], {"H8": None}, None,
    ),
    # The same without L8: J8 makes the straight four G8-J8, a true three: a double-three.
    "true double-three: nothing past the far end": (
        ["G8", "I8", "H9", "H10"], ["E8"], {"H8": "double-three"}, None,
    ),
    # A four (H5-H8) and two threes (G8 H8 I8, F10 G9 H8): forbidden (4-3-3).
    "four-three-three": (
        ["H5", "H6", "H7", "G8", "I8", "G9", "F10"], [], {"H8": "double-three"}, "H8",
    ),
    # The RIF rules' example 9.3a, as a public Renju engine's source transcribes it (the
    # RIF's own diagram was not at hand): E11 looks like two threes, but the diagonal one
    # (E11 . G9 H8) becomes a straight four only at F10, which is then a double-four
    # (E11-H8 and F10 G11 H12 I13): one true three (E11 E12 . E14), so E11 is allowed.
    "RIF 9.3a: a three whose straight-four point is a double-four": (
        ["H8", "G9", "G11", "E12", "H12", "I13", "E14"], [], {"E11": None}, "E11",
    ),
    # The same with E11 played: F10 is the double-four that made the three false.
    "RIF 9.3a, after E11: the double-four point": (
        ["H8", "G9", "G11", "E12", "H12", "I13", "E14", "E11"], [], {"F10": "double-four"}, "F10",
    ),
    # A closed three (walled at F8) and an open three: one three, allowed.
    "a closed three does not count": (["G8", "I8", "H7", "H6"], ["F8", "J8"], {"H8": None}, None),
    # F8 . H8 I8 is a split three (G8 makes the straight four F8-I8, E8 and J8 free) and
    # H8 H9 H10 an open three: a double-three.
    "double-three with a split three": (
        ["F8", "I8", "H9", "H10"], [], {"H8": "double-three"}, "H8",
    ),
    # A8 B8 . D8 touches the edge: C8 makes A8-D8, whose only completion is E8, no straight
    # four, so no three; with B8 B9 B10 one three: B8 allowed.
    "a split three against the edge is no three": (
        ["A8", "D8", "B9", "B10"], [], {"B8": None}, "B8",
    ),
    # The same shape one point in: D8 makes B8-E8 with A8 and F8 free, a true three.
    "a split three one point from the edge is a three": (
        ["B8", "E8", "C9", "C10"], [], {"C8": "double-three"}, None,
    ),
    # E8 makes A8 B8 C8 . E8, a broken four against the edge (only D8 completes it, F8 is
    # free so the five is exact), and E8-E11, a straight four: two fours, a double-four.
    "double-four with a broken four against the edge": (
        ["A8", "B8", "C8", "E9", "E10", "E11"], [], {"E8": "double-four"}, "E8",
    ),
    # H8 makes two fours (E8-H8, H8-H11) and a three (H8 I9 J10): a double-four, whatever
    # the three.
    "four-four-three": (
        ["E8", "F8", "G8", "H9", "H10", "H11", "I9", "J10"], [], {"H8": "double-four"}, "H8",
    ),
    # H8: G8 H8 I8 (E8 white) becomes a straight four only at J8 (F8 gives F8-I8, walled by
    # E8), and J8 also makes J6-J11, six: forbidden (RIF 9.3 a), overline), so that three is
    # false and H8 makes one true three (H8 H9 H10): allowed.
    "false three: its straight-four point makes an overline across": (
        ["G8", "I8", "H9", "H10", "J6", "J7", "J9", "J10", "J11"], ["E8"],
        {"H8": None, "J8": "overline"}, "H8",
    ),
    # RIF 9.3 b), built by hand: G8 H8 I8 (E8 white) again needs J8, and J8 (after H8)
    # makes the four G8-J8 and two true threes, J6 J7 J8 (J9 makes J6-J9 with J5 and J10
    # free; J9 is then a four-three) and J8 K9 L10 (I7 makes I7-L10; I7 is then a
    # four-three): a forbidden double-three. So the three is false: H8 allowed.
    "false three: its straight-four point is a true double-three": (
        ["G8", "I8", "H9", "H10", "K9", "L10", "J6", "J7"], ["E8"], {"H8": None}, "H8",
    ),
    # The same after H8: J8 is the four-three-three that made the three false.
    "the same after H8: the four-three-three point": (
        ["G8", "I8", "H9", "H10", "K9", "L10", "J6", "J7", "H8"], ["E8"],
        {"J8": "double-three"}, "J8",
    ),
    # One level deeper: with J10 white and G5 H5 I5, J6 J7 J8 becomes a straight four only
    # at J5 (J9 makes J6-J9, walled by J10), and J5 makes two fours (J5-J8 with J4 and J9
    # free, G5-J5): a double-four. That three is false, so J8 (after H8) is a four and one
    # three, allowed; G8 H8 I8 is then a true three and H8 a double-three.
    "true double-three: its straight-four point's double-three is false": (
        ["G8", "I8", "H9", "H10", "K9", "L10", "J6", "J7", "G5", "H5", "I5"], ["E8", "J10"],
        {"H8": "double-three"}, "H8",
    ),
    # The same after H8 and J8 (two black moves: the padding evens the count): J5 is the
    # double-four three levels down.
    "the same after H8 and J8: the double-four point": (
        ["G8", "I8", "H9", "H10", "K9", "L10", "J6", "J7", "G5", "H5", "I5", "H8", "J8"],
        ["E8", "J10"], {"J5": "double-four"}, "J5",
    ),
    # H8 makes F8 . H8 I8, whose only straight-four point G8 also completes G4-G8, a five:
    # by the RIF's definition a three becomes a straight four "without at the same time a
    # five in a row" being made, so this is no three, and H8 (one true three, H8 H9 H10)
    # is allowed. (One public engine, quintet, counts such a three; the Piskvork referee
    # does not.)
    "no three when its straight-four point makes a five": (
        ["F8", "I8", "H9", "H10", "G4", "G5", "G6", "G7"], [], {"H8": None, "G8": None}, "H8",
    ),
    # A published pair of positions (not the RIF's): posted by @tanaseY,
    # https://twitter.com/tanaseY/status/944521796585373696, as renju-note/quintet
    # transcribes it in src/board/forbidden.rs (its 'o' black, 'x' white, first line row 15,
    # Point(6, 7) = G8); the answers are the post's. G8 makes E6 F7 G8 (true: H9 is free)
    # and F8 G8 H8, which needs I8 (E8 makes E8-H8, whose end D8 would make six with C8).
    # I8 (after G8) is a four and two threes, I5 . I7 I8 and I8 J7 . L5; the second needs
    # K6, a four (I8-L5) with K4 K5 K6 and K6 L6 M6. With O6 white, K6 L6 M6 needs J6
    # (N6 makes K6-N6, walled by O6), a double-four (J6-M6, H8 I7 J6 K5): so K6 is
    # allowed, I8 forbidden, F8 G8 H8 false and G8 allowed. Without O6, N6 makes K6 L6 M6
    # true: K6 is forbidden, I8 allowed, and G8 a double-three. Four levels down.
    "@tanaseY's nested foul, with O6: allowed": (
        ["C8", "F8", "H8", "F7", "I7", "J7", "E6", "L6", "M6", "I5", "K5", "L5", "K4"],
        ["G9", "J5", "O6"], {"G8": None}, "G8",
    ),
    "@tanaseY's nested foul, without O6: a double-three": (
        ["C8", "F8", "H8", "F7", "I7", "J7", "E6", "L6", "M6", "I5", "K5", "L5", "K4"],
        ["G9", "J5"], {"G8": "double-three"}, "G8",
    ),
    # Three examples a public Renju engine documents (junghyun397/mintaka,
    # documents/renju.md: "Nested", "Multiple-nested" and "Recursive forbidden moves"; its
    # board is printed as ours, A-O with I, row 15 on top, X black, O white), each with
    # the points it marks as double-threes; the engine finds those and no others.
    "mintaka's nested forbidden move": (
        ["E10", "H10", "F9", "H9", "I9", "G8", "H8", "I7", "J7", "F6", "F5"],
        ["D11", "G11", "J10", "E9", "G9", "G7", "H7", "E5", "F4"], {"I8": "double-three"}, "I8",
    ),
    "mintaka's multiple-nested forbidden moves": (
        ["H12", "M11", "N10", "D9", "G9", "I9", "J9", "K9", "M9", "D8", "H8", "E7", "F7",
         "J7", "G6", "K6", "L6"],
        ["F10", "M10", "C9", "H9", "L9", "E8", "F8", "I8", "B7", "M6", "E5"],
        {"J10": "double-three", "J8": "double-three", "G7": "double-three",
         "K7": "double-three"}, None,
    ),
    "mintaka's recursive forbidden moves": (
        ["G9", "H9", "F8", "G8", "H8", "I8", "F7", "G7", "H7", "I7", "G6", "H6"],
        ["G10", "H10", "E8", "J8", "E7", "J7", "G5", "H5"],
        {"F9": "double-three", "I9": "double-three", "F6": "double-three",
         "I6": "double-three"}, None,
    ),
}


def position(black: list[str], white: list[str], rule: str = "renju") -> GomokuState:
    """Black to move on a board holding these stones (padded far away to even the counts)."""
    blacks, whites = list(black), list(white)
    whites += _WHITE_PADS[: max(0, len(blacks) - len(whites))]
    blacks += _BLACK_PADS[: max(0, len(whites) - len(blacks))]
    board = ["."] * POINTS
    for text in blacks:
        board[point(text)] = "b"
    for text in whites:
        board[point(text)] = "w"
    return GAME.load({"game": "gomoku", "rule": rule, "board": "".join(board), "to_move": 0})


def full_board_draw(rule: str) -> list[str]:
    """225 moves that fill the board with no five: colour `bbww` repeating along x + 2y."""
    colour = ["bbww"[(p % SIZE + 2 * (p // SIZE)) % 4] for p in range(POINTS)]
    todo = {0: [p for p in range(POINTS) if colour[p] == "b"],
            1: [p for p in range(POINTS) if colour[p] == "w"]}
    state, texts = GAME.initial_state(rule), []
    while GAME.outcome(state) is None:
        legal = set(GAME.legal_moves(state))
        mine = todo[GAME.to_move(state)]
        p = next(p for p in mine if p in legal)
        mine.remove(p)
        texts.append(name(p))
        state = GAME.play(state, p)
    return texts


# Hand-made games per rule: (what it shows, moves).
_ROW8 = "E8 A1 F8 A3 G8 A5 I8 A7 J8 A9 H8".split()  # black ends with six, E8-J8
_WHITE_ROW8 = "A1 E8 C1 F8 E1 G8 G1 I8 I1 J8 K1 H8".split()  # white ends with six
EDGE_GAMES: dict[str, list[tuple[str, list[str]]]] = {
    "freestyle": [
        ("black's six wins", _ROW8),
        ("white's six wins", _WHITE_ROW8),
        ("a five on the first diagonal", "A1 B1 B2 C1 C3 D1 D4 E1 E5".split()),
    ],
    "exact-five": [
        ("black's six does not win", _ROW8),
        ("white's six does not win", _WHITE_ROW8),
        ("a five on the edge", "O11 A1 O12 A2 O13 A3 O14 A4 O15".split()),
    ],
    "renju": [
        ("white's six wins", _WHITE_ROW8),
        ("a five on the up-left diagonal", "L4 A1 K5 A3 J6 A5 I7 A7 H8".split()),
    ],
}


def _forbidden_text(state: GomokuState) -> str:
    return " ".join(f"{p}:{kind}" for p, kind in GAME.forbidden_points(state).items())


def _step(state: GomokuState) -> dict[str, Any]:
    outcome = GAME.outcome(state)
    return {
        "legal": len(GAME.legal_moves(state)),
        "forbidden": _forbidden_text(state),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def record(kind: str, rule: str, texts: list[str]) -> dict[str, Any]:
    state = GAME.initial_state(rule)
    steps = [_step(state)]
    for text in texts:
        state = play_text(GAME, state, text)
        steps.append(_step(state))
    return {"kind": kind, "rule": rule, "moves": texts, "steps": steps, "final": GAME.dump(state)}


def _near_stones(board: str) -> set[int]:
    near = set()
    for p, stone in enumerate(board):
        if stone == ".":
            continue
        column, row = p % SIZE, p // SIZE
        for dc in range(-2, 3):
            for dr in range(-2, 3):
                c, r = column + dc, row + dr
                if 0 <= c < SIZE and 0 <= r < SIZE and board[r * SIZE + c] == ".":
                    near.add(r * SIZE + c)
    return near


def random_game(rule: str, seed: int) -> list[str]:
    rng = random.Random(seed)
    state, texts = GAME.initial_state(rule), []
    while GAME.outcome(state) is None:
        legal = GAME.legal_moves(state)
        near = _near_stones(state.board)
        choices = sorted(name(p) for p in legal if p in near) or sorted(map(name, legal))
        text = rng.choice(choices)
        texts.append(text)
        state = play_text(GAME, state, text)
    return texts


def build_rule(rule: str) -> str:
    games = [record("random", rule, random_game(rule, seed)) for seed in range(RANDOM_GAMES)]
    games += [record("edge", rule, texts) for _what, texts in EDGE_GAMES[rule]]
    games.append(record("edge", rule, full_board_draw(rule)))
    return _write(rule, games)


def _write(title: str, entries: list[dict[str, Any]]) -> str:
    header = json.dumps({"game": "gomoku", "set": title,
                         "generator": "python -m tests.games.gomoku_vectors"})[:-1]
    lines = [json.dumps(entry, separators=(",", ":")) for entry in entries]
    return header + ', "entries": [\n' + ",\n".join(lines) + "\n]}\n"


def build_positions() -> str:
    entries = []
    for title, (black, white, expect, move) in POSITIONS.items():
        state = position(black, white)
        forbidden = GAME.forbidden_points(state)
        for p, kind in expect.items():
            if forbidden.get(p) != kind:
                raise SystemExit(f"{title}: the engine says {forbidden.get(p)} at {p}, "
                                 f"the hand-worked answer {kind}")
        entry: dict[str, Any] = {"name": title, "position": GAME.dump(state), "expect": expect,
                                 "forbidden": _forbidden_text(state)}
        if move is not None:
            try:
                after = play_text(GAME, state, move)
            except EngineError as error:
                entry["play"] = {"move": move, "refused": error.code}
            else:
                outcome = GAME.outcome(after)
                entry["play"] = {"move": move,
                                 "outcome": None if outcome is None else outcome.to_json()}
        entries.append(entry)
    return _write("renju-positions", entries)


def build_all() -> dict[str, str]:
    files = {f"{rule}.json": build_rule(rule) for rule in RULES}
    files["renju-positions.json"] = build_positions()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    files = {VECTORS_DIR / name: text for name, text in build_all().items()}
    return write_or_check(files, args.check, "gomoku vectors")


if __name__ == "__main__":
    sys.exit(main())

"""Write Reversi's vectors, which the Python engine and its JavaScript twin must agree on.

    python -m tests.games.reversi_vectors            # write tests/vectors/reversi/*.json
    python -m tests.games.reversi_vectors --check    # compare, write nothing; exit 1 if stale
    python -m tests.games.reversi_vectors --known    # also solve-known.json (minutes)

The files live in a folder of their own, as Gomoku's do, so the replay of
`tests/vectors/*.json` (tests/js/vectors.test.mjs), which loads engines through the
registry, does not see them while Reversi is not in it.

- `games.json`: `RANDOM_GAMES` seeded random complete games (game `i` uses
  `random.Random(i)` and picks among the legal moves sorted by their text, as
  tools/gen_vectors.py does), then the engine's `EDGE_CASES`; one game per line, in the shared
  format: `{"kind", "moves", "steps", "final"}`, each step the sorted legal moves and the
  outcome.
- `positions.json`: positions built by hand, each with the answer worked out on paper
  (`expect`: the legal moves, and what each listed move does: how many discs it turns, or
  the code it is refused with); the generator refuses to write when the engine disagrees.
  Also texts that are no move (`bad-notation`) and data `load` must refuse (`bad-state`).
- `solve.json`: endgames from seeded random playouts stopped at 0 to 11 empty squares, with
  the exact score for the side to move from games.engine.reversi_solve (and, up to 8 empty
  squares, every move that keeps it).
- `solve-known.json` (`--known` only: the Python solver takes minutes): positions with 14 to
  16 empty squares and their exact scores, which the JavaScript solver must find too.
- `perft.json` is not written here: its figures are the published ones (below), which both
  engines must reproduce.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from games.engine.base import EngineError, play_text
from games.engine.reversi import EDGE_CASES, GAME, PASS, ReversiState
from games.engine.reversi_solve import best_moves, solve
from tools.gen_vectors import write_or_check

RANDOM_GAMES = 200
VECTORS_DIR = Path(__file__).resolve().parents[1] / "vectors" / "reversi"
SOLVE_EMPTIES = range(0, 12)
SOLVE_PER_EMPTIES = 4
BEST_MOVES_UP_TO = 8
KNOWN_EMPTIES = (14, 14, 15, 16)
KNOWN_SEED = 5000


def board_of(black: str, white: str) -> str:
    """A board with discs on the named squares (space-separated)."""
    cells = ["."] * 64
    for text in black.split():
        cells[GAME.parse_move(GAME.initial_state(), text)] = "b"
    for text in white.split():
        cells[GAME.parse_move(GAME.initial_state(), text)] = "w"
    return "".join(cells)


def dump_of(black: str, white: str, to_move: int) -> dict[str, Any]:
    return {"game": "reversi", "board": board_of(black, white), "to_move": to_move}


def sorted_legal(state: ReversiState) -> list[str]:
    return sorted(GAME.format_move(state, move) for move in GAME.legal_moves(state))


def _step(state: ReversiState) -> dict[str, Any]:
    outcome = GAME.outcome(state)
    return {
        "legal": " ".join(sorted_legal(state)),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def record(kind: str, texts: list[str]) -> dict[str, Any]:
    state = GAME.initial_state()
    steps, moves = [_step(state)], []
    for text in texts:
        move = GAME.parse_move(state, text)
        moves.append(GAME.format_move(state, move))
        state = GAME.play(state, move)
        steps.append(_step(state))
    return {"kind": kind, "moves": moves, "steps": steps, "final": GAME.dump(state)}


def random_game(seed: int, stop_at_empties: int = -1) -> tuple[list[str], ReversiState]:
    """A seeded random game, to its end or until `stop_at_empties` squares are empty."""
    rng = random.Random(seed)
    state, texts = GAME.initial_state(), []
    while GAME.outcome(state) is None and 64 - sum(GAME.discs(state)) > stop_at_empties:
        text = rng.choice(sorted_legal(state))
        texts.append(text)
        state = play_text(GAME, state, text)
    return texts, state


def build_games() -> str:
    games = [record("random", random_game(seed)[0]) for seed in range(RANDOM_GAMES)]
    games += [record("edge", list(texts)) for texts in EDGE_CASES]
    header = json.dumps({"game": "reversi", "generator": "python -m tests.games.reversi_vectors"})
    lines = [json.dumps(entry, separators=(",", ":")) for entry in games]
    return header[:-1] + ', "games": [\n' + ",\n".join(lines) + "\n]}\n"


def _before_pass() -> ReversiState:
    texts = EDGE_CASES[2]
    state = GAME.initial_state()
    for text in texts[: texts.index("pass")]:
        state = play_text(GAME, state, text)
    return state


# name: (position, expect {"legal": sorted texts, move text: discs turned or refusal code}).
# Each was worked out by hand on a drawn board, unless its comment says otherwise.
_CENTRE_W, _CENTRE_B = "d4 e5", "e4 d5"
POSITIONS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    # The start: black's four moves each turn one disc; d4 holds a disc, a1 turns nothing,
    # and no one passes while a square is legal.
    "start": (
        GAME.dump(GAME.initial_state()),
        {"legal": "c4 d3 e6 f5", "d3": 1, "f5": 1, "d4": "occupied", "a1": "no-flip",
         "pass": "pass-not-allowed", "PASS": "pass-not-allowed"},
    ),
    # c3 is ringed by eight white discs, each backed by a black one two squares out: c3 turns
    # all eight, one in each direction. Black's other moves: b1 (c2 d3 to e4), a4 (b4 c4 d4
    # to e4), c6 (d5 to e4); a2, d1, e2, b5, d6 and e6 end their runs on empty squares.
    "eight directions": (
        dump_of("a1 c1 e1 a3 e3 a5 c5 e5 e4", "b2 c2 d2 b3 d3 b4 c4 d4 d5", 0),
        {"legal": "a4 b1 c3 c6", "c3": 8, "b1": 2, "a4": 3, "c2": "occupied", "h8": "no-flip"},
    ),
    # b1-g1 white between a1 (black) and the empty h1: h1 turns the six (d2 and d3 only join
    # the row to the centre). Black's other moves: c2 (d3 to e4), c4, e6, f5.
    "a row of six": (
        dump_of("a1 " + _CENTRE_B, "b1 c1 d1 e1 f1 g1 d2 d3 " + _CENTRE_W, 0),
        {"legal": "c2 c4 e6 f5 h1", "h1": 6, "c2": 1, "b2": "no-flip"},
    ),
    # A line does not wrap around the board's edge: h1 white, a2 black (the square after h1
    # in index order). Black on g1 would have h1 then a2 "east" of it only by wrapping: no
    # move. Chains h1 g2 f3 and a2 b3 c4 join them to the centre; black's moves are the
    # start's d3, e6, f5 (c4 is taken, and nothing else ends on a black disc).
    "no wrap around the edge": (
        dump_of("a2 b3 c4 " + _CENTRE_B, "h1 g2 f3 " + _CENTRE_W, 0),
        {"legal": "d3 e6 f5", "g1": "no-flip", "d3": 1},
    ),
    # The third edge case before black's pass (a1, h7, h8 empty; worked out by the engine,
    # not by hand): pass is black's only move, a1 and h8 turn nothing.
    "forced pass": (
        GAME.dump(_before_pass()),
        {"legal": "pass", "pass": 0, "a1": "no-flip", "h8": "no-flip", "b2": "occupied"},
    ),
    # Every disc black (the sixteen squares c3-f6): the game is over, black wins, and every
    # move is refused as too late.
    "wiped out": (
        dump_of("c3 d3 e3 f3 c4 f4 c5 f5 c6 d6 e6 f6 " + _CENTRE_B + " " + _CENTRE_W, "", 1),
        {"legal": "", "pass": "game-over", "a1": "game-over"},
    ),
}

BAD_TEXTS: list[Any] = [
    "i1", "a9", "a0", "a10", "", "pas", "passs", " a1", "a1 ", "aa", "11", "a", "pass ",
    "a-1", "d3d4", None, 5, 64, ["a1"],
]
_START = GAME.dump(GAME.initial_state())
BAD_STATES: dict[str, Any] = {
    "not an object": ["reversi"],
    "null": None,
    "missing to_move": {"game": "reversi", "board": _START["board"]},
    "an extra key": {**_START, "ply": 0},
    "another game": {**_START, "game": "othello"},
    "a short board": {**_START, "board": _START["board"][:-1]},
    "a long board": {**_START, "board": _START["board"] + "."},
    "an unknown character": {**_START, "board": "x" + _START["board"][1:]},
    "upper case": {**_START, "board": _START["board"].upper()},
    "to_move 2": {**_START, "to_move": 2},
    "to_move true": {**_START, "to_move": True},
    "to_move text": {**_START, "to_move": "0"},
    "a board as a list": {**_START, "board": list(_START["board"])},
    "an empty centre square": dump_of("e4 d5 c3", "e5", 0),
    "no discs": dump_of("", "", 0),
    "a disc apart from the others": dump_of("a1 " + _CENTRE_B, _CENTRE_W, 0),
    "a side without discs to move last": dump_of("c3 d3 e3 " + _CENTRE_B + " " + _CENTRE_W, "", 0),
}


def _play_entry(state: ReversiState, text: str) -> dict[str, Any]:
    try:
        move = GAME.parse_move(state, text)
        after = GAME.play(state, move)
    except EngineError as error:
        return {"move": text, "refused": error.code}
    mover = GAME.to_move(state)
    before_mine, after_mine = GAME.discs(state)[mover], GAME.discs(after)[mover]
    turned = after_mine - before_mine - (0 if move == PASS else 1)
    outcome = GAME.outcome(after)
    return {
        "move": text,
        "turned": turned,
        "after": GAME.dump(after),
        "legal": " ".join(sorted_legal(after)),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def build_positions() -> str:
    entries = []
    for name, (data, expect) in POSITIONS.items():
        state = GAME.load(data)
        legal = " ".join(sorted_legal(state))
        if legal != expect["legal"]:
            raise SystemExit(f"{name}: legal moves {legal!r}, expected {expect['legal']!r}")
        plays = []
        for text, answer in expect.items():
            if text == "legal":
                continue
            play = _play_entry(state, text)
            got = play.get("refused", play.get("turned"))
            if got != answer:
                raise SystemExit(f"{name}: {text} gives {got!r}, expected {answer!r}")
            plays.append(play)
        outcome = GAME.outcome(state)
        entries.append({
            "name": name,
            "position": data,
            "legal": legal,
            "outcome": None if outcome is None else outcome.to_json(),
            "plays": plays,
        })
    for text in BAD_TEXTS:
        try:
            GAME.parse_move(GAME.initial_state(), text)
        except EngineError as error:
            assert error.code == "bad-notation"
        else:
            raise SystemExit(f"{text!r} was read as a move")
    bad_states = []
    for name, data in BAD_STATES.items():
        try:
            GAME.load(data)
        except EngineError as error:
            assert error.code == "bad-state"
        else:
            raise SystemExit(f"{name}: loaded")
        bad_states.append({"name": name, "data": data})
    document = {
        "game": "reversi",
        "generator": "python -m tests.games.reversi_vectors",
        "positions": entries,
        "bad_texts": BAD_TEXTS,
        "bad_states": bad_states,
    }
    return json.dumps(document, indent=1) + "\n"


def solve_entry(state: ReversiState, with_moves: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {"position": GAME.dump(state), "empties": 64 - sum(GAME.discs(state))}
    if with_moves:
        score, moves = best_moves(state)
        entry["score"] = score
        entry["best"] = sorted(GAME.format_move(state, move) for move in moves)
    else:
        entry["score"] = solve(state)
    return entry


def solve_positions(empties_list: list[int], seed_base: int) -> list[ReversiState]:
    """Seeded random playouts stopped at each number of empty squares (a game that ends
    first gives its final position)."""
    states = []
    for index, empties in enumerate(empties_list):
        states.append(random_game(seed_base + index, empties)[1])
    return states


def build_solve() -> str:
    empties_list = [e for e in SOLVE_EMPTIES for _ in range(SOLVE_PER_EMPTIES)]
    states = solve_positions(empties_list, 1000)
    entries = [
        solve_entry(state, 64 - sum(GAME.discs(state)) <= BEST_MOVES_UP_TO) for state in states
    ]
    return _solve_document(entries, "games.engine.reversi_solve (Python)")


def build_known() -> str:
    states = solve_positions(list(KNOWN_EMPTIES), KNOWN_SEED)
    entries = [solve_entry(state, False) for state in states]
    return _solve_document(entries, "games.engine.reversi_solve (Python), with --known")


def _solve_document(entries: list[dict[str, Any]], source: str) -> str:
    header = json.dumps({
        "game": "reversi",
        "generator": "python -m tests.games.reversi_vectors",
        "scores": f"exact, for the side to move, empty squares to the winner; by {source}",
    })
    lines = [json.dumps(entry, separators=(",", ":")) for entry in entries]
    return header[:-1] + ', "entries": [\n' + ",\n".join(lines) + "\n]}\n"


def files(known: bool = False) -> dict[str, str]:
    """Every generated file's name and text (`solve-known.json` only when asked)."""
    built = {
        "games.json": build_games(),
        "positions.json": build_positions(),
        "solve.json": build_solve(),
    }
    if known:
        built["solve-known.json"] = build_known()
    return built


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--known", action="store_true", help="also solve-known.json (slow)")
    args = parser.parse_args(argv)
    built = {VECTORS_DIR / name: text for name, text in files(args.known).items()}
    return write_or_check(built, args.check, "reversi vectors")


if __name__ == "__main__":
    sys.exit(main())

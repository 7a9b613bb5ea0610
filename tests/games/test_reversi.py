"""Reversi's rules through the Python engine (games/engine/reversi.py), its exact solver
(games/engine/reversi_solve.py) and the committed vectors (tests/vectors/reversi/).

The registry-wide tests (test_perft.py to depth 6, test_protocol_properties.py) see Reversi
too; its own vectors are a folder (registry `vectors="own"`), so its deeper perft, its vectors
and its solver are checked here."""

from __future__ import annotations

import doctest
import json
import random

import pytest

from games.engine import reversi, reversi_solve
from games.engine.base import EngineError, Outcome
from games.engine.reversi import EDGE_CASES, GAME, PASS
from tests.games import reversi_vectors as vectors

from .checks import GameChecks

CHECKS = GameChecks(GAME)
assert_refused = CHECKS.assert_refused
play_all = CHECKS.play_all
legal_texts = CHECKS.legal_texts


def read(name):
    return json.loads((vectors.VECTORS_DIR / name).read_text(encoding="utf-8"))


def test_module_examples_run():
    for module in (reversi, reversi_solve):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed


def test_notation_columns_a_to_h_rows_from_the_top():
    state = GAME.initial_state()
    assert [GAME.parse_move(state, t) for t in ("a1", "h1", "a8", "h8", "D3")] == [0, 7, 56, 63, 19]
    assert GAME.format_move(state, 19) == "d3"
    assert GAME.parse_move(state, "PASS") == GAME.parse_move(state, "Pass") == PASS
    assert GAME.format_move(state, PASS) == "pass"
    for bad in (65, -1, True, "a1", 3.0):
        with pytest.raises(EngineError) as caught:
            GAME.format_move(state, bad)
        assert caught.value.code == "bad-notation"


def test_bad_texts_are_refused_without_repeating_them():
    state = GAME.initial_state()
    for text in read("positions.json")["bad_texts"] + ["z" * 10_000]:
        with pytest.raises(EngineError) as caught:
            GAME.parse_move(state, text)
        assert caught.value.code == "bad-notation"
        assert len(caught.value.message) < 80


def test_the_start():
    state = GAME.initial_state()
    assert GAME.dump(state) == {"game": "reversi", "to_move": 0, "board": (
        "." * 27 + "wb" + "." * 6 + "bw" + "." * 27
    )}
    assert legal_texts(state) == ["c4", "d3", "e6", "f5"]
    assert GAME.to_move(state) == 0 and GAME.discs(state) == (2, 2)
    assert GAME.outcome(state) is None
    after = play_all(["f5"])
    assert GAME.discs(after) == (4, 1) and GAME.to_move(after) == 1
    assert legal_texts(after) == ["d6", "f4", "f6"]


def test_refusals_leave_the_state_unchanged():
    state = GAME.initial_state()
    assert_refused(state, "d4", "occupied")
    assert_refused(state, "a1", "no-flip")
    assert_refused(state, "c3", "no-flip")  # touches d4 diagonally, but e5 is white too
    assert_refused(state, "pass", "pass-not-allowed")
    for move in (-1, 65, "d3", None, 19.0):
        with pytest.raises(EngineError) as caught:
            GAME.play(state, move)
        assert caught.value.code == "bad-notation"


def test_a_forced_pass_is_the_only_move_and_hands_the_turn_over():
    texts = EDGE_CASES[2]
    before = play_all(texts[: texts.index("pass")])
    assert GAME.legal_moves(before) == [PASS]
    assert_refused(before, "a1", "no-flip")
    with pytest.raises(EngineError) as caught:
        GAME.play(before, 0)
    assert caught.value.message == "a1 outflanks no disc: the only move is pass"
    after = GAME.play(before, PASS)
    assert GAME.to_move(after) == 1 - GAME.to_move(before)
    assert GAME.dump(after)["board"] == GAME.dump(before)["board"]
    assert PASS not in GAME.legal_moves(after)


@pytest.mark.parametrize(
    ("index", "discs", "winner"),
    [(0, (13, 0), 0), (1, (0, 18), 1), (2, (30, 33), 1), (3, (32, 32), None), (4, (52, 12), 0)],
)
def test_the_edge_cases_end_as_described(index, discs, winner):
    state = play_all(EDGE_CASES[index])
    assert GAME.discs(state) == discs
    assert GAME.outcome(state) == Outcome(winner, "discs", ())
    assert GAME.legal_moves(state) == []
    assert_refused(state, "pass", "game-over")
    loaded = GAME.load(GAME.dump(state))
    assert GAME.outcome(loaded) == GAME.outcome(state)


def test_random_games_keep_the_protocol():
    """Every legal move plays and formats back; other squares are refused; dump and load
    round-trip at every step; the side to move alternates, passes included."""
    rng = random.Random(41)
    for _ in range(6):
        state = GAME.initial_state()
        while GAME.outcome(state) is None:
            legal = GAME.legal_moves(state)
            assert legal and (legal == [PASS] or PASS not in legal)
            loaded = GAME.load(json.loads(json.dumps(GAME.dump(state))))
            assert loaded == state
            for square in range(64):
                if square not in legal:
                    with pytest.raises(EngineError) as caught:
                        GAME.play(state, square)
                    assert caught.value.code in ("occupied", "no-flip")
            for move in legal:
                assert GAME.parse_move(state, GAME.format_move(state, move).upper()) == move
            mover = GAME.to_move(state)
            state = GAME.play(state, rng.choice(legal))
            assert GAME.to_move(state) == 1 - mover
        black, white = GAME.discs(state)
        winner = 0 if black > white else 1 if white > black else None
        assert GAME.outcome(state) == Outcome(winner, "discs", ())


def test_bad_states_are_refused():
    for entry in read("positions.json")["bad_states"]:
        with pytest.raises(EngineError) as caught:
            GAME.load(entry["data"])
        assert caught.value.code == "bad-state", entry["name"]
        assert len(caught.value.message) < 90


def test_loaded_positions_follow_the_rules_of_play():
    # A side with no discs left is the one to move (the other moved last); at the end either
    # side may be to move, as play leaves it.
    data = {"game": "reversi", "to_move": 1, "board": vectors.board_of(
        "c3 d3 e3 d4 e4 d5 e5", "")}
    assert GAME.outcome(GAME.load(data)) == Outcome(0, "discs", ())
    with pytest.raises(EngineError):
        GAME.load({**data, "to_move": 0})
    # one group across a diagonal is still one group
    diagonal = {"game": "reversi", "to_move": 0, "board": vectors.board_of(
        "f6 g7 h8 e4 d5", "d4 e5")}
    assert GAME.legal_moves(GAME.load(diagonal))


@pytest.mark.parametrize("name", ["games.json", "positions.json", "solve.json"])
def test_committed_vectors_match_the_engine(name):
    committed = (vectors.VECTORS_DIR / name).read_text(encoding="utf-8")
    build = {"games.json": vectors.build_games, "positions.json": vectors.build_positions,
             "solve.json": vectors.build_solve}[name]
    assert committed == build(), f"{name} is stale: run python -m tests.games.reversi_vectors"


def test_the_vectors_hold_every_kind_of_ending():
    games = read("games.json")["games"]
    assert len([g for g in games if g["kind"] == "random"]) >= 200
    finals = [g["steps"][-1]["outcome"] for g in games]
    assert all(outcome is not None for outcome in finals[:200])
    boards = [g["final"]["board"] for g in games]
    assert any(o["winner"] is None for o in finals)
    assert any("." in b and "b" in b and "w" in b for b in boards)  # both blocked
    assert any("b" not in b for b in boards) and any("w" not in b for b in boards)
    assert sum("pass" in g["moves"] for g in games) >= 20


def test_perft_from_the_start():
    """Move sequences of each length, passes counted; published figures (perft.json)."""
    expected = read("perft.json")["counts"][:9]
    counts = [0] * len(expected)

    def walk(state, ply):
        counts[ply] += 1
        if ply == len(expected) - 1 or GAME.outcome(state) is not None:
            return
        moves = GAME.legal_moves(state)
        if ply + 2 == len(expected):
            counts[ply + 1] += len(moves)
            return
        for move in moves:
            walk(GAME.play(state, move), ply + 1)

    walk(GAME.initial_state(), 0)
    assert counts == expected


def minimax(state, side):
    """The final score for `side` with best play, by brute force over the protocol."""
    outcome = GAME.outcome(state)
    if outcome is not None:
        black, white = GAME.discs(state)
        mine, theirs = (white, black) if side else (black, white)
        return reversi.final_score(
            sum(1 << i for i in range(mine)), sum(1 << (63 - i) for i in range(theirs))
        )
    scores = [minimax(GAME.play(state, move), side) for move in GAME.legal_moves(state)]
    return max(scores) if GAME.to_move(state) == side else min(scores)


def test_the_solver_equals_brute_force_on_small_endgames():
    entries = [e for e in read("solve.json")["entries"] if e["empties"] <= 6]
    assert len(entries) >= 20
    for entry in entries:
        state = GAME.load(entry["position"])
        assert reversi_solve.solve(state) == entry["score"]
        assert minimax(state, GAME.to_move(state)) == entry["score"], entry


def test_the_solver_window_and_scores():
    entry = next(e for e in read("solve.json")["entries"] if e["empties"] == 10)
    state = GAME.load(entry["position"])
    score = entry["score"]
    player, opponent = (state.white, state.black) if GAME.to_move(state) else (
        state.black, state.white)
    assert reversi_solve.negamax(player, opponent, score - 1, score + 1) == score
    assert reversi_solve.negamax(player, opponent, score, score + 2) <= score  # fails low
    assert reversi_solve.negamax(player, opponent, score - 2, score) >= score  # fails high
    assert all(s % 2 == 0 and -64 <= s <= 64 for s in (e["score"] for e in
               read("solve.json")["entries"]))


def test_final_score_gives_the_empty_squares_to_the_winner():
    assert reversi.final_score(0b111, 0b1) == 64 - 2
    assert reversi.final_score(0b1, 0b111) == 2 - 64
    assert reversi.final_score(0b11, 0b1100) == 0


def test_the_known_scores_are_of_the_generators_positions():
    """solve-known.json (written with --known: minutes of solving) holds the positions the
    generator picks; its scores are checked by the JavaScript solver, and the fastest here."""
    entries = read("solve-known.json")["entries"]
    states = vectors.solve_positions(list(vectors.KNOWN_EMPTIES), vectors.KNOWN_SEED)
    assert [entry["position"] for entry in entries] == [GAME.dump(state) for state in states]
    assert [entry["empties"] for entry in entries] == list(vectors.KNOWN_EMPTIES)
    first = entries[0]
    assert reversi_solve.solve(GAME.load(first["position"])) == first["score"]

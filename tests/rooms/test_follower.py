"""The one Python room follower (tools/rooms_harness.py RoomFollower), used by the socket
tests and the load benchmark: it follows the room as RoomSession does and asks for a resync
on any gap (docs/PROTOCOL.md, "Versions")."""

from games.engine import registry
from tools.rooms_harness import RoomFollower

YOU = {"seat": "host", "side": 0}


def header(version, ply, round_number=1, status="playing"):
    return {"version": version, "ply": ply, "round": round_number, "status": status}


def moved(version, ply, text, round_number=1):
    move = {"text": text, "player": ply % 2, "ply": ply}
    room = header(version, ply + 1, round_number)
    return {"type": "room", "event": "moved", "you": YOU, "room": room, "move": move}


def test_a_full_state_in_slices_then_one_move_per_event():
    follower = RoomFollower(registry.get("score-four"))
    assert follower.take({"type": "welcome", "you": YOU, "room": header(5, 3)}) is None
    assert follower.take({"type": "moves", "round": 1, "from": 0, "moves": ["A1", "B1"]}) is None
    assert follower.take({"type": "moves", "round": 1, "from": 2, "moves": ["A1"]}) == "ready"
    assert follower.moves == ["A1", "B1", "A1"]
    assert follower.take(moved(6, 3, "B1")) == "moved"
    assert follower.take(moved(6, 3, "B1")) is None  # not newer: ignored
    assert follower.moves == ["A1", "B1", "A1", "B1"]
    game = registry.get("score-four")
    replayed = game.initial_state()
    for text in follower.moves:
        replayed = game.play(replayed, game.parse_move(replayed, text))
    assert game.dump(follower.state) == game.dump(replayed)  # the position follows the moves


def test_gaps_ask_for_a_resync():
    follower = RoomFollower()
    follower.take({"type": "welcome", "you": YOU, "room": header(2, 0)})
    assert follower.room == header(2, 0)
    assert follower.take(moved(4, 0, "A1")) == "sync"  # version 3 never came
    assert follower.take({"type": "pong", "version": 9}) == "sync"  # the heartbeat's read
    assert follower.take(moved(3, 0, "A1")) == "moved"
    rematch = {"type": "room", "event": "rematch-started", "you": YOU, "room": header(4, 0, 2)}
    assert follower.take(rematch) == "changed" and follower.moves == []
    assert follower.take({"type": "state", "you": YOU, "room": header(9, 1, 2)}) is None
    assert follower.take({"type": "moves", "round": 2, "from": 5, "moves": ["B2"]}) == "sync"

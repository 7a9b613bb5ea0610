"""Friend rooms against a real daphne process with the transport limits of scripts/run.sh,
through real sockets: the longest games to the end with a reload in the middle, every
message the server sends within its bound, and a hostile client that cannot break a room.

The server runs with the per-socket and per-client message limits raised, so that thousands
of requests take seconds; the limits themselves are tested in test_consumers.py and, across
two processes, in test_scale_out.py."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path

import pytest

from games.engine import registry
from games.engine.base import play_text
from rooms.consumers import CLOSE_GONE, MAX_SEND_BYTES
from rooms.protocol import MAX_MESSAGE_BYTES
from tests.rooms.long_games import full_board, long_game
from tests.rooms.scale_out import (
    ROOT,
    Client,
    Daphne,
    create_room,
    join_room,
    migrate,
    run_sh_daphne_args,
)

TRANSPORT_LIMITS = ("--websocket-max-message-size", "--websocket-max-frame-size")

FAST = {
    "LIMIT_SOCKET_MESSAGES_PER_SECOND": "100000",
    "LIMIT_SOCKET_CLOSE_PER_SECOND": "100000",
    "LIMIT_SOCKET_MESSAGES_CAPACITY": "1000000",
    "LIMIT_ROOM_CREATION_CAPACITY": "1000",
    "LIMIT_SOCKET_CONNECTS_CAPACITY": "100000",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    base = tmp_path_factory.mktemp("live")
    env = {"SQLITE_PATH": str(base / "db.sqlite3"), "LITTLE_TABLE_LOCAL_DIR": str(base), **FAST}
    migrate(env)
    daphne = Daphne(env, base / "daphne.log")
    daphne.db_path = base / "db.sqlite3"  # the tests' clock: they move times back in it
    try:
        yield daphne
    finally:
        daphne.stop()


def test_the_servers_are_started_with_the_same_transport_limits():
    """These tests' servers take scripts/run.sh's flags; the production unit in deploy/ must
    give the same limits, above both of the protocol's own."""
    args = run_sh_daphne_args()
    limits = {flag: args[args.index(flag) + 1] for flag in TRANSPORT_LIMITS}
    assert all(int(value) > max(MAX_MESSAGE_BYTES, MAX_SEND_BYTES) for value in limits.values())
    flags = " ".join(f"{flag} {value}" for flag, value in limits.items())
    unit = ROOT / "deploy" / "systemd" / "little-table@.service"
    assert flags in " ".join(unit.read_text().split())


async def seated_pair(server, slug, variant=""):
    room_id, host = create_room(server.port, slug, variant)
    _status, guest = join_room(server.port, room_id)
    white = await Client.open(server.origin, room_id, host)
    black = await Client.open(server.origin, room_id, guest)
    return room_id, {host: white, guest: black}, (host, guest)


async def play_through(players_by_side, moves, start):
    for ply in range(start, len(moves)):
        mover = players_by_side[ply % 2]
        await mover.play(ply, moves[ply], others=[players_by_side[1 - ply % 2]], pace=0)


LONGEST = [
    ("nine-mens-morris", 1000),
    ("dara", 1500),
    ("three-mens-morris", 120),
    ("score-four", 64),
    ("tic-tac-toe", 9),
    ("nine-mens-morris", 300),  # the lengths the defect was found at
    ("dara", 200),
]


@pytest.mark.parametrize(("slug", "length"), LONGEST)
def test_the_longest_games_play_to_the_end_with_a_reload_in_the_middle(server, slug, length):
    play_to_the_end_with_a_reload(server, slug, long_game(slug, length))


@pytest.mark.parametrize("variant", ["freestyle", "exact-five", "renju"])
def test_a_full_gomoku_board_plays_to_the_end_under_each_rule_setting(server, variant):
    """225 moves, the largest board: every message within its bound, the draw by a full
    board, and the room's rule setting in every header."""
    moves = full_board()
    assert len(moves) == 225
    clients = play_to_the_end_with_a_reload(server, "gomoku", moves, variant)
    assert {client.room["variant"] for client in clients} == {variant}
    assert clients[0].room["outcome"] == {"winner": None, "reason": "full", "cells": []}


# Black (the host) fills A1-D1 and F1 while white plays apart; E1 then makes six in a row.
OVERLINE = ["A1", "A15", "B1", "B15", "C1", "C15", "D1", "H15", "F1", "J15"]
FIVE = ["G8", "A13", "H8", "C13", "I8", "E13", "J8", "G13", "K8"]  # exactly five on row 8
# What black's six does under each rule setting: a win, nothing (play goes on), refused.
SIX_IN_A_ROW = {"freestyle": "wins", "exact-five": "plays on", "renju": "renju-overline"}
# ... and how black goes on to win: the six itself, or five on row 8 (after white's reply
# where the six was played and won nothing).
AFTER_SIX = {"freestyle": ["E1"], "exact-five": ["E1", "N15", *FIVE], "renju": FIVE}


@pytest.mark.parametrize("variant", list(SIX_IN_A_ROW))
def test_a_gomoku_room_plays_by_the_hosts_rule_setting_and_keeps_it(server, variant):
    async def scenario():
        room_id, clients, (host, guest) = await seated_pair(server, "gomoku", variant)
        black, white = clients[host], clients[guest]
        assert black.room["variant"] == white.room["variant"] == variant
        await play_through({0: black, 1: white}, OVERLINE, 0)
        ply = len(OVERLINE)
        if SIX_IN_A_ROW[variant] == "renju-overline":
            before = black.room
            await black.send({"type": "move", "ply": ply, "move": "E1"})
            error = await black.expect("error")
            assert (error["code"], error["for"]) == ("renju-overline", "move")
            assert "E1" not in error["message"].upper()
            await black.send({"type": "ping"})  # the socket stays open
            await black.expect("pong")
            await black.send({"type": "sync"})
            await black.expect("ready")
            assert black.room["version"] == before["version"] and black.moves == OVERLINE
        moves = [*OVERLINE, *AFTER_SIX[variant]]
        await play_through({0: black, 1: white}, moves, ply)
        for client in (black, white):
            assert client.room["status"] == "finished" and client.room["outcome"]["winner"] == 0
        await black.send({"type": "rematch", "round": 1})
        await white.send({"type": "rematch", "round": 1})
        for client in (black, white):
            await client.expect("room", where=lambda m: m["event"] == "rematch-started")
            assert client.room["variant"] == variant and client.room["round"] == 2
        assert (black.you["side"], white.you["side"]) == (1, 0)  # colours swapped
        # The guest is black now: under Renju its six is refused in the same way.
        await play_through({0: white, 1: black}, OVERLINE, 0)
        await white.send({"type": "move", "ply": ply, "move": "E1"})
        if variant == "renju":
            assert (await white.expect("error"))["code"] == "renju-overline"
        else:
            await white.expect("room", where=lambda m: m["room"]["ply"] > ply)
        for client in (black, white):
            assert client.largest <= MAX_SEND_BYTES
            await client.close()

    asyncio.run(scenario())
    assert "Traceback" not in server.log_path.read_text()


def reversi_game_with_passes() -> list[str]:
    """A whole seeded random Reversi game in which both a pass and the end by counting occur
    (seed 8: 62 plies, two of them passes, white wins 42 to 22)."""
    game = registry.get("reversi")
    rng, state, moves = random.Random(8), game.initial_state(), []
    while game.outcome(state) is None:
        move = rng.choice(game.legal_moves(state))
        moves.append(game.format_move(state, move))
        state = game.play(state, move)
    return moves


def test_a_reversi_room_plays_passes_as_moves_and_ends_by_counting(server):
    """A pass is a move of the room protocol: sent, applied, in every client's move list and
    after a reload; a pass while a square is legal is refused and changes nothing."""
    moves = reversi_game_with_passes()
    assert moves.count("pass") >= 2
    clients = play_to_the_end_with_a_reload(server, "reversi", moves)
    assert clients[0].room["outcome"] == {"winner": 1, "reason": "discs", "cells": []}
    assert all(client.moves.count("pass") == moves.count("pass") for client in clients)

    async def refused_pass():
        _room_id, players, (host, _guest) = await seated_pair(server, "reversi")
        black = players[host]
        before = black.room
        await black.send({"type": "move", "ply": 0, "move": "pass"})
        error = await black.expect("error")
        assert (error["code"], error["for"]) == ("pass-not-allowed", "move")
        await black.send({"type": "sync"})
        await black.expect("ready")
        assert black.room["version"] == before["version"] and black.moves == []
        for client in players.values():
            await client.close()

    asyncio.run(refused_pass())
    assert "Traceback" not in server.log_path.read_text()


def play_to_the_end_with_a_reload(server, slug, moves, variant=""):
    """Plays `moves` in a new room, the first player reloading half-way, a watcher arriving
    at the end; checks what everyone holds then. Returns the two players and the watcher."""
    game = registry.get(slug)
    state = game.initial_state(variant) if variant else game.initial_state()
    for text in moves:
        state = play_text(game, state, text)
    expected = game.outcome(state).to_json()

    async def scenario():
        room_id, clients, (host, guest) = await seated_pair(server, slug, variant)
        by_side = {0: clients[host], 1: clients[guest]}
        everyone = list(clients.values())
        half = len(moves) // 2
        await play_through(by_side, moves[:half], 0)
        await by_side[0].close()  # a reload: the page's socket closes, a new one opens
        by_side[0] = await Client.open(server.origin, room_id, host)
        everyone.append(by_side[0])
        assert by_side[0].moves == moves[:half] and by_side[0].you["side"] == 0
        await play_through(by_side, moves, half)
        watcher = await Client.open(server.origin, room_id)  # arrives at the end
        everyone.append(watcher)
        for client in (by_side[0], by_side[1], watcher):
            assert client.moves == moves
            assert client.room["status"] == "finished"
            assert client.room["outcome"] == expected
        for client in everyone:
            assert client.largest <= MAX_SEND_BYTES
            assert client.resyncs == 0  # every event came, in order
            await client.close()
        return [by_side[0], by_side[1], watcher]

    return asyncio.run(scenario())


def test_frames_past_the_message_limit_are_answered_not_dropped(server):
    async def scenario():
        room_id, clients, _ = await seated_pair(server, "score-four")
        white = next(iter(clients.values()))
        for frame in ("x" * 5000, "가" * 2012, json.dumps({"type": "ping", "pad": "y" * 60000})):
            await white.connection.send(frame)
            error = await white.expect("error")
            assert error["code"] == "too-large"
        # Past the transport's limit daphne drops the connection (documented); the room and
        # the seat are unharmed and the client's reconnect gets the whole state.
        from websockets.exceptions import ConnectionClosed

        await white.connection.send("z" * 70000)
        with pytest.raises(ConnectionClosed):
            await white.expect("error", timeout=5)
        host = next(iter(clients))
        again = await Client.open(server.origin, room_id, host)
        assert again.you["seat"] == "host" and again.room["status"] == "playing"
        for client in [*clients.values(), again]:
            await client.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("path", ["/ws/rooms/a%2Fb/", "/ws/nothing/", "/ws/rooms/%00/"])
def test_a_socket_path_that_is_no_room_closes_with_4404(server, path):
    from websockets.asyncio.client import connect

    async def scenario():
        url = server.origin.replace("http", "ws", 1) + path
        async with connect(url, origin=server.origin) as socket:
            error = json.loads(await socket.recv())
            assert error["code"] == "room-gone"
            await socket.wait_closed()
            assert socket.close_code == CLOSE_GONE

    asyncio.run(scenario())
    assert "Traceback" not in server.log_path.read_text()


# --- the hostile client --------------------------------------------------------------------


def documented_error_codes() -> set[str]:
    text = (ROOT / "docs" / "PROTOCOL.md").read_text()
    section = text.split("### Error codes", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`([a-z][a-z0-9-]+)`", section))


def hostile_messages(ply, played, illegal="E5"):
    """(sender, frame) pairs: who sends ("mover", "waiter", "watcher") and what. `illegal`:
    a move the game refuses at `ply` (sent with a field too many)."""
    last = played[-1]
    frames = [
        ("mover", "{not json"),
        ("mover", "[" * 3000 + "]" * 3000),
        ("waiter", '{"a":' * 600 + "1" + "}" * 600),
        ("mover", "[1, 2]"),
        ("mover", "null"),
        ("waiter", json.dumps({"kind": "move"})),
        ("mover", json.dumps({"type": "x" * 4070})),
        ("waiter", json.dumps({"type": "가" * 700}, ensure_ascii=False)),
        ("mover", json.dumps({"type": 7})),
        ("mover", json.dumps({"type": {"type": "move"}})),
        ("mover", b"\x00\x01binary"),
        ("waiter", "x" * 4097),
        ("mover", "가" * 2012),
        ("mover", json.dumps({"type": "move", "ply": ply})),
        ("mover", json.dumps({"type": "move", "move": "A1"})),
        ("mover", '{"type": "move", "ply": ' + "9" * 4000 + ', "move": "A1"}'),
        ("mover", json.dumps({"type": "move", "ply": True, "move": "A1"})),
        ("mover", json.dumps({"type": "move", "ply": float(ply), "move": "A1"})),
        ("mover", json.dumps({"type": "move", "ply": str(ply), "move": "A1"})),
        ("mover", json.dumps({"type": "move", "ply": None, "move": "A1"})),
        ("mover", json.dumps({"type": "move", "ply": -1, "move": "A1"})),
        ("mover", json.dumps({"type": "move", "ply": ply, "move": 11})),
        ("mover", json.dumps({"type": "move", "ply": ply, "move": ["A1"]})),
        ("mover", json.dumps({"type": "move", "ply": ply, "move": ""})),
        ("mover", json.dumps({"type": "move", "ply": ply, "move": "A1" * 40})),
        ("mover", json.dumps({"type": "move", "ply": ply, "move": "Z9"})),
        ("mover", json.dumps({"type": "move", "ply": ply + 1, "move": "A1"})),
        ("mover", json.dumps({"type": "move", "ply": 0, "move": played[0]})),
        ("mover", json.dumps({"type": "move", "ply": ply - 1, "move": "C3"})),
        ("waiter", json.dumps({"type": "move", "ply": ply, "move": "A1"})),
        ("waiter", json.dumps({"type": "move", "ply": ply - 1, "move": last})),
        ("watcher", json.dumps({"type": "move", "ply": ply, "move": "A1"})),
        ("watcher", json.dumps({"type": "rematch", "round": 1})),
        ("mover", json.dumps({"type": "rematch", "round": 1})),
        ("mover", json.dumps({"type": "rematch", "round": True})),
        ("mover", json.dumps({"type": "rematch", "round": 1.0})),
        ("mover", json.dumps({"type": "rematch"})),
        ("waiter", json.dumps({"type": "rematch", "round": 2})),
        ("mover", json.dumps({"type": "move", "ply": ply, "move": illegal, "extra": "x" * 3000})),
        ("watcher", "   "),
    ]
    return frames


# The rooms under attack: Score Four, black to move at ply 5 (E5: no such peg); Gomoku under
# Renju, black to move at ply 10 (A1: taken), E1 a forbidden overline sent among the barrage.
ATTACKED = [
    ("score-four", "", ["A1", "B1", "A1", "B1", "C1"], "E5", ()),
    ("gomoku", "renju", OVERLINE, "A1", (("mover", "E1", "renju-overline"),)),
]


@pytest.mark.parametrize(("slug", "variant", "opening", "illegal", "extra"), ATTACKED)
def test_a_hostile_client_cannot_break_a_room_or_the_server(
    server, slug, variant, opening, illegal, extra
):
    documented = documented_error_codes()
    other_game = long_game("score-four", 40, seed=5)

    async def bystanders(room_id, clients, host, guest):
        by_side = {0: clients[host], 1: clients[guest]}
        await play_through(by_side, other_game, 0)
        return by_side[0].room

    async def scenario():
        room_id, clients, (host, guest) = await seated_pair(server, slug, variant)
        by_side = {0: clients[host], 1: clients[guest]}
        await play_through(by_side, opening, 0)
        watcher = await Client.open(server.origin, room_id)
        before = dict(by_side[0].room)
        ply = len(opening)
        senders = {"mover": by_side[ply % 2], "waiter": by_side[1 - ply % 2], "watcher": watcher}
        other = await seated_pair(server, "score-four")
        meanwhile = asyncio.create_task(bystanders(other[0], other[1], *other[2]))
        sent, answered = 0, []
        frames = hostile_messages(ply, opening, illegal)
        for who, text, _code in extra:  # a move the game's own rules refuse here
            frames.append((who, json.dumps({"type": "move", "ply": ply, "move": text})))
        while sent < 2000:
            for who, frame in frames:
                await senders[who].connection.send(frame)
                error = await senders[who].expect("error")
                answered.append(error["code"])
                sent += 1
        other_room = await meanwhile
        assert other_room["status"] == "finished" and other_room["ply"] == len(other_game)
        assert set(answered) <= documented, set(answered) - documented
        assert {code for _who, _text, code in extra} <= set(answered)
        assert len(set(answered)) >= 12  # the barrage met many different refusals
        for client in senders.values():  # nobody was closed: each still gets a pong
            await client.send({"type": "ping"})
            await client.expect("pong")
        await watcher.send({"type": "sync"})
        await watcher.expect("ready")
        assert watcher.room["version"] == before["version"] and watcher.moves == opening
        for client in [*senders.values(), *other[1].values()]:
            assert client.largest <= MAX_SEND_BYTES
            await client.close()
        return sent

    assert asyncio.run(scenario()) >= 2000
    log = server.log_path.read_text()
    assert "Traceback" not in log and "1011" not in log


def test_the_log_has_no_traceback(server):
    assert "Traceback" not in Path(server.log_path).read_text()


def test_endings_by_agreement_and_a_friend_who_left(server):
    """Resign, draw offers and the claim of a left game through real sockets; the server's
    clock is the test's: it moves the friend's last-seen time back in the server's database."""
    import sqlite3
    from datetime import UTC, datetime, timedelta

    def friend_left_ago(room_id, seconds):
        past = (datetime.now(UTC) - timedelta(seconds=seconds)).strftime("%Y-%m-%d %H:%M:%S.%f")
        with sqlite3.connect(server.db_path) as db:
            db.execute("UPDATE rooms_room SET guest_seen_at = ? WHERE id = ?", (past, room_id))

    async def scenario():
        room_id, clients, (host, guest) = await seated_pair(server, "dara")
        white, black = clients[host], clients[guest]
        await white.send({"type": "offer-draw", "round": 1})
        await black.expect("room", where=lambda m: m["event"] == "draw-offered")
        await black.send({"type": "answer-draw", "round": 1, "accept": False})
        await white.expect("room", where=lambda m: m["event"] == "draw-declined")
        await black.close()  # the friend leaves
        presence = await white.expect("presence", where=lambda m: not m["players"][1])
        assert presence["away"][0] is None and presence["away"][1] < 10
        await white.send({"type": "claim", "round": 1, "result": "win"})
        assert (await white.expect("error"))["code"] == "too-early"
        friend_left_ago(room_id, 301)
        await white.send({"type": "claim", "round": 1, "result": "win"})
        event = await white.expect("room", where=lambda m: m["event"] == "abandoned")
        assert event["room"]["outcome"] == {"winner": 0, "reason": "abandoned", "cells": []}
        black = await Client.open(server.origin, room_id, guest)  # back, too late
        assert black.room["status"] == "finished"
        await black.send({"type": "rematch", "round": 1})
        await white.send({"type": "rematch", "round": 1})
        await white.expect("room", where=lambda m: m["event"] == "rematch-started")
        await white.send({"type": "resign", "round": 2})  # white is black now, and resigns
        event = await black.expect("room", where=lambda m: m["event"] == "resigned")
        assert event["room"]["outcome"]["winner"] == 0 and black.you["side"] == 0
        for client in (white, black):
            await client.close()

    asyncio.run(scenario())

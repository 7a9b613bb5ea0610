"""The rules of a room, without sockets: rooms.services."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from rooms import services
from rooms.models import Connection, CreationWindow, Move, Room
from rooms.services import RoomError

pytestmark = pytest.mark.django_db

# White wins Score Four on peg A1 (four balls on one peg); black stacks on B1.
SCORE_FOUR_WIN = ["A1", "B1", "A1", "B1", "A1", "B1", "A1"]


def started(game="score-four"):
    room, host = services.create_room(game)
    joined = services.join(room.id, None)
    return joined.room, host, joined.secret


def play_all(room, host, guest, moves):
    secrets_by_side = {room.host_side: host, 1 - room.host_side: guest}
    for ply, text in enumerate(moves, start=room.ply):
        room = services.play_move(room.id, secrets_by_side[ply % 2], ply, text)
    return room


def code_of(call, *args):
    with pytest.raises(RoomError) as caught:
        call(*args)
    return caught.value.code


def test_create_gives_an_unguessable_id_and_a_hashed_seat_secret():
    room, secret = services.create_room("tic-tac-toe")
    assert len(room.id) >= 22  # 16 random bytes, url-safe base64
    assert room.status == Room.WAITING and room.host_side == 0
    assert secret not in room.host_secret and len(room.host_secret) == 64
    assert services.seat_of(room, secret) == "host"
    assert services.seat_of(room, "forged") == ""
    other, _ = services.create_room("tic-tac-toe")
    assert other.id != room.id


def test_create_refuses_an_unknown_game():
    assert code_of(services.create_room, "chess") == "unknown-game"


def test_join_takes_the_black_seat_and_starts_the_game():
    room, host = services.create_room("score-four")
    joined = services.join(room.id, None)
    assert joined.seat == "guest" and joined.secret
    assert joined.room.status == Room.PLAYING
    assert services.side_of(joined.room, "guest") == 1
    assert joined.room.version == room.version + 1
    again = services.join(room.id, joined.secret)  # a reload: same seat, no new secret
    assert (again.seat, again.secret) == ("guest", None)
    assert services.join(room.id, host).seat == "host"
    assert code_of(services.join, room.id, None) == "seat-taken"


@pytest.mark.django_db(transaction=True)
def test_many_simultaneous_joins_give_exactly_one_seat():
    room, _ = services.create_room("score-four")
    results: list[str] = []
    barrier = threading.Barrier(8)

    def try_join():
        barrier.wait()
        try:
            results.append(services.join(room.id, None).seat)
        except RoomError as error:
            results.append(error.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=try_join) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["guest"] + ["seat-taken"] * 7
    assert Room.objects.get(id=room.id).guest_secret is not None


def test_cancel_only_by_the_host_and_only_while_waiting():
    room, host = services.create_room("dara")
    assert code_of(services.cancel, room.id, "someone") == "not-host"
    assert services.cancel(room.id, host).status == Room.CANCELLED
    assert code_of(services.join, room.id, None) == "room-cancelled"
    room, host, _guest = started()
    assert code_of(services.cancel, room.id, host) == "not-waiting"


def test_a_full_game_is_stored_move_by_move():
    room, host, guest = started()
    room = play_all(room, host, guest, SCORE_FOUR_WIN)
    assert room.status == Room.FINISHED and room.ply == 7
    cells = ["A1/1", "A1/2", "A1/3", "A1/4"]
    assert room.outcome == {"winner": 0, "reason": "line", "cells": cells}
    snapshot = services.snapshot(room)
    assert [m["text"] for m in snapshot["moves"]] == SCORE_FOUR_WIN
    assert [m["player"] for m in snapshot["moves"]] == [0, 1, 0, 1, 0, 1, 0]
    assert snapshot["state"]["pegs"][0] == "wwww"


def test_moves_are_stored_canonically():
    room, host, guest = started("tic-tac-toe")
    room = services.play_move(room.id, host, 0, "B2")
    assert services.snapshot(room)["moves"] == [{"text": "b2", "player": 0}]


def test_duplicate_stale_future_and_out_of_turn_moves_change_nothing():
    room, host, guest = started()
    room = services.play_move(room.id, host, 0, "A1")
    before = (room.version, room.ply, room.state)
    assert code_of(services.play_move, room.id, host, 0, "a1") == "duplicate-move"
    assert code_of(services.play_move, room.id, guest, 0, "B1") == "stale-ply"
    assert code_of(services.play_move, room.id, guest, 2, "B1") == "future-ply"
    assert code_of(services.play_move, room.id, host, 1, "B1") == "not-your-turn"
    assert code_of(services.play_move, room.id, None, 1, "B1") == "not-a-player"
    assert code_of(services.play_move, room.id, "forged", 1, "B1") == "not-a-player"
    room.refresh_from_db()
    assert (room.version, room.ply, room.state) == before
    assert Move.objects.filter(room=room).count() == 1


def test_illegal_moves_carry_the_engine_code():
    room, host, guest = started()
    room = play_all(room, host, guest, ["A1", "A1", "A1", "A1"])
    assert code_of(services.play_move, room.id, host, 4, "A1") == "peg-full"
    assert code_of(services.play_move, room.id, host, 4, "Z9") == "bad-notation"
    assert code_of(services.play_move, room.id, host, "4", "B1") == "bad-field"
    assert code_of(services.play_move, room.id, host, -1, "B1") == "bad-field"
    assert code_of(services.play_move, room.id, host, 4, "") == "bad-field"
    assert code_of(services.play_move, room.id, host, 4, ["B1"]) == "bad-field"
    assert Room.objects.get(id=room.id).ply == 4


def test_no_move_before_the_friend_joins_or_after_the_end():
    room, host = services.create_room("score-four")
    assert code_of(services.play_move, room.id, host, 0, "A1") == "not-started"
    room, host, guest = started()
    room = play_all(room, host, guest, SCORE_FOUR_WIN)
    assert code_of(services.play_move, room.id, guest, 7, "B1") == "game-over"


@pytest.mark.django_db(transaction=True)
def test_two_moves_racing_for_one_ply_apply_once():
    room, host, guest = started("tic-tac-toe")
    results: list[str] = []
    barrier = threading.Barrier(6)

    def send(text):
        barrier.wait()
        try:
            services.play_move(room.id, host, 0, text)
            results.append("applied")
        except RoomError as error:
            results.append(error.code)
        finally:
            connections.close_all()

    texts = ["a1", "b1", "c1", "a2", "b2", "c2"]
    threads = [threading.Thread(target=send, args=(text,)) for text in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results.count("applied") == 1
    assert set(results) - {"applied"} <= {"stale-ply"}
    assert Move.objects.filter(room_id=room.id).count() == 1
    assert Room.objects.get(id=room.id).ply == 1


def test_rematch_swaps_colours_when_both_ask():
    room, host, guest = started()
    assert code_of(services.request_rematch, room.id, host, 1) == "not-finished"
    room = play_all(room, host, guest, SCORE_FOUR_WIN)
    assert code_of(services.request_rematch, room.id, None, 1) == "not-a-player"
    assert code_of(services.request_rematch, room.id, host, 2) == "stale-round"
    room = services.request_rematch(room.id, host, 1)
    assert room.round == 1 and room.status == Room.FINISHED
    assert services.snapshot(room)["rematch"] == [True, False]
    room = services.request_rematch(room.id, guest, 1)
    assert room.round == 2 and room.status == Room.PLAYING and room.ply == 0
    assert room.host_side == 1  # the creator now plays black, the guest white
    assert services.snapshot(room)["moves"] == [] and room.outcome is None
    assert code_of(services.play_move, room.id, host, 0, "A1") == "not-your-turn"
    room = services.play_move(room.id, guest, 0, "A1")
    assert services.snapshot(room)["moves"] == [{"text": "A1", "player": 0}]
    assert code_of(services.request_rematch, room.id, guest, 1) == "stale-round"


def test_presence_follows_heartbeats_and_goes_stale():
    room, host, guest = started()
    services.connect(room.id, "chan-host", host)
    services.connect(room.id, "chan-watch", None)
    assert services.presence(room) == {"players": [True, False], "spectators": 1}
    services.connect(room.id, "chan-guest", guest)
    assert services.presence(room)["players"] == [True, True]
    # A process that died leaves its row; it stops counting once its heartbeat is old.
    old = timezone.now() - services.PRESENCE_STALE - timedelta(seconds=1)
    Connection.objects.filter(channel_name="chan-guest").update(seen_at=old)
    assert services.presence(room)["players"] == [True, False]
    services.heartbeat(room.id, "chan-guest", "guest")
    assert services.presence(room)["players"] == [True, True]
    services.disconnect("chan-host")
    assert services.presence(room) == {"players": [False, True], "spectators": 1}


def test_a_room_expires_after_thirty_idle_minutes():
    room, host, guest = started()
    past = timezone.now() - services.IDLE_LIMIT - timedelta(seconds=1)
    Room.objects.filter(id=room.id).update(last_active_at=past)
    assert code_of(services.live_room, room.id) == "room-gone"
    assert not Room.objects.filter(id=room.id).exists()  # expiry is enforced on access


def test_a_connected_room_is_not_idle_but_still_ends_after_a_day():
    room, host, guest = started()
    past = timezone.now() - services.IDLE_LIMIT - timedelta(seconds=1)
    services.connect(room.id, "chan", host)
    Room.objects.filter(id=room.id).update(last_active_at=past)
    assert services.live_room(room.id).id == room.id
    Room.objects.filter(id=room.id).update(created_at=timezone.now() - timedelta(hours=24))
    assert code_of(services.live_room, room.id) == "room-gone"


def test_unknown_and_malformed_ids_are_gone():
    assert code_of(services.live_room, "A" * 22) == "room-gone"
    assert code_of(services.live_room, "../../etc") == "room-gone"
    assert code_of(services.join, "x", None) == "room-gone"


def test_purge_deletes_expired_rooms_nobody_visits():
    keep, host, _ = started()
    idle, _, _ = started()
    old, _, _ = started()
    watched, _, _ = started()
    services.connect(watched.id, "watcher", None)  # still heartbeating: not idle
    now = timezone.now()
    Room.objects.filter(id__in=[idle.id, watched.id]).update(
        last_active_at=now - timedelta(minutes=31)
    )
    Room.objects.filter(id=old.id).update(created_at=now - timedelta(hours=25))
    dead = now - timedelta(hours=1)  # a row left by a process that died
    Connection.objects.create(channel_name="dead", room=keep, seat="host", seen_at=dead)
    CreationWindow.objects.create(key="k", window_start=now - timedelta(hours=1), count=3)
    removed = services.purge()
    assert removed == {"rooms": 2, "connections": 1, "limiter_windows": 1}
    assert set(Room.objects.values_list("id", flat=True)) == {keep.id, watched.id}
    assert Move.objects.filter(room_id__in=[idle.id, old.id]).count() == 0


def test_purge_command(capsys):
    from django.core.management import call_command

    room, _ = services.create_room("tic-tac-toe")
    Room.objects.filter(id=room.id).update(created_at=timezone.now() - timedelta(days=2))
    call_command("purge_rooms")
    assert "purged 1 rooms" in capsys.readouterr().out
    assert not Room.objects.exists()


def test_room_creation_is_rate_limited_per_client(monkeypatch):
    monkeypatch.setattr(services, "CREATIONS_PER_WINDOW", 3)
    for _ in range(3):
        services.allow_creation("203.0.113.5")
    assert code_of(services.allow_creation, "203.0.113.5") == "rate-limited"
    services.allow_creation("198.51.100.7")  # another client is not affected
    keys = list(CreationWindow.objects.values_list("key", flat=True))
    assert all("203.0.113.5" not in key for key in keys)  # never the address itself

"""The rules of a room, without sockets: rooms.services."""

from __future__ import annotations

import threading
from datetime import timedelta
from functools import partial

import pytest
from django.db import connections
from django.utils import timezone

from rooms import protocol, services
from rooms.models import Connection, Move, Room
from rooms.services import RoomError
from tests.concurrency import between_change_and_read, race
from throttle import limiter, limits
from throttle.models import Bucket

pytestmark = pytest.mark.django_db

# White wins Score Four on peg A1 (four balls on one peg); black stacks on B1.
SCORE_FOUR_WIN = ["A1", "B1", "A1", "B1", "A1", "B1", "A1"]


CLIENT = "203.0.113.1"


def started(game="score-four"):
    room, host = services.create_room(game)
    joined = services.join(room.id, None)
    return joined.room, host, joined.secret


def play(room_id, secret, ply, text):
    """play with the typed request a socket's message becomes."""
    return services.play_move(room_id, secret, protocol.Move(ply, text))


def rematch(room_id, secret, round_number):
    return services.request_rematch(room_id, secret, protocol.Rematch(round_number))


def play_all(room, host, guest, moves):
    secrets_by_side = {room.host_side: host, 1 - room.host_side: guest}
    for ply, text in enumerate(moves, start=room.ply):
        room = play(room.id, secrets_by_side[ply % 2], ply, text)
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
    assert services.move_texts(room) == SCORE_FOUR_WIN
    assert [m.side for m in Move.objects.filter(room=room)] == [0, 1, 0, 1, 0, 1, 0]
    assert room.state["pegs"][0] == "wwww"
    header = services.header(room)
    assert (header.ply, header.status, header.outcome.wire()) == (7, "finished", room.outcome)
    assert (
        "state" not in header.wire() and "moves" not in header.wire()
    )  # small, whatever the length


def test_moves_are_stored_canonically():
    room, host, guest = started("tic-tac-toe")
    room = play(room.id, host, 0, "B2")
    assert services.move_texts(room) == ["b2"]


def test_duplicate_stale_future_and_out_of_turn_moves_change_nothing():
    room, host, guest = started()
    room = play(room.id, host, 0, "A1")
    before = (room.version, room.ply, room.state)
    assert code_of(play, room.id, host, 0, "a1") == "duplicate-move"
    assert code_of(play, room.id, guest, 0, "B1") == "stale-ply"
    assert code_of(play, room.id, guest, 2, "B1") == "future-ply"
    assert code_of(play, room.id, host, 1, "B1") == "not-your-turn"
    assert code_of(play, room.id, None, 1, "B1") == "not-a-player"
    assert code_of(play, room.id, "forged", 1, "B1") == "not-a-player"
    room.refresh_from_db()
    assert (room.version, room.ply, room.state) == before
    assert Move.objects.filter(room=room).count() == 1


def test_illegal_moves_carry_the_engine_code():
    room, host, guest = started()
    room = play_all(room, host, guest, ["A1", "A1", "A1", "A1"])
    assert code_of(play, room.id, host, 4, "A1") == "peg-full"
    assert code_of(play, room.id, host, 4, "Z9") == "bad-notation"
    assert code_of(play, room.id, host, "4", "B1") == "bad-field"
    assert code_of(play, room.id, host, -1, "B1") == "bad-field"
    assert code_of(play, room.id, host, 4, "") == "bad-field"
    assert code_of(play, room.id, host, 4, ["B1"]) == "bad-field"
    assert Room.objects.get(id=room.id).ply == 4


def test_no_move_before_the_friend_joins_or_after_the_end():
    room, host = services.create_room("score-four")
    assert code_of(play, room.id, host, 0, "A1") == "not-started"
    room, host, guest = started()
    room = play_all(room, host, guest, SCORE_FOUR_WIN)
    assert code_of(play, room.id, guest, 7, "B1") == "game-over"


@pytest.mark.django_db(transaction=True)
def test_two_moves_racing_for_one_ply_apply_once():
    room, host, guest = started("tic-tac-toe")
    results: list[str] = []
    barrier = threading.Barrier(6)

    def send(text):
        barrier.wait()
        try:
            play(room.id, host, 0, text)
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
    assert code_of(rematch, room.id, host, 1) == "not-finished"
    room = play_all(room, host, guest, SCORE_FOUR_WIN)
    assert code_of(rematch, room.id, None, 1) == "not-a-player"
    assert code_of(rematch, room.id, host, 2) == "stale-round"
    room = rematch(room.id, host, 1)
    assert room.round == 1 and room.status == Room.FINISHED
    assert services.header(room).rematch == (True, False)
    version = room.version
    assert code_of(rematch, room.id, host, 1) == "duplicate-rematch"
    assert Room.objects.get(id=room.id).version == version  # nothing changed, nothing to send
    for confused in (True, 1.0, "1", None, [1], 10**400):
        assert code_of(rematch, room.id, guest, confused) == "bad-field"
    assert Room.objects.get(id=room.id).round == 1
    room = rematch(room.id, guest, 1)
    assert room.round == 2 and room.status == Room.PLAYING and room.ply == 0
    assert room.version == version + 1  # the second request and the start: one change
    assert room.host_side == 1  # the creator now plays black, the guest white
    assert services.move_texts(room) == [] and room.outcome is None
    assert code_of(play, room.id, host, 0, "A1") == "not-your-turn"
    room = play(room.id, guest, 0, "A1")
    assert services.move_texts(room) == ["A1"]
    assert code_of(rematch, room.id, guest, 1) == "stale-round"


def test_presence_follows_heartbeats_and_goes_stale():
    room, host, guest = started()
    services.connect(room.id, "chan-host", host, CLIENT)
    services.connect(room.id, "chan-watch", None, CLIENT)
    presence = services.presence(room)
    assert (presence.players, presence.spectators) == ((True, False), 1)
    assert presence.away[0] is None and 0 <= presence.away[1] < 5  # never came yet
    services.connect(room.id, "chan-guest", guest, CLIENT)
    assert services.presence(room).players == (True, True)
    # A process that died leaves its row; it stops counting once its heartbeat is old.
    old = timezone.now() - services.PRESENCE_STALE - timedelta(seconds=1)
    Connection.objects.filter(channel_name="chan-guest").update(seen_at=old)
    assert services.presence(room).players == (True, False)
    services.heartbeat(room.id, "chan-guest", guest, CLIENT)
    assert services.presence(room).players == (True, True)
    services.disconnect("chan-host")
    presence = services.presence(room)
    assert presence.fields() == {"players": [False, True], "spectators": 1, "away": [0, None]}


def test_a_room_expires_after_thirty_idle_minutes():
    room, host, guest = started()
    past = timezone.now() - services.IDLE_LIMIT - timedelta(seconds=1)
    Room.objects.filter(id=room.id).update(last_active_at=past)
    assert code_of(services.live_room, room.id) == "room-gone"
    assert not Room.objects.filter(id=room.id).exists()  # expiry is enforced on access


def test_a_connected_room_is_not_idle_but_still_ends_after_a_day():
    room, host, guest = started()
    past = timezone.now() - services.IDLE_LIMIT - timedelta(seconds=1)
    services.connect(room.id, "chan", host, CLIENT)
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
    services.connect(watched.id, "watcher", None, CLIENT)  # still heartbeating: not idle
    now = timezone.now()
    Room.objects.filter(id__in=[idle.id, watched.id]).update(
        last_active_at=now - timedelta(minutes=31)
    )
    Room.objects.filter(id=old.id).update(created_at=now - timedelta(hours=25))
    dead = now - timedelta(hours=1)  # a row left by a process that died
    Connection.objects.create(channel_name="dead", room=keep, seat="host", seen_at=dead)
    Bucket.objects.create(key="full-again", tat=now.timestamp() - 1)
    Bucket.objects.create(key="still-limited", tat=now.timestamp() + 60)
    removed = services.purge()
    assert removed == {"rooms": 2, "connections": 1, "limiter_buckets": 1, "transfers": 0}
    assert list(Bucket.objects.values_list("key", flat=True)) == ["still-limited"]
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
    monkeypatch.setattr(limits, "ROOM_CREATION", limiter.Limit("room-creation", 3, 30))
    for _ in range(3):
        services.allow_creation("203.0.113.5")
    assert code_of(services.allow_creation, "203.0.113.5") == "rate-limited"
    services.allow_creation("198.51.100.7")  # another client is not affected
    keys = list(Bucket.objects.values_list("key", flat=True))
    assert keys and all("203.0.113" not in key for key in keys)  # never the address itself


def test_an_expired_room_is_deleted_when_a_move_finds_it():
    room, host, guest = started()
    past = timezone.now() - services.IDLE_LIMIT - timedelta(seconds=1)
    Room.objects.filter(id=room.id).update(last_active_at=past)
    assert code_of(play, room.id, host, 0, "A1") == "room-gone"
    assert not Room.objects.filter(id=room.id).exists()


def test_move_fields_are_bounded_and_errors_quote_nothing_unbounded():
    room, host, guest = started()
    huge = 10**4000
    for ply in (huge, True, 1.0, protocol.MAX_PLY + 1):
        with pytest.raises(RoomError) as caught:
            play(room.id, host, ply, "A1")
        assert caught.value.code == "bad-field" and len(caught.value.message) < 100
    with pytest.raises(RoomError) as caught:
        play(room.id, host, protocol.MAX_PLY, "A1")
    assert caught.value.code == "future-ply" and str(protocol.MAX_PLY) not in caught.value.message
    assert code_of(play, room.id, host, 0, "가" * 33) == "bad-field"
    assert Room.objects.get(id=room.id).version == room.version


def test_sockets_per_client_and_watchers_per_room_are_capped(monkeypatch):
    monkeypatch.setattr(limits, "SOCKETS_PER_CLIENT", 3)
    monkeypatch.setattr(limits, "SPECTATORS_PER_ROOM", 2)
    key = limiter.client_key
    room, host, guest = started()
    other, _, _ = started()
    services.connect(room.id, "w1", None, key("198.51.100.1"))
    services.connect(room.id, "w2", None, key("198.51.100.2"))
    assert code_of(services.connect, room.id, "w3", None, key("198.51.100.3")) == "room-full"
    services.connect(room.id, "host", host, key("198.51.100.3"))  # players always get in
    services.connect(other.id, "a", None, key("2001:db8:1:2::1"))
    services.connect(other.id, "b", None, key("2001:db8:1:2::ff"))
    services.connect(room.id, "c", guest, key("2001:db8:1:2:aaaa::5"))  # the same /64
    refused = code_of(services.connect, other.id, "d", None, key("2001:db8:1:2::9"))
    assert refused == "too-many-sockets"
    third, _, _ = started()
    services.connect(third.id, "e", None, key("2001:db8:1:3::1"))  # the next /64: another client
    assert not Connection.objects.filter(channel_name__in=["w3", "d"]).exists()
    assert services.presence(room).fields() == {
        "players": [True, True],
        "spectators": 2,
        "away": [None, None],
    }
    assert not Connection.objects.filter(client__contains="2001").exists()


@pytest.mark.django_db(transaction=True)
def test_two_rematch_requests_at_once_start_one_round_with_one_version_each():
    for _ in range(5):
        room, host, guest = started()
        room = play_all(room, host, guest, SCORE_FOUR_WIN)
        results = race(
            {
                "host": partial(rematch, room.id, host, 1),
                "guest": partial(rematch, room.id, guest, 1),
            }
        )
        assert results == {"host": "ok", "guest": "ok"}
        after = Room.objects.get(id=room.id)
        assert (after.round, after.status, after.host_side) == (2, Room.PLAYING, 1)
        assert after.version == room.version + 2  # two requests, the start within the second


@pytest.mark.django_db(transaction=True)
def test_each_of_two_rematch_requests_at_once_reports_the_version_it_made(monkeypatch):
    """The friend's request comes between this request's change and its read of the room.
    Each event carries its own change's version (V+1 asked, V+2 started), not V+2 twice with
    V+1 never sent, which every client would see as a gap."""
    room, host, guest = started()
    room = play_all(room, host, guest, SCORE_FOUR_WIN)
    friends_result = between_change_and_read(
        monkeypatch, Room, lambda: rematch(room.id, guest, 1)
    )
    mine = rematch(room.id, host, 1)
    theirs = friends_result()
    assert (mine.version, mine.round) == (room.version + 1, 1)
    assert (theirs.version, theirs.round) == (room.version + 2, 2)

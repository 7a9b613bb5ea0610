"""The move path's recent copies of rooms (rooms/recent.py): they spare the read, and a stale
copy never lets a wrong move in nor refuses a right one."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rooms import protocol, recent, services, transfers
from rooms.models import Move, Room
from tests.rooms.test_services import code_of, play, rematch, started

pytestmark = pytest.mark.django_db


def reads_of_the_room(queries):
    return [q["sql"] for q in queries if q["sql"].startswith("SELECT") and "rooms_room" in q["sql"]]


def test_a_move_after_a_move_does_not_read_the_room():
    room, host, guest = started()
    play(room.id, host, 0, "A1")
    with CaptureQueriesContext(connection) as queries:
        play(room.id, guest, 1, "B1")
    assert reads_of_the_room(queries) == []
    assert Room.objects.get(id=room.id).ply == 2


def test_a_seat_moved_away_cannot_play_through_a_recent_copy():
    room, host, guest = started()
    play(room.id, host, 0, "A1")
    play(room.id, guest, 1, "B1")  # the copy holds the host's old seat digest
    joined = transfers.take(room.id, transfers.start(room.id, host))
    assert code_of(play, room.id, host, 2, "A2") == "not-a-player"
    assert Move.objects.filter(room_id=room.id).count() == 2
    assert play(room.id, joined.secret, 2, "A2").ply == 3


def test_a_stale_copy_neither_refuses_a_right_move_nor_applies_a_wrong_one():
    room, host, guest = started()
    play(room.id, host, 0, "A1")
    stale = recent.recall(room.id)
    play(room.id, guest, 1, "B1")
    play(room.id, host, 2, "C1")
    recent.remember(stale)  # as if another process had played the last two moves
    # Valid only against the stale copy (ply 1 is past): refused, nothing written.
    assert code_of(play, room.id, guest, 1, "D1") == "stale-ply"
    assert Room.objects.get(id=room.id).ply == 3
    recent.remember(stale)
    # Refused by the stale copy (it thinks ply 1 is next): applied after a fresh read.
    assert play(room.id, guest, 3, "D1").ply == 4
    texts = list(Move.objects.filter(room_id=room.id).values_list("text", flat=True))
    assert texts == ["A1", "B1", "C1", "D1"]


def test_the_copies_are_bounded(monkeypatch):
    monkeypatch.setattr(recent, "CAPACITY", 3)
    rooms = [started()[0] for _ in range(5)]
    for room in rooms:
        recent.remember(room)
    assert [recent.recall(r.id) is not None for r in rooms] == [False, False, True, True, True]


def test_a_move_made_elsewhere_is_followed_and_spares_the_next_read():
    room, host, guest = started()
    play(room.id, host, 0, "A1")
    before = recent.recall(room.id)
    room, move = services.apply_move(room.id, guest, protocol.Move(1, "B1"))
    recent.forget(room.id)
    recent.remember(before)  # as another process that only saw the first move has it
    recent.follow(services.header(room), move)  # ... until the `moved` event reaches it
    followed = recent.recall(room.id)
    stored = Room.objects.get(id=room.id)
    assert (followed.version, followed.ply, followed.state) == (
        stored.version,
        stored.ply,
        stored.state,
    )
    with CaptureQueriesContext(connection) as queries:
        play(room.id, host, 2, "C1")
    assert reads_of_the_room(queries) == []


def test_following_skips_events_that_do_not_follow_the_copy():
    room, host, guest = started()
    play(room.id, host, 0, "A1")
    stale = recent.recall(room.id)
    play(room.id, guest, 1, "B1")
    room, move = services.apply_move(room.id, host, protocol.Move(2, "C1"))
    recent.forget(room.id)
    recent.remember(stale)  # two moves behind: the event for the third is not applied
    recent.follow(services.header(room), move)
    assert recent.recall(room.id).version == stale.version
    recent.remember(room)
    older = recent.recall(room.id)
    older.version -= 1
    recent.remember(older)  # an older copy never replaces a newer one
    assert recent.recall(room.id).version == room.version


FOLLOWED = (
    "round",
    "ply",
    "state",
    "status",
    "host_side",
    "outcome",
    "draw_offer",
    "host_rematch",
    "guest_rematch",
    "version",
)


def win(room, first, second, start_ply=0):
    """The first mover's four on one peg: a win in seven moves."""
    for ply, (seat, text) in enumerate([(first, "A1"), (second, "B1")] * 3 + [(first, "A1")]):
        play(room.id, seat, start_ply + ply, text)


def test_a_rematch_made_elsewhere_is_followed_and_spares_the_next_read():
    """The rematch events reach a process whose copy is the finished game's (its players' last
    move was made here): it follows each request and the new round (first position, colours
    swapped), and the new round's first move made here reads nothing. Two rounds, so that
    requests are followed under either colour for the host."""
    room, host, guest = started()
    for round_number, (first, second) in enumerate([(host, guest), (guest, host)], start=1):
        win(room, first, second)
        finished = recent.recall(room.id)
        assert finished.status == Room.FINISHED
        for seat in (second, first):
            room = rematch(room.id, seat, round_number)  # on another process: nothing kept here
            recent.forget(room.id)
            recent.remember(finished)
            recent.follow_rematch(services.header(room), services.initial_state)
            finished = recent.recall(room.id)
            stored = Room.objects.get(id=room.id)
            followed = [getattr(finished, field) for field in FOLLOWED]
            assert followed == [getattr(stored, field) for field in FOLLOWED]
        assert (stored.round, stored.host_side) == (round_number + 1, round_number % 2)
    with CaptureQueriesContext(connection) as queries:
        play(room.id, host, 0, "C3")  # round 3: the host has the first colour again
    assert reads_of_the_room(queries) == []
    assert Room.objects.get(id=room.id).ply == 1


def test_a_rematch_event_that_does_not_follow_the_copy_is_skipped():
    room, host, guest = started()
    win(room, host, guest)
    finished = recent.recall(room.id)
    rematch(room.id, host, 1)
    room = rematch(room.id, guest, 1)  # the copy missed the first request
    recent.remember(finished)
    recent.follow_rematch(services.header(room), services.initial_state)
    assert recent.recall(room.id).version == finished.version

"""The move's hand-written statements (rooms/move_sql.py) store exactly what the ORM would:
the same columns, byte for byte, as an ORM update and create of the same values on a twin
room, including the conversions it skips for integers and texts and keeps for JSON and times."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from rooms import move_sql
from rooms.models import Move, Room
from tests.rooms.test_services import started

pytestmark = pytest.mark.django_db

CHANGES = {
    "state": {"game": "score-four", "pegs": ["w"] + [""] * 15, "to_move": 1},
    "ply": 1,
    "outcome": {"winner": None, "reason": "full", "cells": []},
    "status": Room.FINISHED,
    "version": 3,
    "last_active_at": timezone.now() + timedelta(seconds=7),
    "draw_offer": None,
}


def raw_row(table: str, where: str, value) -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {table} WHERE {where} = %s", [value])
        return cursor.fetchone()


def test_the_statements_store_what_the_orm_stores():
    room, _host, _guest = started()
    twin, _host, _guest = started()
    move = {"room": room.id, "round": room.round, "ply": 0, "side": 0, "text": "A1"}
    assert move_sql.apply(room, "host_secret", CHANGES, move)
    Room.objects.filter(id=twin.id).update(**CHANGES)
    Move.objects.create(room_id=twin.id, round=twin.round, ply=0, side=0, text="A1")

    mine, theirs = raw_row("rooms_room", "id", room.id), raw_row("rooms_room", "id", twin.id)
    columns = [
        c.name
        for c in connection.introspection.get_table_description(connection.cursor(), "rooms_room")
    ]
    differing = {c for c, a, b in zip(columns, mine, theirs, strict=True) if a != b}
    # Only what makes the two rooms two: their ids, secrets and creation times.
    assert differing <= {
        "id",
        "host_secret",
        "guest_secret",
        "created_at",
        "host_seen_at",
        "guest_seen_at",
    }
    assert {"state", "outcome", "last_active_at", "status"}.isdisjoint(differing)
    moves = [raw_row("rooms_move", "room_id", r.id) for r in (room, twin)]
    columns = [
        c.name
        for c in connection.introspection.get_table_description(connection.cursor(), "rooms_move")
    ]
    kept = [i for i, c in enumerate(columns) if c not in {"id", "room_id"}]
    assert [moves[0][i] for i in kept] == [moves[1][i] for i in kept]


def test_a_guard_that_no_longer_holds_changes_nothing():
    room, _host, _guest = started()
    before = raw_row("rooms_room", "id", room.id)
    stale = Room.objects.get(id=room.id)
    stale.version -= 1  # as read before another change
    move = {"room": room.id, "round": room.round, "ply": 0, "side": 0, "text": "A1"}
    assert not move_sql.apply(stale, "host_secret", CHANGES, move)
    assert raw_row("rooms_room", "id", room.id) == before
    assert not Move.objects.filter(room_id=room.id).exists()

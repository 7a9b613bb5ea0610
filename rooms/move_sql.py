"""The move's two statements (rooms.services.apply_move), written once as SQL instead of built
by the ORM on every move: building the guarded UPDATE's query cost as much CPU as running it
(py-spy, bench/rooms_load.py). The values still go through each field's own conversion
(`get_db_prep_save`), so SQLite and PostgreSQL store exactly what the ORM would, except for
integers, booleans and texts, whose conversion gives back the value itself: skipping it
halved the preparation, which took two fifths of a move's database-side CPU (cProfile,
bench/results/rooms_profile.txt).

On PostgreSQL both are one statement (the UPDATE in a WITH, the move row inserted only from
the row it returns): one round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT), atomic
as the transaction was. SQLite has no UPDATE inside a WITH: there they stay two statements in
one transaction."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction

from rooms.models import Move, Room

SET = ("state", "ply", "outcome", "status", "version", "last_active_at", "draw_offer")
WHERE = ("id", "round", "ply", "version", "status")
MOVE = ("room", "round", "ply", "side", "text")


def _field(model, name):
    return model._meta.get_field(name)


@cache
def _update_sql(secret_field: str) -> str:
    quote = connection.ops.quote_name
    sets = ", ".join(f"{quote(_field(Room, n).column)} = %s" for n in SET)
    where = " AND ".join(f"{quote(_field(Room, n).column)} = %s" for n in (*WHERE, secret_field))
    return f"UPDATE {quote(Room._meta.db_table)} SET {sets} WHERE {where}"


@cache
def _insert_sql() -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(quote(_field(Move, n).column) for n in MOVE)
    places = ", ".join("%s" for _ in MOVE)
    return f"INSERT INTO {quote(Move._meta.db_table)} ({columns}) VALUES ({places})"


@cache
def _update_then_insert_sql(secret_field: str) -> str:
    quote = connection.ops.quote_name
    update = _update_sql(secret_field)
    columns = ", ".join(quote(_field(Move, n).column) for n in MOVE)
    places = ", ".join("%s" for _ in MOVE)
    return (
        f"WITH moved AS ({update} RETURNING 1) "
        f"INSERT INTO {quote(Move._meta.db_table)} ({columns}) SELECT {places} FROM moved"
    )


# Fields whose get_db_prep_save returns the value it is given (for the values the move path
# passes: ints, bools, str and None), on both SQLite and PostgreSQL.
AS_GIVEN = frozenset(
    {
        "CharField",
        "IntegerField",
        "PositiveIntegerField",
        "PositiveSmallIntegerField",
        "SmallIntegerField",
        "BooleanField",
        "ForeignKey",
    }
)


@cache
def _converters(model, names: tuple[str, ...]) -> tuple[Callable[[Any, Any], Any] | None, ...]:
    """Per column, the field's conversion, or None where it gives the value back."""
    return tuple(
        None
        if _field(model, name).get_internal_type() in AS_GIVEN
        else _field(model, name).get_db_prep_save
        for name in names
    )


def _prepared(model, names: tuple[str, ...], values, database) -> list[Any]:
    return [
        value if convert is None else convert(value, database)
        for convert, value in zip(_converters(model, names), values, strict=True)
    ]


def apply(room: Room, secret_field: str, changes: dict, move: dict) -> bool:
    """Atomically: the UPDATE guarded by what the move was checked against (round, ply,
    version, status, the mover's seat digest), and when it applied, the move row (unique on
    room, round, ply: IntegrityError when another move took the ply, and nothing changes).
    False when the guard held nothing: the room changed since it was read."""
    guard = [room.id, room.round, move["ply"], room.version, Room.PLAYING]
    guard.append(getattr(room, secret_field))
    database = connections[DEFAULT_DB_ALIAS]  # the proxy `connection` costs a lookup per use
    params = _prepared(Room, SET, [changes[name] for name in SET], database)
    params += _prepared(Room, (*WHERE, secret_field), guard, database)
    row = _prepared(Move, MOVE, [move[name] for name in MOVE], database)
    if database.vendor == "postgresql":
        with database.cursor() as cursor:
            cursor.execute(_update_then_insert_sql(secret_field), params + row)
            return cursor.rowcount == 1
    with transaction.atomic(), database.cursor() as cursor:
        cursor.execute(_update_sql(secret_field), params)
        if cursor.rowcount != 1:
            return False
        cursor.execute(_insert_sql(), row)
    return True

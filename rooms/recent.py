"""The rooms this process last wrote a move to, as it left them: a hint that spares the move
path its read, never an authority.

A move checked against a remembered room is applied by an UPDATE guarded by everything the
check relied on (round, ply, version, status and the mover's seat digest), so a copy made
stale by another process, a seat link or a rematch only makes that UPDATE apply nothing;
`services.apply_move` then reads the room and checks the move again. A refusal computed
from a copy is never sent either: the move is checked again against a fresh read first.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rooms.models import Room

CAPACITY = 4096  # rooms; a copy is about 1 KB, and a room not played in falls out first

_rooms: OrderedDict[str, Room] = OrderedDict()
_lock = threading.Lock()  # the socket thread and request threads both call in


def remember(room: Room) -> None:
    snapshot = copy.copy(room)
    with _lock:
        _rooms[room.id] = snapshot
        _rooms.move_to_end(room.id)
        while len(_rooms) > CAPACITY:
            _rooms.popitem(last=False)


def recall(room_id: str) -> Room | None:
    """A copy of the room as this process last saw it after a move, or None."""
    with _lock:
        room = _rooms.get(room_id)
    return copy.copy(room) if room is not None else None


def forget(room_id: str) -> None:
    with _lock:
        _rooms.pop(room_id, None)

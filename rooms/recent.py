"""The rooms this process last wrote a move to, as it left them: a hint that spares the move
path its read, never an authority.

With several processes the players of a room often sit on different ones: a process also
follows the `moved` events of the room's group (`follow`), replaying the move on its copy
with the engine, and the rematches (`follow_rematch`: the requests, and the new round with
its first position and colours swapped), so the next move made here finds the copy current.

A move checked against a remembered room is applied by an UPDATE guarded by everything the
check relied on (round, ply, version, status and the mover's seat digest), so a copy made
stale by another process, a seat link or a rematch only makes that UPDATE apply nothing;
`services.apply_move` then reads the room and checks the move again. A refusal computed
from a copy is never sent either: the move is checked again against a fresh read first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.utils import timezone

from games.engine import registry
from games.engine.base import EngineError

if TYPE_CHECKING:
    from rooms.models import Room
    from rooms.outgoing import Header, PlayedMove

CAPACITY = 4096  # rooms; a copy is about 1 KB, and a room not played in falls out first

# room id -> (the room, its position as the engine's state or None). The position is kept
# parsed: reading the stored dump back with the engine's checks cost a fifth of a move's
# database-side CPU (cProfile, bench/results/rooms_profile.txt). Engine states are immutable.
_rooms: OrderedDict[str, tuple[Room, Any]] = OrderedDict()
_lock = threading.Lock()  # the socket thread and request threads both call in


def _copied(room: Room) -> Room:
    """A shallow copy of the instance, as copy.copy makes one but without its detour through
    pickling (which looks the model up in the app registry each time: py-spy showed a third
    of a remembered move there)."""
    clone = type(room).__new__(type(room))
    clone.__dict__.update(room.__getstate__())  # type: ignore[call-overload]  # a dict
    return clone


def remember(room: Room, state: Any = None) -> None:
    """Keep a copy of `room` (and `state`, its position as the engine's state, when the caller
    has it), unless a later version of it is kept already (versions only grow: every change a
    client must see adds one)."""
    snapshot = _copied(room)
    with _lock:
        kept = _rooms.get(room.id)
        if kept is not None and kept[0].version > room.version:
            return
        _rooms[room.id] = (snapshot, state)
        _rooms.move_to_end(room.id)
        while len(_rooms) > CAPACITY:
            _rooms.popitem(last=False)


def recall(room_id: str) -> Room | None:
    """A copy of the room as this process last saw it after a move, or None."""
    return recall_with_state(room_id)[0]


def recall_with_state(room_id: str) -> tuple[Room | None, Any]:
    """`recall`, with the room's position as the engine's state when it was kept (else None)."""
    with _lock:
        kept = _rooms.get(room_id)
    if kept is None:
        return None, None
    return _copied(kept[0]), kept[1]


def forget(room_id: str) -> None:
    with _lock:
        _rooms.pop(room_id, None)


def follow(header: Header, move: PlayedMove) -> None:
    """A move applied anywhere (a `moved` event: the room's header after it, and the move):
    when the copy kept here is the position just before it, play it on the copy."""
    with _lock:
        room, state = _rooms.get(header.id, (None, None))
    if room is None or room.version != header.version - 1 or room.ply != move.ply:
        return
    if room.round != header.round:
        return
    game = registry.get(room.game)
    try:
        state = game.load(room.state) if state is None else state
        after = game.play(state, game.parse_move(state, move.text))
    except EngineError:  # cannot happen for an applied move; the copy is simply dropped
        forget(room.id)
        return
    room = _copied(room)
    room.state = game.dump(after)
    room.last_active_at = timezone.now()
    _carry(header, room)
    remember(room, after)


def _carry(header: Header, room: Room) -> None:
    """Onto a copy, every field the room's header carries (the rematch requests by colour,
    which the room keeps by seat)."""
    room.round, room.ply, room.host_side = header.round, header.ply, header.host_side
    room.status, room.version, room.draw_offer = header.status, header.version, header.draw_offer
    room.outcome = None if header.outcome is None else header.outcome.wire()
    room.host_rematch = header.rematch[header.host_side]
    room.guest_rematch = header.rematch[1 - header.host_side]


def follow_rematch(header: Header, initial_state: Callable[[Any, str], Any]) -> None:
    """A rematch asked for or begun anywhere (`rematch-requested`, `rematch-started`: the
    room's header after it): when the copy kept here is the room just before it, make it the
    room after it. A new round takes its first position, which the header does not carry,
    from the rules (services.request_rematch): the first position under the room's rule
    setting (`initial_state(game, variant)`)."""
    with _lock:
        room, state = _rooms.get(header.id, (None, None))
    if room is None or room.version != header.version - 1:
        return
    room = _copied(room)
    if header.round == room.round + 1 and header.ply == 0:
        game = registry.get(room.game)
        state = initial_state(game, room.variant)
        room.state = game.dump(state)
        room.last_active_at = timezone.now()
    elif header.round != room.round:
        return
    _carry(header, room)
    remember(room, state)

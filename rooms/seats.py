"""The two seats of a friend room and the one rule that gives each its colour.

The host (who made the room) plays white (side 0, moves first) in round 1 and the guest
black; every rematch swaps them, which the room records as `host_side` (the host's colour in
this round). Everything that turns a seat into a colour, a colour into a seat, or a seat into
its columns (`host_secret`, `guest_seen_at`, ...) asks this module. A spectator has no seat:
the code passes "" for it, and a `Seat` compares equal to its text ("host", "guest").
"""

from __future__ import annotations

from enum import StrEnum


class Seat(StrEnum):
    HOST = "host"
    GUEST = "guest"

    def side(self, host_side: int) -> int:
        """The colour this seat plays when the host plays `host_side`: 0 white, 1 black."""
        return host_side if self is Seat.HOST else 1 - host_side

    @classmethod
    def playing(cls, side: int, host_side: int) -> Seat:
        """The seat that plays colour `side` when the host plays `host_side`."""
        return cls.HOST if side == host_side else cls.GUEST

    @property
    def other(self) -> Seat:
        return Seat.GUEST if self is Seat.HOST else Seat.HOST

    @property
    def secret_field(self) -> str:
        return f"{self.value}_secret"

    @property
    def seen_field(self) -> str:
        return f"{self.value}_seen_at"

    @property
    def rematch_field(self) -> str:
        return f"{self.value}_rematch"


def side_of(seat: str, host_side: int) -> int | None:
    """The colour of `seat` ("" for a spectator: None)."""
    return Seat(seat).side(host_side) if seat else None

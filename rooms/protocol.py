"""The room socket's messages as typed values (docs/PROTOCOL.md is the contract).

`parse()` turns a frame into one frozen value (`Move`, `Rematch`, `Resign`, `OfferDraw`,
`AnswerDraw`, `Claim`, `Sync`, `Ping`) or refuses it with `Refusal(code)`: every size, type and
bound is checked here, once, so nothing past the edge handles raw JSON. `Refusal` is the one
refusal type of the rooms (`rooms.services.RoomError` is this class).

Each value checks its own bounds when built (`Refusal("bad-field")` otherwise), so a request
out of bounds cannot exist, whoever builds it. What the server sends is typed the same way in
rooms.outgoing. Nothing here quotes the client's input back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar, Literal

MAX_MESSAGE_BYTES = 4096  # of UTF-8; the transport allows more, so this answers `too-large`
MAX_PLY = 100_000  # far beyond any legal game; a larger ply is malformed, not "ahead"
MAX_ROUND = 1_000_000
MOVE_TEXT_MAX = 32  # Move.text's column; every notation's longest move is far shorter


class Refusal(Exception):
    """A refused request; `code` is the machine-readable reason (docs/PROTOCOL.md), `request`
    the type of the message refused when it is known (the error's `for`)."""

    def __init__(self, code: str, message: str = "", request: str | None = None):
        super().__init__(message or code)
        self.code = code
        self.message = message or code
        self.request = request


def _bounded_int(value: object, low: int, high: int) -> bool:
    # bool is an int in Python, and 1.0 == 1: both are type confusion here.
    return type(value) is int and low <= value <= high


def checked_round(value: object, request: str | None = None) -> int:
    if not _bounded_int(value, 1, MAX_ROUND):
        raise Refusal("bad-field", "round must be a positive integer", request)
    return value  # type: ignore[return-value]  # checked just above


@dataclass(frozen=True)
class Move:
    TYPE: ClassVar[str] = "move"
    ply: int  # the number of moves of this round before this one
    text: str  # stripped, 1 to MOVE_TEXT_MAX characters, in the game's notation (unchecked)

    def __post_init__(self) -> None:
        if not _bounded_int(self.ply, 0, MAX_PLY):
            raise Refusal("bad-field", f"ply must be an integer from 0 to {MAX_PLY}", self.TYPE)
        text = self.text
        if not isinstance(text, str) or text != text.strip() or not 0 < len(text) <= MOVE_TEXT_MAX:
            raise Refusal(
                "bad-field", "move must be a short text in the game's notation", self.TYPE
            )

    @classmethod
    def checked(cls, ply: object, text: object) -> Move:
        """From a client's fields: the text stripped of surrounding spaces first (a text
        longer than MOVE_TEXT_MAX is refused as sent, spaces included)."""
        if isinstance(text, str) and len(text) <= MOVE_TEXT_MAX:
            text = text.strip()
        return cls(ply, text)  # type: ignore[arg-type]  # checked as it is built


@dataclass(frozen=True)
class _AboutRound:
    """A request about one round (the current one, or it is refused `stale-round`)."""

    TYPE: ClassVar[str]
    round: int

    def __post_init__(self) -> None:
        checked_round(self.round, self.TYPE)


@dataclass(frozen=True)
class Rematch(_AboutRound):
    TYPE: ClassVar[str] = "rematch"


@dataclass(frozen=True)
class Resign(_AboutRound):
    TYPE: ClassVar[str] = "resign"


@dataclass(frozen=True)
class OfferDraw(_AboutRound):
    TYPE: ClassVar[str] = "offer-draw"


@dataclass(frozen=True)
class AnswerDraw(_AboutRound):
    TYPE: ClassVar[str] = "answer-draw"
    accept: bool

    def __post_init__(self) -> None:
        super().__post_init__()
        checked_accept(self.accept)


@dataclass(frozen=True)
class Claim(_AboutRound):
    TYPE: ClassVar[str] = "claim"
    result: Literal["draw", "win"]

    def __post_init__(self) -> None:
        super().__post_init__()
        checked_result(self.result)


@dataclass(frozen=True)
class Sync:
    TYPE: ClassVar[str] = "sync"


@dataclass(frozen=True)
class Ping:
    TYPE: ClassVar[str] = "ping"


Ending = Resign | OfferDraw | AnswerDraw | Claim
Request = Move | Rematch | Ending | Sync | Ping
KINDS: dict[str, type] = {
    kind.TYPE: kind for kind in (Move, Rematch, Resign, OfferDraw, AnswerDraw, Claim, Sync, Ping)
}
MESSAGE_TYPES = tuple(KINDS)


def checked_accept(value: object, request: str | None = AnswerDraw.TYPE) -> bool:
    if type(value) is not bool:
        raise Refusal("bad-field", "accept must be true or false", request)
    return value


def checked_result(value: object, request: str | None = Claim.TYPE) -> Literal["draw", "win"]:
    if value not in ("draw", "win"):
        raise Refusal("bad-field", 'result must be "draw" or "win"', request)
    return "draw" if value == "draw" else "win"


# The fields each message needs besides its type, in the order they are checked.
_FIELDS = {
    Move.TYPE: ("ply", "move"),
    Rematch.TYPE: ("round",),
    Resign.TYPE: ("round",),
    OfferDraw.TYPE: ("round",),
    AnswerDraw.TYPE: ("round", "accept"),
    Claim.TYPE: ("round", "result"),
}


def parse(text: str | None, data: bytes | None) -> Request:
    """The client's frame as a typed request; raises Refusal with the documented code."""
    message = _json_object(text)
    kind = message["type"]
    if not isinstance(kind, str) or kind not in KINDS:
        raise Refusal("unknown-type", f"type must be one of {', '.join(MESSAGE_TYPES)}")
    needed = _FIELDS.get(kind, ())
    if any(field not in message for field in needed):
        raise Refusal("missing-field", f"{kind} needs {' and '.join(needed)}", kind)
    if kind == Move.TYPE:
        return Move.checked(message["ply"], message["move"])
    if kind in (Sync.TYPE, Ping.TYPE):
        return KINDS[kind]()
    if kind == AnswerDraw.TYPE:
        return AnswerDraw(message["round"], message["accept"])
    if kind == Claim.TYPE:
        return Claim(message["round"], message["result"])
    return KINDS[kind](message["round"])


def _json_object(text: str | None) -> dict:
    if text is None:
        raise Refusal("not-json", "send JSON in text frames")
    # A str holds at most 4 UTF-8 bytes per character: only long ones need encoding to count.
    if len(text) * 4 > MAX_MESSAGE_BYTES and len(text.encode("utf-8", "surrogatepass")) > (
        MAX_MESSAGE_BYTES
    ):
        raise Refusal("too-large", f"a message is at most {MAX_MESSAGE_BYTES} bytes of UTF-8")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than Python's stack
        raise Refusal("not-json", "the message is not valid JSON") from None
    if not isinstance(message, dict) or "type" not in message:
        raise Refusal("missing-field", "a message is a JSON object with a type")
    return message

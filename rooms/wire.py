"""What a room socket reads from the outside world before any rule is applied: the frame, the
seat cookie and the client's address. Everything here refuses with a documented code
(docs/PROTOCOL.md) and never quotes the client's input back."""

from __future__ import annotations

import json

from django.http.cookie import parse_cookie

MAX_MESSAGE_BYTES = 4096  # of UTF-8; the transport allows more, so this answers `too-large`
MESSAGE_TYPES = ("move", "rematch", "sync", "ping")


class WireError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def parse(text: str | None, data: bytes | None) -> dict:
    """The client's message as a dict with a known `type`; raises WireError."""
    if text is None:
        raise WireError("not-json", "send JSON in text frames")
    # A str holds at most 4 UTF-8 bytes per character: only long ones need encoding to count.
    if len(text) * 4 > MAX_MESSAGE_BYTES and len(text.encode("utf-8", "surrogatepass")) > (
        MAX_MESSAGE_BYTES
    ):
        raise WireError("too-large", f"a message is at most {MAX_MESSAGE_BYTES} bytes of UTF-8")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than Python's stack
        raise WireError("not-json", "the message is not valid JSON") from None
    if not isinstance(message, dict) or "type" not in message:
        raise WireError("missing-field", "a message is a JSON object with a type")
    kind = message["type"]
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        raise WireError("unknown-type", f"type must be one of {', '.join(MESSAGE_TYPES)}")
    return message


def cookie(scope: dict, name: str) -> str | None:
    """A cookie of the upgrade request, parsed exactly as Django parses `request.COOKIES`
    (lenient: a JSON value, a space or non-ASCII in another cookie loses nothing)."""
    headers = scope.get("headers", ())
    values = [value.decode("latin-1") for header, value in headers if header == b"cookie"]
    if not values:
        return None
    return parse_cookie("; ".join(values)).get(name)


def client_address(scope: dict) -> str | None:
    """The client's IP address (daphne --proxy-headers puts the proxy's X-Forwarded-For here)."""
    client = scope.get("client")
    return client[0] if client else None

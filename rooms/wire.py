"""What a room socket reads from its upgrade request: the seat cookie and the client's address.
(The frames it receives are read by rooms.protocol.)"""

from __future__ import annotations

from django.http.cookie import parse_cookie


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

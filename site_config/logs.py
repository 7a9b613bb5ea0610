"""Logs without personal data: no client address, no room id (the privacy pages promise it).

Three layers, because a request's path carries the room id (`/ko/r/<id>/`, `/ws/rooms/<id>/`)
and servers like to print the client's IP:port:

1. The access log (site_config/access_log.py) writes the matched *route pattern*
   (`/ko/r/<str:room_id>/`, from `route_of`), never the path, and no address.
2. `RouteInsteadOfPath` rewrites Django's request log records ("Not Found: /ko/r/<id>/",
   "Internal Server Error: ...") to name the route pattern instead of the path.
3. `ScrubbingFormatter`, on every handler, replaces whatever still looks like an IP address
   or a room id in the finished text, tracebacks included (daphne's debug messages, an
   exception's message, a library's repr of a connection). Errors keep their tracebacks.
"""

from __future__ import annotations

import ipaddress
import logging
import re
from urllib.parse import unquote

ADDRESS = "<address>"
ROOM = "<room>"
NO_ROUTE = "(no route)"

_IPV4 = re.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?(?![\w.])")
# A candidate IPv6 address: hex digits, colons (at least two) and dots; checked by ipaddress
# so that times like 15:44:42 stay.
_IPV6_CANDIDATE = re.compile(
    r"(?<![\w.:])\[?[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f.]{0,15}){2,8}(?:%\w+)?(?:\](?::\d{1,5})?)?(?!\w)"
)
# Room ids ride in paths (/r/<id>/, /rooms/<id>/, /api/rooms/<id>/join) and seat cookies.
_ROOM_PATH = re.compile(r"(/r/|rooms/)[A-Za-z0-9_-]{22,}")
_SEAT_COOKIE = re.compile(r"seat_[A-Za-z0-9_-]+")
# daphne's debug messages print the peer as ['<address>', port]: the port goes too.
_PEER = re.compile(r"[\[(]'" + ADDRESS + r"', \d+(?:, \d+)*[\])]")


def _ipv6_or_same(match: re.Match) -> str:
    text = match.group(0)
    bare = text.lstrip("[").split("]", 1)[0].split("%", 1)[0]
    try:
        ipaddress.IPv6Address(bare)
    except ValueError:
        return text
    return ADDRESS


def scrub(text: str) -> str:
    """The text with IP addresses (v4, v6, with ports) and room ids replaced."""
    text = _IPV6_CANDIDATE.sub(_ipv6_or_same, text)
    text = _IPV4.sub(ADDRESS, text)
    text = _PEER.sub(ADDRESS, text)
    text = _ROOM_PATH.sub(lambda m: m.group(1) + ROOM, text)
    return _SEAT_COOKIE.sub("seat_" + ROOM, text)


class ScrubbingFormatter(logging.Formatter):
    """Formats as usual (message, traceback, stack), then scrubs the whole text."""

    def format(self, record: logging.LogRecord) -> str:
        return scrub(super().format(record))


def route_of(path: str, websocket: bool = False) -> str:
    """The URL pattern a path matches (`/ja/r/<str:room_id>/`), or NO_ROUTE; never the path."""
    from django.conf import settings

    path = unquote(path.split("?", 1)[0])
    if websocket:
        from rooms.routing import websocket_urlpatterns

        for pattern in websocket_urlpatterns:
            if pattern.pattern.match(path.lstrip("/")):
                # The catch-all (answered like an unknown room) has no route to name.
                return "/" + str(pattern.pattern) if str(pattern.pattern) else NO_ROUTE
        return NO_ROUTE
    if path.startswith(settings.STATIC_URL):
        return settings.STATIC_URL + "…"
    from django.urls import Resolver404, resolve
    from django.utils import translation

    language = translation.get_language_from_path(path) or settings.LANGUAGE_CODE
    try:
        with translation.override(language):
            return "/" + resolve(path).route
    except Resolver404:
        return NO_ROUTE


class RouteInsteadOfPath(logging.Filter):
    """Django logs 4xx/5xx answers as "Not Found: <path>"; name the route pattern instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        path = getattr(request, "path", None)
        if isinstance(path, str) and isinstance(record.args, tuple):
            match = getattr(request, "resolver_match", None)
            route = "/" + match.route if match is not None else NO_ROUTE
            escaped = path.encode("unicode_escape").decode("ascii")
            record.args = tuple(
                route if isinstance(arg, str) and arg in (path, escaped) else arg
                for arg in record.args
            )
        return True

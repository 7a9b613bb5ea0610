"""Logs without personal data: no client address, no room id (the privacy pages promise it).

Three layers, because a request's path carries the room id (`/ko/r/<id>/`, `/ws/rooms/<id>/`)
and servers like to print the client's IP:port:

1. The access log (site_config/access_log.py) writes the matched *route pattern*
   (`/ko/r/<str:room_id>/`, from `route_of`), never the path, and no address.
2. `RouteInsteadOfPath` rewrites Django's request log records ("Not Found: /ko/r/<id>/",
   "Internal Server Error: ...") to name the route pattern instead of the path.
3. `ScrubbingFormatter`, on every handler, replaces whatever still looks like an IP address,
   a room id or a secret in the finished text, tracebacks included (daphne's debug messages,
   an exception's message such as a database's `Key (room_id)=(...)`, a library's repr of a
   connection). Errors keep their tracebacks.
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
# Anything else that looks random: room ids (22 characters of token_urlsafe), seat secrets
# and seat links (43), digests and HMACs (64 hex digits), wherever they appear.
TOKEN = "<token>"
_HEX_DIGEST = re.compile(r"[0-9a-f]{32,}")
_DIGITS_INSIDE = re.compile(r"[A-Za-z]\d+[A-Za-z]")
_TOKEN_CANDIDATE = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{22,}(?![A-Za-z0-9_-])")
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


def _kind(character: str) -> int:
    if character.isupper():
        return 0
    if character.islower():
        return 1
    return 2 if character.isdigit() else 3


def _token_or_same(match: re.Match) -> str:
    """A run of URL-safe characters that mixes kinds (upper case, lower case, digits) as random
    text does: a change of kind at least every fourth character. Names in code do not:
    `database_sync_to_async` has one kind of letter, `ApplicationCommunicator` three changes."""
    text = match.group(0)
    kinds = [_kind(character) for character in text]
    changes = sum(a != b for a, b in zip(kinds, kinds[1:], strict=False))
    mixed = len({kind for kind in kinds if kind < 3}) >= 2
    if not mixed:
        return text
    # The change count alone let about 1 room id in 11,000 and 4 seat digests in 10,000
    # through; a hex digest and digits inside a run of letters settle most of those.
    if changes >= len(text) // 4 or _HEX_DIGEST.fullmatch(text) or _DIGITS_INSIDE.search(text):
        return TOKEN
    # Names in code are made of words: about a third of their letters are vowels, against
    # one in five of random letters.
    letters = [character for character in text.lower() if character.isalpha()]
    vowels = sum(character in "aeiou" for character in letters)
    return TOKEN if vowels * 5 < len(letters) * 1.25 else text


def scrub(text: str) -> str:
    """The text with IP addresses (v4, v6, with ports), room ids and secrets replaced."""
    text = _IPV6_CANDIDATE.sub(_ipv6_or_same, text)
    text = _IPV4.sub(ADDRESS, text)
    text = _PEER.sub(ADDRESS, text)
    text = _ROOM_PATH.sub(lambda m: m.group(1) + ROOM, text)
    text = _SEAT_COOKIE.sub("seat_" + ROOM, text)
    return _TOKEN_CANDIDATE.sub(_token_or_same, text)


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

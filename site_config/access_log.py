"""daphne's access log, without the client's address or the room id.

daphne's own access log (`daphne.access.AccessLogGenerator`) writes every client's IP:port
and full path, room ids included, for each request and socket, and its command line has no
option to choose another logger, only to switch it off (`-v 0`). An operator who starts
daphne the usual way would log exactly what the privacy pages promise is not kept. So the
ASGI module installs `RouteAccessLog` as the generator daphne's command line builds (it
builds it after importing the application): whichever daphne command starts the site, its
access log names the route pattern, never the path, and no address. daphne's flags keep
their meaning: `-v 0` turns the access log off, `--access-log FILE` sends it to a file.

A line: `2026-11-30T15:44:42Z http GET /ko/r/<str:room_id>/ 200 12ms` or
`2026-11-30T15:44:42Z ws connected /ws/rooms/<str:room_id>/`.
"""

from __future__ import annotations

from datetime import UTC, datetime

from site_config.logs import route_of

# The method is client input: anything else is written as OTHER.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
SOCKET_ACTIONS = frozenset({"connected", "rejected", "disconnected"})


class RouteAccessLog:
    """daphne's action-logger interface: called with (protocol, action, details)."""

    def __init__(self, stream):
        self.stream = stream

    def __call__(self, protocol: str, action: str, details: dict) -> None:
        if protocol == "http" and action == "complete":
            method = details.get("method") if details.get("method") in METHODS else "OTHER"
            milliseconds = round(float(details.get("time_taken") or 0) * 1000)
            route = route_of(str(details.get("path", "")))
            status = details.get("status") or "-"
            self.write(f"http {method} {route} {status} {milliseconds}ms")
        elif protocol == "websocket" and action in SOCKET_ACTIONS:
            self.write(f"ws {action} {route_of(str(details.get('path', '')), websocket=True)}")

    def write(self, entry: str) -> None:
        stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        self.stream.write(f"{stamp} {entry}\n")


def install_in_daphne() -> None:
    """Make daphne's command line build RouteAccessLog instead of its own access log."""
    try:
        import daphne.cli
    except ImportError:  # another ASGI server: it brings its own access log
        return
    if not hasattr(daphne.cli, "AccessLogGenerator"):
        # Refuse to start rather than run with daphne's address-logging default.
        raise RuntimeError(
            "daphne.cli.AccessLogGenerator is gone: site_config/access_log.py must be updated "
            "for this daphne version before the server may start"
        )
    daphne.cli.AccessLogGenerator = RouteAccessLog

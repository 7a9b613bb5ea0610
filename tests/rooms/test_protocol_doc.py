"""docs/PROTOCOL.md is the contract: every error code the room code can send is in its table,
the `for` values and close codes are the ones the consumer uses, the limits are the numbers
of throttle/limits.py, and no refusal quotes the client's move."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from games.engine import registry
from rooms import consumers, outgoing, protocol, services
from tests.rooms.test_services import play
from throttle import limits

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = PROTOCOL.index(title)
    end = PROTOCOL.find("\n#", start + len(title))
    return PROTOCOL[start : end if end > 0 else None]


def codes_raised() -> set[str]:
    """Every code the socket and HTTP code refuse with, and every engine refusal of a move."""
    found = set()
    for path in [*(ROOT / "rooms").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'(?:RoomError|Refusal)\(\s*"([a-z-]+)"', text))
        found |= set(re.findall(r'send_error\(\s*"([a-z-]+)"', text))
    for path in (ROOT / "games" / "engine").glob("*.py"):
        found |= set(re.findall(r'EngineError\(\s*"([a-z-]+)"', path.read_text(encoding="utf-8")))
    # A stored state the engine cannot load, an unknown rule setting (a room's is checked as
    # it is created, `unknown-variant`): never a client's.
    return found - {"bad-state", "bad-rule"}


def test_every_error_code_is_in_the_table():
    table = section("### Error codes")
    listed = set(re.findall(r"`([a-z]+(?:-[a-z]+)+|[a-z]+)`", table))
    missing = codes_raised() - listed
    assert not missing, f"codes sent but not in PROTOCOL.md: {sorted(missing)}"


def test_the_for_values_and_close_codes_are_the_consumers():
    error_row = next(line for line in PROTOCOL.splitlines() if '{"type": "error"' in line)
    named = set(re.findall(r"`([a-z-]+)`", error_row.split("`for` is", 1)[1]))
    assert set(protocol.MESSAGE_TYPES) | {"connect"} <= named
    close = PROTOCOL[PROTOCOL.index("Close codes:") :]
    for code in (consumers.CLOSE_GONE, consumers.CLOSE_IDLE, consumers.CLOSE_LIMIT):
        assert str(code) in close


def test_the_numbers_are_the_codes():
    limits_table = section("### Limits")
    connects = limits.SOCKET_CONNECTS
    assert (
        f"| room sockets opened per client, all rooms together | {connects.capacity} | "
        f"{connects.refill_seconds:g} s |" in limits_table
    )
    assert f"| {limits.SPECTATORS_PER_ROOM} at once |" in limits_table
    assert f"| {limits.SOCKETS_PER_CLIENT} at once |" in limits_table
    assert f"**{limits.SOCKET_IDLE_SECONDS:g} s**" in PROTOCOL
    assert limits.SOCKET_IDLE_SECONDS < services.PRESENCE_STALE.total_seconds()
    # The backstop against a lost event runs on the heartbeat's read, "about once a minute":
    # the first ping (every 10 s) HEARTBEAT_WRITE_SECONDS or more after the last read.
    assert "heartbeat that reads the database (about once a minute)" in PROTOCOL
    assert services.HEARTBEAT_WRITE_SECONDS + 10 <= 60
    assert f"first ping {services.HEARTBEAT_WRITE_SECONDS} s or more" in PROTOCOL


def test_the_busy_thresholds_and_the_queue_capacity_are_the_settings():
    busy = " ".join(section("### Busy").split())
    assert f"`ROOMS_BUSY_LAG_MS` ({settings.ROOMS_BUSY_LAG_MS:g} ms)" in busy
    assert f"`ROOMS_BUSY_QUEUED` ({settings.ROOMS_BUSY_QUEUED:,})" in busy
    assert f"`ROOMS_BUSY_HOLD_SECONDS` ({settings.ROOMS_BUSY_HOLD_SECONDS:g} s)" in busy
    assert f"`ROOMS_CHANNEL_CAPACITY` ({settings.ROOMS_CHANNEL_CAPACITY})" in PROTOCOL


HOSTILE = ["<b>Q9</b>", "zz-top", "A1; DROP TABLE", "y" * 32]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", registry.SLUGS)
def test_no_refusal_of_a_move_quotes_it(slug):
    room, host = services.create_room(slug)
    services.join(room.id, None)
    for text in HOSTILE:
        with pytest.raises(services.RoomError) as refused:
            play(room.id, host, 0, text)
        assert refused.value.code == "bad-notation"
        assert text.lower() not in refused.value.message.lower()
        assert text.lower() not in str(refused.value).lower()


def test_every_message_and_event_the_server_sends_is_in_the_table():
    # What the server sends exists only as rooms.outgoing's typed values: their types and the
    # room events are exactly the table's, and no room module writes a message by hand.
    server_table = section("### Server → client")
    documented = set(re.findall(r'\{"type": "([a-z-]+)"', server_table))
    assert set(outgoing.TYPES) == documented
    room_row = next(line for line in server_table.splitlines() if '{"type": "room"' in line)
    listed = set(re.findall(r"`([a-z]+(?:-[a-z]+)*)`", room_row.split("`event`:", 1)[1]))
    assert set(outgoing.EVENTS) == listed
    for path in (ROOT / "rooms").glob("*.py"):
        if path.name != "outgoing.py":
            code = path.read_text(encoding="utf-8")
            assert not re.search(r'"type": "(?!room\.|seat\.moved)', code), path.name
            assert "json.dumps" not in code, path.name

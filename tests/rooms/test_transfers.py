"""Continue on another device: one-time seat links (rooms.transfers), over HTTP and sockets."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from rooms import services, transfers
from rooms.models import Connection, SeatTransfer
from tests.concurrency import race
from tests.rooms.test_services import code_of, play, started

pytestmark = pytest.mark.django_db


def test_a_link_moves_the_seat_once_and_the_old_device_watches():
    room, host, guest = started()
    services.connect(room.id, "old-phone", host, "198.51.100.1")
    token = transfers.start(room.id, host)
    assert not SeatTransfer.objects.filter(token=token).exists()  # only its digest is kept
    joined = transfers.take(room.id, token)
    assert joined.seat == "host" and joined.secret != host
    room.refresh_from_db()
    assert services.seat_of(room, joined.secret) == "host"
    assert services.seat_of(room, host) == ""  # the old device is a spectator now
    assert Connection.objects.get(channel_name="old-phone").seat == ""
    assert code_of(transfers.take, room.id, token) == "transfer-invalid"  # once only
    assert code_of(play, room.id, host, 0, "A1") == "not-a-player"
    assert play(room.id, joined.secret, 0, "A1").ply == 1


def test_links_expire_are_per_seat_and_only_for_players():
    room, host, guest = started()
    assert code_of(transfers.start, room.id, None) == "not-a-player"
    first = transfers.start(room.id, guest)
    second = transfers.start(room.id, guest)  # a new link voids the old one
    assert code_of(transfers.take, room.id, first) == "transfer-invalid"
    SeatTransfer.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert code_of(transfers.take, room.id, second) == "transfer-invalid"
    assert services.purge()["transfers"] == 1
    other, _, _ = started()
    token = transfers.start(room.id, guest)
    assert code_of(transfers.take, other.id, token) == "transfer-invalid"  # another room
    for bad in (None, "", "x" * 65, ["t"]):
        assert code_of(transfers.take, room.id, bad) == "transfer-invalid"


@pytest.mark.django_db(transaction=True)
def test_two_devices_opening_the_link_at_once_one_gets_the_seat():
    room, host, guest = started()
    token = transfers.start(room.id, host)
    calls = {n: (lambda: transfers.take(room.id, token).seat) for n in range(4)}
    results = list(race(calls).values())
    assert sorted(results) == ["host"] + ["transfer-invalid"] * 3


def test_over_http_the_secret_stays_in_the_fragment():
    phone = Client()
    url = phone.post("/api/rooms/", {"game": "dara", "language": "ko"})["Location"]
    room_id = url.split("/")[3]
    response = phone.post(f"/api/rooms/{room_id}/transfer", HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    link = response.json()["url"]
    page, _, fragment = link.partition("#take=")
    assert page.endswith(f"/ko/r/{room_id}/") and "?" not in page and fragment
    laptop = Client()
    taken = laptop.post(f"/api/rooms/{room_id}/take", {"token": fragment})
    assert taken.json() == {"seat": "host"} and laptop.cookies[f"seat_{room_id}"]["httponly"]
    assert 'data-room-seat="host"' in laptop.get(url).content.decode()
    assert 'data-room-seat=""' in phone.get(url).content.decode()
    again = Client().post(f"/api/rooms/{room_id}/take", {"token": fragment})
    assert (again.status_code, again.json()["error"]) == (410, "transfer-invalid")
    watcher = Client().post(f"/api/rooms/{room_id}/transfer")
    assert watcher.status_code == 403

"""Creating, joining and cancelling rooms over HTTP, and the room pages."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import registry
from rooms import services
from rooms.models import Room
from throttle import limiter, limits

pytestmark = pytest.mark.django_db


def create(client, game="score-four", language="ja"):
    return client.post("/api/rooms/", {"game": game, "language": language})


def test_create_redirects_to_the_room_and_keeps_the_secret_in_a_cookie():
    client = Client()
    response = create(client)
    assert response.status_code == 303
    match = re.fullmatch(r"/ja/r/([A-Za-z0-9_-]{22,})/", response["Location"])
    assert match
    room = Room.objects.get(id=match.group(1))
    cookie = response.cookies[f"seat_{room.id}"]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
    assert services.seat_of(room, cookie.value) == "host"
    assert cookie.value not in response["Location"]


def test_create_takes_the_language_from_the_referring_page():
    response = Client().post(
        "/api/rooms/", {"game": "dara"}, HTTP_REFERER="http://testserver/zh-hans/dara/"
    )
    assert response["Location"].startswith("/zh-hans/r/")


@pytest.mark.parametrize(
    "referer", ["http://testserver/en/dara/", "http://testserver/", "not a url", "/zh-hans/"]
)
def test_create_without_a_site_language_in_the_referer_uses_the_readers(referer):
    # "/zh-hans/" without a scheme and host is not a referring page's address
    response = Client().post(
        "/api/rooms/", {"game": "dara"}, HTTP_REFERER=referer, HTTP_ACCEPT_LANGUAGE="ja"
    )
    assert response["Location"].startswith("/ja/r/")


def test_create_needs_csrf_and_post():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/api/rooms/", {"game": "dara"}).status_code == 403
    assert Client().get("/api/rooms/").status_code == 405


def test_create_refuses_an_unknown_game_with_a_page():
    response = create(Client(), game="chess", language="ko")
    assert response.status_code == 400
    assert 'data-room-problem="unknown-game"' in response.content.decode()


def test_create_is_rate_limited(monkeypatch):
    monkeypatch.setattr(limits, "ROOM_CREATION", limiter.Limit("room-creation", 2, 30))
    client = Client(REMOTE_ADDR="192.0.2.9")
    assert create(client).status_code == 303
    assert create(client).status_code == 303
    response = create(client)
    assert response.status_code == 429
    assert 'data-room-problem="rate-limited"' in response.content.decode()
    json_response = client.post("/api/rooms/", {"game": "dara"}, HTTP_ACCEPT="application/json")
    assert json_response.json()["error"] == "rate-limited"


def test_the_host_sees_the_invite_and_the_friend_sees_join():
    host = Client()
    url = create(host)["Location"]
    page = host.get(url).content.decode()
    room_id = url.split("/")[3]
    assert f'data-room-id="{room_id}"' in page
    assert "data-room-invite" in page and "data-room-qr" in page and "data-room-cancel" in page
    assert "data-board3d" in page  # the Score Four play page, extended
    assert "data-room-join-button" not in page
    friend_page = Client().get(url).content.decode()
    assert "data-room-join-button" in friend_page and "data-room-invite" not in friend_page


def test_two_dimensional_games_extend_the_2d_play_page():
    host = Client()
    url = create(host, game="nine-mens-morris", language="ko")["Location"]
    page = host.get(url).content.decode()
    assert "data-board3d" not in page
    assert 'data-room-seat="host"' in page


def test_join_seats_the_friend_once_then_others_watch():
    host = Client()
    url = create(host)["Location"]
    room_id = url.split("/")[3]
    friend = Client()
    response = friend.post(f"/api/rooms/{room_id}/join", {"language": "ja"})
    assert response.status_code == 303 and response["Location"] == url
    assert friend.cookies[f"seat_{room_id}"]["httponly"]
    assert 'data-room-seat="guest"' in friend.get(url).content.decode()
    third = Client()
    response = third.post(f"/api/rooms/{room_id}/join", {"language": "ja"})
    assert response.status_code == 303
    assert f"seat_{room_id}" not in third.cookies
    page = third.get(url).content.decode()
    assert 'data-room-seat=""' in page and "data-room-spectator" in page


def test_cancel_shows_a_cancelled_page():
    host = Client()
    url = create(host, language="ko")["Location"]
    room_id = url.split("/")[3]
    assert Client().post(f"/api/rooms/{room_id}/cancel").status_code == 403
    gone = Client().post("/api/rooms/AAAAAAAAAAAAAAAAAAAAAA/cancel", HTTP_ACCEPT="application/json")
    assert (gone.status_code, gone.json()["error"]) == (410, "room-gone")  # as PROTOCOL.md says
    response = host.post(f"/api/rooms/{room_id}/cancel", {"language": "ko"})
    assert response.status_code == 303 and response["Location"] == "/ko/score-four/"
    page = Client().get(url)
    assert page.status_code == 410
    assert 'data-room-problem="room-cancelled"' in page.content.decode()


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_an_unknown_room_has_a_clear_page_in_the_readers_language(language):
    response = Client().get(f"/{language}/r/AAAAAAAAAAAAAAAAAAAAAA/")
    assert response.status_code == 404
    page = response.content.decode()
    assert f'lang="{language}"' in page
    assert 'data-room-problem="room-gone"' in page
    # a way to start a new room, any game
    assert page.count('action="/api/rooms/"') == len(registry.GAMES)


def test_a_join_goes_through_while_redis_cannot_take_its_news(caplog):
    """The seat is taken in the database before the room is told; a Redis that cannot take
    the news (down, failing over) leaves the layer a resync to publish once it can, and the
    friend still gets the seat, not a server error."""
    from django.test import override_settings

    from tools.rooms_harness import free_port

    host = Client()
    url = create(host)["Location"]
    room_id = url.split("/")[3]
    nowhere = {"address": f"redis://127.0.0.1:{free_port()}/0", "socket_timeout": None}
    layers = {
        "default": {
            "BACKEND": "site_config.channel_layer.PubSubChannelLayer",
            "CONFIG": {"hosts": [nowhere]},
        }
    }
    friend = Client()
    with override_settings(CHANNEL_LAYERS=layers):
        response = friend.post(f"/api/rooms/{room_id}/join", {"language": "ja"})
    assert response.status_code == 303 and response["Location"] == url
    assert services.seat_of(Room.objects.get(id=room_id), friend.cookies[f"seat_{room_id}"].value)
    assert "an event was not published (Redis unreachable)" in caplog.text

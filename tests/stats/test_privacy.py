"""What the statistics store: only the schema's fields, never anything from the request."""

from __future__ import annotations

import pytest
from django.db import models

from stats.models import Event

from .conftest import event

pytestmark = pytest.mark.django_db

# Every column of a stored event. None can hold an address, a user agent, a room id, a move
# list or an exact time: each is a short enumerated string, a boolean, a small integer, or the
# hour. Adding a field means arguing for it here and on the privacy page.
ALLOWED_FIELDS = {
    "id": models.BigAutoField,
    "hour": models.DateTimeField,
    "kind": models.CharField,
    "game": models.CharField,
    "mode": models.CharField,
    "level": models.CharField,
    "rule": models.CharField,  # a game's rule setting (free-style, Renju): the game's, no one's
    "result": models.CharField,
    "moves": models.PositiveSmallIntegerField,
    "duration": models.CharField,
    "outcome": models.CharField,
    "reconnects": models.CharField,
    "render": models.CharField,
    "lang": models.CharField,  # the page's language code (ko, ja, zh-hans): no person in it
    "ending": models.CharField,  # how a game ended (a line, a resignation): the game, not a person
    "puzzle": models.DateField,  # a daily puzzle's date: the same puzzle for everyone that day
    "tries": models.PositiveSmallIntegerField,  # tries at that puzzle, 1..99
    "phone": models.BooleanField,
    "memory": models.CharField,
    "cores": models.CharField,
    "browser": models.CharField,
    "os": models.CharField,
}


def test_the_model_has_exactly_the_allowed_fields():
    fields = {field.name: type(field) for field in Event._meta.get_fields()}
    assert fields == ALLOWED_FIELDS


def test_every_text_field_is_short_and_enumerated():
    for field in Event._meta.get_fields():
        if isinstance(field, models.CharField):
            assert field.max_length <= 24, field.name
            assert field.choices, f"{field.name} must be enumerated"


def test_no_field_name_suggests_an_address_or_a_room():
    forbidden = ("ip", "addr", "agent", "ua", "room", "cookie", "header", "board", "gpu", "user")
    for name in ALLOWED_FIELDS:
        assert not any(name == word or name.startswith(word + "_") for word in forbidden), name


def test_request_headers_are_not_stored(post):
    response = post(
        {"events": [event(), event("game-end")]},
        REMOTE_ADDR="203.0.113.5",
        HTTP_X_FORWARDED_FOR="198.51.100.23, 203.0.113.5",
        HTTP_X_REAL_IP="198.51.100.23",
        HTTP_USER_AGENT="Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0 secret-ua-marker",
        HTTP_COOKIE="sessionid=cookie-marker",
        HTTP_REFERER="http://testserver/ko/r/room-marker/",
    )
    assert response.status_code == 204
    markers = (
        "198.51.100.23",
        "203.0.113.5",
        "secret-ua-marker",
        "cookie-marker",
        "room-marker",
        "Mozilla",
    )
    for row in Event.objects.values():
        for name, value in row.items():
            assert not any(marker in str(value) for marker in markers), (name, value)


def test_the_stored_time_is_the_hour(post):
    post({"events": [event()]})
    hour = Event.objects.get().hour
    assert (hour.minute, hour.second, hour.microsecond) == (0, 0, 0)

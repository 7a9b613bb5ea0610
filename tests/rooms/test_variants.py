"""A game with rule settings (games/registry.py, `variants`) in a friend room: the host
chooses one as the room is made, the room keeps it for every round, the header carries it,
the guest sees it before joining, and the engine's refusals under it reach the player."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games import registry
from games.engine import registry as engines
from rooms import services
from rooms.models import Room
from tests.rooms.test_services import code_of, play, play_all, rematch

pytestmark = pytest.mark.django_db

VARIED = [entry for entry in registry.GAMES if entry.variants]
ONE_RULE = next(entry.slug for entry in registry.GAMES if not entry.variants)
# Black (the host, first round) fills A1-D1 and F1; E1 then makes six in a row.
OVERLINE = ["A1", "A15", "B1", "B15", "C1", "C15", "D1", "H15", "F1", "J15"]
# Then black makes exactly five on row 8 while white plays apart: a win under every rule.
FIVE = ["G8", "A13", "H8", "C13", "I8", "E13", "J8", "G13", "K8"]
HOSTILE = "<b>renju-plus</b>"


def test_a_game_with_rule_settings_exists():
    assert VARIED, "no game declares rule settings: these tests would test nothing"


@pytest.mark.parametrize("entry", VARIED, ids=lambda entry: entry.slug)
def test_each_rule_setting_is_stored_and_starts_the_engine(entry):
    game = engines.get(entry.slug)
    for variant in entry.variants:
        room, _host = services.create_room(entry.slug, variant.key)
        room.refresh_from_db()
        assert room.variant == variant.key
        assert room.state == game.dump(game.initial_state(variant.key))
        assert services.header(room).variant == variant.key
        assert services.header(room).wire()["variant"] == variant.key


def test_no_choice_is_the_default_and_a_one_rule_game_has_none():
    entry = VARIED[0]
    room, _host = services.create_room(entry.slug)
    assert room.variant == entry.default_variant != ""
    plain, _host = services.create_room(ONE_RULE)
    assert plain.variant == "" and services.header(plain).wire()["variant"] == ""


def test_an_unknown_rule_setting_is_refused_and_creates_nothing():
    before = Room.objects.count()
    assert code_of(services.create_room, VARIED[0].slug, "chess960") == "unknown-variant"
    assert code_of(services.create_room, ONE_RULE, VARIED[0].default_variant) == "unknown-variant"
    assert Room.objects.count() == before


def test_the_form_refuses_a_bad_rule_setting_without_echoing_it():
    client = Client()
    fields = {"game": VARIED[0].slug, "variant": HOSTILE, "language": "ko"}
    page = client.post("/api/rooms/", fields)
    assert page.status_code == 400
    assert 'data-room-problem="unknown-variant"' in page.content.decode()
    as_json = client.post("/api/rooms/", fields, HTTP_ACCEPT="application/json")
    assert as_json.status_code == 400 and as_json.json()["error"] == "unknown-variant"
    for response in (page, as_json):
        assert "renju-plus" not in response.content.decode()
        assert not any(name.startswith("seat_") for name in response.cookies)
    unknown_game = client.post("/api/rooms/", {"game": HOSTILE}, HTTP_ACCEPT="application/json")
    assert "renju-plus" not in unknown_game.content.decode()
    assert Room.objects.count() == 0


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_the_guest_sees_the_rule_setting_before_joining(language):
    entry = VARIED[0]
    last = entry.variants[-1]
    host = Client()
    fields = {"game": entry.slug, "variant": last.key, "language": language}
    url = host.post("/api/rooms/", fields)["Location"]
    page = Client().get(url).content.decode()
    assert "data-room-join-button" in page
    assert "data-room-variant-name" in page and f'data-room-variant="{last.key}"' in page
    with translation.override(language):
        name = translation.pgettext(*last.name)
    assert name != last.name[1] and name in page  # translated, and shown
    assert "Rules of this room" not in page


def test_renju_refuses_black_overline_and_nothing_changes():
    room, host = services.create_room("gomoku", "renju")
    guest = services.join(room.id, None).secret
    room = play_all(room, host, guest, OVERLINE)
    with pytest.raises(services.RoomError) as refused:
        play(room.id, host, len(OVERLINE), "E1")
    assert refused.value.code == "renju-overline"
    after = Room.objects.get(id=room.id)
    assert (after.version, after.ply, after.state) == (room.version, room.ply, room.state)
    assert services.move_texts(after) == OVERLINE


OVERLINE_ENDS = [("freestyle", "finished"), ("exact-five", "playing")]


@pytest.mark.parametrize(("variant", "status"), OVERLINE_ENDS)
def test_an_overline_wins_only_under_free_style(variant, status):
    room, host = services.create_room("gomoku", variant)
    guest = services.join(room.id, None).secret
    room = play_all(room, host, guest, [*OVERLINE, "E1"])
    assert room.status == status


def test_a_rematch_keeps_the_rule_setting_and_swaps_colours():
    room, host = services.create_room("gomoku", "renju")
    guest = services.join(room.id, None).secret
    room = play_all(room, host, guest, [*OVERLINE, *FIVE])
    assert room.status == Room.FINISHED
    rematch(room.id, host, 1)
    room = rematch(room.id, guest, 1)
    assert (room.round, room.host_side, room.variant) == (2, 1, "renju")
    assert room.state["rule"] == "renju" and services.header(room).variant == "renju"
    room = play_all(room, host, guest, OVERLINE)  # the guest plays black now
    with pytest.raises(services.RoomError) as refused:
        play(room.id, guest, len(OVERLINE), "E1")
    assert refused.value.code == "renju-overline"

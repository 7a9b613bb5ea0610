"""The page's language travels with game-start and game-end ("lang", optional, one of the
site's language codes): the endpoint accepts it and refuses anything else."""

from __future__ import annotations

import json

import pytest
from django.conf import settings

from stats import schema
from stats.models import Event

from .conftest import event

pytestmark = pytest.mark.django_db


def test_the_language_codes_are_the_sites():
    assert schema.LANGS == tuple(code for code, _name in settings.LANGUAGES)


@pytest.mark.parametrize("lang", schema.LANGS)
def test_games_may_carry_the_page_language(post, lang):
    response = post(
        {
            "events": [
                event("game-start", lang=lang),
                event("game-end", lang=lang),
                event("game-start"),
            ]
        }
    )
    assert response.status_code == 204
    assert sorted(Event.objects.values_list("lang", flat=True)) == sorted([lang, lang, ""])


@pytest.mark.parametrize("lang", ["en", "KO", "zh_Hans", "", "ko<script>", 3])
def test_any_other_language_value_refuses_the_whole_batch(post, lang):
    response = post({"events": [event("game-start"), event("game-end", lang=lang)]})
    assert response.status_code == 400
    assert json.loads(response.content)["error"] in {"bad-value", "bad-type"}
    assert Event.objects.count() == 0


def test_only_games_carry_it(post):
    response = post({"events": [event("room-connection", lang="ko")]})
    assert response.status_code == 400
    assert json.loads(response.content)["error"] == "unknown-field"


@pytest.mark.parametrize("ending", schema.ENDINGS)
def test_a_game_end_may_say_how_it_ended(post, ending):
    response = post({"events": [event("game-start"), event("game-end", ending=ending)]})
    assert response.status_code == 204
    assert list(Event.objects.exclude(ending="").values_list("ending", flat=True)) == [ending]


@pytest.mark.parametrize("ending", ["timeout", "RESIGNED", "", 1, "resigned" * 3])
def test_any_other_ending_refuses_the_whole_batch(post, ending):
    response = post({"events": [event("game-start"), event("game-end", ending=ending)]})
    assert response.status_code == 400 and Event.objects.count() == 0

"""A shared room link previews as an invitation (rooms/invitation.py): its own title,
description and picture, in the page's language, and the same whatever the seats are."""

from __future__ import annotations

import re
import struct
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from games.catalog import GAMES
from rooms.invitation import image_path

pytestmark = pytest.mark.django_db

LANGUAGES = ("ko", "ja", "zh-hans")
STATIC = Path(settings.BASE_DIR) / "static"


def create(client, game, language):
    response = client.post("/api/rooms/", {"game": game, "language": language})
    assert response.status_code == 303
    return response["Location"]


def head_tags(html: str) -> dict[str, str]:
    """The page's title and every <meta> with a property or name, as {key: content}."""
    head = html.split("</head>", 1)[0]
    tags = {"title": unescape(re.search(r"<title>(.*?)</title>", head, re.S).group(1))}
    for key, value in re.findall(r'<meta (?:property|name)="([^"]+)" content="([^"]*)"', head):
        tags[key] = unescape(value)
    return tags


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("entry", GAMES, ids=[entry.slug for entry in GAMES])
def test_a_room_link_previews_as_an_invitation_in_the_page_language(language, entry):
    url = create(Client(), entry.slug, language)
    tags = head_tags(Client().get(url).content.decode())
    with translation.override(language):
        name = str(entry.name)
    assert name in tags["og:title"] and name in tags["og:description"]
    assert tags["description"] == tags["og:description"]
    # Translated: no English sentence left (the game's name aside, e.g. "little table").
    for key in ("og:title", "og:description"):
        assert not re.search(r"\b(?:invites|friend|free|browser)\b", tags[key], re.I), tags[key]
    assert tags["og:url"].endswith(url)
    assert tags["og:locale"] == {"ko": "ko_KR", "ja": "ja_JP", "zh-hans": "zh_CN"}[language]
    assert tags["twitter:card"] == "summary_large_image"
    path = image_path(language, entry.slug)
    assert tags["og:image"].endswith(f"/static/{path}")
    assert png_size(STATIC / path) == (1200, 630)
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")


@pytest.mark.parametrize("slug", ["tic-tac-toe", "score-four"])
def test_the_preview_says_nothing_about_the_seats(slug):
    host = Client()
    url = create(host, slug, "ja")
    room_id = url.rstrip("/").rsplit("/", 1)[1]
    waiting = head_tags(Client().get(url).content.decode())
    assert head_tags(host.get(url).content.decode()) == waiting  # the host's own view
    friend = Client()
    assert friend.post(f"/api/rooms/{room_id}/join", {"language": "ja"}).status_code == 303
    # Both seats taken: a stranger's preview, the guest's and the host's are all the same.
    assert head_tags(Client().get(url).content.decode()) == waiting
    assert head_tags(friend.get(url).content.decode()) == waiting
    assert head_tags(host.get(url).content.decode()) == waiting


def test_the_play_page_keeps_the_site_card():
    tags = head_tags(Client().get("/ko/dara/").content.decode())
    assert tags["og:image"].endswith("/static/img/og-card.png")
    assert "invite" not in tags["og:image"]


def test_the_picture_tool_gives_the_board_every_colour_it_uses():
    """tools/make_invite_cards.py draws the board with board2d.css alone; the palette lives in
    site.css, so without it every board came out black."""
    from tools.make_invite_cards import board_palette

    board_css = (STATIC / "css" / "board2d.css").read_text(encoding="utf-8")
    used = set(re.findall(r"var\((--(?:board|stone|mark)-[\w-]+)\)", board_css))
    given = set(re.findall(r"(--[\w-]+):", board_palette()))
    assert used and used <= given, f"colours board2d.css uses but the card lacks: {used - given}"

"""A laptop screen (1280x800) holds the whole 2D board under its tallest status area (issue 29):
in a friend room whose host is told the friend left (with the claim's answers: they have been
away for minutes) and is offered a draw, the turn bar and the board of each 2D game lie inside
the viewport with nothing scrolled, and the board keeps a readable size. Before, Dara's
board ended at y=892 and the others' at 880."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from rooms import endings, services
from rooms.models import Room
from rooms.protocol import OfferDraw
from tests.e2e.browser import watch
from tests.e2e.test_phone_fit import OUTSIDE, settled

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1280, "height": 800}
GAMES = ["tic-tac-toe", "three-mens-morris", "nine-mens-morris", "dara", "reversi"]
MIN_SIDE = 300  # px: the board's shorter side


@pytest.mark.parametrize("language", ["ko", "ja", "zh-hans"])
def test_the_tallest_status_area_leaves_the_board_on_screen(browser, live_server_url, language):
    base = live_server_url
    context = browser.new_context(viewport=LAPTOP)
    failures: list[str] = []
    try:
        for slug in GAMES:
            room, host = services.create_room(slug)
            guest = services.join(room.id, None).secret
            endings.offer_draw(room.id, guest, OfferDraw(room.round))
            Room.objects.filter(id=room.id).update(
                guest_seen_at=timezone.now() - timedelta(seconds=400)
            )
            context.add_cookies([{"name": f"seat_{room.id}", "value": host, "url": base}])
            page = context.new_page()
            problems = watch(page, network=False)
            page.goto(f"{base}/{language}/r/{room.id}/")
            expect(page.locator("[data-board2d-page]")).to_have_attribute("data-ready", "true")
            for part in ("[data-room-news]", "[data-room-draw-offered]", "[data-room-away]"):
                expect(page.locator(part)).to_be_visible()
            settled(page)
            assert page.evaluate("scrollY") == 0
            needed = [".turn-bar", "[data-board2d] svg", "[data-room-claim-win]"]
            failures += [f"{slug}: {p}" for p in page.evaluate(OUTSIDE, needed)]
            box = page.locator("[data-board2d] svg").bounding_box()
            if min(box["width"], box["height"]) < MIN_SIDE:
                failures.append(f"{slug}: board {box['width']:.0f}x{box['height']:.0f}")
            failures += [f"{slug}: {p}" for p in problems]
            page.close()
    finally:
        context.close()
    assert failures == []

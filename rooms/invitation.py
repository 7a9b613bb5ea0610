"""What a shared room link shows in a messenger's preview: the invitation's title, description
and picture, in the page's language. They name the game and nothing else: not who created the
room, not whether a seat is still free (the same words whatever the room's state), so a preview
tells a stranger no more than the link itself."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.catalog import GameEntry


def invitation(entry: GameEntry) -> dict[str, str]:
    """title, description and image (a static path) of the invitation to a game of `entry`,
    in the active language. tools/make_invite_cards.py draws the pictures from the same words."""
    game = str(entry.name)
    return {
        "title": _("A friend invites you to a game of %(game)s") % {"game": game},
        "description": _(
            "%(game)s for two, right in the browser: free, no sign-up, nothing to install."
        )
        % {"game": game},
        "tagline": _("%(site_name)s: free board games in your browser, no sign-up.")
        % {"site_name": settings.SITE_NAME},
        "image": image_path(get_language(), entry.slug),
    }


def image_path(language: str, slug: str) -> str:
    return f"img/invite/{language}/{slug}.png"

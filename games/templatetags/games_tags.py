from django import template
from django.conf import settings
from django.utils.safestring import mark_safe

from games import board_pictures, examples, play_words
from games.catalog import GameEntry

register = template.Library()


@register.simple_tag
def example_board(slug: str) -> str:
    """The worked example of a game's rules section, drawn before and after its key move."""
    return mark_safe(examples.render(slug))


@register.simple_tag
def board_picture(slug: str) -> str:
    """A game's small board on the home page: a real position, drawn as inline SVG."""
    return mark_safe(board_pictures.render(slug))


@register.simple_tag
def operator_contact() -> dict[str, str] | None:
    """The operator's contact (settings.OPERATOR_CONTACT) as link text and target, or None.

    The setting is checked when settings load: an e-mail address or an https:// URL.
    """
    contact = settings.OPERATOR_CONTACT
    if not contact:
        return None
    href = contact if contact.startswith("https://") else f"mailto:{contact}"
    return {"text": contact, "href": href}


@register.simple_tag
def play_page_words(game: GameEntry) -> play_words.PlayWords:
    """The words of a play page's scripts and status table, for `game` in the active language
    (render `words.ui` with `json_script`)."""
    return play_words.for_game(game)

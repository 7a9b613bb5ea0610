from django import template
from django.conf import settings
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games import board_pictures, board_svg, examples, play_words
from games.catalog import GameEntry

register = template.Library()


@register.simple_tag
def example_board(slug: str) -> str:
    """The worked example of a game's rules section, drawn before and after its key move."""
    return mark_safe(examples.render(slug))


@register.simple_tag
def board2d_frame(slug: str) -> SafeString:
    """A play page's board frame, holding the empty board drawn by the server: the page is laid
    out at the board's size from its first paint, and nothing below it jumps when
    static/js/board2d/board.js replaces the drawing with the live board."""
    layout = board_svg.layout_of(slug)
    drawing = board_svg.draw(slug, {}, label=_("Board"), gradient="board2d-stone-served")
    kinds = f"board2d--{slug} board2d--{layout.kind} board2d--{layout.style}"
    classes = f"board2d-frame board2d {kinds}"
    return format_html('<div class="{}" data-board2d>{}</div>', classes, mark_safe(drawing))


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

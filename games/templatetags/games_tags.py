from django import template
from django.utils.safestring import mark_safe

from games import examples

register = template.Library()


@register.simple_tag
def example_board(slug: str) -> str:
    """The worked example of a game's rules section, drawn before and after its key move."""
    return mark_safe(examples.render(slug))

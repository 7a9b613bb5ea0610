"""{% offline_head %}: the manifest, theme colours and icons of base.html's <head>;
{% offline_page %}: the update notice and the script that registers the service worker, when
settings.OFFLINE_WORKER is on (off in the test settings: see docs/TESTING.md)."""

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html

from offline.views import THEME_DARK, THEME_LIGHT

register = template.Library()


@register.simple_tag
def offline_head() -> str:
    return format_html(
        '<link rel="manifest" href="{}">\n'
        '  <meta name="theme-color" media="(prefers-color-scheme: light)" content="{}">\n'
        '  <meta name="theme-color" media="(prefers-color-scheme: dark)" content="{}">\n'
        '  <link rel="apple-touch-icon" href="{}">\n'
        '  <link rel="stylesheet" href="{}">',
        reverse("web-manifest"),
        THEME_LIGHT,
        THEME_DARK,
        static("img/icons/apple-touch-icon.png"),
        static("css/offline.css"),
    )


@register.simple_tag(takes_context=True)
def offline_page(context) -> str:
    if not settings.OFFLINE_WORKER or settings.OFFLINE_WORKER_RETIRE:
        return ""
    # An explicit context, not `request=`: that would run every context processor again, and
    # one of them builds the site's absolute address from the Host header, which raises on
    # an unknown Host while the 400 page for that very request renders (a 500 instead).
    return render_to_string("offline/_page.html", {"request": context.get("request")})

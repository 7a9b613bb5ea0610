"""The error pages (404, 403, 400, 500 and the CSRF refusal) in the site's layout and the
reader's language: the path's prefix (/ko/, /ja/, /zh-hans/), else the browser's choice (the
language cookie, then Accept-Language), else the default. `site_config/urls.py` installs them.

They render with an explicit context and no context processors, and never touch the database
or the request's host (a 400 may be a refused Host header): the same code serves the 500 page,
which must not fail in turn. Should even that fail, a 500 or a 400 still answers with a fixed
page of its own status.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy as _

from games.catalog import GAMES

logger = logging.getLogger(__name__)

LANGUAGE_CODES = tuple(code for code, _name in settings.LANGUAGES)

# status (or "csrf") -> (heading, explanation)
MESSAGES = {
    404: (
        _("Page not found"),
        _("There is no page at this address. The link may be mistyped or out of date."),
    ),
    403: (
        _("Not allowed"),
        _("This page or action is not open to you."),
    ),
    "csrf": (
        _("The form has expired"),
        _(
            "The form was sent without its security token, for example because the page stayed"
            " open for a long time or cookies are blocked. Go back, reload the page and try again."
        ),
    ),
    400: (
        _("Bad request"),
        _("The server could not understand this request. Check the address and try again."),
    ),
    500: (
        _("Something went wrong"),
        _("The server failed while answering. Please try again in a moment."),
    ),
}


def fixed_page(status: int) -> str:
    """The last resort of a 500 or a 400: no template, no translation, nothing that can fail."""
    return (
        '<!doctype html><html lang="ko"><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{status}</title><h1>{status}</h1>"
        '<p><a href="/ko/">한국어</a> · <a href="/ja/">日本語</a>'
        ' · <a href="/zh-hans/">简体中文</a></p>'
    )


FALLBACK_500 = fixed_page(500)


def reader_language(request: HttpRequest) -> tuple[str, bool]:
    """The language to answer in, and whether it came from the path (else the browser)."""
    from_path = translation.get_language_from_path(request.path_info)
    if from_path in LANGUAGE_CODES:
        return from_path, True
    chosen = translation.get_language_from_request(request, check_path=False)
    return (chosen if chosen in LANGUAGE_CODES else settings.LANGUAGE_CODE), False


def render_error(request: HttpRequest, status: int, kind: int | str | None = None) -> HttpResponse:
    language, from_path = reader_language(request)
    with translation.override(language):
        heading, text = MESSAGES[kind or status]
        context = {
            # What base.html would get from games.context_processors.site, without the request:
            # every language's home page (this address has no page to switch to).
            "site_name": settings.SITE_NAME,
            "nav_games": GAMES,
            "language_alternates": [
                {"code": code, "name": name, "url": _home(code)}
                for code, name in settings.LANGUAGES
            ],
            "meta": {"title": f"{heading} | {settings.SITE_NAME}", "description": text},
            "error_heading": heading,
            "error_text": text,
            "status": status,
            "request": request,  # its path and CSP nonce only (base.html)
        }
        body = render_to_string("errors/error.html", context)
    response = HttpResponse(body, status=status)
    response["Content-Language"] = language
    if not from_path:
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def _home(language: str) -> str:
    with translation.override(language):
        return reverse("home")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render_error(request, 404)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render_error(request, 403)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    # Most 400s are an unknown Host header (scanners): a page that failed while rendering must
    # still answer 400, never turn the refusal into a 500.
    try:
        return render_error(request, 400)
    except Exception:
        logger.exception("the 400 page failed; answering with the fixed fallback")
        return HttpResponse(fixed_page(400), status=400)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return render_error(request, 403, "csrf")


def server_error(request: HttpRequest) -> HttpResponse:
    try:
        return render_error(request, 500)
    except Exception:
        logger.exception("the 500 page failed; answering with the fixed fallback")
        return HttpResponse(FALLBACK_500, status=500)

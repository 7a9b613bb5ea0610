"""The service worker script (/sw.js, scope /) and the web app manifest of each language."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from offline.precache import precache

WORKER_SOURCE = Path(__file__).with_name("service-worker.js")
# The kill switch's worker (settings.OFFLINE_WORKER_RETIRE): clears, unregisters, answers nothing.
RETIRE_SOURCE = Path(__file__).with_name("retire-worker.js")

# The page background of each colour scheme (static/css/site.css --bg); base.html sends both
# as theme-color, the manifest (one value only) the light one.
THEME_LIGHT = "#f7f5f0"
THEME_DARK = "#171614"


def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker's code with its precache list in front. Served from the root so its scope
    is the whole site: the AI's module worker lives under /static/ and must be controlled too,
    or its lazily imported engines would not load offline. `no-cache`: the browser asks every
    time it checks for an update, so a deploy (or the kill switch) is seen on the next check."""
    if settings.OFFLINE_WORKER_RETIRE:
        body = RETIRE_SOURCE.read_text(encoding="utf-8")
    else:
        config = {**precache(), "staticUrl": settings.STATIC_URL}
        body = f"const CONFIG = {json.dumps(config, separators=(',', ':'))};\n"
        body += Path(settings.OFFLINE_WORKER_SOURCE or WORKER_SOURCE).read_text(encoding="utf-8")
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


def web_manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest of the page's language: installing from a Korean page gives the
    Korean app, which opens on the Korean home page."""
    language = get_language()
    home = reverse("home")
    icons = [
        {"src": static("img/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("img/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("img/icons/maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("img/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    manifest = {
        "id": home,
        "name": str(settings.SITE_NAME),
        "short_name": str(settings.SITE_NAME),
        "description": _(
            "Free board games in your browser, no sign-up. Plays offline against the AI "
            "and with two players on one device."
        ),
        "lang": language,
        "dir": "ltr",
        "start_url": home,
        "scope": "/",
        "display": "standalone",
        "background_color": THEME_LIGHT,
        "theme_color": THEME_LIGHT,
        "icons": icons,
    }
    response = JsonResponse(manifest, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response

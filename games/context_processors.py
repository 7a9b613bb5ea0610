from django.conf import settings
from django.urls import translate_url

from games.catalog import GAMES


def site(request):
    """Navigation and the same page in every language (switcher and hreflang)."""
    path = request.get_full_path()
    alternates = [
        {"code": code, "name": name, "url": translate_url(path, code)}
        for code, name in settings.LANGUAGES
    ]
    return {
        "site_name": settings.SITE_NAME,
        "nav_games": GAMES,
        "language_alternates": alternates,
        "absolute_root": request.build_absolute_uri("/")[:-1],
    }

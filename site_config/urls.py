from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from games import views as game_views
from games.sitemaps import SITEMAPS
from site_config import health

urlpatterns = [
    path("", game_views.language_redirect, name="language-redirect"),
    path("healthz", game_views.health, name="health"),
    path("readyz", health.ready, name="ready"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("admin/", admin.site.urls),
    path("api/rooms/", include("rooms.api_urls")),
    path("api/stats/", include("stats.urls")),
]

urlpatterns += i18n_patterns(
    path("", include("games.urls")),
    path("r/", include("rooms.urls")),
    prefix_default_language=True,
)

# Error pages in the site's layout and the reader's language (site_config/errors.py).
handler400 = "site_config.errors.bad_request"
handler403 = "site_config.errors.forbidden"
handler404 = "site_config.errors.not_found"
handler500 = "site_config.errors.server_error"

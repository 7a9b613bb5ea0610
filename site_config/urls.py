from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from daily import api_urls as daily_urls
from games import views as game_views
from games.sitemaps import SITEMAPS
from offline import views as offline_views
from site_config import health

urlpatterns = [
    path("", game_views.language_redirect, name="language-redirect"),
    path("healthz", game_views.health, name="health"),
    path("readyz", health.ready, name="ready"),
    path("sw.js", offline_views.service_worker, name="service-worker"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("admin/", admin.site.urls),
    path("api/rooms/", include("rooms.api_urls")),
    path("api/stats/", include("stats.urls")),
    path("api/daily/", include(daily_urls.api_urlpatterns)),
    path("daily/puzzles/", include(daily_urls.data_urlpatterns)),
]

urlpatterns += i18n_patterns(
    path("", include("games.urls")),
    path("r/", include("rooms.urls")),
    path("daily/", include("daily.urls")),
    path("manifest.webmanifest", offline_views.web_manifest, name="web-manifest"),
    prefix_default_language=True,
)

# Error pages in the site's layout and the reader's language (site_config/errors.py).
handler400 = "site_config.errors.bad_request"
handler403 = "site_config.errors.forbidden"
handler404 = "site_config.errors.not_found"
handler500 = "site_config.errors.server_error"

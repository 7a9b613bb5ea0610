from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from games.catalog import GAMES


class PageSitemap(Sitemap):
    """Every public page in every language (Django's i18n sitemap adds hreflang links)."""

    i18n = True
    alternates = True
    x_default = True
    changefreq = "monthly"

    def items(self):
        return [("home", ()), ("guide", ()), ("privacy", ())] + [
            ("play", (entry.slug,)) for entry in GAMES
        ]

    def location(self, item):
        name, args = item
        return reverse(name, args=args)


SITEMAPS = {"pages": PageSitemap}

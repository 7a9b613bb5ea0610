from django.urls import path, register_converter

from games import views
from games.catalog import BY_SLUG


class GameSlugConverter:
    regex = "|".join(BY_SLUG)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(GameSlugConverter, "game")

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/three-in-a-row/", views.guide, name="guide"),
    path("privacy/", views.privacy, name="privacy"),
    path("<game:slug>/", views.play, name="play"),
]

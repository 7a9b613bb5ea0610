"""/api/stats/: the statistics endpoint (stats/views.py)."""

from django.urls import path

from stats import views

urlpatterns = [
    path("events", views.events, name="stats-events"),
]

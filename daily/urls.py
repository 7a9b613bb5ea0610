"""The daily puzzle's page (under each language prefix; site_config/urls.py)."""

from django.urls import path

from daily import views

urlpatterns = [
    path("", views.page, name="daily"),
    path("<str:date>/", views.page, name="daily-date"),
]

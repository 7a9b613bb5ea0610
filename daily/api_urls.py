"""/api/daily/<date> and the page's data, /daily/puzzles/<date>.json (daily/views.py)."""

from django.urls import path

from daily import views

api_urlpatterns = [path("<str:date>", views.api_day, name="daily-api")]
data_urlpatterns = [path("<str:date>.json", views.page_data, name="daily-data")]

"""Friend-room pages under /<lang>/r/."""

from django.urls import path

from rooms import views

urlpatterns = [path("<str:room_id>/", views.room_page, name="room")]

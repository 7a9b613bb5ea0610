"""Room API under /api/rooms/: create, join, cancel. Form posts; JSON when the client sends
`Accept: application/json`."""

from django.urls import path

from rooms import views

urlpatterns = [
    path("", views.create, name="room-create"),
    path("<str:room_id>/join", views.join, name="room-join"),
    path("<str:room_id>/cancel", views.cancel, name="room-cancel"),
    path("<str:room_id>/transfer", views.transfer, name="room-transfer"),
    path("<str:room_id>/take", views.take, name="room-take"),
]

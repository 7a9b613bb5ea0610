"""WebSocket routes of online play: one socket per room page, /ws/rooms/<room id>/. Any other
socket path (`/ws/rooms/a%2Fb/`, `/ws/nothing/`) is answered like an unknown room."""

from django.urls import path, re_path

from rooms.consumers import NoRoomConsumer, RoomConsumer

websocket_urlpatterns = [
    path("ws/rooms/<str:room_id>/", RoomConsumer.as_asgi()),
    re_path(r"", NoRoomConsumer.as_asgi()),
]

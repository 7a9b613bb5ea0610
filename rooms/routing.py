"""WebSocket routes of online play: one socket per room page, /ws/rooms/<room id>/."""

from django.urls import path

from rooms.consumers import RoomConsumer

websocket_urlpatterns = [path("ws/rooms/<str:room_id>/", RoomConsumer.as_asgi())]

"""WebSocket routes of online play (filled in by the rooms work)."""

websocket_urlpatterns: list = []

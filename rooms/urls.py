"""Friend-room pages under /<lang>/r/ (filled in by the rooms work)."""

urlpatterns: list = []

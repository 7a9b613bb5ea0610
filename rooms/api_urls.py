"""Room API under /api/rooms/ (filled in by the rooms work)."""

urlpatterns: list = []

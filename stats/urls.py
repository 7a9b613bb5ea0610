"""The statistics endpoint under /api/stats/ (filled in by the statistics work)."""

urlpatterns: list = []

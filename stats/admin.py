"""The staff review of the play statistics, under the admin: /admin/stats/review/ (linked
from the admin index as "Play statistics › Review") and its CSV export. Staff only: the
admin's own login check guards both; events themselves cannot be added or changed."""

from __future__ import annotations

from django.contrib import admin
from django.urls import path
from django.utils.translation import gettext_lazy as _

from stats import review
from stats.models import Review


@admin.register(Review)
class ReviewAdmin(admin.ModelAdmin):
    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_staff

    def has_module_permission(self, request):
        return self.has_view_permission(request)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_urls(self):
        export = self.admin_site.admin_view(review.export_csv)
        return [path("export.csv", export, name="stats_review_export"), *super().get_urls()]

    def changelist_view(self, request, extra_context=None):
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Play statistics review"),
            **(extra_context or {}),
        }
        return review.review(request, context)

"""Filters of the staff review: stored codes shown as words (stats/labels.py)."""

from django import template

from stats import labels

register = template.Library()


@register.filter
def stat_label(code, field: str) -> str:
    """{{ bar.label|stat_label:"duration" }} -> "1 to 3 minutes" in the admin's language."""
    return labels.label(field, str(code))


@register.filter
def mode_level(group: str) -> str:
    """{{ item.label|mode_level }}: "ai · beginner" -> "against the AI (beginner)"."""
    return labels.mode_level(str(group))

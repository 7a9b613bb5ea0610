"""The words of the "What is sent?" view (templates/stats/_switch.html)."""

import json

from django import template

from stats import labels

register = template.Library()


@register.simple_tag
def sent_field_labels() -> str:
    """Each field of a sent event named in the reader's language, as JSON for
    static/js/stats/switch.js (a body names the kind "event"; labels.FIELDS calls it "kind")."""
    names = {
        ("event" if field == "kind" else field): str(word) for field, word in labels.FIELDS.items()
    }
    return json.dumps(names, ensure_ascii=False)

"""Fills empty translations in locale/<lang>/LC_MESSAGES/django.po from a JSON file.

    python -m tools.po_fill ko translations-ko.json   # {"msgid": "msgstr", ...}

A msgid with a context (msgctxt) may be given as "context::msgid".

Entries named in the file get that translation (others are kept); their fuzzy flags are dropped.
Prints the msgids still untranslated afterwards. Compile with `manage.py compilemessages` after.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def _unquote(line: str) -> str:
    body = line.strip()[1:-1]
    return body.replace("\\n", "\n").replace('\\"', '"').replace("\\\\", "\\")


def parse(text: str) -> list[dict]:
    """Entries as dicts with 'comments', 'msgid', 'msgid_plural', 'msgstr' (list) keys."""
    entries, current, field = [], None, None
    for line in text.splitlines():
        if not line.strip():
            if current:
                entries.append(current)
            current, field = None, None
            continue
        if current is None:
            current = {
                "comments": [],
                "msgctxt": None,
                "msgid": "",
                "msgid_plural": None,
                "msgstr": [],
            }
        if line.startswith("#"):
            current["comments"].append(line)
        elif line.startswith("msgctxt "):
            current["msgctxt"], field = _unquote(line[8:]), "msgctxt"
        elif line.startswith("msgid_plural "):
            current["msgid_plural"], field = _unquote(line[13:]), "msgid_plural"
        elif line.startswith("msgid "):
            current["msgid"], field = _unquote(line[6:]), "msgid"
        elif line.startswith("msgstr"):
            current["msgstr"].append(_unquote(line.split(" ", 1)[1]))
            field = "msgstr"
        elif line.startswith('"'):
            if field == "msgstr":
                current["msgstr"][-1] += _unquote(line)
            else:
                current[field] += _unquote(line)
    if current:
        entries.append(current)
    return entries


def dump(entries: list[dict]) -> str:
    out = []
    for entry in entries:
        lines = list(entry["comments"])
        if entry["msgctxt"] is not None:
            lines.append(f"msgctxt {_quote(entry['msgctxt'])}")
        lines.append(f"msgid {_quote(entry['msgid'])}")
        if entry["msgid_plural"] is not None:
            lines.append(f"msgid_plural {_quote(entry['msgid_plural'])}")
            lines += [f"msgstr[{i}] {_quote(s)}" for i, s in enumerate(entry["msgstr"])]
        else:
            lines.append(f"msgstr {_quote(entry['msgstr'][0] if entry['msgstr'] else '')}")
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def untranslated(entries: list[dict]) -> list[str]:
    return [
        e["msgid"]
        for e in entries
        if e["msgid"] and (not all(e["msgstr"]) or any("fuzzy" in c for c in e["comments"]))
    ]


def fill(language: str, translations: dict[str, str | list[str]]) -> list[str]:
    path = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    entries = parse(path.read_text(encoding="utf-8"))
    for entry in entries:
        # An entry with a context is looked up as "context::msgid" first.
        value = translations.get(f"{entry['msgctxt']}::{entry['msgid']}")
        if value is None:
            value = translations.get(entry["msgid"])
        if not entry["msgid"] or value is None:
            continue
        values = value if isinstance(value, list) else [value]
        if entry["msgid_plural"] is not None:
            entry["msgstr"] = values[:1] * max(1, len(entry["msgstr"]))  # CJK: one plural form
        else:
            entry["msgstr"] = values[:1]
        entry["comments"] = [
            c.replace(", fuzzy", "") for c in entry["comments"] if c.strip() != "#, fuzzy"
        ]
        entry["comments"] = [c for c in entry["comments"] if not c.startswith("#| ")]
    path.write_text(dump(entries), encoding="utf-8")
    return untranslated(entries)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    language, source = argv
    missing = fill(language, json.loads(Path(source).read_text(encoding="utf-8")))
    for msgid in missing:
        print(f"untranslated: {msgid!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

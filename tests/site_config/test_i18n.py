"""Every interface string exists in ko, ja and zh-hans, and the compiled catalogs are current."""

import gettext
import re
import subprocess
from pathlib import Path

import pytest

from tools.po_fill import parse, untranslated

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ["ko", "ja", "zh_Hans"]


@pytest.mark.parametrize("language", CATALOGS)
def test_catalog_is_complete(language):
    po = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    assert untranslated(parse(po.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("language", CATALOGS)
def test_compiled_catalog_matches_its_source(language, tmp_path):
    folder = ROOT / "locale" / language / "LC_MESSAGES"
    fresh = tmp_path / "fresh.mo"
    subprocess.run(["msgfmt", "-o", str(fresh), str(folder / "django.po")], check=True)
    with open(folder / "django.mo", "rb") as committed, open(fresh, "rb") as rebuilt:
        assert gettext.GNUTranslations(committed)._catalog == (
            gettext.GNUTranslations(rebuilt)._catalog
        ), "run: .venv/bin/python manage.py compilemessages --ignore=.venv"


def test_every_template_string_outside_content_is_in_the_catalogs():
    """Text between tags in templates outside content/ must go through {% translate %}."""
    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        if "content" in path.relative_to(ROOT / "templates").parts:
            continue
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"{% blocktranslate.*?endblocktranslate %}", " ", text, flags=re.S)
        text = re.sub(r"{% comment %}.*?{% endcomment %}", " ", text, flags=re.S)
        text = re.sub(r"{% block body_class %}.*?{% endblock %}", " ", text, flags=re.S)
        text = re.sub(r"{%.*?%}|{{.*?}}|{#.*?#}", " ", text, flags=re.S)
        text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S)
        for chunk in re.findall(r">([^<]+)<", text):
            words = re.sub(r"[\s·:|/()\[\]\-–—,.!?0-9×&;]+", "", chunk)
            if words:
                offenders.append(f"{path.relative_to(ROOT)}: {chunk.strip()!r}")
    assert offenders == []


def test_catalogs_hold_every_string_the_code_marks(tmp_path):
    """makemessages, run afresh on a copy of the code, finds no msgid the catalogs lack."""
    import os
    import shutil
    import sys

    copy = tmp_path / "site"
    for folder in (
        "games", "rooms", "stats", "throttle", "offline", "site_config", "templates", "locale",
        "daily",
    ):
        shutil.copytree(ROOT / folder, copy / folder, ignore=shutil.ignore_patterns("content"))
    shutil.copy(ROOT / "manage.py", copy / "manage.py")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "site_config.settings_test"}
    env["LITTLE_TABLE_LOCAL_DIR"] = str(tmp_path / "local")
    command = [sys.executable, "manage.py", "makemessages", "-l", "ko", "--no-obsolete"]
    subprocess.run(command, cwd=copy, env=env, check=True, capture_output=True, timeout=300)

    def msgids(path):
        return {(e["msgctxt"], e["msgid"]) for e in parse(path.read_text(encoding="utf-8"))}

    committed = msgids(ROOT / "locale" / "ko" / "LC_MESSAGES" / "django.po")
    extracted = msgids(copy / "locale" / "ko" / "LC_MESSAGES" / "django.po")
    assert extracted - committed == set(), "run makemessages and translate (README)"

"""OPERATOR_CONTACT: shown on the privacy pages in every language when set, refused at start
when it is neither an e-mail address nor an https:// URL (site_config/settings.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("ko", "ja", "zh-hans")
HEADINGS = {"ko": "문의처", "ja": "お問い合わせ", "zh-hans": "联系方式"}


@pytest.mark.parametrize("lang", LANGS)
def test_no_contact_section_without_the_setting(client, lang):
    with override_settings(OPERATOR_CONTACT=""):
        html = client.get(f"/{lang}/privacy/").content.decode()
    assert 'id="contact"' not in html and 'id="contact-title"' not in html


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("contact", "href"),
    [
        ("privacy@table.example", "mailto:privacy@table.example"),
        ("https://table.example/contact", "https://table.example/contact"),
    ],
)
def test_contact_is_shown_in_every_language(client, lang, contact, href):
    with override_settings(OPERATOR_CONTACT=contact):
        html = client.get(f"/{lang}/privacy/").content.decode()
    assert 'id="contact"' in html and HEADINGS[lang] in html
    assert f'<a href="{href}">{contact}</a>' in html


def start(contact: str, tmp_path) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "site_config.settings",
        "LITTLE_TABLE_LOCAL_DIR": str(tmp_path),
        "OPERATOR_CONTACT": contact,
    }
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.OPERATOR_CONTACT)"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "contact", ["javascript:alert(1)", "http://table.example/", "not an address", "<b>@x"]
)
def test_a_bad_contact_stops_the_start_with_a_clear_message(tmp_path, contact):
    result = start(contact, tmp_path)
    assert result.returncode != 0
    assert "OPERATOR_CONTACT must be an e-mail address or an https:// URL" in result.stderr
    assert contact not in result.stderr.replace("OPERATOR_CONTACT", "")


def test_a_good_contact_loads(tmp_path):
    result = start("  ops@table.example ", tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ops@table.example"

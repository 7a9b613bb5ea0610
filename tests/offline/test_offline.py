"""The service worker script, its precache list, the web app manifests and what the pages
carry for installing and offline play (tests/e2e/test_offline.py plays offline in Chromium)."""

import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import override_settings

from offline.precache import PAGE_ASSETS, precache, static_names

pytestmark = pytest.mark.django_db

LANGUAGES = ["ko", "ja", "zh-hans"]
ROOT = Path(__file__).resolve().parents[2]


def worker_config(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    body = response.content.decode()
    match = re.match(r"const CONFIG = (\{.*?\});\n", body)
    assert match, body[:200]
    return response, json.loads(match.group(1))


def test_the_worker_is_served_from_the_root_never_cached_by_http(client):
    response, config = worker_config(client)
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    # The worker runs under the site's strict policy like any script.
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert "Service-Worker-Allowed" not in response  # /sw.js's own scope is already /
    assert re.fullmatch(r"[0-9a-f]{16}", config["build"])
    assert config["staticUrl"] == "/static/"
    assert "self.addEventListener(\"fetch\"" in response.content.decode()


def test_each_language_precaches_its_pages_and_nothing_personal(client):
    _, config = worker_config(client)
    assert sorted(config["pages"]) == sorted(LANGUAGES)
    for language, urls in config["pages"].items():
        assert f"/{language}/" in urls
        assert f"/{language}/score-four/" in urls and f"/{language}/dara/" in urls
        assert f"/{language}/rules/three-in-a-row/" in urls
        assert f"/{language}/manifest.webmanifest" in urls
        assert all(url.startswith(f"/{language}/") for url in urls)
    everything = [url for urls in config["pages"].values() for url in urls] + config["static"]
    for private in ("/r/", "/api/", "/admin/", "/sw.js"):
        assert not [url for url in everything if private in url], private
    assert len(everything) == len(set(everything))


def test_the_static_list_follows_every_import_of_the_page_scripts():
    names = set(static_names())
    assert set(PAGE_ASSETS) <= names
    # Reached only through imports: the AI worker's lazily imported searches, the engines.
    assert {"js/ai/score-four-search.js", "js/engines/nine-mens-morris.js",
            "js/play/controller.js", "js/offline/connection.js"} <= names
    for name in names:
        assert finders.find(name), name
    # Nothing of the staff review, the invite-link QR code or the link preview.
    assert not [n for n in names if "stats-review" in n or "uqr" in n or "og-card" in n]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_precached_page_names_only_precached_static_files(client, language):
    """A template that starts naming a new file fails here until PAGE_ASSETS lists it."""
    _, config = worker_config(client)
    precached = set(config["static"])
    for url in config["pages"][language]:
        response = client.get(url)
        assert response.status_code == 200, url
        if url.endswith(".webmanifest"):
            continue
        html = response.content.decode()
        named = set(re.findall(r'(?:src|href|data-worker-url)="(/static/[^"]+)"', html))
        named |= set(re.findall(r'"(/static/[^"]+\.js)"', html))  # the importmap
        assert named and named <= precached, (url, named - precached)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_manifest_of_each_language(client, language):
    response = client.get(f"/{language}/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["lang"] == language
    assert manifest["start_url"] == manifest["id"] == f"/{language}/"
    assert manifest["scope"] == "/" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["description"]
    assert not re.search(r"[A-Za-z]{4,}", manifest["description"].replace("AI", "")), (
        "the description must be translated"
    )
    purposes = {icon.get("purpose", "any") for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"}
    for icon in manifest["icons"]:
        name = icon["src"].removeprefix("/static/")
        path = finders.find(name)
        assert path, name
        if icon["type"] == "image/png":
            width, height = png_size(Path(path))
            assert icon["sizes"] == f"{width}x{height}"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_pages_link_the_manifest_theme_colours_and_icon(client):
    html = client.get("/ja/").content.decode()
    assert '<link rel="manifest" href="/ja/manifest.webmanifest">' in html
    assert 'name="theme-color" media="(prefers-color-scheme: light)"' in html
    assert 'name="theme-color" media="(prefers-color-scheme: dark)"' in html
    assert 'rel="apple-touch-icon"' in html


def test_the_worker_script_is_on_the_pages_only_when_switched_on(client):
    # The test settings switch it off (docs/TESTING.md); production has it on.
    assert "js/offline/page.js" not in client.get("/ko/score-four/").content.decode()
    with override_settings(OFFLINE_WORKER=True):
        html = client.get("/ko/score-four/").content.decode()
    assert re.search(r'<script type="module" src="/static/js/offline/page.js" nonce="[^"]+">', html)
    assert "data-update-notice" in html and "data-update-dismiss" in html


def test_the_friend_button_has_its_offline_note(client):
    html = client.get("/zh-hans/nine-mens-morris/").content.decode()
    note = re.search(
        r'<p class="friend-offline" id="friend-offline-note" data-friend-offline hidden>'
        r"([^<]+)</p>",
        html,
    )
    assert note and not re.search(r"[A-Za-z]{4,}", note.group(1).replace("AI", ""))
    assert 'aria-describedby="friend-offline-note"' in html


def test_the_build_id_changes_with_what_a_page_or_file_holds(settings, tmp_path):
    """A changed static file gives another build, hence other worker bytes: the update."""
    import shutil

    from django.contrib.staticfiles.finders import get_finder

    precache.cache_clear()
    before = precache()["build"]
    copy = tmp_path / "static"
    shutil.copytree(ROOT / "static", copy)
    (copy / "js" / "site-menu.js").write_text((copy / "js" / "site-menu.js").read_text() + "\n")
    settings.STATICFILES_DIRS = [str(copy)]
    get_finder.cache_clear()
    precache.cache_clear()
    try:
        assert precache()["build"] != before
    finally:
        settings.STATICFILES_DIRS = [str(ROOT / "static")]
        get_finder.cache_clear()
        precache.cache_clear()
    assert precache()["build"] == before

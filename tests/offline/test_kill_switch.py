"""The kill switch (OFFLINE_WORKER_RETIRE): /sw.js becomes the retiring worker and pages stop
registering one. tests/e2e/test_offline_kill_switch.py watches it work in a browser."""

from django.test import override_settings

from offline.views import RETIRE_SOURCE


def test_the_switch_serves_the_retiring_worker_uncached(client):
    with override_settings(OFFLINE_WORKER=True, OFFLINE_WORKER_RETIRE=True):
        response = client.get("/sw.js")
    body = response.content.decode()
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-cache"
    assert body == RETIRE_SOURCE.read_text(encoding="utf-8")
    assert "registration.unregister()" in body and "caches.delete" in body
    assert 'addEventListener("fetch"' not in body  # it answers nothing


def test_the_switch_takes_the_registration_off_the_pages(client):
    with override_settings(OFFLINE_WORKER=True, OFFLINE_WORKER_RETIRE=False):
        assert "offline/page" in client.get("/ja/").content.decode()
    with override_settings(OFFLINE_WORKER=True, OFFLINE_WORKER_RETIRE=True):
        assert "offline/page" not in client.get("/ja/").content.decode()


def test_without_the_switch_the_real_worker_is_served(client):
    with override_settings(OFFLINE_WORKER=True, OFFLINE_WORKER_RETIRE=False):
        body = client.get("/sw.js").content.decode()
    assert body.startswith("const CONFIG = ") and 'addEventListener("fetch"' in body

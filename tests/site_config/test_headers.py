"""Security headers and cookies on real pages: Permissions-Policy, the HttpOnly CSRF cookie."""

import pytest

from site_config.headers import permissions_policy

pytestmark = pytest.mark.django_db


def test_every_page_denies_the_features_the_site_does_not_use(client):
    for path in ("/ko/", "/ja/score-four/", "/zh-hans/privacy/", "/healthz"):
        header = client.get(path)["Permissions-Policy"]
        features = dict(item.split("=", 1) for item in header.split(", "))
        for unused in ("camera", "microphone", "geolocation", "payment", "usb", "fullscreen"):
            assert features[unused] == "()", (path, unused)
        # Copying and sharing an invite link keep their default: this site only.
        assert "clipboard-write" not in features and "web-share" not in features


def test_the_policy_syntax():
    assert permissions_policy({"camera": [], "web-share": ["self"]}) == (
        "camera=(), web-share=(self)"
    )


def test_the_csrf_cookie_is_http_only(client):
    # The play page's "play with a friend" form sets it; no script reads it.
    response = client.get("/ko/tic-tac-toe/")
    assert response.status_code == 200
    cookie = response.cookies["csrftoken"]
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Lax"

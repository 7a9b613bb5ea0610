"""ASGI entry point: daphne serves HTTP and WebSocket from here.

WebSocket connections pass a same-origin check (scheme, host and port: rooms/origin.py)
before any app routing.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from rooms.origin import SameOriginValidator  # noqa: E402
from rooms.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)

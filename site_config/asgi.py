"""ASGI entry point: daphne serves HTTP and WebSocket from here.

Request bodies pass a size cap before Django reads them (site_config/body_limit.py).
WebSocket connections pass a same-origin check (scheme, host and port: rooms/origin.py)
before any app routing.
daphne's access log is replaced by one without addresses or room ids
(site_config/access_log.py); that happens here because daphne builds its access log after
importing this module.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "site_config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from rooms.origin import SameOriginValidator  # noqa: E402
from rooms.routing import websocket_urlpatterns  # noqa: E402
from site_config.access_log import install_in_daphne  # noqa: E402
from site_config.body_limit import BodyLimit  # noqa: E402

install_in_daphne()

application = ProtocolTypeRouter(
    {
        "http": BodyLimit(django_asgi_app),
        "websocket": SameOriginValidator(URLRouter(websocket_urlpatterns)),
    }
)

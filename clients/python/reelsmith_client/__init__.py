"""reelsmith_client: the reelsmith API from Python.

from reelsmith_client import Client
client = Client()  # REELSMITH_API_KEY, REELSMITH_URL
render = client.renders.create("handshake", data={"person_name": "Ada", "company_name": "Acme"})
video = render.wait()
"""

from reelsmith_client import webhooks
from reelsmith_client._client import AsyncClient, Client
from reelsmith_client._generated import models
from reelsmith_client._render import AsyncRender, Render
from reelsmith_client._version import __version__
from reelsmith_client.errors import (
    ApiError,
    ConnectionFailed,
    RateLimited,
    ReelsmithError,
    RenderFailed,
    WaitTimeout,
)

__all__ = [
    "ApiError",
    "AsyncClient",
    "AsyncRender",
    "Client",
    "ConnectionFailed",
    "RateLimited",
    "ReelsmithError",
    "Render",
    "RenderFailed",
    "WaitTimeout",
    "__version__",
    "models",
    "webhooks",
]

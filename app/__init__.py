"""reelsmith: the Quart API. `create_app(settings)` builds it."""

from __future__ import annotations

import importlib
import logging

from hypercorn.middleware import ProxyFixMiddleware
from quart import Quart
from quart_schema import QuartSchema
from redis.asyncio import Redis

from app.auth import document_security
from app.config import ROOT, Settings
from app.db import Database
from app.errors import ApiRequest, register_error_handlers
from app.ratelimit import install_rate_limits

log = logging.getLogger("reelsmith")

# Each domain package exposes `bp` in routes.py; listed here in one place.
BLUEPRINTS = (
    "app.accounts.routes",
    "app.keys.routes",
    "app.billing.routes",
    "app.projects.routes",
    "app.primitives.routes",
    "app.templates.routes",
    "app.previews.routes",
    "app.renders.routes",
    "app.media.routes",
    "app.voices.routes",
    "app.webhooks.routes",
    "app.apidocs",
)


def create_app(settings: Settings | None = None) -> Quart:
    settings = settings or Settings()
    app = Quart(
        __name__,
        static_folder=str(ROOT / "static"),
        static_url_path="/static",
        template_folder=str(ROOT / "app" / "pages"),
    )
    app.request_class = ApiRequest
    if settings.proxy_trusted_hops > 0:
        # request.remote_addr (and scheme, host) from the trusted proxies' X-Forwarded-* headers.
        app.asgi_app = ProxyFixMiddleware(  # type: ignore[method-assign]
            app.asgi_app, mode="legacy", trusted_hops=settings.proxy_trusted_hops
        )
    app.config["REELSMITH_SETTINGS"] = settings
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.config["SECRET_KEY"] = settings.session_secret
    app.config["JSON_SORT_KEYS"] = False
    app.json.sort_keys = False  # type: ignore[attr-defined]

    QuartSchema(
        app,
        info={"title": "reelsmith API", "version": "1.0.0"},
        openapi_path="/openapi.json",
        swagger_ui_path=None,
        redoc_ui_path=None,
        scalar_ui_path=None,
        security_schemes={
            "ApiKey": {"type": "apiKey", "in_": "header", "name": "X-API-Key"},
            "Bearer": {"type": "http", "scheme": "bearer"},
            "Session": {"type": "apiKey", "in_": "cookie", "name": "reelsmith_session"},
        },
        convert_casing=False,
    )
    register_error_handlers(app)
    install_rate_limits(app)

    for module_name in BLUEPRINTS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                continue  # domain not built yet
            raise
        app.register_blueprint(module.bp)
    document_security(app)

    @app.before_serving
    async def _start() -> None:
        app.config["REELSMITH_DB"] = Database(settings.database_url)
        app.config["REELSMITH_REDIS"] = Redis.from_url(settings.redis_url)

    @app.after_serving
    async def _stop() -> None:
        await app.config["REELSMITH_DB"].dispose()
        await app.config["REELSMITH_REDIS"].aclose()
        pool = app.config.get("REELSMITH_ARQ")
        if pool is not None:
            await pool.aclose()

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app

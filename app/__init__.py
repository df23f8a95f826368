"""reelsmith: the Quart API. `create_app(settings)` builds it."""

from __future__ import annotations

import logging

from hypercorn.middleware import ProxyFixMiddleware
from quart import Quart
from quart_schema import QuartSchema
from redis.asyncio import Redis

from app import apidocs
from app.accounts import routes as accounts_routes
from app.auth import document_security
from app.billing import routes as billing_routes
from app.config import ROOT, Settings
from app.db import Database
from app.errors import ApiRequest, register_error_handlers
from app.keys import routes as keys_routes
from app.media import routes as media_routes
from app.previews import routes as previews_routes
from app.primitives import routes as primitives_routes
from app.projects import routes as projects_routes
from app.ratelimit import install_rate_limits
from app.renders import routes as renders_routes
from app.templates import routes as templates_routes
from app.voices import routes as voices_routes

log = logging.getLogger("reelsmith")

# Each domain package exposes `bp` in routes.py; listed here in one place.
BLUEPRINTS = (
    accounts_routes.bp,
    keys_routes.bp,
    billing_routes.bp,
    projects_routes.bp,
    primitives_routes.bp,
    templates_routes.bp,
    previews_routes.bp,
    renders_routes.bp,
    media_routes.bp,
    voices_routes.bp,
    apidocs.bp,
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

    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
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

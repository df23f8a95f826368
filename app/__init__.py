"""reelsmith: the Quart API. `create_app(settings)` builds it."""

from __future__ import annotations

import gc
import logging

from hypercorn.middleware import ProxyFixMiddleware
from pydantic import BaseModel
from quart import Blueprint, Quart
from quart_schema import QuartSchema, tag, validate_response

from app import auth, jsonanswer, schemacache
from app.auth import document_security
from app.config import ROOT, Settings
from app.db import Database
from app.errors import ApiRequest, register_error_handlers
from app.openapi import ReelsmithOpenAPI
from app.ratelimit import install_rate_limits
from app.redisconn import redis_client

log = logging.getLogger("reelsmith")


def freeze_startup_heap() -> None:
    """Call once an API process has started: what start-up made lives as long as the process,
    so it leaves the collector's generations; full collections then walk only what requests
    make (on this machine they had put 100 ms pauses into 1 % of requests)."""
    gc.collect()
    gc.freeze()


class HealthResponse(BaseModel):
    status: str


def blueprints() -> list[Blueprint]:
    """Each domain's `bp` (routes.py), in one place; imported when an app is made, so that
    importing a module of `app` (the worker does) does not load every route."""
    from app import apidocs, metrics, readiness
    from app.accounts import routes as accounts
    from app.ai import routes as ai
    from app.analytics import routes as analytics
    from app.billing import routes as billing
    from app.dashboard import blueprints as dashboard
    from app.keys import routes as keys
    from app.languages import routes as languages
    from app.media import routes as media
    from app.previews import routes as previews
    from app.primitives import routes as primitives
    from app.projects import routes as projects
    from app.renders import routes as renders
    from app.templates import routes as templates
    from app.triggers import routes as triggers
    from app.viewers import live as viewers_live
    from app.viewers import routes as viewers
    from app.voices import routes as voices
    from app.webhooks import routes as webhooks

    return [
        accounts.bp,
        keys.bp,
        billing.bp,
        projects.bp,
        primitives.bp,
        languages.bp,
        templates.bp,
        previews.bp,
        renders.bp,
        media.bp,
        voices.bp,
        webhooks.bp,
        analytics.bp,
        triggers.bp,
        ai.bp,
        viewers.bp,
        viewers_live.bp,
        readiness.bp,
        metrics.bp,
        apidocs.bp,
        *dashboard(),
    ]


def install_auth(app: Quart) -> None:
    """Authentication finds keys and sessions through the keys and accounts domains, which it
    sits below (their routes use it): handed over here, where the app is put together."""
    from app.accounts.service import find_session_account
    from app.keys.service import find_live_key
    from app.keys.usage import note_use_if_stale

    auth.install(
        app,
        auth.Lookups(
            find_key=find_live_key,
            note_key_use=note_use_if_stale,
            find_session=find_session_account,
        ),
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
    # No SECRET_KEY: Quart's own cookie session is unused (our cookies are signed by auth.py and
    # dashboard/csrf.py), and without a key it opens none per request.
    app.config["JSON_SORT_KEYS"] = False
    app.json.sort_keys = False  # type: ignore[attr-defined]

    schemacache.install()  # one pydantic adapter per type, not one per answer
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
        openapi_provider_class=ReelsmithOpenAPI,
    )
    jsonanswer.install(app)  # validated answers to JSON in one pass
    register_error_handlers(app)
    install_auth(app)
    from app.outcomes import job_finished  # with the routes, as in blueprints()

    app.config["REELSMITH_JOB_FINISHED"] = job_finished
    install_rate_limits(app)

    for blueprint in blueprints():
        app.register_blueprint(blueprint)
    from app.dashboard import hide_from_api_docs  # with the routes, as in blueprints()

    hide_from_api_docs(app)
    document_security(app)

    @app.before_serving
    async def _start() -> None:
        app.config["REELSMITH_DB"] = Database(
            settings.database_url, settings.database_pool_size, settings.sqlite_synchronous
        )
        app.config["REELSMITH_REDIS"] = redis_client(settings)

    @app.after_serving
    async def _stop() -> None:
        await app.config["REELSMITH_DB"].dispose()
        await app.config["REELSMITH_REDIS"].aclose()
        pool = app.config.get("REELSMITH_ARQ")
        if pool is not None:
            await pool.aclose()

    @app.get("/healthz")
    @tag(["Service"])
    @validate_response(HealthResponse, 200)
    async def healthz() -> HealthResponse:
        """Liveness for load balancers: answers while the event loop turns (never limited)."""
        return HealthResponse(status="ok")

    return app

"""The dashboard: server-rendered pages under /app for everything a team does with reelsmith,
signed in with the session cookie, calling the same domain services as the API.

Each page group is a module with its own blueprint (all under /app, sharing app.dashboard.web);
`blueprints()` lists them for app.create_app.
"""

from __future__ import annotations

from quart import Blueprint, Quart
from quart_schema.openapi import QUART_SCHEMA_HIDDEN_ATTRIBUTE

from app.dashboard import (
    analytics,
    batches,
    billing,
    keys,
    render,
    routes,
    templates,
    triggers,
    webhooks,
)
from app.dashboard.web import PREFIX


def blueprints() -> list[Blueprint]:
    """Each page group's blueprint; the front door (sign-in, overview) first."""
    return [
        routes.bp,
        keys.bp,
        billing.bp,
        webhooks.bp,
        analytics.bp,
        render.bp,
        batches.bp,
        triggers.bp,
        templates.bp,
    ]


def hide_from_api_docs(app: Quart) -> None:
    """The dashboard is pages for people, not part of the JSON API: keep every /app route out
    of /openapi.json (and so out of the contract tests)."""
    for rule in app.url_map.iter_rules():
        if rule.rule == PREFIX or rule.rule.startswith(PREFIX + "/"):
            view = app.view_functions.get(rule.endpoint)
            if view is not None:
                setattr(view, QUART_SCHEMA_HIDDEN_ATTRIBUTE, True)

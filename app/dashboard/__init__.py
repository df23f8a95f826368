"""The dashboard: server-rendered pages under /app for everything a team does with reelsmith,
signed in with the session cookie, calling the same domain services as the API.

Each page group is a module with its own blueprint (all under /app, sharing app.dashboard.web);
`blueprints()` lists them for app.create_app.
"""

from __future__ import annotations

from quart import Blueprint

from app.dashboard import routes, templates


def blueprints() -> list[Blueprint]:
    """Each page group's blueprint; the front door (sign-in, overview) first."""
    return [routes.bp, templates.bp]

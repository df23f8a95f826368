"""Imports every domain's tables so Base.metadata is complete (Alembic, create_all)."""

# ruff: noqa: F401
import importlib

for _name in (
    "app.accounts.models",
    "app.keys.models",
    "app.projects.models",
    "app.templates.models",
    "app.renders.models",
    "app.voices.models",
    "app.webhooks.models",
):
    try:
        importlib.import_module(_name)
    except ModuleNotFoundError as exc:
        if not (exc.name and _name.startswith(exc.name)):
            raise

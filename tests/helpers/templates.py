"""Template helpers only tests use (kept out of the app's services)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.templates.binding import prepare_data
from app.templates.builtins import builtin_as_view, builtins
from app.templates.schemas import TemplateView


def builtin_view(template_id: str) -> TemplateView:
    """A built-in template as a view (usage count not loaded: 0)."""
    return builtin_as_view(builtins()[template_id], 0)


def with_defaults(view: TemplateView, data: Mapping[str, Any]) -> dict[str, Any]:
    """The data with each missing slot filled from the slot's defaultValue (as a render binds
    it: app.templates.binding.prepare_data, without a data source)."""
    return prepare_data(view.dataSlots, data)

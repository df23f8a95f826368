"""Template helpers only tests use (kept out of the app's services)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from app.templates.binding import bind_data
from app.templates.builtins import builtin_as_view, builtins
from app.templates.schemas import TemplateView

# A `[variable]` reference in template text (the lead repoints this at the shared grammar).
REFERENCE = re.compile(r"\[([A-Za-z_][A-Za-z0-9_]*)\]")


def builtin_view(template_id: str) -> TemplateView:
    """A built-in template as a view (usage count not loaded: 0)."""
    return builtin_as_view(builtins()[template_id], 0)


def with_defaults(view: TemplateView, data: Mapping[str, Any]) -> dict[str, Any]:
    """The data with each missing slot filled from the slot's defaultValue (as a render binds
    it: app.templates.binding.bind_data, without a data source)."""
    return bind_data(view.dataSlots, data)

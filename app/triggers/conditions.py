"""Rule conditions: a leaf `{field, op, value}` with the skipCondition ops and dotted field
paths (evaluated by app.composition.timeline.condition_holds, the one evaluator), or
`{all: [...]}` / `{any: [...]}` of conditions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.composition.timeline import condition_holds


def holds(condition: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    if "all" in condition:
        return all(holds(c, data) for c in condition["all"])
    if "any" in condition:
        return any(holds(c, data) for c in condition["any"])
    return condition_holds(condition, data)

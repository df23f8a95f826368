"""One pydantic TypeAdapter per type for quart-schema, not one per answer.

quart-schema turns every dict or list a view returns (and every answer's headers) into JSON
through `TypeAdapter(type(value))`, and pydantic builds a TypeAdapter's core schema anew each
time: about 0.1 ms of CPU twice per answer on the hot routes (bench/api_cost_bench.py
--profile). The types it is asked for are few (dict, list, the request and response models),
so the adapters are made once and kept.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import quart_schema.conversion
from pydantic import TypeAdapter


@lru_cache(maxsize=512)
def cached_adapter(kind: Any) -> TypeAdapter[Any]:
    return TypeAdapter(kind)


def _adapter(kind: Any) -> TypeAdapter[Any]:
    try:
        return cached_adapter(kind)
    except TypeError:  # an unhashable type expression: made each time, as before
        return TypeAdapter(kind)


def install() -> None:
    """Make quart-schema's conversions use the kept adapters (idempotent)."""
    quart_schema.conversion.TypeAdapter = _adapter  # type: ignore[assignment,misc]

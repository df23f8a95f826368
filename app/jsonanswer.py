"""Answers of validated response models written to JSON once, by pydantic's own serializer.

`@validate_response` checks a view's dict against its model and hands the model on; quart-schema
then dumps it back to Python objects (`model_dump`) and Quart encodes those with the standard
library's `json` (in Python): two more passes over every answer. Here a validated model goes
to JSON bytes in one pass of pydantic-core instead (`to_json`), compact and ending in a
newline as Quart writes it.

The JSON values are the same. Only models whose fields can be serialized the same way by both
paths take it: Quart writes dates as HTTP dates (RFC 822) and pydantic as ISO 8601, so a model
with a date, time, decimal or UUID field anywhere keeps the old path (`direct`). Text outside
ASCII is written as UTF-8 rather than as `\\u` escapes (the same JSON string).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import lru_cache
from typing import Any

from pydantic import BaseModel
from quart import Quart, Response

# Core schema types whose JSON form differs between pydantic and Quart's encoder.
UNLIKE = frozenset({"datetime", "date", "time", "timedelta", "decimal", "uuid"})


def _mentions_unlike(node: Any) -> bool:
    if isinstance(node, dict):
        kind = node.get("type")
        if isinstance(kind, str) and kind in UNLIKE:
            return True
        return any(_mentions_unlike(v) for v in node.values())
    if isinstance(node, list | tuple):
        return any(_mentions_unlike(v) for v in node)
    return False


@lru_cache(maxsize=1024)
def direct(model: type[BaseModel]) -> bool:
    """Whether answers of `model` may go to JSON through pydantic's serializer."""
    return not _mentions_unlike(model.__pydantic_core_schema__)


def as_json(value: Any) -> Response | None:
    """The JSON response of a validated model that may go directly, else None."""
    if not isinstance(value, BaseModel) or not direct(type(value)):
        return None
    body = value.__pydantic_serializer__.to_json(value) + b"\n"
    return Response(body, mimetype="application/json")


def install(app: Quart) -> None:
    """Put the direct path in front of quart-schema's conversion (after QuartSchema(app))."""
    make_response: Callable[[Any], Awaitable[Response]] = app.make_response

    async def _make_response(result: Any) -> Response:
        if isinstance(result, tuple) and result:
            answer = as_json(result[0])
            if answer is not None:
                result = (answer, *result[1:])
        else:
            answer = as_json(result)
            if answer is not None:
                result = answer
        return await make_response(result)

    app.make_response = _make_response  # type: ignore[method-assign]

"""CPU work off the event loop: one request's large document must not stall the others.

`off_loop(fn, *args)` runs CPU-bound work (validation, composition of large documents) in a
small dedicated pool. The pool is small on purpose: Python threads share one interpreter lock,
so every extra busy thread takes turns from the event loop; with at most CPU_WORKERS threads
the loop waits a few milliseconds at worst for its turn, however many requests are queued.

`validate_request_off_loop(Model)` declares a route's JSON body like quart-schema's
`@validate_request` (the same OpenAPI attribute, the same RequestSchemaValidationError and
malformed-JSON answers) but parses and validates it in that pool: a 1 MB document takes tens
of milliseconds of CPU, during which every other request (and /healthz) would wait.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import wraps
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from quart import current_app, request
from quart_schema import DataSource, RequestSchemaValidationError
from quart_schema.validation import QUART_SCHEMA_REQUEST_ATTRIBUTE

T = TypeVar("T")

CPU_WORKERS = 1
_pool = ThreadPoolExecutor(max_workers=CPU_WORKERS, thread_name_prefix="reelsmith-cpu")


async def off_loop(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` in the CPU pool (with the caller's context variables); its result or
    exception comes back to the awaiting coroutine."""
    context = contextvars.copy_context()
    call = functools.partial(context.run, fn, *args)
    return await asyncio.get_running_loop().run_in_executor(_pool, call)


def _parse(raw: bytes) -> Any:
    """The JSON value of a body, or the exception that stopped parsing it."""
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, RecursionError, ValueError) as error:
        return error


def _validate(raw: bytes | None, model: type[BaseModel]) -> Any:
    """The body as `model`, or the exception to raise: a RequestSchemaValidationError, or the
    parse error of a malformed body. JSON goes straight into the model (no intermediate
    dicts: half the objects, so less time and less garbage for the collector); a body that
    parser refuses is parsed again by the standard library, which gives the error message
    the rest of the API gives (or parses what the fast parser would not, e.g. deep nesting)."""
    try:
        if raw is None:  # not declared as JSON
            return model.model_validate(None)
        return model.model_validate_json(raw)
    except ValidationError as error:
        if raw is None or not any(e["type"] == "json_invalid" for e in error.errors()):
            return RequestSchemaValidationError(error)
    parsed = _parse(raw)
    if isinstance(parsed, Exception):
        return parsed
    try:
        return model.model_validate(parsed)
    except ValidationError as error:
        return RequestSchemaValidationError(error)


def validate_request_off_loop(model: type[BaseModel]) -> Callable[[Callable[..., Any]], Any]:
    """Like `@validate_request(model)` (JSON bodies), parsing and validating in the pool."""

    def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
        setattr(func, QUART_SCHEMA_REQUEST_ATTRIBUTE, (model, DataSource.JSON))

        @wraps(func)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            raw = await request.get_data(as_text=False) if request.is_json else None
            loaded = await off_loop(_validate, raw, model)
            if isinstance(loaded, RequestSchemaValidationError):
                raise loaded
            if isinstance(loaded, Exception):
                return request.on_json_loading_failed(loaded)  # raises the app's 400
            return await current_app.ensure_async(func)(*args, data=loaded, **kwargs)

        return wrapper

    return decorator

"""/openapi.json as client generators want it: quart-schema builds the document from the route
models; `ReelsmithOpenAPI` then makes it generate clean (issue: client libraries).

- Every request and response body that is a named model is a component referenced by `$ref`
  (quart-schema inlines the top-level model of each body): one `ErrorBody` for every error
  response, one `JobFields`, ... A name two different shapes would share fails loudly.
- Operation ids name the operation once: the view's name (`create_render`, `list_keys`,
  `get_languages`), or the method's verb before it when the name is no verb phrase
  (`heatmap` -> `get_heatmap`), with a few renames where the view's name says less than the
  resource (`job_status` -> `get_render`).
- Error responses carry a description of their status.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from quart_schema.openapi import QUART_SCHEMA_OPERATION_ID_ATTRIBUTE, OpenAPIProvider

REF = "#/components/schemas/"

# Words an operation id may start with as it is; any other name gets the method's verb first.
VERBS = frozenset(
    {"get", "list", "create", "update", "delete", "patch", "put", "revoke", "rotate", "test",
     "redeliver", "replay", "ingest", "generate", "translate", "track", "login", "logout",
     "build"}
)  # fmt: skip
METHOD_VERBS = {"get": "get", "post": "create", "put": "put", "patch": "update", "delete": "delete"}
# Views whose name says less than the resource does.
RENAMES = {
    "job_status": "get_render",
    "batch_status": "get_batch",
    "ab": "get_ab_comparison",
    "recipients": "list_recipients",
    "prompt_builder": "build_prompt",
    "rotate_secret": "rotate_webhook_secret",
    "redeliver": "redeliver_delivery",
    "replay": "replay_deliveries",
    "healthz": "get_health",
    "put_template": "replace_template",
    "patch_template": "update_template",
}

ERROR_DESCRIPTIONS = {
    "400": "Invalid request: the body or query broke a rule (see `details`)",
    "401": "No valid API key, bearer token or session",
    "402": "Not enough credits",
    "403": "The key lacks the scope this operation needs",
    "404": "Not found",
    "409": "Conflict (e.g. an Idempotency-Key reused with another body)",
    "422": "Unprocessable",
    "429": "Rate limited: wait `Retry-After` seconds",
    "502": "An upstream service failed",
    "503": "Temporarily unavailable: retry after `Retry-After` seconds",
    "504": "Timed out",
}


def operation_name(method: str, name: str) -> str:
    """The operation id of view `name` served on `method` (lower case)."""
    if name in RENAMES:
        return RENAMES[name]
    if name.split("_", 1)[0] in VERBS:
        return name
    return f"{METHOD_VERBS.get(method, method)}_{name}"


def _is_model(schema: Any) -> bool:
    return isinstance(schema, dict) and "title" in schema and "properties" in schema


class DuplicateSchemaName(RuntimeError):
    """Two different shapes would be one component: rename one of the models."""


def hoist(document: dict[str, Any]) -> dict[str, Any]:
    """Move each body's inline model into components.schemas and reference it (in place)."""
    components: dict[str, Any] = document.setdefault("components", {}).setdefault("schemas", {})

    def reference(schema: dict[str, Any], where: str) -> dict[str, Any]:
        if not _is_model(schema):
            return schema
        name = schema["title"]
        known = components.get(name)
        if known is not None and known != schema:
            raise DuplicateSchemaName(f"{name}: two different shapes ({where})")
        components[name] = schema
        return {"$ref": REF + name}

    def reference_all(content: dict[str, Any], where: str) -> None:
        for media in content.values():
            if isinstance(media, dict) and "schema" in media:
                media["schema"] = reference(media["schema"], where)

    for path, operations in document.get("paths", {}).items():
        for method, op in operations.items():
            where = f"{method.upper()} {path}"
            reference_all(op.get("requestBody", {}).get("content", {}), where)
            for status, response in op.get("responses", {}).items():
                reference_all(response.get("content", {}), where)
                describe(status, response)
    document["components"]["schemas"] = dict(sorted(components.items()))
    return document


def describe(status: str, response: dict[str, Any]) -> None:
    """An error response says what its status means; a response never has no description."""
    if status in ERROR_DESCRIPTIONS and _refers_to_error(response):
        response["description"] = ERROR_DESCRIPTIONS[status]
    elif not response.get("description"):
        response["description"] = "Success"


def _refers_to_error(response: dict[str, Any]) -> bool:
    schema = response.get("content", {}).get("application/json", {}).get("schema", {})
    return str(schema.get("$ref", "")).endswith("ErrorBody")


def check_unique_ids(document: dict[str, Any]) -> None:
    seen: dict[str, str] = {}
    for path, operations in document.get("paths", {}).items():
        for method, op in operations.items():
            op_id = op.get("operationId")
            if op_id in seen:
                raise DuplicateSchemaName(f"operationId {op_id}: {seen[op_id]} and {method} {path}")
            seen[op_id] = f"{method} {path}"


class ReelsmithOpenAPI(OpenAPIProvider):
    """quart-schema's document, with shared components and operation ids named once."""

    def schema(self) -> dict[str, Any]:
        document = hoist(super().schema())
        check_unique_ids(document)
        return document

    def operation_id(self, method: str, path: str, func: Callable[..., Any]) -> str | None:
        name = getattr(func, QUART_SCHEMA_OPERATION_ID_ATTRIBUTE, func.__name__)
        return operation_name(method.lower(), name)

"""The calls each resource makes (shared by Client and AsyncClient): snake_case arguments in,
the SPEC's camelCase on the wire, generated models out."""

from __future__ import annotations

import csv
import uuid
from pathlib import Path
from typing import Any

from reelsmith_client._http import Call

_OPTION_KEYS = {"scenes", "brand", "audio", "output"}


def idempotency(key: str | None) -> dict[str, str]:
    """Every create sends an Idempotency-Key (one is made unless given), so retries are safe."""
    return {"Idempotency-Key": key or f"rsc-{uuid.uuid4().hex}"}


def options(
    scenes: list[dict[str, Any]] | None,
    brand: dict[str, Any] | None,
    audio: dict[str, Any] | None,
    output: dict[str, Any] | None,
    project_id: str | None,
) -> dict[str, Any]:
    values = {"scenes": scenes, "brand": brand, "audio": audio, "output": output}
    body = {k: camel_keys(v) for k, v in values.items() if v is not None}
    if project_id is not None:
        body["projectId"] = project_id
    return body


def camel(name: str) -> str:
    """snake_case to camelCase (a name already in camelCase stays)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def camel_keys(value: Any) -> Any:
    """The keys of option objects in the wire's camelCase (`voice_id` -> `voiceId`)."""
    if isinstance(value, dict):
        return {camel(k): camel_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [camel_keys(v) for v in value]
    return value


def create_render(
    template_id: str,
    data: dict[str, Any] | None,
    idempotency_key: str | None,
    **opts: Any,
) -> Call:
    # `data` is the template's slots: its keys are the template's own, sent as given.
    body = {"templateId": template_id, "data": data or {}, **options(**opts)}
    return Call("POST", "/api/render", json=body, headers=idempotency(idempotency_key))


def get_render(job_id: str) -> Call:
    return Call("GET", f"/api/render/{job_id}")


def delete_render(job_id: str) -> Call:
    return Call("DELETE", f"/api/render/{job_id}")


def create_batch(
    template_id: str,
    headers: list[str],
    rows: list[list[Any]],
    idempotency_key: str | None,
    variants: list[dict[str, Any]] | None = None,
    primary_metric: str | None = None,
    **opts: Any,
) -> Call:
    body: dict[str, Any] = {
        "templateId": template_id,
        "headers": headers,
        "rows": rows,
        **options(**opts),
    }
    if variants is not None:
        body["variants"] = camel_keys(variants)
    if primary_metric is not None:
        body["primaryMetric"] = primary_metric
    return Call("POST", "/api/render/batch", json=body, headers=idempotency(idempotency_key))


def check_batch(
    template_id: str, headers: list[str], rows: list[list[Any]], **opts: Any
) -> Call:
    """The batch's dry run: per-row warnings, the mapping and the cost; nothing charged."""
    call = create_batch(template_id, headers, rows, None, **opts)
    assert call.json is not None
    return Call("POST", "/api/render/batch", json={**call.json, "dryRun": True})


def read_csv(path: str | Path, encoding: str = "utf-8-sig") -> tuple[list[str], list[list[str]]]:
    """A CSV file's header row and its rows (blank lines skipped). The API maps the headers to
    the template's data slots by key, label and aliases, fuzzily."""
    with open(path, newline="", encoding=encoding) as handle:
        reader = [row for row in csv.reader(handle) if any(cell.strip() for cell in row)]
    if not reader:
        raise ValueError(f"{path}: no header row")
    return reader[0], reader[1:]


def get_batch(batch_id: str) -> Call:
    return Call("GET", "/api/render/batch", params={"batchId": batch_id})


def ledger_page(limit: int, cursor: str | None) -> Call:
    return Call("GET", "/api/billing", params={"limit": limit, "cursor": cursor})


def recipients_page(batch_id: str, limit: int, cursor: str | None) -> Call:
    params = {"limit": limit, "cursor": cursor}
    return Call("GET", f"/api/analytics/campaign/{batch_id}/recipients", params=params)


def deliveries_page(webhook_id: str, page: int, limit: int) -> Call:
    params = {"page": page, "limit": limit}
    return Call("GET", f"/api/webhooks/{webhook_id}/deliveries", params=params)


def create_webhook(url: str, events: list[str], description: str) -> Call:
    # No Idempotency-Key: the API keeps one only for renders, batches and ingested events, so
    # a key here would make a lost connection's retry create a second endpoint.
    body = {"url": url, "events": events, "description": description}
    return Call("POST", "/api/webhooks", json=body)


def test_webhook(webhook_id: str) -> Call:
    return Call("POST", "/api/webhooks/test", json={"webhookId": webhook_id})

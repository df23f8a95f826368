"""Retrying a batch's failed rows: the batch request that renders them again (the dashboard's
*Retry failed rows*), checked and charged as any batch by create.create_batch."""

from __future__ import annotations

import json
from typing import Any

from app.renders.errors import InvalidRenderRequest
from app.renders.job import load_job_spec
from app.renders.models import Batch, RenderJob
from app.renders.schemas import BatchRequest, SceneOverride


def _cell_value(value: Any) -> str | int | float | bool | None:
    """A resolved data value as a batch cell (lists and objects as the JSON a cell holds)."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return json.dumps(value)


def retry_requests(batch: Batch, failed: list[RenderJob]) -> list[BatchRequest]:
    """One retry_request per shape of the failed jobs (a batch made with output.aspectRatios
    renders each shape of a row as its own job; a retry renders each failed job in its own
    shape)."""
    if not failed:
        raise InvalidRenderRequest("The batch has no failed rows to retry")
    groups: dict[str, list[RenderJob]] = {}
    for job in failed:
        groups.setdefault(load_job_spec(job.request).output.aspectRatio, []).append(job)
    return [retry_request(batch, jobs) for jobs in groups.values()]


def retry_request(batch: Batch, failed: list[RenderJob]) -> BatchRequest:
    """The batch request that renders `failed` jobs of `batch` again, for create_batch (the
    same checks and charge as any batch): one row per job from its stored data (headers are
    the data keys, so each maps to its slot exactly), the stored brand, audio and output, the
    stored scenes as overrides (not for A/B batches, whose variants carry their own), and the
    batch's variants (rows are assigned again among them)."""
    if not failed:
        raise InvalidRenderRequest("The batch has no failed rows to retry")
    specs = [load_job_spec(job.request) for job in failed]
    headers: list[str] = []
    for spec in specs:
        headers += [key for key in spec.data if key not in headers]
    rows = [[_cell_value(spec.data.get(key)) for key in headers] for spec in specs]
    base = specs[0]
    scenes = [
        SceneOverride(
            primitiveId=s.get("primitiveId"),
            enabled=s.get("enabled"),
            voScript=s.get("voScript"),
            animationOption=s.get("animationOption"),
        )
        for s in base.scenes
    ]
    return BatchRequest.model_validate(
        {
            "templateId": batch.template_id,
            "headers": headers or ["row"],
            "rows": rows if headers else [[None] for _ in specs],
            "projectId": batch.project_id,
            "scenes": [] if batch.variants else scenes,
            "brand": base.brand.model_dump(exclude={"secondaryColor"}),
            "audio": base.audio.model_dump(),
            "output": base.output.model_dump(),
            "variants": batch.variants or None,
            "primaryMetric": batch.primary_metric if batch.variants else None,
        }
    )

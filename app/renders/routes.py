"""Render endpoints: POST/GET/DELETE /api/render, batches, thumbnails (SPEC 4.4, 4.8)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from quart import Blueprint, request
from quart_schema import tag, validate_querystring, validate_request, validate_response
from sqlalchemy.exc import IntegrityError

from app.auth import current_account, require_auth
from app.errors import ApiError
from app.media.storage import get_storage
from app.renders import queue, service, thumbnails
from app.renders.schemas import (
    BatchCreated,
    BatchQuery,
    BatchRequest,
    BatchStatus,
    DeleteResult,
    JobStatus,
    RenderCreated,
    RenderRequest,
    ThumbnailRequest,
    ThumbnailResult,
)
from app.state import get_arq, get_db, get_settings

log = logging.getLogger(__name__)
bp = Blueprint("renders", __name__)

IDEMPOTENCY_HEADER = "Idempotency-Key"


def idempotency_key() -> str | None:
    key = request.headers.get(IDEMPOTENCY_HEADER, "").strip()
    if len(key) > 255:
        raise ApiError(400, f"{IDEMPOTENCY_HEADER} must be at most 255 characters")
    return key or None


async def _create(make: Callable[[Any], Awaitable[service.Created]]) -> service.Created:
    """Run a create in one transaction, then dispatch; a concurrent twin with the same
    Idempotency-Key loses the unique constraint and gets the winner's answer."""
    for attempt in range(2):
        try:
            async with get_db().session() as session:
                created = await make(session)
            break
        except IntegrityError:
            if attempt == 1 or idempotency_key() is None:
                raise
    if created.job_ids:
        try:
            await queue.dispatch(get_db(), await get_arq(), get_settings())
        except Exception:  # the sweep enqueues what is left; the answer stands
            log.exception("dispatch after create failed")
    return created


def answer(created: service.Created) -> tuple[dict[str, Any], int, dict[str, str]]:
    """The response; a replay of a stored answer says so in `Idempotent-Replayed: true`."""
    return created.response, 200, {"Idempotent-Replayed": "true"} if created.replayed else {}


@bp.post("/api/render")
@tag(["Rendering"])
@require_auth
@validate_request(RenderRequest)
@validate_response(RenderCreated, 200)
async def create_render(data: RenderRequest) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Queue one render (1 credit). `Idempotency-Key` makes retries safe: the same key and
    body within 24 h answer the first response and charge nothing; another body gives 409."""
    account, settings, key = current_account(), get_settings(), idempotency_key()
    created = await _create(lambda s: service.create_render(s, settings, account, data, key))
    return answer(created)


@bp.post("/api/render/batch")
@tag(["Rendering"])
@require_auth
@validate_request(BatchRequest)
@validate_response(BatchCreated, 200)
async def create_batch(data: BatchRequest) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Queue one render per row (1 credit each). Headers are mapped to data slots by key,
    label and aliases (fuzzy); every row is checked before anything is charged."""
    account, settings, key = current_account(), get_settings(), idempotency_key()
    created = await _create(lambda s: service.create_batch(s, settings, account, data, key))
    return answer(created)


@bp.get("/api/render/batch")
@tag(["Rendering"])
@require_auth
@validate_querystring(BatchQuery)
@validate_response(BatchStatus, 200)
async def batch_status(query_args: BatchQuery) -> dict[str, Any]:
    """Batch status with progress counts and one entry per job."""
    async with get_db().session() as session:
        return await service.batch_status(
            session, get_storage(get_settings()), current_account().id, query_args.batchId
        )


@bp.get("/api/render/<job_id>")
@tag(["Rendering"])
@require_auth
@validate_response(JobStatus, 200)
async def job_status(job_id: str) -> dict[str, Any]:
    """A render job: fields at top level and also wrapped as `job`."""
    async with get_db().session() as session:
        return await service.job_status(
            session, get_storage(get_settings()), current_account().id, job_id
        )


@bp.delete("/api/render/<job_id>")
@tag(["Rendering"])
@require_auth
@validate_response(DeleteResult, 200)
async def delete_render(job_id: str) -> dict[str, Any]:
    """Delete the video and thumbnails; the job stays with outputUrl null and deletedAt.
    A job still pending or running is cancelled and its credit refunded."""
    settings = get_settings()
    async with get_db().session() as session:
        deleted = await service.delete_job(session, current_account().id, job_id)
    if deleted.cancelled:
        await queue.abort(await get_arq(), get_settings(), job_id)
    storage = get_storage(settings)
    for key in deleted.keys:
        storage.delete(key)
    return deleted.response


@bp.post("/api/thumbnail")
@tag(["Rendering"])
@require_auth
@validate_request(ThumbnailRequest)
@validate_response(ThumbnailResult, 200)
async def create_thumbnail(data: ThumbnailRequest) -> dict[str, Any]:
    """PNG frame and palette-optimized GIF from a completed render, stored next to it."""
    return await thumbnails.make_thumbnails(
        get_db(), get_storage(get_settings()), current_account().id, data
    )

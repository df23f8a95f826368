"""Render endpoints: POST/GET/DELETE /api/render, batches, thumbnails (SPEC 4.4, 4.8).

The services (`create`, `read`, `cancel`) decide and raise domain errors; this module maps
them to HTTP, shapes the bodies and stores the first answer for an Idempotency-Key.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from quart import Blueprint, request
from quart_schema import tag, validate_querystring, validate_request, validate_response
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt

from app.accounts.service import InsufficientCredits
from app.auth import current_account, require_auth
from app.errors import ApiError, bad_request, insufficient_credits, not_found
from app.media.storage import get_storage
from app.projects.service import ProjectNotFound
from app.renders import cancel, create, idempotency, queue, read, thumbnails
from app.renders.errors import (
    BatchNotFound,
    IdempotencyConflict,
    InvalidRenderRequest,
    JobNotFound,
    TemplateNotFound,
    ThumbnailFailed,
    ThumbnailTimeout,
)
from app.renders.schemas import (
    BatchCreated,
    BatchQuery,
    BatchRequest,
    BatchStatusResponse,
    DeleteResult,
    JobStatusResponse,
    RenderBody,
    RenderCreated,
    ThumbnailRequest,
    ThumbnailResult,
)
from app.renders.states import BatchStatus, JobStatus
from app.state import get_arq, get_db, get_settings

log = logging.getLogger(__name__)
bp = Blueprint("renders", __name__)

IDEMPOTENCY_HEADER = "Idempotency-Key"
Answer = tuple[dict[str, Any], int, dict[str, str]]


@contextmanager
def domain_errors() -> Iterator[None]:
    """The renders domain errors as HTTP errors."""
    try:
        yield
    except InvalidRenderRequest as exc:
        raise bad_request(exc.message, details=exc.details) from exc
    except ProjectNotFound as exc:
        raise not_found(f"projectId: project '{exc.project_id}'") from exc
    except TemplateNotFound as exc:
        raise not_found(f"Template '{exc.template_id}'") from exc
    except JobNotFound as exc:
        raise not_found("Render job") from exc
    except BatchNotFound as exc:
        raise not_found("Batch") from exc
    except IdempotencyConflict as exc:
        raise ApiError(
            409,
            "This Idempotency-Key was already used with a different request body; "
            "use a new key for a different request",
        ) from exc
    except InsufficientCredits as exc:
        raise insufficient_credits(exc.balance, exc.needed, get_settings().upgrade_url) from exc
    except ThumbnailTimeout as exc:
        raise ApiError(
            504,
            f"Thumbnail generation timed out: the {exc}; nothing was stored. "
            "Retry later or ask for a shorter durationSec",
            error="timeout",
        ) from exc
    except ThumbnailFailed as exc:
        raise ApiError(500, f"Thumbnail generation failed: {exc}", error="internal_error") from exc


def idempotency_key() -> str | None:
    key = request.headers.get(IDEMPOTENCY_HEADER, "").strip()
    if len(key) > 255:
        raise ApiError(400, f"{IDEMPOTENCY_HEADER} must be at most 255 characters")
    return key or None


async def _create(
    endpoint: str,
    body: RenderBody | BatchRequest,
    make: Callable[[AsyncSession], Awaitable[dict[str, Any]]],
) -> Answer:
    """Replay the stored answer for a known Idempotency-Key, or create in one transaction
    (storing the answer under the key, and claiming the account's next job for the queue)
    and dispatch. A concurrent twin with the same key loses the unique constraint and, on its
    second attempt, replays the winner's answer."""
    account_id, key = current_account().id, idempotency_key()
    digest = idempotency.body_hash(body.model_dump(mode="json"))
    response: dict[str, Any] = {}
    db, settings = get_db(), get_settings()
    try:
        pool: Any = await get_arq()
        slots: int | None = await queue.capacity(pool, settings)
    except Exception:  # Redis is down: no dispatch now, the sweep enqueues the job later
        log.exception("live capacity unknown; render not dispatched")
        pool = slots = None
    claim: queue.Claim | None = None
    retrying = AsyncRetrying(
        stop=stop_after_attempt(2),
        retry=retry_if_exception(lambda exc: isinstance(exc, IntegrityError) and bool(key)),
        reraise=True,
    )
    async for attempt in retrying:
        with attempt, domain_errors():
            async with db.session() as session:
                if key:
                    stored = await idempotency.replay(session, account_id, key, endpoint, digest)
                    if stored is not None:
                        return stored, 200, {"Idempotent-Replayed": "true"}
                response = await make(session)
                if key:
                    idempotency.remember(session, account_id, key, endpoint, digest, response)
                    await session.flush()
                if slots is not None:  # dispatch for the account in this same transaction
                    claim = await queue.claim_account(session, slots, account_id)
    try:
        if claim is not None:
            await queue.after_claim(db, pool, settings, claim)
    except Exception:  # the sweep enqueues what is left; the answer stands
        log.exception("dispatch after create failed")
    return response, 200, {}


@bp.post("/api/render")
@tag(["Rendering"])
@require_auth
@validate_request(RenderBody)
@validate_response(RenderCreated, 200)
async def create_render(data: RenderBody) -> Answer:
    """Queue one render (1 credit). `Idempotency-Key` makes retries safe: the same key and
    body within 24 h answer the first response and charge nothing; another body gives 409."""
    account, settings = current_account(), get_settings()

    async def make(session: AsyncSession) -> dict[str, Any]:
        created = await create.create_render(session, settings, account, data)
        return {
            "success": True,
            "jobId": created.job_id,
            "status": JobStatus.PENDING,
            "templateId": created.template_id,
            "displayName": created.display_name,
            "creditsRemaining": created.balance,
            "message": f"Render queued. Poll GET /api/render/{created.job_id} for status.",
        }

    return await _create("render", data, make)


@bp.post("/api/render/batch")
@tag(["Rendering"])
@require_auth
@validate_request(BatchRequest)
@validate_response(BatchCreated, 200)
async def create_batch(data: BatchRequest) -> Answer:
    """Queue one render per row (1 credit each). Headers are mapped to data slots by key,
    label and aliases (fuzzy); every row is checked before anything is charged."""
    account, settings = current_account(), get_settings()

    async def make(session: AsyncSession) -> dict[str, Any]:
        created = await create.create_batch(session, settings, account, data)
        total = len(created.job_ids)
        return {
            "success": True,
            "batchId": created.batch_id,
            "jobIds": created.job_ids,
            "totalJobs": total,
            "status": BatchStatus.PENDING,
            "message": f"Batch of {total} renders queued. "
            f"Poll GET /api/render/batch?batchId={created.batch_id}.",
            "creditsRemaining": created.balance,
            "mapping": created.mapping,
        }

    return await _create("batch", data, make)


@bp.get("/api/render/batch")
@tag(["Rendering"])
@require_auth
@validate_querystring(BatchQuery)
@validate_response(BatchStatusResponse, 200)
async def batch_status(query_args: BatchQuery) -> dict[str, Any]:
    """Batch status with progress counts and one entry per job."""
    storage = get_storage(get_settings())
    with domain_errors():
        async with get_db().session() as session:
            batch, jobs = await read.owned_batch(session, current_account().id, query_args.batchId)
    return {
        "success": True,
        "batch": {
            "id": batch.id,
            "templateId": batch.template_id,
            "totalRows": batch.total_rows,
            "status": read.batch_state([j.status for j in jobs]),
            "progress": read.batch_progress(jobs),
            "createdAt": read.iso(batch.created_at),
            "projectId": batch.project_id,
        },
        "jobs": [
            {
                "id": j.id,
                "name": j.display_name or f"row {j.row_number}",
                "status": j.status,
                "progress": j.progress,
                "outputUrl": read.output_url(j, storage),
                "error": j.error,
            }
            for j in jobs
        ],
    }


@bp.get("/api/render/<job_id>")
@tag(["Rendering"])
@require_auth
@validate_response(JobStatusResponse, 200)
async def job_status(job_id: str) -> dict[str, Any]:
    """A render job: fields at top level and also wrapped as `job`."""
    with domain_errors():
        async with get_db().read() as session:
            job = await read.owned_job(session, current_account().id, job_id)
    settings = get_settings()
    fields = read.job_fields(job, get_storage(settings), settings)
    return {"success": True, **fields, "job": fields}


@bp.delete("/api/render/<job_id>")
@tag(["Rendering"])
@require_auth
@validate_response(DeleteResult, 200)
async def delete_render(job_id: str) -> dict[str, Any]:
    """Delete the video and thumbnails; the job stays with outputUrl null and deletedAt.
    A job still pending or running is cancelled and its credit refunded."""
    settings = get_settings()
    with domain_errors():
        async with get_db().session() as session:
            deleted = await cancel.delete_job(session, current_account().id, job_id)
    if deleted.cancelled:
        await queue.abort(await get_arq(), settings, job_id)
    storage = get_storage(settings)
    for key in deleted.keys:  # an object store is a network call: off the event loop
        await asyncio.to_thread(storage.delete, key)
    return {
        "success": True,
        "jobId": deleted.job.id,
        "cancelled": deleted.cancelled,
        "refunded": deleted.refunded,
        "deletedAt": read.iso(deleted.job.deleted_at),
        "message": "Render cancelled, credit refunded and files deleted"
        if deleted.cancelled
        else "Video and thumbnails deleted",
    }


@bp.post("/api/thumbnail")
@tag(["Rendering"])
@require_auth
@validate_request(ThumbnailRequest)
@validate_response(ThumbnailResult, 200)
async def create_thumbnail(data: ThumbnailRequest) -> dict[str, Any]:
    """PNG frame and palette-optimized GIF from a completed render, stored next to it."""
    with domain_errors():
        settings = get_settings()
        return await thumbnails.make_thumbnails(
            get_db(), get_storage(settings), current_account().id, data, settings
        )

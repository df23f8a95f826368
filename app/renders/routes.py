"""Render endpoints: POST/GET/DELETE /api/render, batches, thumbnails (SPEC 4.4, 4.8).

The services (`create`, `read`, `cancel`) decide and raise domain errors (answered by the
app's one error handler); this module parses the requests and shapes the bodies.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from quart import Blueprint, request
from quart_schema import tag, validate_querystring, validate_request, validate_response
from sqlalchemy.ext.asyncio import AsyncSession

from app import idempotency
from app.accounts.current import current_account
from app.auth import require_auth
from app.media.storage import get_storage
from app.pointtx import PointTx
from app.renders import cancel, claims, create, dryrun, onview, queue, read, thumbnails
from app.renders.schemas import (
    BatchAnswer,
    BatchCreateQuery,
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
from app.renders.states import BatchStatus, JobStatus, RenderOn
from app.state import get_arq, get_db, get_job_finished, get_settings

log = logging.getLogger(__name__)
bp = Blueprint("renders", __name__)

Answer = tuple[dict[str, Any], int, dict[str, str]]


def _unstored(body: RenderBody | BatchRequest) -> set[str] | None:
    """Fields left out of the idempotency fingerprint, so a body keeps the one it had before
    they existed: dryRun (never stored; a dry run is answered before) and `render` when it
    is the default."""
    default = {"render"} if body.render == RenderOn.NOW else set()
    if isinstance(body, BatchRequest):
        return {"dryRun", *default}
    return default or None


async def _create(
    endpoint: str,
    body: RenderBody | BatchRequest,
    make: Callable[[Any], Awaitable[dict[str, Any]]],
    *,
    points: bool = False,
) -> Answer:
    """Create once per Idempotency-Key (app/idempotency.py), claiming the account's next job
    for the queue in the same transaction, then dispatch it (`points`: `make` runs point writes
    only, app/pointtx.py)."""
    account_id = current_account().id
    db, settings = get_db(), get_settings()
    try:
        pool: Any = await get_arq()
        slots: int | None = await queue.capacity(pool, settings)
    except Exception:  # Redis is down: no dispatch now, the sweep enqueues the job later
        log.exception("live capacity unknown; render not dispatched")
        pool = slots = None
    claim: claims.Claim | None = None

    async def make_and_claim(session: Any) -> dict[str, Any]:
        nonlocal claim
        if slots is not None:  # the create may read what the claim needs (app/renders/claims.py)
            claims.expect_claim(session, slots)
        response = await make(session)
        if slots is not None:  # dispatch for the account in this same transaction
            claim = await claims.claim_account(session, slots, account_id)
        return response

    done = await idempotency.create_once(
        db,
        account_id,
        request.headers.get(idempotency.HEADER),
        endpoint,
        lambda: body.model_dump(mode="json", exclude=_unstored(body)),
        make_and_claim,
        points=points,
    )
    if done.replayed:
        return done.body, 200, {"Idempotent-Replayed": "true"}
    try:
        if claim is not None:
            await claims.after_claim(db, pool, settings, claim)
    except Exception:  # the sweep enqueues what is left; the answer stands
        log.exception("dispatch after create failed")
    return done.body, 200, {}


@bp.post("/api/render")
@tag(["Renders"])
@require_auth
@validate_request(RenderBody)
@validate_response(RenderCreated, 200)
async def create_render(data: RenderBody) -> Answer:
    """Queue one render (1 credit). `Idempotency-Key` makes retries safe: the same key and
    body within 24 h answer the first response and charge nothing; another body gives 409."""
    account, settings = current_account(), get_settings()

    async def make(session: AsyncSession | PointTx) -> dict[str, Any]:
        created = await create.create_render(session, settings, account, data)
        answer = {
            "success": True,
            "jobId": created.job_id,
            "status": JobStatus.PENDING,
            "templateId": created.template_id,
            "displayName": created.display_name,
            "creditsRemaining": created.balance,
            "message": f"Render queued. Poll GET /api/render/{created.job_id} for status.",
            "warnings": created.warnings,
        }
        if created.on_view:
            poster = get_storage(settings).url(onview.on_view_poster_key(created.job_id))
            answer |= {
                "status": JobStatus.AWAITING_VIEW,
                "playerUrl": settings.public(f"/v/{created.job_id}"),
                "thumbnailUrl": poster,
                "message": "Render waits for its first view: opening playerUrl starts it "
                "(1 credit, charged then).",
            }
        return answer

    answer, status, headers = await _create("render", data, make, points=True)
    if "Idempotent-Replayed" not in headers:
        read.keep_warnings(answer["jobId"], answer["warnings"])
    if answer.get("status") == JobStatus.AWAITING_VIEW and "Idempotent-Replayed" not in headers:
        await onview.enqueue_posters(get_arq, settings, [answer["jobId"]])  # one frame
    return answer, status, headers


@bp.post("/api/render/batch")
@tag(["Batches"])
@require_auth
@validate_request(BatchRequest)
@validate_querystring(BatchCreateQuery)
@validate_response(BatchAnswer, 200)
async def create_batch(data: BatchRequest, query_args: BatchCreateQuery) -> Answer:
    """Queue one render per row (1 credit each). Headers are mapped to data slots by key,
    label and aliases (fuzzy); every row is checked before anything is charged. With
    `"dryRun": true` (or `?dryRun=true`): per-row warnings and the cost, nothing charged,
    created or queued."""
    account, settings = current_account(), get_settings()
    if data.dryRun or query_args.dryRun:
        async with get_db().read() as session:
            checked = await dryrun.dry_run_batch(session, settings, account, data)
        return checked, 200, {}

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
            "warnings": created.warnings,
            "jobs": [
                {"jobId": job_id, "row": row, "aspectRatio": shape, **links(job_id)}
                for job_id, (row, shape) in zip(created.job_ids, created.shapes, strict=True)
            ],
        } | (
            {"message": f"Batch of {total} renders waits for first views: opening a job's "
             "playerUrl renders it (1 credit, charged then)."}
            if created.on_view else {}
        )  # fmt: skip

    def links(job_id: str) -> dict[str, str]:
        if data.render != RenderOn.ON_VIEW:
            return {}
        poster = get_storage(settings).url(onview.on_view_poster_key(job_id))
        return {"playerUrl": settings.public(f"/v/{job_id}"), "thumbnailUrl": poster}

    answer, status, headers = await _create("batch", data, make)
    if data.render == RenderOn.ON_VIEW and "Idempotent-Replayed" not in headers:
        ids = [job["jobId"] for job in answer.get("jobs", [])]
        await onview.enqueue_posters(get_arq, settings, ids)
    return answer, status, headers


@bp.get("/api/render/batch")
@tag(["Batches"])
@require_auth
@validate_querystring(BatchQuery)
@validate_response(BatchStatusResponse, 200)
async def batch_status(query_args: BatchQuery) -> dict[str, Any]:
    """Batch status with progress counts and one entry per job."""
    storage = get_storage(get_settings())
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
                "aspectRatio": read.job_shape(j),
            }
            for j in jobs
        ],
    }


@bp.get("/api/render/<job_id>")
@tag(["Renders"])
@require_auth
@validate_response(JobStatusResponse, 200)
async def job_status(job_id: str) -> dict[str, Any]:
    """A render job: fields at top level and also wrapped as `job`."""
    job, warnings = await read.job_status(get_db(), current_account().id, job_id)
    settings = get_settings()
    fields = read.job_fields(job, get_storage(settings), settings)
    fields["warnings"] = warnings
    return {"success": True, **fields, "job": fields}


@bp.delete("/api/render/<job_id>")
@tag(["Renders"])
@require_auth
@validate_response(DeleteResult, 200)
async def delete_render(job_id: str) -> dict[str, Any]:
    """Delete the video and thumbnails; the job stays with outputUrl null and deletedAt.
    A job still pending or running is cancelled and its credit refunded."""
    settings = get_settings()
    async with get_db().session() as session:
        deleted = await cancel.delete_job(session, current_account().id, job_id, get_job_finished())
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
@tag(["Renders"])
@require_auth
@validate_request(ThumbnailRequest)
@validate_response(ThumbnailResult, 200)
async def create_thumbnail(data: ThumbnailRequest) -> dict[str, Any]:
    """PNG frame and palette-optimized GIF from a completed render, stored next to it."""
    settings = get_settings()
    return await thumbnails.make_thumbnails(
        get_db(), get_storage(settings), current_account().id, data, settings
    )

"""Render jobs and batches: validate, charge, insert, answer. No HTTP here."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.accounts.service import InsufficientCredits, charge_credits, refund_credits
from app.config import Settings
from app.db import new_id, utcnow
from app.errors import ApiError, bad_request, insufficient_credits, not_found
from app.limits import allowance, check_batch, check_render
from app.media.storage import Storage
from app.primitives.catalog import get_primitive
from app.renders.mapping import map_headers, row_to_data
from app.renders.models import Batch, IdempotencyRecord, RenderJob
from app.renders.schemas import BatchRequest, RenderRequest, SceneOverride
from app.renders.slots import Slot, check_data

IDEMPOTENCY_TTL = timedelta(hours=24)
ACTIVE = ("pending", "processing")


# ---- templates and request resolution ----


async def load_template(session: AsyncSession, template_id: str, account_id: str) -> dict[str, Any]:
    """The template as the account may see it (SPEC names), or 404."""
    from app.templates.service import builtin_data_source, get_template

    view = await get_template(session, template_id, account_id)
    if view is None:
        raise not_found(f"Template '{template_id}'")
    template = view.model_dump(mode="json")
    # A fork of a built-in keeps the built-in's outside data source (e.g. OpenAlex).
    source = builtin_data_source(view.rootBuiltin) if view.rootBuiltin else None
    template["dataSource"] = source.model_dump() if source else None
    return template


def template_slots(template: dict[str, Any]) -> list[Slot]:
    return [Slot.from_dict(s) for s in template.get("dataSlots") or []]


def apply_overrides(
    scenes: list[dict[str, Any]], overrides: list[SceneOverride]
) -> list[dict[str, Any]]:
    """Template scenes with per-index overrides applied (primitiveId, enabled, voScript,
    animationOption); 400 naming the index for anything the catalog does not allow."""
    if len(overrides) > len(scenes):
        raise bad_request(
            f"scenes has {len(overrides)} overrides but the template has {len(scenes)} scenes; "
            "overrides are matched to template scenes by index"
        )
    out = [dict(s) for s in scenes]
    for index, override in enumerate(overrides):
        changes = override.model_dump(exclude_none=True)
        scene = out[index]
        scene.update(changes)
        info = get_primitive(scene["primitiveId"])
        if info is None:
            raise bad_request(
                f"scenes[{index}].primitiveId: unknown primitive '{scene['primitiveId']}'"
            )
        option = scene.get("animationOption")
        if "primitiveId" in changes and "animationOption" not in changes:
            option = scene["animationOption"] = info.animationOptions[0]
        if option is not None and option not in info.animationOptions:
            raise bad_request(
                f"scenes[{index}].animationOption: '{option}' is not an option of "
                f"{info.id}; allowed: {', '.join(info.animationOptions)}"
            )
    return out


def check_references(
    scenes: list[dict[str, Any]], slots: list[dict[str, Any]], data: dict[str, Any]
) -> None:
    """400 naming each `[variable]` in a voScript that is neither a data slot nor a data key."""
    from app.voices.script import unknown_variables

    unknown = unknown_variables(scenes, slots, data)
    if unknown:
        names = ", ".join(f"[{name}]" for name in unknown)
        raise bad_request(
            f"scenes voScript uses unknown variable(s) {names}; use data slot keys "
            f"({', '.join(s['key'] for s in slots) or 'none'}) or keys present in data",
            details=[
                {"loc": ["scenes", "voScript"], "msg": f"unknown variable [{n}]"} for n in unknown
            ],
        )


def render_options(
    template: dict[str, Any], body: RenderRequest | BatchRequest, tier: str, settings: Settings
) -> dict[str, Any]:
    """Everything but the data: scenes after overrides, brand, audio, output with defaults."""
    defaults = template.get("defaults") or {}
    scenes = apply_overrides(template.get("scenes") or [], body.scenes)
    brand = {
        "accentColor": body.brand.accentColor or defaults.get("accentColor"),
        "secondaryColor": defaults.get("secondaryColor"),
        "logoUrl": body.brand.logoUrl
        if body.brand.logoUrl is not None
        else defaults.get("logoUrl"),
        "logoPosition": body.brand.logoPosition or "top-right",
        "showWatermark": bool(body.brand.showWatermark),
    }
    audio = {
        "includeVoiceover": body.audio.includeVoiceover
        if body.audio.includeVoiceover is not None
        else bool(defaults.get("includeVoiceover", False)),
        "voiceId": body.audio.voiceId or defaults.get("voiceId") or "en-US-JennyNeural",
        "musicTrack": body.audio.musicTrack,
        "musicVolume": body.audio.musicVolume if body.audio.musicVolume is not None else 0.3,
    }
    language = body.output.language or "en"
    from app.voices.service import check_audio_request

    # 400 unknown voice/track or a voiceover language no engine here speaks; 403 vendor tier
    check_audio_request(audio, tier, settings, language)
    output = {
        "resolution": body.output.resolution or defaults.get("resolution") or "1080p",
        "fps": body.output.fps or defaults.get("fps") or 30,
        "captions": bool(body.output.captions),
        "language": language,
    }
    return {
        "templateId": template["id"],
        "templateName": template.get("name"),
        "isBuiltIn": bool(template.get("isBuiltIn")),
        "dataSource": template.get("dataSource"),
        "tier": tier,
        "scenes": scenes,
        "dataSlots": template.get("dataSlots") or [],
        "brand": brand,
        "audio": audio,
        "output": output,
    }


async def check_project(session: AsyncSession, account_id: str, project_id: str | None) -> None:
    """404 unless `projectId` (when given) is one of the account's projects."""
    from app.projects.service import get_project

    if project_id is not None and await get_project(session, account_id, project_id) is None:
        raise not_found(f"projectId: project '{project_id}'")


def display_name(data: dict[str, Any]) -> str:
    for key in ("person_name", "company_name"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def checked_data(template: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    clean, problems = check_data(template_slots(template), data)
    if problems:
        first = problems[0]
        raise bad_request(
            f"data.{first['field']} {first['problem']}"
            + (f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""),
            details=[{"loc": ["data", p["field"]], "msg": p["problem"]} for p in problems],
        )
    return clean


# ---- idempotency ----


def body_hash(payload: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


async def replay(
    session: AsyncSession, account_id: str, key: str, endpoint: str, digest: str
) -> dict[str, Any] | None:
    """The stored first answer for this key, None when the key is new (or expired);
    409 when the key was used with a different body or endpoint."""
    record = (
        await session.execute(
            select(IdempotencyRecord).where(
                IdempotencyRecord.account_id == account_id, IdempotencyRecord.key == key
            )
        )
    ).scalar_one_or_none()
    if record is None:
        return None
    if record.created_at < utcnow() - IDEMPOTENCY_TTL:
        await session.delete(record)
        await session.flush()
        return None
    if record.request_hash != digest or record.endpoint != endpoint:
        raise ApiError(
            409,
            "This Idempotency-Key was already used with a different request body; "
            "use a new key for a different request",
        )
    return dict(record.response)


def remember(
    session: AsyncSession,
    account_id: str,
    key: str,
    endpoint: str,
    digest: str,
    response: dict[str, Any],
) -> None:
    session.add(
        IdempotencyRecord(
            account_id=account_id,
            key=key,
            endpoint=endpoint,
            request_hash=digest,
            response=response,
            created_at=utcnow(),
        )
    )


# ---- creating jobs ----


@dataclass
class Created:
    response: dict[str, Any]
    job_ids: list[str] = field(default_factory=list)
    replayed: bool = False


async def _charge(
    session: AsyncSession, settings: Settings, account_id: str, n: int, reason: str, ref: str
) -> int:
    try:
        return await charge_credits(session, account_id, n, reason=reason, reference=ref)
    except InsufficientCredits as exc:
        raise insufficient_credits(exc.balance, exc.needed, settings.upgrade_url) from exc


async def _bump_usage(session: AsyncSession, template_id: str, n: int) -> None:
    from app.templates.service import increment_usage

    for _ in range(n):
        await increment_usage(session, template_id)


async def create_render(
    session: AsyncSession,
    settings: Settings,
    account: Account,
    body: RenderRequest,
    idempotency_key: str | None,
) -> Created:
    """Validate, charge 1 credit and insert the job `pending`, all in the caller's transaction."""
    digest = body_hash(body.model_dump(mode="json"))
    if idempotency_key:
        stored = await replay(session, account.id, idempotency_key, "render", digest)
        if stored is not None:
            return Created(response=stored, replayed=True)
    await check_project(session, account.id, body.projectId)
    template = await load_template(session, body.templateId, account.id)
    options = render_options(template, body, account.tier, settings)
    data = checked_data(template, body.data)
    check_references(options["scenes"], options["dataSlots"], data)
    check_render(options, data, allowance(settings, account.tier))  # tier limits, 400
    job_id = new_id()
    balance = await _charge(session, settings, account.id, 1, "render", job_id)
    name = display_name(data)
    session.add(
        RenderJob(
            id=job_id,
            account_id=account.id,
            project_id=body.projectId,
            template_id=template["id"],
            display_name=name,
            request={**options, "data": data},
        )
    )
    await _bump_usage(session, template["id"], 1)
    response = {
        "success": True,
        "jobId": job_id,
        "status": "pending",
        "templateId": template["id"],
        "displayName": name,
        "creditsRemaining": balance,
        "message": f"Render queued. Poll GET /api/render/{job_id} for status.",
    }
    if idempotency_key:
        remember(session, account.id, idempotency_key, "render", digest, response)
    await session.flush()
    return Created(response=response, job_ids=[job_id])


def batch_rows(
    template: dict[str, Any], body: BatchRequest
) -> tuple[dict[str, str | None], list[dict[str, Any]]]:
    """Header mapping and one checked data dict per row; 400 listing every bad row."""
    slots = template_slots(template)
    headers = [h.strip() for h in body.headers]
    if len(set(headers)) != len(headers):
        raise bad_request("headers must be unique")
    mapping = map_headers(headers, slots)
    rows: list[dict[str, Any]] = []
    problems: list[dict[str, Any]] = []
    for number, row in enumerate(body.rows, start=1):
        if len(row) > len(headers):
            problems.append(
                {
                    "row": number,
                    "field": None,
                    "problem": f"has {len(row)} cells for {len(headers)} headers",
                }
            )
            continue
        data, cell_problems = row_to_data(headers, mapping, list(row), slots)
        clean, slot_problems = check_data(slots, data)
        failed = {p["field"] for p in cell_problems}
        for p in cell_problems + [p for p in slot_problems if p["field"] not in failed]:
            problems.append({"row": number, **p})
        rows.append(clean)
    if problems:
        shown = "; ".join(
            f"row {p['row']}: {p['field'] or 'row'} {p['problem']}" for p in problems[:10]
        )
        more = f" (+{len(problems) - 10} more)" if len(problems) > 10 else ""
        raise bad_request(
            f"{len({p['row'] for p in problems})} row(s) are invalid, nothing was queued: "
            f"{shown}{more}",
            details=problems,
        )
    return mapping, rows


async def create_batch(
    session: AsyncSession,
    settings: Settings,
    account: Account,
    body: BatchRequest,
    idempotency_key: str | None,
) -> Created:
    """Check every row, charge N credits, insert the batch and its N jobs: one transaction."""
    digest = body_hash(body.model_dump(mode="json"))
    if idempotency_key:
        stored = await replay(session, account.id, idempotency_key, "batch", digest)
        if stored is not None:
            return Created(response=stored, replayed=True)
    limit = settings.tiers[account.tier].batch_max
    if len(body.rows) > limit:
        raise bad_request(
            f"The batch has {len(body.rows)} rows; the {account.tier} tier allows up to {limit} "
            "rows per batch. Split it or upgrade."
        )
    await check_project(session, account.id, body.projectId)
    template = await load_template(session, body.templateId, account.id)
    options = render_options(template, body, account.tier, settings)
    mapping, rows = batch_rows(template, body)
    for data in rows:
        check_references(options["scenes"], options["dataSlots"], data)
    check_batch(options, rows, allowance(settings, account.tier))  # tier limits per row, 400
    batch_id = new_id()
    balance = await _charge(session, settings, account.id, len(rows), "batch render", batch_id)
    session.add(
        Batch(
            id=batch_id,
            account_id=account.id,
            project_id=body.projectId,
            template_id=template["id"],
            total_rows=len(rows),
            headers=list(body.headers),
            mapping=mapping,
        )
    )
    await session.flush()
    job_ids: list[str] = []
    now = utcnow()
    for number, data in enumerate(rows, start=1):
        job_id = new_id()
        job_ids.append(job_id)
        session.add(
            RenderJob(
                id=job_id,
                account_id=account.id,
                batch_id=batch_id,
                row_number=number,
                project_id=body.projectId,
                template_id=template["id"],
                display_name=display_name(data),
                request={**options, "data": data},
                # Row order is the dispatch order within the account.
                created_at=now + timedelta(microseconds=number),
            )
        )
    await _bump_usage(session, template["id"], len(rows))
    response = {
        "success": True,
        "batchId": batch_id,
        "jobIds": job_ids,
        "totalJobs": len(job_ids),
        "status": "pending",
        "message": f"Batch of {len(job_ids)} renders queued. "
        f"Poll GET /api/render/batch?batchId={batch_id}.",
        "creditsRemaining": balance,
        "mapping": mapping,
    }
    if idempotency_key:
        remember(session, account.id, idempotency_key, "batch", digest, response)
    await session.flush()
    return Created(response=response, job_ids=job_ids)


# ---- reading ----


def iso(value: datetime | None) -> str | None:
    return value.isoformat().replace("+00:00", "Z") if value else None


def output_url(job: RenderJob, storage: Storage) -> str | None:
    if job.output_key and job.deleted_at is None and job.status == "complete":
        return storage.url(job.output_key)
    return None


def job_fields(job: RenderJob, storage: Storage) -> dict[str, Any]:
    """SPEC 2.7 job fields (plus templateId, batchId, projectId, deletedAt, voiceovers)."""
    return {
        "id": job.id,
        "status": job.status,
        "stage": job.stage,
        "progress": job.progress,
        "outputUrl": output_url(job, storage),
        "error": job.error,
        "authorName": job.display_name,
        "templateId": job.template_id,
        "batchId": job.batch_id,
        "projectId": job.project_id,
        "createdAt": iso(job.created_at),
        "updatedAt": iso(job.updated_at),
        "completedAt": iso(job.completed_at),
        "deletedAt": iso(job.deleted_at),
        "voiceovers": list(job.voiceovers or []),
    }


async def owned_job(
    session: AsyncSession, account_id: str, job_id: str, *, lock: bool = False
) -> RenderJob:
    """The job when it belongs to the account; 404 for unknown and for others' jobs. With
    `lock`, the row is read fresh and locked until the transaction ends (SELECT ... FOR
    UPDATE; SQLite transactions already hold the write lock from BEGIN IMMEDIATE)."""
    job = await session.get(RenderJob, job_id, with_for_update=lock, populate_existing=lock)
    if job is None or job.account_id != account_id:
        raise not_found("Render job")
    return job


async def job_status(
    session: AsyncSession, storage: Storage, account_id: str, job_id: str
) -> dict[str, Any]:
    fields = job_fields(await owned_job(session, account_id, job_id), storage)
    return {"success": True, **fields, "job": fields}


def batch_state(statuses: list[str]) -> str:
    """pending (nothing started) -> processing -> complete | partial | failed (all finished)."""
    finished = [s for s in statuses if s in ("complete", "failed")]
    if len(finished) == len(statuses):
        if all(s == "complete" for s in statuses):
            return "complete"
        if all(s == "failed" for s in statuses):
            return "failed"
        return "partial"
    started = finished or "processing" in statuses
    return "processing" if started else "pending"


async def batch_status(
    session: AsyncSession, storage: Storage, account_id: str, batch_id: str
) -> dict[str, Any]:
    batch = await session.get(Batch, batch_id)
    if batch is None or batch.account_id != account_id:
        raise not_found("Batch")
    jobs = list(
        (
            await session.execute(
                select(RenderJob)
                .where(RenderJob.batch_id == batch_id)
                .order_by(RenderJob.row_number)
            )
        ).scalars()
    )
    statuses = [j.status for j in jobs]
    counts = {s: statuses.count(s) for s in ("complete", "failed", "processing", "pending")}
    total = len(jobs)
    done = sum(100 if j.status in ("complete", "failed") else j.progress for j in jobs)
    return {
        "success": True,
        "batch": {
            "id": batch.id,
            "templateId": batch.template_id,
            "totalRows": batch.total_rows,
            "status": batch_state(statuses),
            "progress": {
                "completed": counts["complete"],
                "failed": counts["failed"],
                "processing": counts["processing"],
                "pending": counts["pending"],
                "total": total,
                "percent": done // total if total else 100,
            },
            "createdAt": iso(batch.created_at),
            "projectId": batch.project_id,
        },
        "jobs": [
            {
                "id": j.id,
                "name": j.display_name or f"row {j.row_number}",
                "status": j.status,
                "progress": j.progress,
                "outputUrl": output_url(j, storage),
                "error": j.error,
            }
            for j in jobs
        ],
    }


# ---- finishing, failing, deleting ----


async def refund_once(session: AsyncSession, job: RenderJob) -> bool:
    """Refund the job's credit unless already refunded (the flag flips in the same UPDATE)."""
    flipped = await session.execute(
        update(RenderJob)
        .where(RenderJob.id == job.id, RenderJob.refunded.is_(False))
        .values(refunded=True)
    )
    if flipped.rowcount != 1:  # type: ignore[attr-defined]
        return False
    await refund_credits(session, job.account_id, 1, reason="refund", reference=job.id)
    job.refunded = True
    return True


@dataclass
class Deleted:
    response: dict[str, Any]
    cancelled: bool
    keys: list[str]


async def delete_job(session: AsyncSession, account_id: str, job_id: str) -> Deleted:
    """Mark the video deleted (files removed by the caller after commit); a job still
    pending or processing is cancelled (failed) and its credit refunded. The row is locked
    first: a render completing meanwhile is either seen complete here (its video deleted, no
    refund) or waits and then finds the job no longer its own (and deletes its file)."""
    job = await owned_job(session, account_id, job_id, lock=True)
    cancelled = refunded = False
    if job.status in ACTIVE:
        cancelled = True
        job.status = "failed"
        job.stage = "failed"
        job.error = "Cancelled: the video was deleted before the render finished"
        job.completed_at = utcnow()
        refunded = await refund_once(session, job)
    keys = [k for k in [job.output_key, *(job.thumbnail_keys or [])] if k]
    job.output_key = None
    job.thumbnail_keys = []
    job.deleted_at = job.deleted_at or utcnow()
    await session.flush()
    return Deleted(
        response={
            "success": True,
            "jobId": job.id,
            "cancelled": cancelled,
            "refunded": refunded,
            "deletedAt": iso(job.deleted_at),
            "message": "Render cancelled, credit refunded and files deleted"
            if cancelled
            else "Video and thumbnails deleted",
        },
        cancelled=cancelled,
        keys=keys,
    )


async def purge_idempotency(session: AsyncSession) -> int:
    """Drop records older than 24 h (run by the worker sweep)."""
    result = await session.execute(
        delete(IdempotencyRecord).where(IdempotencyRecord.created_at < utcnow() - IDEMPOTENCY_TTL)
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]

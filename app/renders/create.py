"""Creating render jobs and batches: check, resolve the job, charge, insert. One transaction
(the caller's); no HTTP here."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.accounts.service import charge_credits
from app.config import Settings
from app.db import new_id, utcnow
from app.limits import allowance, check_batch, check_render
from app.projects.service import check_project
from app.renders.errors import InvalidRenderRequest, TemplateNotFound
from app.renders.job import build_job_spec, resolve_options, template_document
from app.renders.mapping import map_headers, row_to_data
from app.renders.models import Batch, RenderJob
from app.renders.schemas import BatchRequest, RenderBody
from app.renders.slots import Slot, check_data
from app.templates.binding import prepare_data
from app.templates.service import get_template, increment_usage

BATCH_PROBLEMS_SHOWN = 10


async def load_template(session: AsyncSession, template_id: str, account_id: str) -> dict[str, Any]:
    """The template as the account may see it (SPEC names, with its data source rule);
    TemplateNotFound otherwise."""
    view = await get_template(session, template_id, account_id)
    if view is None:
        raise TemplateNotFound(template_id)
    return template_document(view)


def template_slots(template: dict[str, Any]) -> list[Slot]:
    return [Slot.from_dict(s) for s in template.get("dataSlots") or []]


@dataclass
class CreatedRender:
    job_id: str
    template_id: str
    display_name: str
    balance: int


@dataclass
class CreatedBatch:
    batch_id: str
    job_ids: list[str]
    mapping: dict[str, str | None]
    balance: int


async def _bump_usage(session: AsyncSession, template_id: str, n: int) -> None:
    """Count n renders of the template: one UPDATE however many jobs."""
    await increment_usage(session, template_id, n)


async def create_render(
    session: AsyncSession, settings: Settings, account: Account, body: RenderBody
) -> CreatedRender:
    """Check, resolve the job, charge 1 credit and insert it `pending`. Raises
    ProjectNotFound, TemplateNotFound, InvalidRenderRequest, InsufficientCredits."""
    await check_project(session, account.id, body.projectId)
    template = await load_template(session, body.templateId, account.id)
    job_id = new_id()
    spec = build_job_spec(
        template, body.data, account.tier, options=body, settings=settings, job_id=job_id
    )
    # tier limits (400 naming field, value and limit), before anything is charged
    check_render(spec.model_dump(mode="json"), spec.data, allowance(settings, account.tier))
    balance = await charge_credits(session, account.id, 1, reason="render", reference=job_id)
    session.add(
        RenderJob(
            id=job_id,
            account_id=account.id,
            project_id=body.projectId,
            template_id=template["id"],
            display_name=spec.authorName,
            request=spec.model_dump(mode="json"),
        )
    )
    await _bump_usage(session, template["id"], 1)
    await session.flush()
    return CreatedRender(job_id, template["id"], spec.authorName, balance)


def batch_rows(
    template: dict[str, Any], body: BatchRequest
) -> tuple[dict[str, str | None], list[dict[str, Any]]]:
    """Header mapping and one checked data dict per row; InvalidRenderRequest listing every
    bad row."""
    slots = template_slots(template)
    headers = [h.strip() for h in body.headers]
    if len(set(headers)) != len(headers):
        raise InvalidRenderRequest("headers must be unique")
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
        slot_problems = check_data(slots, data)
        failed = {p["field"] for p in cell_problems}
        for p in cell_problems + [p for p in slot_problems if p["field"] not in failed]:
            problems.append({"row": number, **p})
        rows.append(prepare_data(template.get("dataSlots") or [], data))
    if problems:
        shown = "; ".join(
            f"row {p['row']}: {p['field'] or 'row'} {p['problem']}"
            for p in problems[:BATCH_PROBLEMS_SHOWN]
        )
        more = (
            f" (+{len(problems) - BATCH_PROBLEMS_SHOWN} more)"
            if len(problems) > BATCH_PROBLEMS_SHOWN
            else ""
        )
        raise InvalidRenderRequest(
            f"{len({p['row'] for p in problems})} row(s) are invalid, nothing was queued: "
            f"{shown}{more}",
            details=problems,
        )
    return mapping, rows


async def create_batch(
    session: AsyncSession, settings: Settings, account: Account, body: BatchRequest
) -> CreatedBatch:
    """Check every row, charge N credits, insert the batch and its N resolved jobs."""
    limit = settings.tiers[account.tier].batch_max
    if len(body.rows) > limit:
        raise InvalidRenderRequest(
            f"The batch has {len(body.rows)} rows; the {account.tier} tier allows up to {limit} "
            "rows per batch. Split it or upgrade."
        )
    await check_project(session, account.id, body.projectId)
    template = await load_template(session, body.templateId, account.id)
    options = resolve_options(template, body, account.tier, settings)
    mapping, rows = batch_rows(template, body)
    job_ids = [new_id() for _ in rows]
    specs = [
        build_job_spec(template, data, account.tier, options=options, job_id=job_id)
        for job_id, data in zip(job_ids, rows, strict=True)
    ]
    if specs:  # tier limits, each row named (400), before anything is charged
        check_batch(
            specs[0].model_dump(mode="json"),
            [spec.data for spec in specs],
            allowance(settings, account.tier),
        )
    batch_id = new_id()
    balance = await charge_credits(
        session, account.id, len(rows), reason="batch render", reference=batch_id
    )
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
    now = utcnow()
    for number, spec in enumerate(specs, start=1):
        session.add(
            RenderJob(
                id=spec.jobId,
                account_id=account.id,
                batch_id=batch_id,
                row_number=number,
                project_id=body.projectId,
                template_id=template["id"],
                display_name=spec.authorName,
                request=spec.model_dump(mode="json"),
                # Row order is the dispatch order within the account.
                created_at=now + timedelta(microseconds=number),
            )
        )
    await _bump_usage(session, template["id"], len(rows))
    await session.flush()
    return CreatedBatch(batch_id, job_ids, mapping, balance)

"""Creating render jobs and batches: check, resolve the job, charge, insert. One transaction
(the caller's); no HTTP here."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from functools import lru_cache
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.accounts.service import charge_credits, credit_balance
from app.config import Settings
from app.db import new_id, utcnow
from app.limits import allowance, check_output
from app.pointtx import PointTx
from app.projects.service import check_project
from app.renders.charging import charge_and_count, count_renders, insert_job
from app.renders.errors import InvalidRenderRequest
from app.renders.job import (
    ResolvedOptions,
    build_job_spec,
    resolve_options,
    template_document,
)
from app.renders.limits import check_batch, check_render
from app.renders.mapping import map_headers, row_to_data
from app.renders.models import Batch, RenderJob
from app.renders.schemas import (
    AudioOptions,
    BatchRequest,
    BatchVariant,
    BrandOptions,
    RenderBody,
    RenderOptions,
)
from app.renders.states import JobStatus, RenderOn
from app.renders.variants import DEFAULT_PRIMARY_METRIC, assign, recipient_key
from app.renders.warnings import render_warnings
from app.templates.binding import prepare_data
from app.templates.builtins import builtin_as_view, builtins, is_builtin
from app.templates.errors import TemplateNotFound
from app.templates.lists import data_problems as template_data_problems
from app.templates.service import get_template
from app.templates.slots import Slot

BATCH_PROBLEMS_SHOWN = 10
BaseModelT = TypeVar("BaseModelT", BrandOptions, AudioOptions)


async def load_template(
    session: AsyncSession | PointTx, template_id: str, account_id: str
) -> dict[str, Any]:
    """The template as the account may see it (SPEC names, with its data source rule; a
    built-in's usageCount is not read); TemplateNotFound otherwise. A built-in's document
    is made once per process (built-ins never change while it runs); each caller gets its
    own top-level copy, and nothing writes into the scenes (`apply_overrides` copies)."""
    if is_builtin(template_id):
        return dict(_builtin_document(template_id))
    view = await get_template(session, template_id, account_id, usage=False)
    if view is None:
        raise TemplateNotFound(template_id)
    return template_document(view)


@lru_cache(maxsize=64)
def _builtin_document(template_id: str) -> dict[str, Any]:
    return template_document(builtin_as_view(builtins()[template_id], 0))


def template_slots(template: dict[str, Any]) -> list[Slot]:
    return [Slot.from_dict(s) for s in template.get("dataSlots") or []]


@dataclass
class CreatedRender:
    job_id: str
    template_id: str
    display_name: str
    balance: int
    warnings: list[dict[str, Any]] = field(default_factory=list)
    on_view: bool = False


@dataclass
class CreatedBatch:
    batch_id: str
    job_ids: list[str]
    mapping: dict[str, str | None]
    balance: int
    warnings: list[dict[str, Any]] = field(default_factory=list)  # each with its `row`
    shapes: list[tuple[int, str]] = field(default_factory=list)  # (row, aspectRatio) per job
    on_view: bool = False


def batch_shapes(body: BatchRequest) -> list[str | None]:
    """The shapes each row is rendered in: output.aspectRatios (duplicates dropped), else the
    one of output.aspectRatio or the default (None)."""
    asked = body.output.aspectRatios
    if asked and body.output.aspectRatio is not None:
        raise InvalidRenderRequest(
            "output: give aspectRatio (one shape) or aspectRatios (several), not both",
            details=[{"loc": ["output", "aspectRatios"], "msg": "with aspectRatio"}],
        )
    return list(dict.fromkeys(asked)) if asked else [None]


def check_batch_size(body: BatchRequest, tier: str, limit: int) -> list[str | None]:
    """The batch's shapes, once its rows and videos (rows x shapes) are within the tier's
    `limit` per batch (bounded before any row is read); the batch and its dry run share it."""
    if len(body.rows) > limit:
        raise InvalidRenderRequest(
            f"The batch has {len(body.rows)} rows; the {tier} tier allows up to {limit} "
            "rows per batch. Split it or upgrade."
        )
    shapes = batch_shapes(body)
    if len(body.rows) * len(shapes) > limit:
        raise InvalidRenderRequest(
            f"The batch makes {len(body.rows)} rows x {len(shapes)} shapes = "
            f"{len(body.rows) * len(shapes)} videos; the {tier} tier allows up to {limit} "
            "per batch. Split it or upgrade."
        )
    return shapes


def with_shape(options: ResolvedOptions, shape: str | None) -> ResolvedOptions:
    """The resolved options in one of the batch's shapes (None: as resolved)."""
    if shape is None:
        return options
    output = options.output.model_copy(update={"aspectRatio": shape})
    return options.model_copy(update={"output": output})


async def create_render(
    session: AsyncSession | PointTx,
    settings: Settings,
    account: Account,
    body: RenderBody,
    *,
    campaign_id: str | None = None,
) -> CreatedRender:
    """Check, resolve the job, charge 1 credit and insert it `pending` (`campaign_id`: the
    trigger campaign the job belongs to, for analytics); with `render: on_view`, insert it
    `awaiting_view` and charge nothing (app/renders/onview.py charges it on the first open).
    Raises ProjectNotFound, TemplateNotFound, InvalidRenderRequest, InsufficientCredits."""
    if body.output.aspectRatios is not None:
        raise InvalidRenderRequest(
            "output.aspectRatios is for batches (POST /api/render/batch); one render has one "
            "shape: use output.aspectRatio",
            details=[{"loc": ["output", "aspectRatios"], "msg": "batches only"}],
        )
    await check_project(session, account.id, body.projectId, "projectId")
    template = await load_template(session, body.templateId, account.id)
    job_id = new_id()
    spec = build_job_spec(
        template, body.data, account.tier, options=body, settings=settings, job_id=job_id
    )
    stored = spec.model_dump(mode="json")
    # tier limits (400 naming field, value and limit), before anything is charged
    bound = check_render(stored, spec.data, allowance(settings, account.tier))
    warnings = render_warnings(spec, bound)
    on_view = body.render == RenderOn.ON_VIEW
    if on_view:
        balance = await credit_balance(session, account.id)
    else:
        balance = await charge_and_count(session, account.id, template["id"], job_id)
    job = {
        "id": job_id,
        "account_id": account.id,
        "project_id": body.projectId,
        "template_id": template["id"],
        "display_name": spec.authorName,
        "request": stored,
        "campaign_id": campaign_id,
        "status": (JobStatus.AWAITING_VIEW if on_view else JobStatus.PENDING).value,
        "render_on": body.render.value,
    }
    await insert_job(session, job)
    if on_view:  # counted with the charge otherwise
        await count_renders(session, template["id"], 1)
    return CreatedRender(job_id, template["id"], spec.authorName, balance, warnings, on_view)


def row_data(
    template: dict[str, Any],
    headers: list[str],
    mapping: dict[str, str | None],
    row: list[Any],
    slots: list[Slot] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One batch row as the template's data (slot defaults applied) and its problems
    (`{field, problem}`, `column` for a cell that did not convert): a cell per header at most,
    cells converted to their slot types, the data checked as `POST /api/render` checks it."""
    slots = template_slots(template) if slots is None else slots
    if len(row) > len(headers):
        return {}, [{"field": None, "problem": f"has {len(row)} cells for {len(headers)} headers"}]
    data, cell_problems = row_to_data(headers, mapping, list(row), slots)
    failed = {p["field"] for p in cell_problems}
    slot_problems = [
        p for p in template_data_problems(template, data) if p["field"].split("[")[0] not in failed
    ]
    return prepare_data(template.get("dataSlots") or [], data), cell_problems + slot_problems


def batch_mapping(template: dict[str, Any], body: BatchRequest) -> dict[str, str | None]:
    """The header -> slot mapping of a batch (400 for repeated headers)."""
    headers = [h.strip() for h in body.headers]
    if len(set(headers)) != len(headers):
        raise InvalidRenderRequest("headers must be unique")
    return map_headers(headers, template_slots(template))


def batch_rows(
    template: dict[str, Any], body: BatchRequest
) -> tuple[dict[str, str | None], list[dict[str, Any]]]:
    """Header mapping and one checked data dict per row; InvalidRenderRequest listing every
    bad row."""
    slots = template_slots(template)
    mapping = batch_mapping(template, body)
    headers = [h.strip() for h in body.headers]
    rows: list[dict[str, Any]] = []
    problems: list[dict[str, Any]] = []
    for number, row in enumerate(body.rows, start=1):
        data, found = row_data(template, headers, mapping, list(row), slots)
        problems += [{"row": number, **p} for p in found]
        if not (found and found[0]["field"] is None):
            rows.append(data)
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


@dataclass
class Arm:
    """What the rows of one batch arm render: the template, the resolved options, each row's
    checked data for that template, and the A/B variant id (None: not an A/B batch)."""

    template: dict[str, Any]
    options: ResolvedOptions
    rows: list[dict[str, Any]]
    variant_id: str | None = None


def merged(base: BaseModelT, override: BaseModelT | None) -> BaseModelT:
    """The batch's brand/audio with the fields a variant gives winning."""
    if override is None:
        return base
    return type(base).model_validate(
        {**base.model_dump(exclude_none=True), **override.model_dump(exclude_none=True)}
    )


def _prefixed(exc: InvalidRenderRequest, where: str) -> InvalidRenderRequest:
    return InvalidRenderRequest(f"{where}: {exc.message}", details=exc.details)


async def variant_arm(
    session: AsyncSession,
    settings: Settings,
    account: Account,
    base: Arm,
    body: BatchRequest,
    index: int,
    variant: BatchVariant,
) -> Arm:
    """One variant's arm: its template (readable by the account, its data slots accepting
    every row), its options over the batch's (InvalidRenderRequest naming variants[index])."""
    where = f"variants[{index}]"
    template, rows = base.template, base.rows
    own_template = variant.templateId is not None and variant.templateId != body.templateId
    if own_template:
        assert variant.templateId is not None
        try:
            template = await load_template(session, variant.templateId, account.id)
        except TemplateNotFound as exc:
            raise InvalidRenderRequest(
                f"{where}.templateId: template '{variant.templateId}' does not exist or this "
                "account cannot use it",
                details=[{"loc": ["variants", str(index), "templateId"], "msg": "not found"}],
            ) from exc
        try:
            _, rows = batch_rows(template, body)
        except InvalidRenderRequest as exc:
            raise _prefixed(exc, f"{where} (template '{variant.templateId}')") from exc
    # The batch's scene overrides are matched by index to the batch's template: a variant
    # with a template of its own starts from that template's scenes.
    scenes = variant.scenes if variant.scenes is not None else ([] if own_template else body.scenes)
    options = RenderOptions(
        scenes=scenes,
        brand=merged(body.brand, variant.brand),
        audio=merged(body.audio, variant.audio),
        output=body.output,
    )
    try:
        resolved = resolve_options(template, options, account.tier, settings)
    except InvalidRenderRequest as exc:
        raise _prefixed(exc, where) from exc
    return Arm(template, resolved, rows, variant.id)


def _row_warnings(videos: list[tuple[int, Any]], specs: list[Any]) -> list[dict[str, Any]]:
    """Each row's warnings with its 1-based `row`, once per row (not once per shape)."""
    warnings: list[dict[str, Any]] = []
    for (row, _), spec in zip(videos, specs, strict=True):
        for warning in render_warnings(spec):
            item = {"row": row + 1, **warning}
            if item not in warnings:
                warnings.append(item)
    return warnings


async def create_batch(
    session: AsyncSession, settings: Settings, account: Account, body: BatchRequest
) -> CreatedBatch:
    """Check every row, charge N credits, insert the batch and its N resolved jobs. An A/B
    batch (`variants`) assigns each row to a variant (app.renders.variants.assign) and
    builds its job with that variant's template and options. With `render: on_view` the jobs
    wait `awaiting_view` and nothing is charged (each is charged on its first open)."""
    shapes = check_batch_size(body, account.tier, settings.tiers[account.tier].batch_max)
    if body.primaryMetric is not None and not body.variants:
        raise InvalidRenderRequest(
            f"primaryMetric '{body.primaryMetric}' needs variants (an A/B batch); "
            "add variants or leave primaryMetric out"
        )
    await check_project(session, account.id, body.projectId, "projectId")
    template = await load_template(session, body.templateId, account.id)
    options = resolve_options(template, body, account.tier, settings)
    mapping, rows = batch_rows(template, body)
    base = Arm(template, options, rows)
    if body.variants:
        arms = [
            await variant_arm(session, settings, account, base, body, index, variant)
            for index, variant in enumerate(body.variants)
        ]
        emails = [s.key for s in template_slots(template) if s.type == "email"]
        keys = [recipient_key(data, raw, emails) for data, raw in zip(rows, body.rows, strict=True)]
        by_id = {arm.variant_id: arm for arm in arms}
        row_arms = [by_id[v] for v in assign(keys, [(v.id, v.splitPercent) for v in body.variants])]
    else:
        arms, row_arms = [base], [base] * len(rows)
    # One job per row and shape, row by row (jobs are numbered in that order).
    videos = [(number, shape) for number in range(len(rows)) for shape in shapes]
    job_ids = [new_id() for _ in videos]
    specs = [
        build_job_spec(
            row_arms[number].template,
            row_arms[number].rows[number],
            account.tier,
            options=with_shape(row_arms[number].options, shape),
            job_id=job_id,
        )
        for job_id, (number, shape) in zip(job_ids, videos, strict=True)
    ]
    first_shape = [n for n, (_, k) in enumerate(videos) if k == shapes[0]]  # one spec a row
    for arm in arms:  # tier limits, each row named (400), before anything is charged
        numbers = [n for n, a in enumerate(row_arms, start=1) if a is arm]
        if numbers:
            check_batch(
                specs[first_shape[numbers[0] - 1]].model_dump(mode="json"),
                [specs[first_shape[n - 1]].data for n in numbers],
                allowance(settings, account.tier),
                numbers,
            )
    for shape in shapes[1:]:  # the frame size of every shape
        output = arms[0].options.output.model_copy(update={"aspectRatio": shape})
        check_output(output.model_dump(mode="json"), allowance(settings, account.tier))
    warnings = _row_warnings(videos, specs)
    metric = (body.primaryMetric or DEFAULT_PRIMARY_METRIC) if body.variants else None
    batch_id = new_id()
    on_view = body.render == RenderOn.ON_VIEW
    if on_view:
        balance = await credit_balance(session, account.id)
    else:
        balance = await charge_credits(
            session, account.id, len(specs), reason="batch render", reference=batch_id
        )
    session.add(
        Batch(
            id=batch_id,
            account_id=account.id,
            project_id=body.projectId,
            template_id=template["id"],
            total_rows=len(specs),
            headers=list(body.headers),
            mapping=mapping,
            variants=[v.model_dump(mode="json", exclude_none=True) for v in body.variants or []],
            primary_metric=metric,
        )
    )
    await session.flush()
    now = utcnow()
    for number, (spec, (row, _)) in enumerate(zip(specs, videos, strict=True), start=1):
        arm = row_arms[row]
        session.add(
            RenderJob(
                id=spec.jobId,
                account_id=account.id,
                batch_id=batch_id,
                row_number=number,
                project_id=body.projectId,
                template_id=arm.template["id"],
                display_name=spec.authorName,
                request=spec.model_dump(mode="json"),
                variant_id=arm.variant_id,
                status=JobStatus.AWAITING_VIEW if on_view else JobStatus.PENDING,
                render_on=body.render.value,
                # Row order is the dispatch order within the account.
                created_at=now + timedelta(microseconds=number),
            )
        )
    used = Counter(row_arms[row].template["id"] for row, _ in videos)
    for template_id, count in used.items():
        await count_renders(session, template_id, count)
    await session.flush()
    pairs = zip(videos, specs, strict=True)
    shaped = [(row + 1, str(spec.output.aspectRatio)) for (row, _), spec in pairs]
    return CreatedBatch(batch_id, job_ids, mapping, balance, warnings, shaped, on_view)

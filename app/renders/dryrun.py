"""A batch checked first (`POST /api/render/batch` with `dryRun: true`, the dashboard's *Check
rows*): per row, what the batch would refuse (`data`: the template's slot rules; `limits`:
the tier's limits) and what may not look right (`glyphs`, `text_fit`: app/renders/warnings.py),
and the cost. Nothing is charged, created or queued; no transaction is written.

What does not depend on a row is checked as the batch checks it and answered the same way (a
400 for too many rows, an unknown template or variant, options the tier refuses). The work is
bounded by the tier's rows per batch: each row is one data check, one limits check, one
glyph scan and one fit estimate from font metrics (no browser), a few milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.models import Account
from app.accounts.service import credit_balance
from app.config import Settings
from app.limits import Allowance, LimitExceeded, allowance, check_render_options
from app.projects.service import check_project
from app.renders.create import (
    batch_mapping,
    check_batch_size,
    load_template,
    merged,
    row_data,
    template_slots,
)
from app.renders.errors import InvalidRenderRequest
from app.renders.job import ResolvedOptions, build_job_spec, display_name, resolve_options
from app.renders.limits import check_render_data
from app.renders.mapping import map_headers
from app.renders.schemas import BatchRequest, RenderOptions
from app.renders.variants import assign, recipient_key
from app.renders.warnings import glyph_warnings, render_warnings
from app.templates.errors import TemplateNotFound


@dataclass
class _Arm:
    template: dict[str, Any]
    options: ResolvedOptions
    mapping: dict[str, str | None]
    variant_id: str | None = None


def _problem_warning(problem: dict[str, Any]) -> dict[str, Any]:
    """A row problem (as the batch's 400 lists it) as a `data` warning."""
    field = problem.get("field")
    column = problem.get("column")
    where = f"{field} ({column})" if column and column != field else (field or "row")
    return {"kind": "data", "field": field, "message": f"{where} {problem['problem']}"}


def _check_options(arm: _Arm, allow: Allowance) -> None:
    """What does not depend on the rows (output, the template's own size): 400 as the batch."""
    check_render_options(
        {
            "output": arm.options.output.model_dump(),
            "scenes": arm.options.scenes,
            "dataSlots": arm.template.get("dataSlots") or [],
        },
        allow,
    )


async def _variant_arms(
    session: AsyncSession,
    settings: Settings,
    account: Account,
    base: _Arm,
    body: BatchRequest,
) -> list[_Arm]:
    arms = []
    headers = [h.strip() for h in body.headers]
    for index, variant in enumerate(body.variants or []):
        where = f"variants[{index}]"
        template, mapping = base.template, base.mapping
        own = variant.templateId is not None and variant.templateId != body.templateId
        if own:
            assert variant.templateId is not None
            try:
                template = await load_template(session, variant.templateId, account.id)
            except TemplateNotFound as exc:
                raise InvalidRenderRequest(
                    f"{where}.templateId: template '{variant.templateId}' does not exist or "
                    "this account cannot use it",
                    details=[{"loc": ["variants", str(index), "templateId"], "msg": "not found"}],
                ) from exc
            mapping = map_headers(headers, template_slots(template))
        scenes = variant.scenes if variant.scenes is not None else ([] if own else body.scenes)
        options = RenderOptions(
            scenes=scenes,
            brand=merged(body.brand, variant.brand),
            audio=merged(body.audio, variant.audio),
            output=body.output,
        )
        try:
            resolved = resolve_options(template, options, account.tier, settings)
        except InvalidRenderRequest as exc:
            raise InvalidRenderRequest(f"{where}: {exc.message}", details=exc.details) from exc
        arms.append(_Arm(template, resolved, mapping, variant.id))
    return arms


def check_row(
    arm: _Arm, headers: list[str], row: list[Any], tier: str, allow: Allowance
) -> tuple[dict[str, Any], bool, list[dict[str, Any]]]:
    """One row: (its data, whether the batch would take it, its warnings)."""
    data, problems = row_data(arm.template, headers, arm.mapping, row)
    if problems:
        return data, False, [_problem_warning(p) for p in problems] + glyph_warnings(data)
    try:
        spec = build_job_spec(arm.template, data, tier, options=arm.options)
        bound = check_render_data(spec.model_dump(mode="json"), spec.data, allow)
    except InvalidRenderRequest as exc:
        warning = {"kind": "data", "field": None, "message": exc.message}
        return data, False, [warning, *glyph_warnings(data)]
    except LimitExceeded as exc:
        warning = {"kind": "limits", "field": exc.field, "message": exc.message}
        return data, False, [warning, *glyph_warnings(data)]
    return spec.data, True, render_warnings(spec, bound)


def _other_arms(
    checked: list[tuple[dict[str, Any], bool, list[dict[str, Any]]]],
    arms: list[_Arm],
    row_arms: list[_Arm],
    headers: list[str],
    body: BatchRequest,
    template: dict[str, Any],
) -> list[tuple[dict[str, Any], bool, list[dict[str, Any]]]]:
    """A variant with its own template must accept every row (the batch checks them all, as
    any row might have gone to it): its problems with rows of other variants, named."""
    out = list(checked)
    for arm in arms:
        if arm.template is template:
            continue
        for index, (row, row_arm) in enumerate(zip(body.rows, row_arms, strict=True)):
            if row_arm is arm:
                continue
            _, problems = row_data(arm.template, headers, arm.mapping, list(row))
            if problems:
                data, _, warnings = out[index]
                where = f"variant {arm.variant_id} (template '{arm.template['id']}'): "
                extra = [_problem_warning(p) for p in problems]
                for w in extra:
                    w["message"] = where + w["message"]
                out[index] = (data, False, warnings + extra)
    return out


async def dry_run_batch(
    session: AsyncSession, settings: Settings, account: Account, body: BatchRequest
) -> dict[str, Any]:
    """The dry run's answer (BatchDryRun), reading only."""
    # output.aspectRatios: one video (and credit) per row and shape
    shapes = check_batch_size(body, account.tier, settings.tiers[account.tier].batch_max)
    if body.primaryMetric is not None and not body.variants:
        raise InvalidRenderRequest(
            f"primaryMetric '{body.primaryMetric}' needs variants (an A/B batch); "
            "add variants or leave primaryMetric out"
        )
    await check_project(session, account.id, body.projectId, "projectId")
    template = await load_template(session, body.templateId, account.id)
    options = resolve_options(template, body, account.tier, settings)
    mapping = batch_mapping(template, body)
    headers = [h.strip() for h in body.headers]
    base = _Arm(template, options, mapping)
    allow = allowance(settings, account.tier)
    arms = await _variant_arms(session, settings, account, base, body) if body.variants else []
    for arm in arms or [base]:
        _check_options(arm, allow)

    checked = [check_row(base, headers, list(row), account.tier, allow) for row in body.rows]
    row_arms: list[_Arm] = [base] * len(body.rows)
    if arms:
        emails = [s.key for s in template_slots(template) if s.type == "email"]
        keys = [
            recipient_key(data, raw, emails)
            for (data, _, _), raw in zip(checked, body.rows, strict=True)
        ]
        by_id = {arm.variant_id: arm for arm in arms}
        splits = [(v.id, v.splitPercent) for v in body.variants or []]
        row_arms = [by_id[v] for v in assign(keys, splits)]
        checked = [
            c
            if arm.template is template and arm.options == options
            else check_row(arm, headers, list(row), account.tier, allow)
            for c, arm, row in zip(checked, row_arms, body.rows, strict=True)
        ]
        checked = _other_arms(checked, arms, row_arms, headers, body, template)
    results = [
        {
            "row": number,
            "index": number - 1,
            "name": display_name(data),
            "variant": arm.variant_id,
            "ok": ok,
            "warnings": warnings,
        }
        for number, ((data, ok, warnings), arm) in enumerate(
            zip(checked, row_arms, strict=True), start=1
        )
    ]
    total = len(results)
    cost = total * len(shapes)
    valid = sum(1 for r in results if r["ok"])
    balance = await credit_balance(session, account.id)  # the account object may be older
    enough = balance >= cost
    would = valid == total and enough
    warned = sum(1 for r in results if r["warnings"])
    if would:
        message = f"All {total} rows can be rendered for {cost} credits"
    elif valid < total:
        message = f"{total - valid} of {total} rows would make the batch fail"
    else:
        message = f"The batch needs {cost} credits; the balance is {balance}"
    message += f"; {warned} row(s) have warnings. Nothing was charged or queued."
    return {
        "success": True,
        "dryRun": True,
        "templateId": template["id"],
        "totalRows": total,
        "validRows": valid,
        "creditsNeeded": cost,
        "creditsRemaining": balance,
        "enoughCredits": enough,
        "wouldQueue": would,
        "mapping": mapping,
        "results": results,
        "message": message,
    }

"""Template logic: built-ins, custom templates, visibility, forks, versions, validation.

Built-in templates are data (app/templates/builtins/*.json), never rows; their render counts
live in `template_usage`. Custom templates are rows of `templates`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import utcnow
from app.errors import ApiError, bad_request, forbidden, not_found
from app.limits import Allowance, check_template
from app.primitives.catalog import get_primitive
from app.projects.service import get_project
from app.templates.models import BuiltinUsage
from app.templates.models import Template as TemplateRow
from app.templates.schemas import (
    CreateTemplate,
    DataSlot,
    SceneConfig,
    TemplateDefaults,
    TemplateView,
    UpdateTemplate,
)

BUILTINS_DIR = Path(__file__).parent / "builtins"
BUILTIN_IDS = ("emeritus", "laureate", "rewind", "pulse", "handshake")
REFERENCE = re.compile(r"\[([A-Za-z_][A-Za-z0-9_]*)\]")


# ---- built-ins ----


class DataSource(BaseModel):
    """An outside source the render engine queries for a built-in (e.g. OpenAlex by authorId)."""

    kind: str
    key: str
    provides: list[str] = Field(default_factory=list)
    # fetched key -> data key that wins over it when given (institution <- institutionOverride)
    overrides: dict[str, str] = Field(default_factory=dict)


class BuiltinTemplate(BaseModel):
    """A built-in template file: the API fields plus preview samples and data source."""

    id: str
    name: str
    description: str
    tags: list[str]
    scenes: list[SceneConfig]
    dataSlots: list[DataSlot]
    defaults: TemplateDefaults
    sampleData: dict[str, Any]
    dataSource: DataSource | None = None


@lru_cache(maxsize=1)
def builtins() -> dict[str, BuiltinTemplate]:
    """The built-in templates by id, in SPEC order, parsed from their JSON files."""
    found = {}
    for template_id in BUILTIN_IDS:
        raw = json.loads((BUILTINS_DIR / f"{template_id}.json").read_text(encoding="utf-8"))
        found[template_id] = BuiltinTemplate.model_validate(raw)
    return found


def is_builtin(template_id: str) -> bool:
    return template_id in BUILTIN_IDS


def builtin_data_source(template_id: str) -> DataSource | None:
    """Which outside source the render engine fetches for this built-in, if any."""
    item = builtins().get(template_id)
    return item.dataSource if item else None


def _builtin_view(item: BuiltinTemplate, usage: int) -> TemplateView:
    return TemplateView(
        id=item.id,
        name=item.name,
        slug=item.id,
        description=item.description,
        visibility="built-in",
        scenes=item.scenes,
        tags=item.tags,
        usageCount=usage,
        isBuiltIn=True,
        baseTemplateId=None,
        dataSlots=item.dataSlots,
        defaults=item.defaults,
        version=1,
        rootBuiltin=item.id,
    )


def builtin_view(template_id: str) -> TemplateView:
    """A built-in template as a view (usage count not loaded: 0)."""
    return _builtin_view(builtins()[template_id], 0)


async def _builtin_usage(session: AsyncSession) -> dict[str, int]:
    rows = (await session.execute(select(BuiltinUsage))).scalars().all()
    return {row.template_id: row.usage_count for row in rows}


# ---- validation against the primitive catalog ----


def _detail(loc: list[str | int], msg: str, kind: str) -> dict[str, Any]:
    return {"loc": [str(p) for p in loc], "msg": msg, "type": kind}


def _slot_key(name: str) -> str:
    return name[:-2] if name.endswith("[]") else name


def document_problems(
    scenes: list[SceneConfig], data_slots: list[DataSlot]
) -> list[dict[str, Any]]:
    """Everything wrong with a template document that needs the catalog or the whole document."""
    problems: list[dict[str, Any]] = []
    keys = [slot.key for slot in data_slots]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            problems.append(
                _detail(["dataSlots", i, "key"], f"duplicate data slot key {key!r}", "duplicate")
            )
    for i, scene in enumerate(scenes):
        info = get_primitive(scene.primitiveId)
        if info is None:
            problems.append(
                _detail(
                    ["scenes", i, "primitiveId"],
                    f"unknown primitive {scene.primitiveId!r}; see GET /api/primitives?status=all",
                    "unknown_primitive",
                )
            )
        elif scene.animationOption is not None and scene.animationOption not in (
            info.animationOptions
        ):
            problems.append(
                _detail(
                    ["scenes", i, "animationOption"],
                    f"{scene.animationOption!r} is not an animation option of {info.id!r}; "
                    f"allowed: {', '.join(info.animationOptions)}",
                    "unknown_animation_option",
                )
            )
        for j, needed in enumerate(scene.dataRequired):
            if _slot_key(needed) not in keys:
                problems.append(
                    _detail(
                        ["scenes", i, "dataRequired", j],
                        f"{needed!r} is not a data slot key; defined: {', '.join(keys) or 'none'}",
                        "unknown_data_slot",
                    )
                )
    return problems


def validate_document(scenes: list[SceneConfig], data_slots: list[DataSlot]) -> None:
    """Raise a 400 naming each field path when scenes or slots do not fit the catalog."""
    problems = document_problems(scenes, data_slots)
    if problems:
        where = "; ".join(f"{'.'.join(p['loc'])}: {p['msg']}" for p in problems[:5]) + (
            f" (+{len(problems) - 5} more)" if len(problems) > 5 else ""
        )
        raise bad_request(f"Invalid template: {where}", details=problems)


# ---- reading ----


def _row_view(row: TemplateRow) -> TemplateView:
    return TemplateView(
        id=row.id,
        name=row.name,
        slug=row.slug,
        description=row.description,
        visibility=row.visibility,  # type: ignore[arg-type]
        scenes=[SceneConfig.model_validate(s) for s in row.scenes],
        tags=list(row.tags),
        usageCount=row.usage_count,
        isBuiltIn=False,
        baseTemplateId=row.base_template_id,
        dataSlots=[DataSlot.model_validate(s) for s in row.data_slots],
        defaults=TemplateDefaults.model_validate(row.defaults),
        version=row.version,
        ownerId=row.account_id,
        projectId=row.project_id,
        rootBuiltin=row.root_builtin,
    )


def can_read(row: TemplateRow, account_id: str | None) -> bool:
    """Private templates are visible to their owner only; unlisted and public to anyone."""
    return row.visibility != "private" or (account_id is not None and row.account_id == account_id)


async def _row(session: AsyncSession, template_id: str) -> TemplateRow | None:
    return await session.get(TemplateRow, template_id)


async def get_template(
    session: AsyncSession, template_id: str, account_id: str | None
) -> TemplateView | None:
    """The template as `account_id` (None = anonymous) may see it, or None (also for private)."""
    if is_builtin(template_id):
        usage = await session.get(BuiltinUsage, template_id)
        return _builtin_view(builtins()[template_id], usage.usage_count if usage else 0)
    row = await _row(session, template_id)
    if row is None or not can_read(row, account_id):
        return None
    return _row_view(row)


async def list_templates(
    session: AsyncSession, account_id: str | None, include_builtin: bool
) -> list[TemplateView]:
    """Built-ins (when asked) in SPEC order, then the caller's own templates, newest first."""
    views: list[TemplateView] = []
    if include_builtin:
        usage = await _builtin_usage(session)
        views += [_builtin_view(item, usage.get(item.id, 0)) for item in builtins().values()]
    if account_id is not None:
        rows = (
            await session.execute(
                select(TemplateRow)
                .where(TemplateRow.account_id == account_id)
                .order_by(TemplateRow.created_at.desc(), TemplateRow.id)
            )
        ).scalars()
        views += [_row_view(row) for row in rows]
    return views


# ---- writing ----


def slugify(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug[:200] or "template"


def _dump(items: Sequence[BaseModel]) -> list[dict[str, Any]]:
    return [item.model_dump(mode="json") for item in items]


def _template_not_found(template_id: str) -> ApiError:
    return not_found(f"Template {template_id!r}")


def _builtin_locked(template_id: str) -> ApiError:
    return forbidden(
        f"Built-in template {template_id!r} cannot be changed or deleted; fork it instead: "
        f'POST /api/templates {{"name": "...", "forkFrom": "{template_id}"}}'
    )


async def _owned_row(session: AsyncSession, template_id: str, account_id: str) -> TemplateRow:
    """The caller's own template; 403 for built-ins, 404 when unseen, 403 when not theirs."""
    if is_builtin(template_id):
        raise _builtin_locked(template_id)
    row = await _row(session, template_id)
    if row is None or not can_read(row, account_id):
        raise _template_not_found(template_id)
    if row.account_id != account_id:
        raise forbidden(f"Template {template_id!r} belongs to another account; fork it to edit")
    return row


async def _check_project(session: AsyncSession, account_id: str, project_id: str | None) -> None:
    """404 naming the project unless it is one of the caller's projects (None: no project)."""
    if project_id is not None and await get_project(session, account_id, project_id) is None:
        raise not_found(f"Project {project_id!r}")


def fork_message(base: TemplateView) -> str:
    kind = "built-in template" if base.isBuiltIn else "template"
    return f"Template created as a fork of {kind} '{base.name}' ({base.id})"


async def create_template(
    session: AsyncSession, account_id: str, body: CreateTemplate, allow: Allowance | None = None
) -> tuple[TemplateView, str]:
    """Create a custom template, from scratch or forked; returns it and the response message."""
    await _check_project(session, account_id, body.projectId)
    base: TemplateView | None = None
    if body.forkFrom is not None:
        base = await get_template(session, body.forkFrom, account_id)
        if base is None:
            raise not_found(f"Template {body.forkFrom!r} to fork from")
    scenes = body.scenes if body.scenes is not None else (base.scenes if base else [])
    slots = body.dataSlots if body.dataSlots is not None else (base.dataSlots if base else [])
    defaults = body.defaults or (base.defaults if base else TemplateDefaults())
    tags = body.tags if body.tags is not None else (base.tags if base else [])
    validate_document(scenes, slots)
    if allow is not None:  # tier limits (app/limits.py); None: internal callers
        check_template(scenes, slots, allow)
    row = TemplateRow(
        account_id=account_id,
        project_id=body.projectId,
        name=body.name,
        slug=slugify(body.name),
        description=body.description,
        visibility=body.visibility,
        scenes=_dump(scenes),
        data_slots=_dump(slots),
        defaults=defaults.model_dump(mode="json"),
        tags=list(tags),
        usage_count=0,
        base_template_id=base.id if base else None,
        # Copied, never walked: deleting a template mid-chain must not cut forks off their source.
        root_builtin=base.rootBuiltin if base else None,
        version=1,
    )
    session.add(row)
    await session.flush()
    message = fork_message(base) if base else f"Template '{row.name}' created"
    return _row_view(row), message


NOT_NULLABLE = ("name", "visibility", "scenes", "dataSlots", "defaults", "tags")


def _apply(row: TemplateRow, body: UpdateTemplate, fields: set[str], partial: bool) -> None:
    """Write the given fields of an update body into the row, then check the result.
    `partial` (PATCH): `defaults` changes only the default fields the body names."""
    for field in fields & set(NOT_NULLABLE):
        if getattr(body, field) is None:
            raise bad_request(
                f"{field}: may not be null", details=[_detail([field], "may not be null", "null")]
            )
    if "name" in fields:
        row.name = body.name  # type: ignore[assignment]
        row.slug = slugify(row.name)
    if "description" in fields:
        row.description = body.description
    if "visibility" in fields:
        row.visibility = body.visibility  # type: ignore[assignment]
    if "scenes" in fields:
        row.scenes = _dump(body.scenes or [])
    if "dataSlots" in fields:
        row.data_slots = _dump(body.dataSlots or [])
    if "defaults" in fields:
        given = body.defaults or TemplateDefaults()
        if partial:
            changed = given.model_dump(mode="json", exclude_unset=True)
            given = TemplateDefaults.model_validate({**row.defaults, **changed})
        row.defaults = given.model_dump(mode="json")
    if "tags" in fields:
        row.tags = list(body.tags or [])
    if "projectId" in fields:
        row.project_id = body.projectId
    validate_document(
        [SceneConfig.model_validate(s) for s in row.scenes],
        [DataSlot.model_validate(s) for s in row.data_slots],
    )


async def patch_template(
    session: AsyncSession,
    template_id: str,
    account_id: str,
    body: UpdateTemplate,
    allow: Allowance | None = None,
) -> TemplateView:
    """Partial update: only the fields present in the body change (in `defaults`, only the
    default fields present); version stays."""
    row = await _owned_row(session, template_id, account_id)
    if "projectId" in body.model_fields_set:
        await _check_project(session, account_id, body.projectId)
    _apply(row, body, set(body.model_fields_set), partial=True)
    if allow is not None:  # tier limits (app/limits.py)
        check_template(row.scenes, row.data_slots, allow)
    row.updated_at = utcnow()
    await session.flush()
    return _row_view(row)


def full_document(body: UpdateTemplate) -> UpdateTemplate:
    """PUT semantics: the body is the whole document; omitted fields take their defaults."""
    if body.name is None:
        raise bad_request(
            "name: required for a full update (PUT); use PATCH to change some fields only",
            details=[_detail(["name"], "required for PUT", "missing")],
        )
    return UpdateTemplate(
        name=body.name,
        description=body.description,
        visibility=body.visibility or "private",
        scenes=body.scenes or [],
        dataSlots=body.dataSlots or [],
        defaults=body.defaults or TemplateDefaults(),
        tags=body.tags or [],
        projectId=body.projectId,
    )


async def replace_template(
    session: AsyncSession,
    template_id: str,
    account_id: str,
    body: UpdateTemplate,
    allow: Allowance | None = None,
) -> TemplateView:
    """Full update (PUT): the document is replaced and version goes up by one."""
    row = await _owned_row(session, template_id, account_id)
    document = full_document(body)
    await _check_project(session, account_id, document.projectId)
    _apply(row, document, set(UpdateTemplate.model_fields), partial=False)
    if allow is not None:  # tier limits (app/limits.py)
        check_template(row.scenes, row.data_slots, allow)
    row.version += 1
    row.updated_at = utcnow()
    await session.flush()
    return _row_view(row)


async def delete_template(session: AsyncSession, template_id: str, account_id: str) -> str:
    """Delete the caller's template; returns the deleted template's name."""
    row = await _owned_row(session, template_id, account_id)
    name = row.name
    await session.delete(row)
    await session.flush()
    return name


async def increment_usage(session: AsyncSession, template_id: str, n: int = 1) -> None:
    """Count n renders of a template (built-in or custom); unknown ids are ignored."""
    if is_builtin(template_id):
        dialect = session.get_bind().dialect.name
        if dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert
        else:
            from sqlalchemy.dialects.sqlite import insert  # type: ignore[assignment]
        stmt = insert(BuiltinUsage).values(
            template_id=template_id, usage_count=n, updated_at=utcnow()
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=[BuiltinUsage.template_id],
            set_={"usage_count": BuiltinUsage.usage_count + n, "updated_at": utcnow()},
        )
        await session.execute(stmt)
        return
    await session.execute(
        update(TemplateRow)
        .where(TemplateRow.id == template_id)
        .values(usage_count=TemplateRow.usage_count + n, updated_at=TemplateRow.updated_at)
    )


# ---- data into scenes ----
# The composition resolves `[key]` references (app.composition.timeline.resolve_value);
# templates add `$each` list building, slot defaults and data-source overrides.


def _each(spec: dict[str, Any], data: dict[str, Any]) -> list[dict[str, Any]] | None:
    """`{"$each": "books", "as": {"label": "title"}}`: one object per item of data["books"],
    each output field taken from the named item field (renames a list for a primitive)."""
    items = data.get(str(spec["$each"]))
    if not isinstance(items, list):
        return None
    fields: dict[str, str] = spec.get("as") or {}
    out = []
    for item in items:
        if isinstance(item, dict):
            out.append({k: item.get(src) for k, src in fields.items() if item.get(src) is not None})
    return out


def _slot_defaults(data_slots: Sequence[DataSlot | Mapping[str, Any]]) -> dict[str, Any]:
    out = {}
    for slot in data_slots:
        raw = slot.model_dump() if isinstance(slot, DataSlot) else dict(slot)
        if raw.get("key") and raw.get("defaultValue") is not None:
            out[str(raw["key"])] = raw["defaultValue"]
    return out


def with_defaults(view: TemplateView, data: Mapping[str, Any]) -> dict[str, Any]:
    """The data with each missing (or null) slot filled from the slot's defaultValue."""
    out = dict(data)
    for key, value in _slot_defaults(view.dataSlots).items():
        if out.get(key) is None:
            out[key] = value
    return out


def expand_scene(scene: SceneConfig | Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """A scene as a plain dict with every `$each` list in its sceneData built from the data
    (the composition resolves the remaining `[key]` references itself)."""

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            if "$each" in value:
                return _each(value, dict(data))
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    out = scene.model_dump(mode="json") if isinstance(scene, SceneConfig) else dict(scene)
    out["sceneData"] = walk(out.get("sceneData") or {})
    return out


def prepare_render(
    scenes: Sequence[SceneConfig | Mapping[str, Any]],
    data_slots: Sequence[DataSlot | Mapping[str, Any]],
    data: Mapping[str, Any],
    data_source: DataSource | Mapping[str, Any] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Scenes and data ready for `build_timeline(scenes, data)` and
    `render_composition(..., data=data)`: slot defaultValues fill missing data, a data
    source's overrides apply (institutionOverride wins over the fetched institution), and
    `$each` lists in sceneData are built. Plain dicts in, plain dicts out (worker-friendly)."""
    filled = dict(data)
    for key, value in _slot_defaults(data_slots).items():
        if filled.get(key) is None:
            filled[key] = value
    source = data_source.model_dump() if isinstance(data_source, DataSource) else data_source
    for fetched, given in ((source or {}).get("overrides") or {}).items():
        if filled.get(given) not in (None, ""):
            filled[fetched] = filled[given]
    return [expand_scene(scene, filled) for scene in scenes], filled


def render_inputs(view: TemplateView, data: Mapping[str, Any]) -> tuple[list[dict[str, Any]], dict]:
    """prepare_render for a template view: the root built-in's data source overrides apply to
    the built-in and every fork of it, as in the render pipeline."""
    source = builtin_data_source(view.rootBuiltin) if view.rootBuiltin else None
    return prepare_render(view.scenes, view.dataSlots, data, source)


def _placeholder(slot: DataSlot) -> Any:
    return {
        "text": slot.label or slot.key.replace("_", " ").title(),
        "number": 42,
        "email": "alex@example.com",
        "date": "2026-01-15",
        "url": "https://example.com",
        "country_code": "GB",
        "array": [],
        "object": {},
    }[slot.type]


def sample_data(view: TemplateView, builtin_id: str | None = None) -> dict[str, Any]:
    """Preview data for a template: a slot's defaultValue, else the built-in sample for that
    key (from the template's own built-in ancestor first), else a placeholder by type."""
    samples: dict[str, Any] = {}
    for item in builtins().values():
        samples.update({k: v for k, v in item.sampleData.items() if k not in samples})
    if builtin_id:
        samples.update(builtins()[builtin_id].sampleData)
    out: dict[str, Any] = {}
    for slot in view.dataSlots:
        if slot.defaultValue is not None:
            out[slot.key] = slot.defaultValue
        elif slot.key in samples:
            out[slot.key] = samples[slot.key]
        elif slot.required:
            out[slot.key] = _placeholder(slot)
    if builtin_id:  # values a data source would fetch at render time
        source = builtins()[builtin_id].sampleData
        out.update({k: v for k, v in source.items() if k not in out})
    return out

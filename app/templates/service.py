"""Templates CRUD: reading with visibility, creating and forking, PATCH, PUT, DELETE, usage.

Custom templates are rows of `templates`; built-ins are data (app/templates/builtins.py).
Raises the domain exceptions of app/templates/errors.py (and ProjectNotFound); no HTTP here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Integer, bindparam, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.db import Database, upsert_insert, utcnow
from app.limits import Allowance, check_template
from app.pointread import PointRead
from app.pointtx import PointTx, dialect_name, need_session
from app.pointwrite import PointWrite
from app.projects.service import check_project
from app.templates.builtins import builtin_as_view, builtin_usage, builtins, is_builtin
from app.templates.errors import BuiltinLocked, NameRequired, NotOwner, NullField, TemplateNotFound
from app.templates.models import BuiltinUsage
from app.templates.models import Template as TemplateRow
from app.templates.schemas import (
    CreateTemplate,
    DataSlot,
    PosterAt,
    SceneConfig,
    TemplateDefaults,
    TemplateView,
    UpdateTemplate,
)
from app.templates.validation import validate_document

# ---- reading ----


def _row_view(
    row: TemplateRow | Any, base_shown: bool = True, project_shown: bool = True
) -> TemplateView:
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
        baseTemplateId=row.base_template_id if base_shown else None,
        dataSlots=[DataSlot.model_validate(s) for s in row.data_slots],
        defaults=TemplateDefaults.model_validate(row.defaults),
        version=row.version,
        posterAt=PosterAt.model_validate(row.poster_at) if row.poster_at else None,
        ownerId=row.account_id,
        projectId=row.project_id if project_shown else None,
        rootBuiltin=row.root_builtin,
    )


def can_read(row: TemplateRow, account_id: str | None) -> bool:
    """Private templates are visible to their owner only; unlisted and public to anyone."""
    return row.visibility != "private" or (account_id is not None and row.account_id == account_id)


async def template_names(
    session: AsyncSession, template_ids: Sequence[str], account_id: str | None
) -> dict[str, str]:
    """The names of the templates among `template_ids` that `account_id` may read (built-ins
    from their files, the rest in one statement); ids it may not read are left out."""
    names = {t: builtins()[t].name for t in template_ids if is_builtin(t)}
    others = [t for t in set(template_ids) if t not in names]
    if others:
        rows = await session.execute(select(TemplateRow).where(TemplateRow.id.in_(others)))
        names |= {row.id: row.name for row in rows.scalars() if can_read(row, account_id)}
    return names


@dataclass(frozen=True)
class TemplateChoice:
    """A template as a picker lists it."""

    id: str
    name: str
    builtin: bool


async def template_choices(session: AsyncSession, account_id: str) -> list[TemplateChoice]:
    """Built-ins in SPEC order, then the account's own templates newest first: ids and names
    only (one narrow query, for pickers; whole documents are read with get_template)."""
    choices = [TemplateChoice(item.id, item.name, True) for item in builtins().values()]
    rows = await session.execute(
        select(TemplateRow.id, TemplateRow.name)
        .where(TemplateRow.account_id == account_id)
        .order_by(TemplateRow.created_at.desc(), TemplateRow.id)
    )
    return choices + [TemplateChoice(row.id, row.name, False) for row in rows]


async def _can_read_id(session: AsyncSession, template_id: str, account_id: str | None) -> bool:
    if is_builtin(template_id):
        return True
    row = await session.get(TemplateRow, template_id)
    return row is not None and can_read(row, account_id)


async def _reader_view(
    session: AsyncSession, row: TemplateRow, account_id: str | None
) -> TemplateView:
    """The row as this reader sees it: the owner sees everything; anyone else sees neither
    the owner's `projectId` nor a parent (`baseTemplateId`) they could not read."""
    if account_id is not None and row.account_id == account_id:
        return _row_view(row)
    base = row.base_template_id
    base_shown = base is not None and await _can_read_id(session, base, account_id)
    return _row_view(row, base_shown=base_shown, project_shown=False)


_ONE = PointWrite(select(*TemplateRow.__table__.c).where(TemplateRow.id == bindparam("template")))


async def get_template(
    session: AsyncSession | PointTx,
    template_id: str,
    account_id: str | None,
    *,
    usage: bool = True,
) -> TemplateView | None:
    """The template as `account_id` (None = anonymous) may see it, or None (also for private).
    `usage=False`: a built-in's usageCount is not read (0; for renders, which do not show it).
    In a point transaction (app/pointtx.py) a reader's own template or a built-in is read
    there; another's asks for a session."""
    if is_builtin(template_id):
        if usage:
            need_session(session)
        count = await session.get(BuiltinUsage, template_id) if usage else None  # type: ignore[union-attr]
        return builtin_as_view(builtins()[template_id], count.usage_count if count else 0)
    row: Any = await _ONE.first(session, template=template_id)
    if row is None or not can_read(row, account_id):
        return None
    if account_id is None or row.account_id != account_id:
        need_session(session)
    return await _reader_view(session, row, account_id)  # type: ignore[arg-type]


_OWN = PointRead(
    select(*TemplateRow.__table__.c)
    .where(TemplateRow.account_id == bindparam("account"))
    .order_by(TemplateRow.created_at.desc(), TemplateRow.id)
)


async def list_templates(
    db: Database, account_id: str | None, include_builtin: bool
) -> list[TemplateView]:
    """Built-ins (when asked) in SPEC order, then the caller's own templates, newest first
    (committed state: point reads, app/pointread.py)."""
    views: list[TemplateView] = []
    if include_builtin:
        usage = await builtin_usage(db)
        views += [builtin_as_view(item, usage.get(item.id, 0)) for item in builtins().values()]
    if account_id is not None:
        views += [_row_view(row) for row in await _OWN.all(db, account=account_id)]
    return views


async def list_own_page(
    session: AsyncSession, account_id: str, offset: int, limit: int
) -> tuple[list[TemplateView], int]:
    """One page of the account's own templates, newest first (the order of `list_templates`),
    and how many it has in all: bounded work however many templates the account holds."""
    total = await session.scalar(
        select(func.count()).select_from(TemplateRow).where(TemplateRow.account_id == account_id)
    )
    rows = (
        await session.execute(
            select(TemplateRow)
            .where(TemplateRow.account_id == account_id)
            .order_by(TemplateRow.created_at.desc(), TemplateRow.id)
            .offset(max(offset, 0))
            .limit(limit)
        )
    ).scalars()
    return [_row_view(row) for row in rows], int(total or 0)


# ---- writing ----


def slugify(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug[:200] or "template"


def _dump(items: Sequence[BaseModel]) -> list[dict[str, Any]]:
    return [item.model_dump(mode="json") for item in items]


async def _owned_row(session: AsyncSession, template_id: str, account_id: str) -> TemplateRow:
    """The caller's own template: BuiltinLocked for built-ins, TemplateNotFound when unseen,
    NotOwner when readable but another account's."""
    if is_builtin(template_id):
        raise BuiltinLocked(template_id)
    row = await session.get(TemplateRow, template_id)
    if row is None or not can_read(row, account_id):
        raise TemplateNotFound(template_id)
    if row.account_id != account_id:
        raise NotOwner(template_id)
    return row


async def create_template(
    session: AsyncSession, account_id: str, body: CreateTemplate, allow: Allowance | None = None
) -> tuple[TemplateView, TemplateView | None]:
    """Create a custom template, from scratch or forked; returns it and the base it was
    forked from (None from scratch)."""
    await check_project(session, account_id, body.projectId)
    base: TemplateView | None = None
    if body.forkFrom is not None:
        base = await get_template(session, body.forkFrom, account_id)
        if base is None:
            raise TemplateNotFound(body.forkFrom, " to fork from")
    scenes = body.scenes if body.scenes is not None else (base.scenes if base else [])
    slots = body.dataSlots if body.dataSlots is not None else (base.dataSlots if base else [])
    defaults = body.defaults or (base.defaults if base else TemplateDefaults())
    tags = body.tags if body.tags is not None else (base.tags if base else [])
    given = "posterAt" in body.model_fields_set
    poster_at = body.posterAt if given else (base.posterAt if base else None)
    validate_document(scenes, slots, poster_at)
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
        poster_at=poster_at.model_dump(mode="json") if poster_at else None,
    )
    session.add(row)
    await session.flush()
    return _row_view(row), base


NOT_NULLABLE = ("name", "visibility", "scenes", "dataSlots", "defaults", "tags")
# The fields of SPEC's UpdateTemplate: PUT replaces them (omitted ones take their defaults);
# the other fields of the body (dataSlots, defaults, tags, projectId, posterAt) change only
# when given.
PUT_REPLACES = ("name", "description", "visibility", "scenes")


def _apply(row: TemplateRow, body: UpdateTemplate, fields: set[str], partial: bool) -> None:
    """Write the given fields of an update body into the row, then check the result.
    `partial` (PATCH): `defaults` changes only the default fields the body names."""
    for field in sorted(fields & set(NOT_NULLABLE), key=NOT_NULLABLE.index):
        if getattr(body, field) is None:
            raise NullField(field)
    if "name" in fields:
        row.name = body.name  # type: ignore[assignment]
        row.slug = slugify(row.name)
    if "description" in fields:
        row.description = body.description
    if "visibility" in fields:
        row.visibility = body.visibility  # type: ignore[assignment]
    if "defaults" in fields:
        given = body.defaults or TemplateDefaults()
        if partial:
            changed = given.model_dump(mode="json", exclude_unset=True)
            given = TemplateDefaults.model_validate({**row.defaults, **changed})
        row.defaults = given.model_dump(mode="json")
    if "projectId" in fields:
        row.project_id = body.projectId
    _apply_content(row, body, fields)
    validate_document(
        [SceneConfig.model_validate(s) for s in row.scenes],
        [DataSlot.model_validate(s) for s in row.data_slots],
        PosterAt.model_validate(row.poster_at) if row.poster_at else None,
    )


def _apply_content(row: TemplateRow, body: UpdateTemplate, fields: set[str]) -> None:
    """The document's lists and the poster frame, as given (posterAt null: the poster rule)."""
    if "scenes" in fields:
        row.scenes = _dump(body.scenes or [])
    if "dataSlots" in fields:
        row.data_slots = _dump(body.dataSlots or [])
    if "tags" in fields:
        row.tags = list(body.tags or [])
    if "posterAt" in fields:
        row.poster_at = body.posterAt.model_dump(mode="json") if body.posterAt else None


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
        await check_project(session, account_id, body.projectId)
    _apply(row, body, set(body.model_fields_set), partial=True)
    return await _save(session, row, allow)


def full_update(body: UpdateTemplate) -> tuple[UpdateTemplate, set[str]]:
    """PUT semantics: the SPEC's UpdateTemplate fields (name, description, visibility, scenes)
    are replaced, omitted ones taking their defaults; dataSlots, defaults, tags, projectId and
    posterAt change only when given (given null: reset to the default). Returns the document and
    the fields it writes."""
    if body.name is None:
        raise NameRequired()
    given = body.model_fields_set
    fields = set(PUT_REPLACES) | (
        given & {"dataSlots", "defaults", "tags", "projectId", "posterAt"}
    )
    document = UpdateTemplate(
        name=body.name,
        description=body.description,
        visibility=body.visibility or "private",
        scenes=body.scenes or [],
        dataSlots=body.dataSlots or [],
        defaults=body.defaults or TemplateDefaults(),
        tags=body.tags or [],
        projectId=body.projectId,
        posterAt=body.posterAt,
    )
    return document, fields


async def replace_template(
    session: AsyncSession,
    template_id: str,
    account_id: str,
    body: UpdateTemplate,
    allow: Allowance | None = None,
) -> TemplateView:
    """Full update (PUT, see `full_update`); version goes up by one."""
    row = await _owned_row(session, template_id, account_id)
    document, fields = full_update(body)
    if "projectId" in fields:
        await check_project(session, account_id, document.projectId)
    _apply(row, document, fields, partial=False)
    row.version += 1
    return await _save(session, row, allow)


async def _save(session: AsyncSession, row: TemplateRow, allow: Allowance | None) -> TemplateView:
    """Check the updated row against the tier limits (app/limits.py), stamp and write it."""
    if allow is not None:
        check_template(row.scenes, row.data_slots, allow)
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


def _builtin_count(insert: Any, names: tuple[str, str, str] = ("template", "n", "at")) -> Any:
    """Count renders of a built-in: one upsert (`insert`: the dialect's), values bound per
    call (`names`: of the template's id, the count and the time)."""
    table = BuiltinUsage.__table__
    template, n, at = names
    stmt = insert(table).values(
        template_id=bindparam(template),
        usage_count=bindparam(n, type_=Integer),
        updated_at=bindparam(at, type_=table.c.updated_at.type),
    )
    return stmt.on_conflict_do_update(
        index_elements=[table.c.template_id],
        set_={"usage_count": table.c.usage_count + stmt.excluded.usage_count,
              "updated_at": stmt.excluded.updated_at},
    )  # fmt: skip


def _custom_count(names: tuple[str, str] = ("template", "n")) -> Any:
    """Count renders of a custom template: its row's counter (its `updated_at` kept)."""
    table = TemplateRow.__table__
    return (
        update(table)
        .where(table.c.id == bindparam(names[0]))
        .values(usage_count=table.c.usage_count + bindparam(names[1], type_=Integer),
                updated_at=table.c.updated_at)
    )  # fmt: skip


# Built once on the tables: every render counts one (building a statement, or the ORM's
# compile step, costs more CPU than executing it).
_COUNT_BUILTIN = {d: PointWrite(_builtin_count(upsert_insert(d))) for d in ("postgresql", "sqlite")}
_COUNT_CUSTOM = PointWrite(_custom_count())


def counting_on_postgresql() -> dict[bool, Any]:
    """PostgreSQL's statements that count renders, by whether the template is a built-in,
    for a caller that runs one inside its own statement (a data-modifying WITH: a render's
    charge, app/renders/charging.py). Bound: `usage_template`, `usage_n`, and a built-in's
    `usage_at` (names apart from the caller's)."""
    return {
        True: _builtin_count(
            upsert_insert("postgresql"), ("usage_template", "usage_n", "usage_at")
        ),
        False: _custom_count(("usage_template", "usage_n")),
    }


async def increment_usage(session: AsyncSession | PointTx, template_id: str, n: int = 1) -> None:
    """Count n renders of a template (built-in or custom); unknown ids are ignored."""
    if is_builtin(template_id):
        dialect = dialect_name(session)
        await _COUNT_BUILTIN[dialect].run(session, template=template_id, n=n, at=utcnow())
        return
    await _COUNT_CUSTOM.run(session, template=template_id, n=n)

"""Built-in templates: data (app/templates/builtins/*.json), never rows; their render counts
live in `template_usage`."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import select

from app.db import Database
from app.pointread import PointRead
from app.templates.models import BuiltinUsage
from app.templates.schemas import DataSlot, PosterAt, SceneConfig, TemplateDefaults, TemplateView

BUILTINS_DIR = Path(__file__).parent / "builtins"
BUILTIN_IDS = ("emeritus", "laureate", "rewind", "pulse", "handshake")


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
    posterAt: PosterAt | None = None


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


def builtin_as_view(item: BuiltinTemplate, usage: int) -> TemplateView:
    """A built-in as the API shows it, with its render count."""
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
        posterAt=item.posterAt,
        rootBuiltin=item.id,
    )


_USAGE = PointRead(select(BuiltinUsage.template_id, BuiltinUsage.usage_count))


async def builtin_usage(db: Database) -> dict[str, int]:
    """Render counts of the built-ins by id (a built-in never rendered has no row)."""
    return {template_id: count for template_id, count in await _USAGE.all(db)}

"""Load and validate primitive manifests (primitives_html/<id>/manifest.json); cached."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from app.config import ROOT
from app.spec import PRIMITIVE_CATEGORIES, PrimitiveCategory, PrimitiveStatus

PRIMITIVES_DIR = ROOT / "primitives_html"


class PrimitiveInfo(BaseModel):
    """SPEC 2.3: exactly the fields a manifest holds and the API returns."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    label: str = Field(min_length=1)
    category: PrimitiveCategory
    description: str = Field(min_length=1)
    animationOptions: list[str] = Field(min_length=2)
    defaultDuration: float = Field(gt=0, le=120)
    dataInputs: list[str]
    status: PrimitiveStatus

    @field_validator("animationOptions")
    @classmethod
    def _unique_options(cls, options: list[str]) -> list[str]:
        if len(set(options)) != len(options):
            raise ValueError("animationOptions must not repeat")
        return options

    @field_validator("dataInputs")
    @classmethod
    def _data_input_names(cls, inputs: list[str]) -> list[str]:
        for name in inputs:
            base = name[:-2] if name.endswith("[]") else name
            if not base or not base.replace("_", "a").isalnum():
                raise ValueError(f"dataInputs entry {name!r} must be a key, arrays ending in []")
        return inputs


class ManifestError(ValueError):
    """A manifest that does not describe a valid primitive."""


def load_manifest(folder: Path) -> PrimitiveInfo:
    """Parse and validate one primitive folder's manifest.json."""
    path = folder / "manifest.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        info = PrimitiveInfo.model_validate(raw)
    except (OSError, json.JSONDecodeError, ValidationError) as exc:
        raise ManifestError(f"{path}: {exc}") from exc
    if info.id != folder.name:
        raise ManifestError(f"{path}: id {info.id!r} differs from its folder name {folder.name!r}")
    return info


@lru_cache(maxsize=4)
def _catalog(root: Path) -> dict[str, PrimitiveInfo]:
    found: dict[str, PrimitiveInfo] = {}
    for folder in sorted(p for p in root.iterdir() if (p / "manifest.json").is_file()):
        info = load_manifest(folder)
        found[info.id] = info
    return found


def catalog(root: Path = PRIMITIVES_DIR) -> dict[str, PrimitiveInfo]:
    """All primitives by id (every status), read once per process."""
    return _catalog(root)


def reload_catalog() -> None:
    """Forget the cached manifests (tests, dev reload)."""
    _catalog.cache_clear()


def get_primitive(primitive_id: str) -> PrimitiveInfo | None:
    """The primitive with this id, or None."""
    return catalog().get(primitive_id)


def list_primitives(category: str | None = None, status: str = "production") -> list[PrimitiveInfo]:
    """Primitives filtered by category (case-insensitive) and status (`all`: every status)."""
    items = list(catalog().values())
    if status != "all":
        items = [p for p in items if p.status == status]
    if category:
        wanted = category.strip().lower()
        items = [p for p in items if p.category.lower() == wanted]
    order = {c: i for i, c in enumerate(PRIMITIVE_CATEGORIES)}
    return sorted(items, key=lambda p: (order[p.category], p.id))


def primitive_folder(primitive_id: str) -> Path:
    """The folder holding this primitive's scene template and assets."""
    return PRIMITIVES_DIR / primitive_id

"""The catalog is the manifests: every manifest validates and the filters work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.primitives.catalog import (
    ManifestError,
    PrimitiveInfo,
    catalog,
    get_primitive,
    list_primitives,
    load_manifest,
)
from app.spec import PRIMITIVE_CATEGORIES

MINE = ("title-intro", "stat-counters", "bar-race", "cta-card", "radar", "comparison-bars", "outro")


def test_every_manifest_in_primitives_html_validates() -> None:
    found = catalog()
    for primitive_id in MINE:
        assert primitive_id in found
    for info in found.values():
        assert info.category in PRIMITIVE_CATEGORIES
        assert len(info.animationOptions) >= 2


def test_manifests_hold_exactly_the_primitive_info_fields() -> None:
    for info in catalog().values():
        raw = json.loads((Path("primitives_html") / info.id / "manifest.json").read_text())
        assert set(raw) == set(PrimitiveInfo.model_fields)


def test_get_primitive_returns_none_for_unknown_id() -> None:
    assert get_primitive("title-intro") is not None
    assert get_primitive("no-such-thing") is None


def test_list_defaults_to_production_and_all_lists_every_status() -> None:
    production = list_primitives()
    everything = list_primitives(status="all")
    assert all(p.status == "production" for p in production)
    assert len(everything) >= len(production)
    assert {p.id for p in production} >= set(MINE)


def test_list_filters_by_category_case_insensitively() -> None:
    data_viz = list_primitives(category="data viz", status="all")
    assert data_viz and all(p.category == "Data Viz" for p in data_viz)
    assert "radar" in {p.id for p in data_viz}
    assert list_primitives(category="Nope", status="all") == []


def _write(folder: Path, **fields: object) -> Path:
    folder.mkdir(parents=True)
    base = {
        "id": folder.name,
        "label": "X",
        "category": "Text",
        "description": "d",
        "animationOptions": ["a", "b"],
        "defaultDuration": 3,
        "dataInputs": ["name", "rows[]"],
        "status": "beta",
    }
    base.update(fields)
    (folder / "manifest.json").write_text(json.dumps(base))
    return folder


def test_load_manifest_accepts_a_valid_folder(tmp_path: Path) -> None:
    info = load_manifest(_write(tmp_path / "good-one"))
    assert info.dataInputs == ["name", "rows[]"]


@pytest.mark.parametrize(
    "fields",
    [
        {"category": "Cooking"},
        {"status": "live"},
        {"animationOptions": ["only-one"]},
        {"animationOptions": ["a", "a"]},
        {"defaultDuration": 0},
        {"dataInputs": ["bad name"]},
        {"extra": "field"},
        {"id": "other-id"},
    ],
)
def test_load_manifest_rejects_invalid_fields(tmp_path: Path, fields: dict[str, object]) -> None:
    with pytest.raises(ManifestError):
        load_manifest(_write(tmp_path / "bad-one", **fields))


def test_every_primitive_folder_has_a_scene_template() -> None:
    for info in catalog().values():
        assert (Path("primitives_html") / info.id / "scene.html.j2").is_file(), info.id

"""The SPEC enumerations agree with each other."""

from __future__ import annotations

from app.primitives.catalog import PrimitiveInfo
from app.spec import DEVICE_SCALE, PRIMITIVE_CATEGORIES, RESOLUTIONS


def test_every_resolution_has_one_device_scale_from_the_720p_layout() -> None:
    assert set(DEVICE_SCALE) == set(RESOLUTIONS)
    for name, (width, _height) in RESOLUTIONS.items():
        assert round(1280 * DEVICE_SCALE[name]) == width


def test_the_manifest_category_field_takes_exactly_the_spec_categories() -> None:
    annotation = PrimitiveInfo.model_fields["category"].annotation
    assert annotation is not None
    assert tuple(annotation.__args__) == PRIMITIVE_CATEGORIES
    assert len(PRIMITIVE_CATEGORIES) == 9

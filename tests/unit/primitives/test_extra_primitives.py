"""The extra primitives' manifests and the bundled world geodata."""

from __future__ import annotations

import json

from app.primitives.catalog import PRIMITIVES_DIR, get_primitive, load_manifest

MINE = (
    "badge-unlock",
    "book-shelf",
    "category-donut",
    "ken-burns",
    "logo-reveal",
    "milestone-timeline",
    "percentile-gauge",
    "poll-card",
    "quote-card",
    "world-map",
)


def test_extra_manifests_validate_with_two_or_more_options() -> None:
    for primitive_id in MINE:
        info = load_manifest(PRIMITIVES_DIR / primitive_id)
        assert len(info.animationOptions) >= 2
        assert (PRIMITIVES_DIR / primitive_id / "scene.html.j2").is_file()
    assert get_primitive("world-map").status == "production"  # type: ignore[union-attr]
    assert get_primitive("milestone-timeline").status == "production"  # type: ignore[union-attr]


def test_world_geodata_covers_countries_with_license() -> None:
    geo = json.loads((PRIMITIVES_DIR / "world-map" / "world-110m.json").read_text())
    assert {"FR", "US", "BR", "JP", "AU", "ZA", "IN", "RU", "XK"} <= set(geo["countries"])
    assert len(geo["countries"]) > 170
    assert "public domain" in geo["license"].lower()
    for country in geo["countries"].values():
        assert country["d"].startswith("M") and country["name"]
        x0, y0, x1, y1 = country["bbox"]
        assert 0 <= x0 <= x1 <= 1280 and 0 <= y0 <= y1 <= 720
        fx0, fy0, fx1, fy1 = country["focus"]
        px, py = country["pin"]
        assert fx0 <= px <= fx1 and fy0 <= py <= fy1  # the pin sits on the main landmass

"""render_composition: escaping of every piece of user data, brand handling, scene assets."""

from __future__ import annotations

import json
import re

from app.composition.page import brand_values, render_composition
from app.composition.timeline import build_timeline

PAYLOADS = [
    "<script>alert(1)</script>",
    "</script><script>alert(2)</script>",
    '"onerror="alert(3)',
    "<img src=x onerror=alert(4)>",
]


def page_for(
    data: dict[str, object], scenes: list[dict[str, object]] | None = None, **kw: object
) -> str:
    scenes = scenes or [{"primitiveId": "title-intro", "sceneData": {"kicker": "[kicker]"}}]
    return render_composition(
        build_timeline(scenes, data), kw.get("brand"), kw.get("output"), "/static", data=data
    )


def scripts_in(html: str) -> list[str]:
    return re.findall(r"<script[^>]*>(.*?)</script>", html, flags=re.S)


def test_user_data_never_becomes_markup() -> None:
    for payload in PAYLOADS:
        html = page_for({"person_name": payload, "subtitle": payload, "kicker": payload})
        assert payload not in html
        assert "<img src=x" not in html
        assert "alert(" in html  # the text is still there, as text


def test_no_script_tag_carries_data_except_json_blocks() -> None:
    html = page_for({"person_name": PAYLOADS[1], "subtitle": PAYLOADS[0]})
    json_blocks = re.findall(
        r'<script type="application/json"[^>]*>(.*?)</script>', html, flags=re.S
    )
    assert json_blocks
    for block in json_blocks:
        assert "<" not in block  # tojson escapes < as \u003c, so no tag can close the block
        json.loads(block)
    executable = [s for s in scripts_in(html) if "alert(" in s]
    assert all(s in json_blocks for s in executable)


def test_props_round_trip_exactly_through_json() -> None:
    name = PAYLOADS[1] + " & ' \" \u2028"
    html = page_for({"person_name": name})
    block = re.search(
        r'<script type="application/json" class="rs-props">(.*?)</script>', html, re.S
    )
    assert block is not None
    assert json.loads(block.group(1))["person_name"] == name


def test_brand_colors_must_be_hex_or_fall_back() -> None:
    values = brand_values(
        {"accentColor": "red;}</style><script>x()</script>", "secondaryColor": "#abc"}
    )
    assert values["accentColor"].startswith("#") and "<" not in values["accentColor"]
    assert values["secondaryColor"] == "#abc"
    html = page_for({}, brand={"accentColor": "#FF0000; background:url(x)"})
    assert "url(x)" not in html


def test_logo_url_is_escaped_in_its_attribute_and_position_is_checked() -> None:
    html = page_for(
        {}, brand={"logoUrl": '/m/logo.png" onload="alert(1)', "logoPosition": "middle"}
    )
    assert 'onload="alert(1)' not in html
    assert 'class="rs-logo top-right"' in html


def test_watermark_shown_only_when_asked() -> None:
    assert "Made with reelsmith" in page_for({}, brand={"showWatermark": True})
    assert "Made with reelsmith" not in page_for({}, brand={"showWatermark": False})


def test_fonts_link_to_asset_base_or_are_inlined() -> None:
    linked = page_for({})
    assert "/static/fonts/inter-latin-400-normal.woff2" in linked
    timeline = build_timeline([{"primitiveId": "title-intro"}], {})
    inlined = render_composition(timeline, {}, {}, None)
    assert "data:font/woff2;base64," in inlined and "/static/fonts" not in inlined


def test_scene_assets_are_inlined_once_per_primitive() -> None:
    scenes = [{"primitiveId": "title-intro"}, {"primitiveId": "title-intro", "transition": "fade"}]
    html = page_for({}, scenes=scenes)
    assert html.count('reelsmith.primitive("title-intro"') == 1
    assert html.count('class="rs-scene') == 2


def test_timeline_json_carries_timing_bindings_and_words() -> None:
    scenes = [
        {
            "primitiveId": "title-intro",
            "animationBindings": {"name-in": 400, "bad": "x"},
            "wordTimestamps": [{"word": "Hi", "startMs": 0, "endMs": 200}, {"word": "x"}],
        },
    ]
    html = page_for({}, scenes=scenes, output={"captions": True})
    block = re.search(
        r'<script type="application/json" id="rs-timeline">(.*?)</script>', html, re.S
    )
    assert block is not None
    timeline = json.loads(block.group(1))
    assert timeline["captions"] is True
    first = timeline["scenes"][0]
    assert first["bindings"] == {"name-in": 400.0}
    assert first["words"] == [{"word": "Hi", "startMs": 0.0, "endMs": 200.0}]
    assert first["start"] == 0 and first["duration"] == 4000

"""The extra primitives (world-map, milestone-timeline, logo-reveal, badge-unlock, quote-card,
ken-burns, poll-card) render every option at 720p and 4k, cope with missing data, escape
user data, and draw the same pixels for the same time."""

from __future__ import annotations

import base64
from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from app.primitives.catalog import get_primitive

pytestmark = pytest.mark.asyncio(loop_scope="session")

JUNK = ("undefined", "NaN", "null", "[object Object]")
ACCENT = "#F97316"
BRAND = {"accentColor": ACCENT, "secondaryColor": "#6366F1"}


def _svg_data_url(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


IMAGE = _svg_data_url(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">'
    '<rect width="1600" height="900" fill="#87b5e8"/>'
    '<path d="M0 620L300 380 520 560 800 300 1100 580 1600 640V900H0z" fill="#3d5a80"/></svg>'
)
LOGO = _svg_data_url(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="90">'
    '<rect width="90" height="90" rx="20" fill="#0EA5E9"/></svg>'
)

# primitive id -> (data with every input filled, texts that must be visible at the end)
FULL: dict[str, tuple[dict[str, Any], list[str]]] = {
    "world-map": (
        {
            "title": "Collaborations around the world",
            "subtitle": "Co-authors by country",
            "country_code": "FR",
            "countries": [{"code": "US", "value": 42}, {"code": "DE", "value": 18000}, "JP"],
        },
        ["Collaborations around the world", "France", "18k"],
    ),
    "milestone-timeline": (
        {
            "title": "Your first weeks",
            "milestones": [
                {"date": "2026-01-12", "title": "Kickoff call", "description": "Meet your team."},
                {"date": "Week 2", "title": "Workspace setup"},
                {"title": "Go live", "description": "Launch with your customers."},
            ],
        },
        ["Your first weeks", "Jan 12, 2026", "Kickoff call", "Go live"],
    ),
    "logo-reveal": (
        {"company_name": "Acme Robotics", "tagline": "Welcome aboard", "logoUrl": LOGO},
        ["Acme Robotics", "Welcome aboard"],
    ),
    "badge-unlock": (
        {
            "badge_name": "Top performer",
            "badge_description": "Out-trained 92% of members",
            "badge_icon": "trophy",
            "person_name": "Jordan Lee",
            "badge_level": 1250,
        },
        ["Top performer", "Jordan Lee", "1,250"],
    ),
    "quote-card": (
        {
            "quote": "\u201cWe shipped in weeks, not quarters.\u201d",
            "person_name": "Maria Gonzalez",
            "person_role": "VP Engineering",
        },
        ["We shipped in weeks, not quarters.", "Maria Gonzalez", "MG"],
    ),
    "ken-burns": (
        {"image_url": IMAGE, "caption": "Our new Geneva office", "credit": "Photo: Jane Doe"},
        ["Our new Geneva office", "Photo: Jane Doe"],
    ),
    "poll-card": (
        {
            "question": "Which feature next?",
            "options": [
                {"label": "Dark mode", "value": 250},
                {"label": "Offline sync", "value": 750},
            ],
        },
        ["Which feature next?", "Offline sync", "75%", "25%", "1,000 votes"],
    ),
    "percentile-gauge": (
        {"title": "How you stack up", "percentile": 92, "label": "Ahead of 92% of members"},
        ["How you stack up", "92nd", "Top 8%", "Ahead of 92% of members"],
    ),
    "category-donut": (
        {
            "title": "Revenue by category",
            "prefix": "$",
            "categories": [
                {"label": "Subscriptions", "value": 612000},
                {"label": "Services", "value": 298000},
                {"label": "Hardware", "value": 90000},
            ],
        },
        ["Revenue by category", "$1M", "$612k", "61%", "Hardware"],
    ),
    "book-shelf": (
        {
            "title": "The books",
            "books": [
                {"title": "The Salt Orchard", "year": "2009", "readers": 48210, "rating": 4.1},
                {"title": "Northern Lamps", "year": 2013, "cover_url": LOGO},
            ],
        },
        ["The books", "The Salt Orchard", "48.2k readers", "4.1", "2013"],
    ),
}

# primitive id -> data with optional inputs missing, empty or malformed
EMPTY: dict[str, dict[str, Any]] = {
    "world-map": {"country_code": "ZZ", "countries": [None, {"code": 7}, {"value": "x"}, "??"]},
    "milestone-timeline": {"milestones": [None, {}, {"date": None, "title": None}, 42]},
    "logo-reveal": {"logoUrl": "https://unreachable.invalid/logo.png"},
    "badge-unlock": {"badge_icon": "no-such-icon", "badge_level": None},
    "quote-card": {"portrait_url": "https://unreachable.invalid/face.png"},
    "ken-burns": {"image_url": "https://unreachable.invalid/photo.jpg"},
    "poll-card": {"options": [None, {"label": "Only label"}, {"value": "abc"}, "Plain"]},
    "percentile-gauge": {"percentile": "n/a"},
    "category-donut": {"categories": [None, {"label": "x"}, {"value": -3, "label": "neg"}, "str"]},
    "book-shelf": {
        "books": [None, "str", {"title": "Untitled draft", "readers": "n/a", "rating": None}],
    },
}

MINE = sorted(FULL)


def _scenes(primitive_id: str, options: list[str], **fields: Any) -> list[dict[str, Any]]:
    return [
        {"primitiveId": primitive_id, "animationOption": option, "transition": "cut", **fields}
        for option in options
    ]


async def _scene_starts(page) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    scenes = await page.page.evaluate("reelsmith.scenes")
    return [(s["start"], s["duration"]) for s in scenes]


def _assert_clean(text: str, where: str) -> None:
    for junk in JUNK:
        assert junk not in text, f"{where} shows {junk!r}: {text!r}"


def _image(png: bytes) -> Image.Image:
    return Image.open(BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("primitive_id", MINE)
async def test_extra_primitive_renders_every_option_at_720p(make_composition, primitive_id):
    info = get_primitive(primitive_id)
    assert info is not None
    data, expected = FULL[primitive_id]
    page = await make_composition(_scenes(primitive_id, info.animationOptions), data, brand=BRAND)
    for option, (start, duration) in zip(
        info.animationOptions, await _scene_starts(page), strict=True
    ):
        for t in (start + duration * 0.2, start + duration * 0.5, start + duration - 1):
            await page.seek(t)
        visible = await page.text()
        for text in expected:
            assert text.lower() in visible.lower(), f"{primitive_id}/{option} lacks {text!r}"
        _assert_clean(visible, f"{primitive_id}/{option}")
    assert page.errors == [], page.errors


@pytest.mark.parametrize("primitive_id", MINE)
async def test_extra_primitive_renders_sharp_at_4k(make_composition, primitive_id):
    data, _ = FULL[primitive_id]
    page = await make_composition(
        _scenes(primitive_id, [get_primitive(primitive_id).animationOptions[0]]),
        data,
        dpr=3,
        brand=BRAND,
    )  # type: ignore[union-attr]
    image = _image(await page.frame(await page.page.evaluate("reelsmith.duration") - 1))
    assert page.errors == [], page.errors
    assert image.size == (3840, 2160)
    assert len(set(image.convert("L").resize((64, 36)).getdata())) > 8  # not a blank frame


@pytest.mark.parametrize("primitive_id", MINE)
async def test_extra_primitive_copes_with_missing_optional_data(make_composition, primitive_id):
    info = get_primitive(primitive_id)
    assert info is not None
    page = await make_composition(_scenes(primitive_id, info.animationOptions), EMPTY[primitive_id])
    for option, (start, duration) in zip(
        info.animationOptions, await _scene_starts(page), strict=True
    ):
        await page.seek(start + duration * 0.5)
        await page.seek(start + duration - 1)
        _assert_clean(await page.text(), f"{primitive_id}/{option} with empty data")
        empty_boxes = await page.page.evaluate(
            """() => Array.from(document.querySelectorAll('.rs-scene.rs-active img'))
                   .filter(img => img.isConnected && getComputedStyle(img).display !== 'none'
                                  && !img.naturalWidth).length"""
        )
        assert empty_boxes == 0, f"{primitive_id}/{option} shows a broken image"
    # The unreachable image URLs fail to load by design (the network is blocked).
    errors = [e for e in page.errors if not e.startswith("Failed to load resource")]
    assert errors == [], errors


@pytest.mark.parametrize("primitive_id", MINE)
async def test_extra_primitive_frames_are_deterministic(make_composition, primitive_id):
    data, _ = FULL[primitive_id]
    info = get_primitive(primitive_id)
    assert info is not None
    page = await make_composition(_scenes(primitive_id, info.animationOptions), data, brand=BRAND)
    for option, (start, duration) in zip(
        info.animationOptions, await _scene_starts(page), strict=True
    ):
        middle, late = start + 900, start + duration * 0.8
        first = await page.frame(middle)
        other = await page.frame(late)
        assert await page.frame(middle) == first, f"{primitive_id}/{option}: seek order matters"
        assert first != other, f"{primitive_id}/{option} does not move"


async def test_world_map_fills_highlighted_country_with_accent(make_composition):
    data = {"title": "Home", "country_code": "fr", "countries": [{"code": "BR", "value": 3}]}
    page = await make_composition(_scenes("world-map", ["pulse-highlight"]), data, brand=BRAND)
    await page.seek(5000)
    fills = await page.page.evaluate(
        """() => Array.from(document.querySelectorAll('.wm-hi path'))
               .map(p => [p.dataset.code, p.getAttribute('fill'), getComputedStyle(p).opacity])"""
    )
    assert ["FR", ACCENT, "1"] in fills
    assert any(code == "BR" for code, _, _ in fills)
    # A point inside mainland France, away from the pin, in screen pixels.
    point = await page.page.evaluate(
        """() => {
             const path = document.querySelector('.wm-hi path[data-code="FR"]');
             const svg = path.ownerSVGElement, m = path.getScreenCTM();
             const pin = document.querySelector('.wm-pin-dot');
             const px = +pin.getAttribute('cx'), py = +pin.getAttribute('cy');
             const geo = JSON.parse(document.querySelector('script.wm-geo').textContent);
             const [x0, y0, x1, y1] = geo.countries.FR.focus;
             for (let y = y0; y <= y1; y += 0.5) for (let x = x0; x <= x1; x += 0.5) {
               const pt = svg.createSVGPoint(); pt.x = x; pt.y = y;
               if (!path.isPointInFill(pt)) continue;
               const s = pt.matrixTransform(m);
               const inside = dx => path.isPointInFill(
                   Object.assign(svg.createSVGPoint(), {x: x + dx, y}));
               if (Math.hypot(s.x - px, s.y - py) > 14 && inside(1.5) && inside(-1.5))
                 return [Math.round(s.x), Math.round(s.y)];
             }
             return null;
           }"""
    )
    assert point is not None
    image = _image(await page.page.screenshot(type="png"))
    r, g, b = image.getpixel(tuple(point))
    assert abs(r - 0xF9) <= 6 and abs(g - 0x73) <= 6 and abs(b - 0x16) <= 6, (point, (r, g, b))
    # ...and Spain next door stays plain land.
    land = await page.page.evaluate(
        "() => getComputedStyle(document.querySelector('.wm-land path[data-code=\"ES\"]')).fill"
    )
    assert "249, 115, 22" not in land


async def test_world_map_zoom_moves_the_camera_onto_the_country(make_composition):
    page = await make_composition(_scenes("world-map", ["zoom-to-country"]), {"country_code": "JP"})
    await page.seek(0)
    before = await page.page.evaluate(
        "() => document.querySelector('.wm-view').getAttribute('transform')"
    )
    await page.seek(5500)
    after = await page.page.evaluate(
        "() => document.querySelector('.wm-view').getAttribute('transform')"
    )
    box = await page.page.evaluate(
        "() => document.querySelector('.wm-hi path[data-code=\"JP\"]')"
        ".getBoundingClientRect().toJSON()"
    )
    assert before != after
    assert box["height"] > 150  # Japan fills a good part of the frame once zoomed
    assert 300 < box["x"] + box["width"] / 2 < 1100


async def test_user_data_is_shown_as_text_never_as_markup(make_composition):
    hostile = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'
    scenes = [
        {"primitiveId": "quote-card", "animationOption": "word-reveal", "transition": "cut"},
        {"primitiveId": "milestone-timeline", "animationOption": "line-draw", "transition": "cut"},
        {"primitiveId": "poll-card", "animationOption": "bars-grow", "transition": "cut"},
        {"primitiveId": "world-map", "animationOption": "pulse-highlight", "transition": "cut"},
        {"primitiveId": "book-shelf", "animationOption": "slide-in", "transition": "cut"},
    ]
    data = {
        "quote": hostile,
        "person_name": hostile,
        "milestones": [{"title": hostile, "date": hostile}],
        "question": hostile,
        "options": [{"label": hostile, "value": 1}],
        "title": hostile,
        "countries": [{"code": "FR", "label": hostile}, {"code": "DE"}],
        "books": [
            {"title": hostile, "year": hostile, "cover_url": '"><script>window.pwned=3</script>'}
        ],
    }
    page = await make_composition(scenes, data)
    for start, duration in await _scene_starts(page):
        await page.seek(start + duration - 1)
        assert "onerror" in await page.text()
    assert await page.page.evaluate("() => window.pwned") is None
    assert (
        await page.page.evaluate("() => document.querySelectorAll('.rs-scene img[src=x]').length")
        == 0
    )
    assert page.errors == []


async def test_poll_card_results_wait_for_their_binding(make_composition):
    scenes = _scenes("poll-card", ["bars-grow"], animationBindings={"results": 3000})
    data = {"question": "Q?", "options": [{"label": "A", "value": 1}, {"label": "B", "value": 3}]}
    page = await make_composition(scenes, data)
    widths = (
        "() => Array.from(document.querySelectorAll('.pc-fill'))"
        ".map(f => f.getBoundingClientRect().width)"
    )
    await page.seek(2900)
    assert await page.page.evaluate(widths) == [0, 0]
    await page.seek(6500)
    a, b = await page.page.evaluate(widths)
    assert b == pytest.approx(3 * a, rel=0.02)


async def test_milestone_timeline_settles_so_the_renderer_can_skip_frames(make_composition):
    data, _ = FULL["milestone-timeline"]
    page = await make_composition(_scenes("milestone-timeline", ["cards-cascade"]), data)
    duration = await page.page.evaluate("reelsmith.duration")
    assert await page.page.evaluate("([a, b]) => reelsmith.canDiffer(a, b)", [500, 900])
    assert not await page.page.evaluate(
        "([a, b]) => reelsmith.canDiffer(a, b)", [duration - 600, duration - 100]
    )
    still_a = await page.frame(duration - 600)
    still_b = await page.frame(duration - 100)
    assert still_a == still_b


async def test_quote_card_words_follow_word_timestamps(make_composition):
    words = [
        {"word": "Hello", "startMs": 400, "endMs": 700},
        {"word": "world", "startMs": 3000, "endMs": 3400},
    ]
    scenes = _scenes("quote-card", ["word-reveal"], wordTimestamps=words)
    page = await make_composition(scenes, {"quote": "Hello world"})
    opacity = (
        "() => Array.from(document.querySelectorAll('.qc-unit'))"
        ".map(u => +getComputedStyle(u).opacity)"
    )
    await page.seek(2500)
    hello, world = await page.page.evaluate(opacity)
    assert hello == pytest.approx(1) and world < 0.2
    await page.seek(3600)
    assert (await page.page.evaluate(opacity))[1] == pytest.approx(1)


async def test_logo_reveal_shows_the_brand_logo_large_and_hides_the_corner_copy(make_composition):
    brand = {**BRAND, "logoUrl": LOGO}
    scenes = _scenes("logo-reveal", ["scale-glow"]) + _scenes("ken-burns", ["zoom-in"])
    page = await make_composition(scenes, {"company_name": "Acme"}, brand=brand)
    (start, duration), (next_start, _) = await _scene_starts(page)
    corner = "() => getComputedStyle(document.querySelector('.rs-logo')).visibility"
    await page.seek(start + duration - 100)
    assert await page.page.evaluate("() => document.querySelector('.lr-logo').naturalWidth") > 0
    assert await page.page.evaluate(corner) == "hidden"
    await page.seek(next_start + 1000)
    assert await page.page.evaluate(corner) == "visible"

"""The runtime: seek is deterministic, canDiffer is honest, transitions show at the overlap."""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image, ImageChops

pytestmark = pytest.mark.asyncio(loop_scope="session")

DATA = {"person_name": "Grace Hopper", "subtitle": "Rear Admiral, computer pioneer"}


def two_scenes(transition: str) -> list[dict]:
    return [
        {"primitiveId": "title-intro", "defaultDuration": 3},
        {
            "primitiveId": "title-intro",
            "animationOption": "scale-in",
            "defaultDuration": 3,
            "transition": transition,
            "sceneData": {"kicker": "Chapter two"},
        },
    ]


def diff(a: bytes, b: bytes) -> int:
    """Number of differing pixels."""
    box = ImageChops.difference(
        Image.open(BytesIO(a)).convert("RGB"), Image.open(BytesIO(b)).convert("RGB")
    )
    return sum(1 for px in box.getdata() if px != (0, 0, 0))


async def test_seeking_same_time_in_any_order_gives_identical_frames(make_composition):
    page = await make_composition(two_scenes("fade"), DATA)
    first = await page.frame(700)
    await page.frame(4200)
    await page.frame(100)
    again = await page.frame(700)
    await page.frame(5900)
    third = await page.frame(700)
    assert first == again == third


async def test_duration_and_scenes_come_from_the_python_timeline(make_composition):
    page = await make_composition(two_scenes("fade"), DATA)
    assert await page.page.evaluate("reelsmith.duration") == 5500
    scenes = await page.page.evaluate("reelsmith.scenes")
    assert [(s["start"], s["duration"], s["transition"]) for s in scenes] == [
        (0, 3000, "cut"),
        (2500, 3000, "fade"),
    ]


async def test_can_differ_is_false_inside_a_static_hold_and_true_while_moving(make_composition):
    page = await make_composition(two_scenes("fade"), DATA)
    can = "([a, b]) => reelsmith.canDiffer(a, b)"
    assert await page.page.evaluate(can, [2000, 2400]) is False  # scene one has settled
    assert await page.frame(2000) == await page.frame(2400)
    assert await page.page.evaluate(can, [100, 200]) is True  # name sliding in
    assert await page.frame(100) != await page.frame(200)
    assert await page.page.evaluate(can, [2400, 2600]) is True  # transition starts
    intervals = await page.page.evaluate("reelsmith.activeIntervals()")
    assert intervals[0][0] <= 0 and any(a <= 2500 < b for a, b in intervals)


async def test_cut_is_a_change_even_between_static_frames(make_composition):
    scenes = two_scenes("cut")
    page = await make_composition(scenes, DATA)
    assert await page.page.evaluate("reelsmith.canDiffer(2990, 3010)") is True
    assert await page.page.evaluate("reelsmith.canDiffer(2900, 2990)") is False


@pytest.mark.parametrize("transition", ["fade", "slide", "wipe", "zoom"])
async def test_transition_shows_both_scenes_mid_overlap(make_composition, transition):
    page = await make_composition(two_scenes(transition), DATA)
    outgoing = await page.frame(2499)
    middle = await page.frame(2750)
    incoming = await page.frame(3000)
    # mid-transition differs from both ends: both scenes are on screen
    assert diff(middle, outgoing) > 1000 and diff(middle, incoming) > 1000
    await page.seek(2750)
    visible = await page.page.evaluate(
        "Array.from(document.querySelectorAll('.rs-scene')).map(s => s.style.visibility)"
    )
    assert visible == ["visible", "visible"]
    assert page.errors == []


async def test_web_and_css_animations_are_paused_and_driven_by_seek(make_composition):
    page = await make_composition(two_scenes("fade"), DATA)
    await page.page.evaluate(
        """() => void document.querySelector('.rs-scene .ti-dot').animate(
                   [{opacity: 0}, {opacity: 1}], {duration: 1000, delay: 500, fill: 'both'})"""
    )
    await page.seek(1000)
    state = await page.page.evaluate(
        """() => document.getAnimations().map(a => [a.playState, a.currentTime])"""
    )
    assert state == [["paused", 1000]]
    intervals = await page.page.evaluate("reelsmith.activeIntervals()")
    assert any(a <= 500 and b >= 1500 for a, b in intervals)


async def test_captions_follow_word_timestamps(make_composition):
    scenes = [
        {
            "primitiveId": "title-intro",
            "wordTimestamps": [
                {"word": "Hello", "startMs": 200, "endMs": 500},
                {"word": "Grace", "startMs": 600, "endMs": 900},
            ],
        }
    ]
    page = await make_composition(scenes, DATA, output={"captions": True})
    await page.seek(650)
    caption = await page.page.evaluate(
        "Array.from(document.querySelectorAll('#rs-captions span.rs-spoken'))"
        ".map(s => s.textContent.trim())"
    )
    assert caption == ["Hello", "Grace"]
    await page.seek(3500)
    assert await page.page.evaluate("document.getElementById('rs-captions').textContent") == ""


async def test_japanese_and_chinese_captions_have_no_spaces_between_words(make_composition):
    words = [("今年", 0, 300), ("は", 300, 400), ("本", 400, 700)]
    scenes = [
        {
            "primitiveId": "title-intro",
            "wordTimestamps": [{"word": w, "startMs": s, "endMs": e} for w, s, e in words],
        }
    ]
    page = await make_composition(scenes, DATA, output={"captions": True})
    await page.seek(500)
    text = await page.page.evaluate("document.getElementById('rs-captions').textContent")
    assert text == "今年は本"


async def test_format_number_is_the_shared_formatter(make_composition):
    page = await make_composition([{"primitiveId": "title-intro"}], DATA)
    out = await page.page.evaluate(
        """() => [1234, 12500, 1500000, 1250000, 12.5, '3,400', null, 'abc', NaN, -1234.5]
                 .map(v => reelsmith.formatNumber(v))"""
    )
    assert out == ["1,234", "12.5k", "1.5M", "1.25M", "12.5", "3,400", "", "", "", "-1,234.5"]
    steady = await page.page.evaluate("reelsmith.formatNumber(800, {like: 12500})")
    assert steady == "0.8k"


async def test_two_pages_of_the_same_composition_show_identical_frames(make_composition):
    # The renderer captures ranges of frames on several pages in parallel.
    scenes = [
        {"primitiveId": "title-intro", "animationOption": "word-reveal"},
        {"primitiveId": "stat-counters", "transition": "slide"},
    ]
    data = {
        "person_name": "Bartholomew Fitzgerald-Montgomery",
        "subtitle": "Quarterly review",
        "stats": [
            {"label": "Revenue", "value": 1250000, "prefix": "$"},
            {"label": "NPS", "value": 61},
        ],
    }
    first = await make_composition(scenes, data)
    second = await make_composition(scenes, data)
    for t in (350, 1200, 3800, 5200):
        assert await first.frame(t) == await second.frame(t), f"frames differ at {t} ms"


async def test_ready_waits_for_fonts_and_broken_images_are_hidden(make_composition):
    page = await make_composition(
        [{"primitiveId": "outro"}], {"person_name": "Ada"}, brand={"logoUrl": "/nope.png"}
    )
    loaded = await page.page.evaluate(
        "Array.from(document.fonts).filter(f => f.status === 'loaded').map(f => f.family)"
    )
    assert {"Inter", "Poppins"} <= {f.strip('"') for f in loaded}
    hidden = await page.page.evaluate(
        "Array.from(document.images).every(i => i.classList.contains('rs-broken'))"
    )
    assert hidden is True


async def test_animation_bindings_move_named_events(make_composition):
    data = {"stats": [{"label": "Workouts", "value": 212}]}
    bound = await make_composition(
        [{"primitiveId": "stat-counters", "animationBindings": {"counter-start": 2500}}], data
    )
    default = await make_composition([{"primitiveId": "stat-counters"}], data)
    number = "() => document.querySelector('.sc-number').textContent"
    await bound.seek(2000)
    await default.seek(2000)
    assert await bound.page.evaluate(number) == "0"
    assert await default.page.evaluate(number) == "212"
    await bound.seek(4900)
    assert await bound.page.evaluate(number) == "212"
    css_var = await bound.page.evaluate(
        "getComputedStyle(document.querySelector('.rs-scene')).getPropertyValue('--at-counter-start')"
    )
    assert css_var.strip() == "2500ms"


async def test_frame_is_the_same_whether_played_up_to_or_seeked_fresh(make_composition):
    # Parallel capture starts pages in the middle; they must match a page that played through.
    scenes = [
        {"primitiveId": "title-intro", "defaultDuration": 2},
        {"primitiveId": "stat-counters", "animationOption": "flip-in", "transition": "zoom"},
        {"primitiveId": "radar", "animationOption": "spin-in", "transition": "slide"},
    ]
    data = {
        "person_name": "Grace Hopper",
        "stats": [{"label": "Ships", "value": 12}, {"label": "Miles", "value": 48200}],
        "radarData": [
            {"axis": a, "value": v} for a, v in zip("ABCDE", (5, 8, 3, 9, 6), strict=True)
        ],
    }
    played = await make_composition(scenes, data)
    targets = {45: None, 120: None, 200: None, 330: None}
    for i in range(0, 331):
        await played.seek(i * 1000 / 30)
        if i in targets:
            targets[i] = await played.page.screenshot(type="png")
    for i, frame in targets.items():
        fresh = await make_composition(scenes, data)
        assert await fresh.frame(i * 1000 / 30) == frame, f"frame {i} depends on history"
        await fresh.close()


async def test_corner_logo_hides_while_the_outro_shows_it_large(make_composition):
    logo = "data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="
    scenes = [{"primitiveId": "title-intro"}, {"primitiveId": "outro", "transition": "cut"}]
    page = await make_composition(scenes, DATA, brand={"logoUrl": logo})
    visibility = "() => document.querySelector('.rs-logo').style.visibility"
    await page.seek(1000)
    assert await page.page.evaluate(visibility) == ""
    await page.seek(5000)
    assert await page.page.evaluate(visibility) == "hidden"
    assert await page.page.evaluate("reelsmith.canDiffer(3990, 4010)") is True

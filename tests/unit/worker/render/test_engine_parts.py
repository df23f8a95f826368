"""Pure parts of the render engine: range splitting, ffmpeg command lines, brand rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import Settings
from app.renders.job import JobBrand, brand_for_tier, display_name
from worker.render.assets import fetch_image
from worker.render.browser import find_chromium, supports_begin_frame
from worker.render.encode import encoder_args, gop_size
from worker.render.errors import AssetError, RenderInputError
from worker.render.mux import mux_args
from worker.render.parallel import gop_groups, split_groups, split_ranges, worker_count
from worker.render.segments import page_runs
from worker.render.server import PageServer
from worker.render.timeline import missing_data, plan_timeline


def test_ranges_cover_every_frame_once_on_gop_boundaries():
    flags = [True] * 45 + [False] * 100 + [True] * 155
    ranges = split_ranges(flags, 30, 3)
    assert [i for r in ranges for i in r] == list(range(300))
    assert all(r.start % 30 == 0 for r in ranges)
    assert len(ranges) == 3


def test_ranges_balance_captured_frames_not_frame_counts():
    flags = [True] * 60 + [False] * 240  # all the motion in the first two seconds
    first, second = split_ranges(flags, 30, 2)
    assert len(first) < len(second)  # the static tail is cheap: one page takes most of it


def test_short_video_uses_fewer_pages_than_asked():
    assert split_ranges([True] * 20, 30, 4) == [range(0, 20)]


def test_worker_count_prefers_the_setting_then_cores():
    assert worker_count(3, 2) == 3
    assert worker_count(0, 2) == 2
    assert worker_count(None, 64) == 4
    assert worker_count(0, None) == 1


def test_encoder_converts_to_bt709_with_closed_fixed_gops(tmp_path: Path):
    args = " ".join(encoder_args(tmp_path / "c.mp4", 60, 120))
    assert "colorspace=all=bt709" in args and "iall=bt601-6-625" in args
    assert "irange=pc" in args and "range=tv" in args
    for flag in (
        "-colorspace bt709",
        "-color_primaries bt709",
        "-color_trc bt709",
        "-pix_fmt yuv420p",
        "-flags +cgop",
        "-g 60",
        "-keyint_min 60",
        "-sc_threshold 0",
        "-bf 0",
        "-frames:v 120",
        "-vcodec libx264",
    ):
        assert flag in args
    assert gop_size(30) == 30


def test_mux_copies_video_adds_aac_and_faststart(tmp_path: Path):
    args = " ".join(mux_args(tmp_path / "l.txt", None, 2.5, tmp_path / "o.mp4"))
    assert "-f concat" in args and "-vcodec copy" in args and "-acodec aac" in args
    assert "anullsrc" in args and "-movflags +faststart" in args and "-t 2.5" in args


def test_watermark_is_forced_on_for_free_tier_only():
    assert brand_for_tier(JobBrand(showWatermark=False), "free").showWatermark is True
    assert brand_for_tier(JobBrand(showWatermark=False), "studio").showWatermark is False


def test_author_name_is_person_then_company():
    assert display_name({"person_name": " Ada ", "company_name": "Acme"}) == "Ada"
    assert display_name({"company_name": "Acme"}) == "Acme"
    assert display_name({}) == ""


def test_missing_data_names_required_slots_and_playing_scene_inputs():
    scenes = [
        {"primitiveId": "title-intro", "dataRequired": ["person_name"]},
        {"primitiveId": "bar-race", "dataRequired": ["bars[]"], "enabled": False},
        {"primitiveId": "stat-counters", "dataRequired": ["stats[]"]},
    ]
    slots = [{"key": "authorId", "required": True}, {"key": "x", "required": False}]
    assert missing_data(scenes, {"stats": []}, slots) == ["authorId", "person_name", "stats"]
    with pytest.raises(RenderInputError, match="Missing required data: authorId"):
        plan_timeline(scenes, {"person_name": "A", "stats": [1]}, slots)


def test_unknown_primitive_is_a_template_error():
    with pytest.raises(RenderInputError, match="unknown primitive 'no-such-thing'"):
        plan_timeline([{"primitiveId": "no-such-thing"}], {})


def test_all_scenes_skipped_is_a_readable_error():
    scene = {
        "primitiveId": "title-intro",
        "skipCondition": {"field": "n", "op": ">", "value": 1, "skipWhen": True},
    }
    with pytest.raises(RenderInputError, match="Nothing to render"):
        plan_timeline([scene], {"n": 5})


def test_page_server_serves_only_its_folders(tmp_path: Path):
    (tmp_path / "logo.png").write_bytes(b"png")
    server = PageServer("<html>hi</html>", tmp_path)
    assert server.resolve("/composition.html") == (b"<html>hi</html>", "text/html; charset=utf-8")
    assert server.resolve("/assets/logo.png") == (b"png", "image/png")
    assert server.resolve("/assets/../../etc/passwd") is None
    assert server.resolve("/static/../app/config.py") is None
    assert server.resolve("/elsewhere") is None
    server.stop()


def test_headless_shell_is_found_and_has_begin_frame_control():
    path = find_chromium(Settings())
    assert "chromium" in path
    assert supports_begin_frame("/usr/lib/chromium/chromium-headless-shell")
    assert not supports_begin_frame("/usr/bin/chromium")


async def test_logo_must_be_http(tmp_path: Path):
    with pytest.raises(AssetError, match="brand.logoUrl must be an http"):
        await fetch_image("file:///etc/passwd", Settings(), tmp_path, "logo", "brand.logoUrl")


async def test_production_never_fetches_private_addresses(tmp_path: Path):
    settings = Settings(env="production", secret_key="x" * 32)
    for url in (
        "http://127.0.0.1:9/logo.png",
        "http://10.1.2.3/logo.png",
        "http://[::1]/logo.png",
        "http://169.254.169.254/latest/meta-data",
    ):
        with pytest.raises(AssetError, match="private or local address"):
            await fetch_image(url, settings, tmp_path, "logo", "brand.logoUrl")


def test_the_gop_grid_restarts_at_every_segment_start():
    groups = gop_groups([range(0, 45), range(45, 52), range(52, 120)], 30)
    assert [g.start for g in groups] == [0, 30, 45, 52, 82, 112]
    assert [i for g in groups for i in g] == list(range(120))


def test_pages_split_at_the_boundary_nearest_an_equal_share():
    groups = gop_groups([range(0, 95), range(95, 200)], 30)  # ... 60-90, 90-95, 95-125 ...
    first, second = split_groups([True] * 200, groups, 2)
    assert (first, second) == (range(0, 95), range(95, 200))  # 95 frames, not 125
    assert split_groups([True] * 200, groups, 8) == groups  # one group each at most


def test_page_runs_keep_each_page_on_contiguous_frames_cut_where_segments_end():
    segments = [range(0, 45), range(45, 52), range(52, 120)]
    runs = page_runs(segments, [True] * 120, 30, 2)
    assert runs == [[(0, range(0, 45)), (1, range(45, 52))], [(2, range(52, 120))]]
    # Segments already cached (not asked for) leave a gap no run spans.
    runs = page_runs([range(0, 45), range(52, 120)], [True] * 120, 30, 1)
    assert runs == [[(0, range(0, 45)), (1, range(52, 120))]]

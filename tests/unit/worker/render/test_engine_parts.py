"""Pure parts of the render engine: page count, ffmpeg command lines, brand rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import Settings
from app.renders.job import JobBrand, brand_for_tier, display_name
from worker.render.assets import fetch_image
from worker.render.browser import find_chromium, supports_begin_frame
from worker.render.capture import page_count
from worker.render.encode import encoder_args, gop_size
from worker.render.errors import AssetError, RenderInputError
from worker.render.mux import mux_args
from worker.render.server import PageServer
from worker.render.timeline import missing_data, plan_timeline


def test_page_count_prefers_the_setting_then_cores():
    assert page_count(3, 2) == 3
    assert page_count(0, 2) == 2
    assert page_count(None, 64) == 4
    assert page_count(0, None) == 1


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
    settings = Settings(env="production", secret_key="Zr8kq2Lw0pX4mV7nB1cT9yH3jD6fG5sA")
    for url in (
        "http://127.0.0.1:9/logo.png",
        "http://10.1.2.3/logo.png",
        "http://[::1]/logo.png",
        "http://169.254.169.254/latest/meta-data",
    ):
        with pytest.raises(AssetError, match="address that is not public"):
            await fetch_image(url, settings, tmp_path, "logo", "brand.logoUrl")

"""`reelsmith render` renders a template JSON file with a data file (real Chromium, ffmpeg)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli import cli
from tests.support.render_support import probe

pytestmark = pytest.mark.slow


def test_render_command_writes_the_video(tmp_path: Path):
    template = {
        "id": "custom",
        "scenes": [
            {
                "primitiveId": "title-intro",
                "durationOverride": 1.0,
                "sceneData": {"person_name": "[person_name]"},
            }
        ],
        "dataSlots": [{"key": "person_name", "label": "Name", "type": "text", "required": True}],
        "defaults": {},
    }
    (tmp_path / "t.json").write_text(json.dumps(template))
    (tmp_path / "d.json").write_text(json.dumps({"person_name": "Ada"}))
    out = tmp_path / "v.mp4"
    result = CliRunner().invoke(
        cli,
        [
            "render",
            str(tmp_path / "t.json"),
            "--data",
            str(tmp_path / "d.json"),
            "--fps",
            "30",
            "--out",
            str(out),
            "--parallel",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "wrote" in result.output and "30 frames" in result.output
    assert "quality pass" in result.output and "poster at 0." in result.output
    video = next(s for s in probe(out)["streams"] if s["codec_type"] == "video")
    # No defaults.resolution in the template: the documented default, 1080p.
    assert int(video["nb_read_frames"]) == 30 and video["width"] == 1920


def test_render_command_reports_missing_data(tmp_path: Path):
    template = {
        "scenes": [{"primitiveId": "title-intro", "dataRequired": ["person_name"]}],
        "dataSlots": [{"key": "person_name", "required": True}],
    }
    (tmp_path / "t.json").write_text(json.dumps(template))
    (tmp_path / "d.json").write_text("{}")
    result = CliRunner().invoke(
        cli,
        [
            "render",
            str(tmp_path / "t.json"),
            "--data",
            str(tmp_path / "d.json"),
            "--out",
            str(tmp_path / "v.mp4"),
        ],
    )
    assert result.exit_code == 1
    assert "Missing required data: person_name" in result.output
    assert not (tmp_path / "v.mp4").exists()


def test_render_command_names_a_bad_resolution_or_fps(tmp_path: Path):
    for flag, value, message in (
        ("--resolution", "8k", "--resolution '8k' is not one of 720p, 1080p, 4k"),
        ("--fps", "24", "--fps 24 is not one of 30, 60"),
    ):
        result = CliRunner().invoke(
            cli, ["render", "emeritus", flag, value, "--out", str(tmp_path / "v.mp4")]
        )
        assert result.exit_code == 1 and message in result.output, result.output


def test_render_command_writes_a_shape_in_another_format(tmp_path: Path):
    template = {
        "id": "custom",
        "scenes": [{"primitiveId": "title-intro", "durationOverride": 1.0}],
        "dataSlots": [],
        "defaults": {},
    }
    (tmp_path / "t.json").write_text(json.dumps(template))
    args = ["render", str(tmp_path / "t.json"), "--resolution", "720p", "--parallel", "1"]
    shape = ["--aspect-ratio", "4:5", "--format", "webm", "--out", str(tmp_path / "v.mp4")]
    result = CliRunner().invoke(cli, [*args, *shape])
    assert result.exit_code == 0, result.output
    out = tmp_path / "v.webm"  # the extension follows --format
    assert out.exists() and not (tmp_path / "v.mp4").exists()
    video = next(s for s in probe(out)["streams"] if s["codec_type"] == "video")
    assert (video["codec_name"], video["width"], video["height"]) == ("vp9", 720, 900)
    bad = CliRunner().invoke(cli, [*args, "--aspect-ratio", "2:1"])
    assert bad.exit_code != 0 and "--aspect-ratio '2:1' is not one of" in bad.output

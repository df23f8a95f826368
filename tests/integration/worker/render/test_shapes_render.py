"""Shapes through the real engine: a short render at 720p in 9:16, 1:1 and 4:5 is a video of
the shape's size (ffprobe), its quality report passes (the size it promised), and its frame is
the shape's own layout, not the 16:9 page cropped (the stat cards wrap)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.config import Settings
from app.renders.job import load_job_spec
from app.renders.schemas import OutputRange
from app.templates.builtins import builtins
from tests.support.render_support import probe
from worker.render.browser import BrowserManager
from worker.render.cli import job_spec
from worker.render.pipeline import render_video

pytestmark = [pytest.mark.slow, pytest.mark.asyncio]

SCENE = {
    "primitiveId": "stat-counters",
    "durationOverride": 1.0,
    "transition": "cut",
    "sceneData": {
        "title": "Your year",
        "stats": [
            {"label": "Workouts", "value": 212},
            {"label": "Minutes", "value": 15800},
            {"label": "Streak", "value": 41},
        ],
    },
}


@pytest.mark.parametrize(
    ("shape", "size"), [("9:16", (720, 1280)), ("1:1", (720, 720)), ("4:5", (720, 900))]
)
async def test_a_short_render_has_the_shapes_size_and_passes_its_quality_check(
    manager: BrowserManager, settings: Settings, tmp_path: Path, shape: str, size: tuple[int, int]
):
    spec = load_job_spec(
        {
            "schemaVersion": 1,
            "scenes": [SCENE],
            "data": {"person_name": "Ada"},
            "output": {"resolution": "720p", "fps": 30, "aspectRatio": shape},
        }
    )
    result = await render_video(spec, settings, None, tmp_path / "v.mp4", manager=manager)
    video = next(s for s in probe(result.path)["streams"] if s["codec_type"] == "video")
    assert (video["width"], video["height"]) == size == (result.width, result.height)
    assert int(video["nb_read_frames"]) == 30
    assert result.quality is not None and result.quality.status == "pass", result.quality


SIZES = {"16:9": (1280, 720), "9:16": (720, 1280), "1:1": (720, 720), "4:5": (720, 900)}


@pytest.mark.parametrize("template_id", sorted(builtins()))
async def test_every_built_in_renders_at_every_shape(
    manager: BrowserManager, settings: Settings, tmp_path: Path, template_id: str
):
    """Each built-in template with its sample data, at each shape, through the real engine:
    the file is the shape's size (ffprobe). Half a second of each (output.range) keeps it quick;
    the layouts of every scene at every shape are checked on settled frames in
    tests/browser/primitives/test_shapes.py."""
    template = builtins()[template_id].model_dump(mode="json")
    for shape, size in SIZES.items():
        spec = job_spec(template, None, "720p", 30, False, shape)  # type: ignore[arg-type]
        part = OutputRange(startMs=0, endMs=500)
        spec = spec.model_copy(update={"output": spec.output.model_copy(update={"range": part})})
        out = tmp_path / f"{shape.replace(':', 'x')}.mp4"
        result = await render_video(spec, settings, None, out, manager=manager)
        video = next(s for s in probe(result.path)["streams"] if s["codec_type"] == "video")
        assert (video["width"], video["height"]) == size, (template_id, shape)
        assert int(video["nb_read_frames"]) == 15, (template_id, shape)

"""`reelsmith render`: one video from a template and a data file, locally, with a progress bar."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NoReturn, cast

from pydantic import ValidationError
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from app.config import Settings
from app.renders.errors import InvalidRenderRequest
from app.renders.job import RenderJobSpec, build_job_spec
from app.renders.schemas import AudioOptions, OutputOptions, RenderOptions
from app.renders.states import JobStage
from app.sources.errors import SourceUnavailable
from app.spec import (
    ASPECT_RATIOS,
    FPS_VALUES,
    OUTPUT_FORMATS,
    RESOLUTIONS,
    AspectRatio,
    OutputFormat,
    Resolution,
)
from app.templates.builtins import builtins
from worker.render.browser import close_browser_managers
from worker.render.errors import RenderError
from worker.render.pipeline import render_video

STAGE_LABELS: dict[str, str] = {
    JobStage.FETCHING_DATA: "Fetching data",
    JobStage.VOICEOVER: "Voiceover",
    JobStage.RENDERING: "Rendering frames",
    JobStage.ENCODING: "Encoding",
}
LOCAL_TIER = "enterprise"


def load_template(ref: str) -> dict[str, Any]:
    """A template document: a built-in id, a path to a JSON file, or a JSON string."""
    text = ref.strip()
    if text.startswith("{"):
        return dict(json.loads(text))
    path = Path(ref)
    if path.suffix == ".json" or path.is_file():
        return dict(json.loads(path.read_text(encoding="utf-8")))

    found = builtins().get(ref)
    if found is None:
        known = ", ".join(builtins())
        raise ValueError(f"unknown template {ref!r}: give a built-in id ({known}) or a JSON file")
    return found.model_dump(mode="json")


def job_spec(
    template: dict[str, Any],
    data: dict[str, Any] | None,
    resolution: Resolution | None,
    fps: Literal[30, 60] | None,
    voiceover: bool | None,
    aspect_ratio: AspectRatio | None = None,
    fmt: OutputFormat | None = None,
) -> RenderJobSpec:
    """The job the pipeline renders, built like an API render's (the template's defaults,
    then the documented ones). Sample data is complete: rendering it needs no outside
    source. A local operator render has the top tier: no forced watermark."""
    if data is None:
        template = {**template, "dataSource": None}
    options = RenderOptions(
        audio=AudioOptions(includeVoiceover=voiceover),
        output=OutputOptions(resolution=resolution, fps=fps, aspectRatio=aspect_ratio, format=fmt),
    )
    chosen = data if data is not None else dict(template.get("sampleData") or {})
    return build_job_spec(template, chosen, LOCAL_TIER, options=options, strict=False)


def render_to_file(
    settings: Settings,
    template_ref: str,
    data_path: Path | None,
    resolution: str | None,
    fps: int | None,
    out: Path,
    parallel: int,
    voiceover: bool | None,
    console: Console,
    fail: Callable[[str], NoReturn],
    *,
    aspect_ratio: str | None = None,
    fmt: str | None = None,
) -> Path:
    """Render and print where the video went; `fail` reports input errors and exits."""

    try:
        template = load_template(template_ref)
        data = json.loads(data_path.read_text(encoding="utf-8")) if data_path else None
    except (OSError, ValueError) as exc:
        fail(str(exc))
    if data is not None and not isinstance(data, dict):
        fail("--data must hold one JSON object (field name -> value)")
    choices = (
        ("--resolution", resolution, RESOLUTIONS),
        ("--aspect-ratio", aspect_ratio, ASPECT_RATIOS),
        ("--format", fmt, OUTPUT_FORMATS),
        ("--fps", fps, FPS_VALUES),
    )
    for option, value, allowed in choices:
        if value is not None and value not in allowed:
            fail(f"{option} {value!r} is not one of {', '.join(map(str, allowed))}")
    try:
        spec = job_spec(
            template,
            data,
            cast(Resolution | None, resolution),
            cast(Literal[30, 60] | None, fps),
            voiceover,
            cast(AspectRatio | None, aspect_ratio),
            cast(OutputFormat | None, fmt),
        )
    except (InvalidRenderRequest, ValidationError) as exc:
        fail(f"the template cannot be rendered: {exc}")

    async def run() -> Any:
        columns = (
            TextColumn("{task.description:<18}"),
            BarColumn(),
            TaskProgressColumn(),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=console, transient=False) as progress:
            task = progress.add_task("Starting", total=100)

            def on_progress(stage: str, percent: float) -> None:
                label = STAGE_LABELS.get(stage, stage)
                progress.update(task, completed=percent, description=label)

            try:
                result = await render_video(
                    spec, settings, on_progress, out, parallel=parallel or None
                )
            finally:
                await close_browser_managers()
            progress.update(task, completed=100, description="Done")
            return result

    try:
        result = asyncio.run(run())
    except (RenderError, SourceUnavailable) as exc:
        fail(str(exc))
    if result.path != out:  # webm, gif or png made from the MP4: that file is the output
        target = out if out.suffix == result.path.suffix else out.with_suffix(result.path.suffix)
        result.path.replace(target)
        out.unlink(missing_ok=True)
        out = target
    console.print(
        f"[green]wrote[/] {out} — {result.duration_ms / 1000:.1f} s, {result.frames} frames, "
        f"{result.width}x{result.height} @ {result.fps} fps, "
        f"{result.capture.captured} captured ({result.capture.mode}, "
        f"{result.capture.pages} pages) in {result.elapsed_s:.1f} s"
    )
    console.print(
        f"quality {result.quality.status} (checked in {result.quality_s:.1f} s), poster at "
        f"{result.poster_at_ms / 1000:.2f} s",
        markup=False,
    )
    for check in result.quality.checks:
        if check.status != "pass":
            console.print(f"  {check.name} {check.status}: {check.detail}", markup=False)
    return out

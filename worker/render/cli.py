"""`reelsmith render`: one video from a template and a data file, locally, with a progress bar."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from app.config import Settings
from app.sources.errors import SourceUnavailable
from worker.render.errors import RenderError

STAGE_LABELS = {
    "fetching_data": "Fetching data",
    "voiceover": "Voiceover",
    "rendering": "Rendering frames",
    "encoding": "Encoding",
}


def load_template(ref: str) -> dict[str, Any]:
    """A template document: a built-in id, a path to a JSON file, or a JSON string."""
    text = ref.strip()
    if text.startswith("{"):
        return dict(json.loads(text))
    path = Path(ref)
    if path.suffix == ".json" or path.is_file():
        return dict(json.loads(path.read_text(encoding="utf-8")))
    from app.templates.builtins import builtins

    found = builtins().get(ref)
    if found is None:
        known = ", ".join(builtins())
        raise ValueError(f"unknown template {ref!r}: give a built-in id ({known}) or a JSON file")
    return found.model_dump(mode="json")


def request_payload(
    template: dict[str, Any],
    data: dict[str, Any] | None,
    resolution: str | None,
    fps: int | None,
    voiceover: bool | None,
) -> dict[str, Any]:
    """The job request the pipeline takes, with the template's defaults applied."""
    defaults = template.get("defaults") or {}
    return {
        "templateId": template.get("id"),
        "scenes": template.get("scenes") or [],
        "dataSlots": template.get("dataSlots") or [],
        # Sample data is complete: rendering it needs no outside source.
        "dataSource": template.get("dataSource") if data is not None else {"kind": ""},
        "data": data if data is not None else dict(template.get("sampleData") or {}),
        "brand": {
            "accentColor": defaults.get("accentColor"),
            "secondaryColor": defaults.get("secondaryColor"),
            "logoUrl": defaults.get("logoUrl"),
        },
        "audio": {
            "includeVoiceover": bool(defaults.get("includeVoiceover", False))
            if voiceover is None
            else voiceover,
            "voiceId": defaults.get("voiceId") or "en-US-JennyNeural",
        },
        "output": {
            "resolution": resolution or defaults.get("resolution") or "720p",
            "fps": fps or defaults.get("fps") or 30,
        },
        "tier": "enterprise",  # a local operator render: no forced watermark
    }


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
) -> Path:
    """Render and print where the video went; `fail` reports input errors and exits."""
    from worker.render.browser import close_browser_managers
    from worker.render.pipeline import build_request, render_video

    try:
        template = load_template(template_ref)
        data = json.loads(data_path.read_text(encoding="utf-8")) if data_path else None
    except (OSError, ValueError) as exc:
        fail(str(exc))
    if data is not None and not isinstance(data, dict):
        fail("--data must hold one JSON object (field name -> value)")
    request = build_request(request_payload(template, data, resolution, fps, voiceover))

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
                    request, settings, on_progress, out, parallel=parallel or None
                )
            finally:
                await close_browser_managers()
            progress.update(task, completed=100, description="Done")
            return result

    try:
        result = asyncio.run(run())
    except (RenderError, SourceUnavailable) as exc:
        fail(str(exc))
    console.print(
        f"[green]wrote[/] {out} — {result.duration_ms / 1000:.1f} s, {result.frames} frames, "
        f"{result.width}x{result.height} @ {result.fps} fps, "
        f"{result.capture.captured} captured ({result.capture.mode}, "
        f"{result.capture.workers} pages) in {result.elapsed_s:.1f} s"
    )
    return out

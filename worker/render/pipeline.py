"""The render engine's one entry point: request -> MP4.

fetch external data -> voiceovers -> timeline -> compose -> capture + encode -> audio -> mux.
"""

from __future__ import annotations

import logging
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from app.composition.timeline import Timeline
from app.config import Settings
from app.limits import LimitExceeded, allowance, check_spoken_duration
from app.sources import fetch_source_data, merge_source_data
from app.sources.errors import SourceUnavailable
from app.spec import FPS_VALUES, RESOLUTIONS
from worker.render import audio
from worker.render.assets import fetch_image
from worker.render.browser import BrowserManager, get_browser_manager
from worker.render.compose import compose_page, effective_brand
from worker.render.errors import RenderError, RenderInputError
from worker.render.parallel import CaptureStats
from worker.render.stitch import render_page_to_mp4
from worker.render.timeline import plan_timeline

log = logging.getLogger(__name__)

OnProgress = Callable[[str, float], None]

# Progress bands per stage (percent of the whole job).
FETCH_AT, VOICE_AT, RENDER_FROM, RENDER_TO, ENCODE_AT = 2, 8, 15, 92, 94


@dataclass
class RenderRequest:
    """Everything the engine needs for one video (template already resolved, overrides
    applied). Field names follow the stored job request (SPEC names)."""

    scenes: list[dict[str, Any]]
    data: dict[str, Any] = field(default_factory=dict)
    brand: dict[str, Any] = field(default_factory=dict)
    audio: dict[str, Any] = field(default_factory=dict)
    output: dict[str, Any] = field(default_factory=dict)
    data_slots: list[dict[str, Any]] = field(default_factory=list)
    template_id: str | None = None
    tier: str | None = None
    data_source: dict[str, Any] | None = None  # {"kind": "openalex", "key": "authorId"}
    job_id: str | None = None

    @property
    def resolution(self) -> str:
        value = str(self.output.get("resolution") or "720p")
        if value not in RESOLUTIONS:
            raise RenderInputError(
                f"output.resolution {value!r} is not one of {', '.join(RESOLUTIONS)}"
            )
        return value

    @property
    def fps(self) -> int:
        value = int(self.output.get("fps") or 30)
        if value not in FPS_VALUES:
            raise RenderInputError(f"output.fps {value} is not one of 30, 60")
        return value


@dataclass
class RenderResult:
    """The written video and what went into it."""

    path: Path
    duration_ms: int
    frames: int
    fps: int
    resolution: str
    width: int
    height: int
    timeline: Timeline
    scene_starts_ms: dict[int, int]
    scene_in_ms: dict[int, int]
    voiceovers: list[dict[str, Any]]
    author_name: str
    data: dict[str, Any]
    capture: CaptureStats
    elapsed_s: float


def scenes_fully_in_ms(timeline: Timeline) -> dict[int, int]:
    """When each scene is fully on screen: its start plus its entry transition (at its start a
    fade still shows the previous scene). Thumbnails by sceneIndex are cut here."""
    return {s.index: s.start_ms + s.transition_ms for s in timeline.scenes}


def spoken_by(voiceovers: Mapping[int, audio.Voiceover]) -> list[dict[str, Any]]:
    """Who spoke each scene, in scene order: [{sceneIndex, engine, voice}] (the engine that
    actually spoke, after any fallback, and that engine's own voice name)."""
    return [
        {"sceneIndex": index, "engine": vo.engine, "voice": vo.voice}
        for index, vo in sorted(voiceovers.items())
    ]


def display_name(data: Mapping[str, Any]) -> str:
    """The job's authorName: person_name, else company_name, else empty."""
    for key in ("person_name", "company_name"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def _data_source(template_id: str | None, given: Any) -> dict[str, Any] | None:
    if isinstance(given, Mapping) and given.get("kind"):
        return dict(given)
    if not template_id:
        return None
    try:
        from app.templates.service import builtin_data_source
    except ImportError:  # templates package not present: no built-in sources
        return None
    source = builtin_data_source(template_id)
    return source.model_dump() if source is not None else None


def build_request(payload: Mapping[str, Any]) -> RenderRequest:
    """A RenderRequest from a stored job request / CLI JSON (camelCase SPEC keys)."""
    template_id = payload.get("templateId")
    return RenderRequest(
        scenes=[dict(s) for s in payload.get("scenes") or []],
        data=dict(payload.get("data") or {}),
        brand=dict(payload.get("brand") or {}),
        audio=dict(payload.get("audio") or {}),
        output=dict(payload.get("output") or {}),
        data_slots=[dict(s) for s in payload.get("dataSlots") or []],
        template_id=template_id,
        tier=payload.get("tier") or payload.get("accountTier"),
        data_source=_data_source(template_id, payload.get("dataSource")),
        job_id=payload.get("jobId"),
    )


async def fetch_external_data(request: RenderRequest, settings: Settings) -> dict[str, Any]:
    """The recipient data with the template's outside source merged in (caller's values win)."""
    source = request.data_source
    if not source:
        return dict(request.data)
    key = source.get("key")
    value = request.data.get(key) if key else None
    if value in (None, ""):
        return dict(request.data)  # nothing to look up; the required-data check reports it
    try:
        fetched = await fetch_source_data(str(source["kind"]), value, settings)
    except SourceUnavailable as exc:
        raise RenderError(f"External data source failed: {exc}") from exc
    return merge_source_data(request.data, fetched)


def prepare_scenes(
    request: RenderRequest, data: dict[str, Any]
) -> tuple[RenderRequest, dict[str, Any]]:
    """Slot defaults, the source's overrides and `$each` lists applied (the same
    preparation previews use, so a render shows what the preview showed)."""
    from app.templates.service import prepare_render

    scenes, prepared = prepare_render(request.scenes, request.data_slots, data, request.data_source)
    return replace(request, scenes=scenes), prepared


def _language(request: RenderRequest) -> str:
    return str(request.output.get("language") or request.audio.get("language") or "en")


async def render_video(
    request: RenderRequest,
    settings: Settings,
    on_progress: OnProgress | None,
    out_path: Path,
    *,
    manager: BrowserManager | None = None,
    parallel: int | None = None,
) -> RenderResult:
    """Render one video to `out_path`; RenderError (readable message) on failure."""
    started = time.monotonic()
    progress = on_progress or (lambda stage, percent: None)
    resolution, fps = request.resolution, request.fps
    progress("fetching_data", FETCH_AT)
    data = await fetch_external_data(request, settings)
    request, data = prepare_scenes(request, data)
    plan_timeline(request.scenes, data, request.data_slots)  # fail fast before speaking
    progress("voiceover", VOICE_AT)
    with tempfile.TemporaryDirectory(prefix="reelsmith-job-") as tmp:
        workdir = Path(tmp)
        voiceovers, audio_path, timeline = await _voice_and_timeline(
            request, settings, data, workdir
        )
        brand = effective_brand(request.brand, request.tier)
        logo = None
        if brand.get("logoUrl"):
            logo = await fetch_image(
                str(brand["logoUrl"]), settings, workdir / "assets", "logo", "brand.logoUrl"
            )

        def on_frames(done: int, total: int) -> None:
            share = done / total if total else 0
            progress("rendering", RENDER_FROM + (RENDER_TO - RENDER_FROM) * share)

        rendered = await render_page_to_mp4(
            lambda origin: compose_page(timeline, brand, request.output, data, origin, logo),
            settings,
            manager or get_browser_manager(settings),
            out_path,
            resolution=resolution,
            fps=fps,
            audio=audio_path,
            assets_dir=workdir / "assets",
            parallel=parallel,
            on_frames=on_frames,
            on_encoding=lambda: progress("encoding", ENCODE_AT),
        )
    width, height = RESOLUTIONS[resolution]
    return RenderResult(
        path=out_path,
        duration_ms=timeline.duration_ms,
        frames=rendered.frames,
        fps=fps,
        resolution=resolution,
        width=width,
        height=height,
        timeline=timeline,
        scene_starts_ms={s.index: s.start_ms for s in timeline.scenes},
        scene_in_ms=scenes_fully_in_ms(timeline),
        voiceovers=spoken_by(voiceovers),
        author_name=display_name(data),
        data=data,
        capture=rendered.stats,
        elapsed_s=time.monotonic() - started,
    )


async def _voice_and_timeline(
    request: RenderRequest, settings: Settings, data: dict[str, Any], workdir: Path
) -> tuple[dict[int, audio.Voiceover], Path, Timeline]:
    """Voiceovers (their lengths set scene durations), the timeline and the mixed soundtrack."""
    voiceovers = await audio.prepare_voiceovers(
        request.scenes, data, request.audio, _language(request), settings, request.tier or "free"
    )
    lengths = {index: vo.duration_ms for index, vo in voiceovers.items()}
    timeline = plan_timeline(request.scenes, data, request.data_slots, lengths)
    try:  # the tier's video length, now that the voiceovers' real lengths are known
        check_spoken_duration(timeline.duration_ms, allowance(settings, request.tier))
    except LimitExceeded as exc:
        raise RenderInputError(exc.message) from exc
    timeline = _with_word_timestamps(timeline, voiceovers)
    soundtrack = await audio.mix_audio(timeline, voiceovers, request.audio, settings, workdir)
    return voiceovers, soundtrack, timeline


def _with_word_timestamps(timeline: Timeline, voiceovers: Mapping[int, Any]) -> Timeline:
    """Scenes carry their voiceover's word timing (captions, word-bound animations)."""
    for scene in timeline.scenes:
        vo = voiceovers.get(scene.index)
        if vo is not None and not scene.config.get("wordTimestamps"):
            scene.config["wordTimestamps"] = list(vo.word_timestamps)
    return timeline

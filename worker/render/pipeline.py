"""The render engine's one entry point: a RenderJobSpec -> an MP4 (and the file of its
output.format), read top to bottom.

sources -> voices -> timeline -> compose -> serve -> capture + encode (the scene cache beside
it when on; only the frames of output.range or a png's frame when asked: clip.py) -> audio mix
-> mux -> quality check -> deliver (webm, gif, png made from the MP4: formats.py) (-> store,
which the worker task runs on the written file; see worker/tasks.py).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.composition.timeline import Timeline
from app.config import Settings
from app.db import Database
from app.limits import LimitExceeded, allowance, check_spoken_duration
from app.renders.job import JobOutput, RenderJobSpec
from app.renders.states import JobStage
from app.spec import frame_size
from app.workdir import temp_dir
from worker.render import audio
from worker.render.browser import BrowserManager, get_browser_manager
from worker.render.capture import Captured, CaptureStats, capture_video
from worker.render.clip import clip_of, clip_segments, clipped_page, clipped_plan
from worker.render.compose import compose_page, fetch_logo
from worker.render.encode import step_timeout
from worker.render.errors import RenderInputError
from worker.render.formats import deliver
from worker.render.mux import join_and_mux
from worker.render.page import PageInfo
from worker.render.quality import QualityReport
from worker.render.quality.expect import check_render, expectations, missing_glyphs, word_starts
from worker.render.scenecache import capture_cached
from worker.render.segments import video_segments
from worker.render.server import PageServer, serve_page
from worker.render.sources import (
    bind_data,
    fetch_external_data,
    scripts_to_translate,
    translate_scripts,
)
from worker.render.timeline import (
    plan_timeline,
    scene_starts_ms,
    scenes_fully_in_ms,
    with_word_timestamps,
)

log = logging.getLogger(__name__)

OnProgress = Callable[[str, float], None]

# Progress bands per stage (percent of the whole job).
FETCH_AT, VOICE_AT, RENDER_FROM, RENDER_TO, ENCODE_AT = 2, 8, 15, 92, 94


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
    scene_starts_ms: dict[int, int]  # when each played scene starts
    scene_fully_in_ms: dict[int, int]  # when it is fully on screen (after its entry transition)
    voiceovers: list[dict[str, Any]]
    data: dict[str, Any]
    capture: CaptureStats
    elapsed_s: float
    poster_at_ms: float  # the poster frame (the page's posterAtMs on the frame grid)
    quality: QualityReport
    quality_s: float  # wall time of the quality check
    # The MP4 the capture made (what the quality check read and the posters are cut from):
    # `path` itself for an mp4, else the file `path` was made from.
    master: Path | None = None
    clip_ms: tuple[float, float] | None = None  # output.range / a png's frame: the part shown


def spoken_by(voiceovers: Mapping[int, audio.Voiceover]) -> list[dict[str, Any]]:
    """Who spoke each scene, in scene order: [{sceneIndex, engine, voice}] (the engine that
    actually spoke, after any fallback, and that engine's own voice name)."""
    return [
        {"sceneIndex": index, "engine": vo.engine, "voice": vo.voice}
        for index, vo in sorted(voiceovers.items())
    ]


def check_spoken_length(spec: RenderJobSpec, timeline: Timeline, settings: Settings) -> None:
    """The tier's video length, now that the voiceovers' real lengths are known (an account's
    job only: previews and `reelsmith render` have no tier)."""
    if spec.tier is None:
        return
    try:
        check_spoken_duration(timeline.duration_ms, allowance(settings, spec.tier))
    except LimitExceeded as exc:
        raise RenderInputError(exc.message) from exc


async def in_output_language(
    spec: RenderJobSpec, settings: Settings, db: Database | None
) -> RenderJobSpec:
    """The job with its voScripts translated into `output.language` when the template's are in
    another (the translations cache of `db`; without one, a connection to the configured
    database for this step only)."""
    if not scripts_to_translate(spec):
        return spec
    own = db is None
    database = Database(settings.database_url) if db is None else db
    try:
        translated, done = await translate_scripts(spec, settings, database)
    finally:
        if own:
            await database.dispose()
    if done is not None:
        log.info(
            "job %s: %d voiceover scripts %s -> %s (%d cached, %d translated)",
            spec.jobId, len(done.translations), spec.templateLanguage, spec.output.language,
            done.cached, done.generated,
        )  # fmt: skip
    return translated


def _quiet(stage: str, percent: float) -> None: ...


@dataclass
class Prepared:
    """A job made ready to capture: sources fetched, voices spoken, timeline planned and the
    page composed (its assets under `assets`). Any frame range of it can be captured, and
    its soundtrack mixed, without repeating these steps."""

    spec: RenderJobSpec
    data: dict[str, Any]
    timeline: Timeline
    voiceovers: dict[int, audio.Voiceover]
    page: str
    assets: Path
    logo: Path | None  # the fetched brand logo (under `assets`), None without one

    @property
    def frames(self) -> int:
        """Frames the timeline asks for (the page's own duration decides the capture)."""
        return round(self.timeline.duration_ms * self.spec.output.fps / 1000.0)

    @property
    def soundtrack(self) -> bool:
        """Whether voice or music goes into the mix (else it is silence)."""
        audio_options = self.spec.audio
        music = bool(audio_options.musicTrack) and audio_options.musicVolume > 0
        return bool(self.voiceovers) or music

    def quality_plan(self) -> dict[str, Any]:
        """What the quality check needs besides the file and the page (JSON): the soundtrack,
        the word timing, the characters no bundled font draws."""
        return {
            "soundtrack": self.soundtrack,
            "wordStartsMs": word_starts(self.timeline, self.voiceovers),
            "missingGlyphs": missing_glyphs(self.data),
        }


async def prepare(
    spec: RenderJobSpec,
    settings: Settings,
    progress: OnProgress,
    workdir: Path,
    db: Database | None = None,
) -> Prepared:
    """sources -> voices -> timeline -> compose, with the page's assets under `workdir`."""
    progress(JobStage.FETCHING_DATA, FETCH_AT)
    fetched = await fetch_external_data(spec, settings)  # sources
    inputs = bind_data(spec, fetched)
    plan_timeline(inputs.scenes, inputs.data, spec.dataSlots)  # fail fast before speaking
    assets = workdir / "assets"

    progress(JobStage.VOICEOVER, VOICE_AT)
    if scripts_to_translate(spec):  # translate, before the data is bound into the scripts
        spec = await in_output_language(spec, settings, db)
        inputs = bind_data(spec, fetched)
    voiceovers = await audio.prepare_voiceovers(  # voices
        inputs.scenes, inputs.data, spec.audio, spec.output.language, settings, spec.tier or "free"
    )
    lengths = {index: vo.duration_ms for index, vo in voiceovers.items()}
    timeline = with_word_timestamps(  # timeline
        plan_timeline(inputs.scenes, inputs.data, spec.dataSlots, lengths), voiceovers
    )
    check_spoken_length(spec, timeline, settings)

    logo = await fetch_logo(spec.brand, settings, assets)
    poster_at = spec.posterAt.model_dump() if spec.posterAt else None
    page = compose_page(timeline, spec.brand, spec.output, inputs.data, logo, poster_at)
    return Prepared(spec, inputs.data, timeline, dict(voiceovers), page, assets, logo)


def render_progress(progress: OnProgress) -> Callable[[int, int], None]:
    """on_frames(done, total) for the capture, as the job's RENDERING progress band."""

    def on_frames(done: int, total: int) -> None:
        share = done / total if total else 0
        progress(JobStage.RENDERING, RENDER_FROM + (RENDER_TO - RENDER_FROM) * share)

    return on_frames


async def capture_segments(
    page: str,
    assets: Path,
    output: JobOutput,
    settings: Settings,
    workdir: Path,
    on_frames: Callable[[int, int], None] | None,
    segments: list[range],
    *,
    manager: BrowserManager | None = None,
    parallel: int | None = None,
) -> Captured:
    """serve -> capture + encode: the segments `segments` of the page (each starting a GOP)
    as run files under `workdir`, in order (a piece of a long render)."""
    with serve_page(page, assets) as server:  # serve
        return await capture_video(  # capture + encode
            server,
            settings,
            manager or get_browser_manager(settings),
            workdir,
            resolution=output.resolution,
            fps=output.fps,
            segments=segments,
            parallel=parallel,
            on_frames=on_frames,
        )


async def capture_job(
    server: PageServer,
    prepared: Prepared,
    settings: Settings,
    manager: BrowserManager,
    workdir: Path,
    parallel: int | None,
    on_frames: Callable[[int, int], None],
    clip: tuple[float, float] | None = None,
) -> Captured:
    """capture + encode on the video's segments (its scene cuts); with the scene cache on,
    the cache's step beside capture copies the segments it has and captures the rest. `clip`
    (ms): only the frames of that part (output.range, a png's one frame)."""
    output = prepared.spec.output
    if clip is not None:  # a part of the video: only its frames, no cache
        return await capture_video(
            server, settings, manager, workdir,
            resolution=output.resolution, fps=output.fps,
            segments=clip_segments(prepared.timeline, output.fps, clip),
            parallel=parallel, on_frames=on_frames,
        )  # fmt: skip
    if settings.scene_cache:
        return await capture_cached(
            server, settings, manager, workdir,
            timeline=prepared.timeline, data=prepared.data, brand=prepared.spec.brand,
            output=output, logo=prepared.logo, parallel=parallel, on_frames=on_frames,
        )  # fmt: skip
    return await capture_video(
        server, settings, manager, workdir,
        resolution=output.resolution, fps=output.fps,
        segments=video_segments(prepared.timeline, output.fps),
        parallel=parallel, on_frames=on_frames,
    )  # fmt: skip


async def mix_soundtrack(prepared: Prepared, settings: Settings, workdir: Path) -> Path:
    """The whole video's soundtrack, mixed once."""
    return await audio.mix_audio(  # audio mix
        prepared.timeline, prepared.voiceovers, prepared.spec.audio, settings, workdir
    )


async def render_video(
    spec: RenderJobSpec,
    settings: Settings,
    on_progress: OnProgress | None,
    out_path: Path,
    *,
    manager: BrowserManager | None = None,
    parallel: int | None = None,
    db: Database | None = None,
) -> RenderResult:
    """Render one job to `out_path`; RenderError (readable message) on failure. `db` holds the
    translations cache (voiceovers spoken in another language than the template's)."""
    result = await render_or_split(
        spec, settings, on_progress, out_path, split=None, manager=manager, parallel=parallel, db=db
    )
    assert result is not None  # nothing to split it
    return result


# After `prepare`: True when the job was handed on in pieces (worker/pieces/plan.py).
Split = Callable[[Prepared, Path], Awaitable[bool]]
Mixed = Callable[[Prepared, Path], Awaitable[None]]  # page + soundtrack, mixed before capture


async def render_or_split(
    spec: RenderJobSpec,
    settings: Settings,
    on_progress: OnProgress | None,
    out_path: Path,
    *,
    split: Split | None,
    manager: BrowserManager | None = None,
    parallel: int | None = None,
    db: Database | None = None,
    on_mixed: Mixed | None = None,
) -> RenderResult | None:
    """`render_video`, or None when `split` took the prepared job (a long video rendered in
    pieces by several workers: the last one to finish assembles it); `on_mixed`: see Mixed."""
    started = time.monotonic()
    progress = on_progress or _quiet
    with temp_dir(settings, "job-") as tmp:
        workdir = Path(tmp)
        prepared = await prepare(spec, settings, progress, workdir, db)
        soundtrack = await mix_soundtrack(prepared, settings, workdir) if on_mixed else None
        if on_mixed is not None and soundtrack:  # someone waits for it: mixed before the capture
            await on_mixed(prepared, soundtrack)
        output = prepared.spec.output
        whole = output.format == "mp4" and output.range is None
        if whole and split is not None and await split(prepared, workdir):
            return None  # (a part of a video, or another format, renders on one worker)
        plan = prepared.quality_plan()  # before the capture: the check after the mux only measures
        browsers = manager or get_browser_manager(settings)
        with serve_page(prepared.page, prepared.assets) as server:  # serve
            clip = await clip_of(output, prepared.timeline.duration_ms, server, settings, browsers)
            captured = await capture_job(  # capture + encode
                server,
                prepared,
                settings,
                browsers,
                workdir,
                parallel,
                render_progress(progress),
                clip,
            )
        progress(JobStage.ENCODING, ENCODE_AT)
        soundtrack = soundtrack or await mix_soundtrack(prepared, settings, workdir)
        out_path.parent.mkdir(parents=True, exist_ok=True)
        await join_and_mux(  # mux
            captured.paths, soundtrack, captured.duration_s, out_path, step_timeout(settings),
            audio_start_s=clip[0] / 1000 if clip else 0.0,
        )  # fmt: skip
        checked = time.monotonic()
        report = await check_quality(  # quality check (the voice stem is still in workdir)
            out_path, output, plan if clip is None else clipped_plan(plan, clip),
            captured.page if clip is None else clipped_page(captured.page, clip),
            settings, workdir, voice_stem=None if clip else workdir / audio.VOICE_STEM,
        )  # fmt: skip
        quality_s = time.monotonic() - checked
        size = frame_size(output.resolution, output.aspectRatio)
        delivered = await deliver(  # deliver: webm, gif or png made from the MP4
            out_path, output.format, output.fps, size, step_timeout(settings)
        )
    elapsed_s = time.monotonic() - started
    result = result_of(
        prepared, out_path, captured.stats, elapsed_s, captured.page, report, quality_s
    )
    result.path, result.master, result.clip_ms = delivered, out_path, clip
    if clip is not None:  # the video is the part: its length, the poster and scenes within it
        start, end = clip
        result.duration_ms = round(end - start)
        result.poster_at_ms = min(max(0.0, result.poster_at_ms - start), end - start)
        ends = {s.index: s.start_ms + s.duration_ms for s in prepared.timeline.scenes}
        for starts in (result.scene_starts_ms, result.scene_fully_in_ms):
            kept = {
                i: max(0, round(t - start))
                for i, t in starts.items()
                if t < end and ends.get(i, end) > start
            }
            starts.clear()
            starts.update(kept)
    return result


async def check_quality(
    path: Path,
    output: JobOutput,
    plan: Mapping[str, Any],
    page: PageInfo,
    settings: Settings,
    workdir: Path,
    *,
    voice_stem: Path | None,
) -> QualityReport:
    """The finished file against what the render promised (`Prepared.quality_plan` and the
    page's report); BrokenVideo when the file is broken."""
    expect = expectations(
        fps=output.fps,
        size=frame_size(output.resolution, output.aspectRatio),
        duration_ms=round(page.duration_ms),
        soundtrack=bool(plan["soundtrack"]),
        word_starts_ms=plan["wordStartsMs"],
        missing=plan["missingGlyphs"],
        moving_ms=page.intervals,
        fit=page.fit,
        voice_stem=voice_stem,
    )
    report = await check_render(path, expect, step_timeout(settings), workdir)
    for check in report.checks:
        if check.status != "pass":
            log.warning("quality %s %s: %s", check.name, check.status, check.detail)
    return report


def result_of(
    prepared: Prepared,
    out_path: Path,
    capture: CaptureStats,
    elapsed_s: float,
    page: PageInfo,
    quality: QualityReport,
    quality_s: float,
) -> RenderResult:
    """What a finished render reports (however its frames were captured)."""
    output = prepared.spec.output
    width, height = frame_size(output.resolution, output.aspectRatio)
    return RenderResult(
        path=out_path,
        duration_ms=prepared.timeline.duration_ms,
        frames=capture.frames,
        fps=output.fps,
        resolution=output.resolution,
        width=width,
        height=height,
        timeline=prepared.timeline,
        scene_starts_ms=scene_starts_ms(prepared.timeline),
        scene_fully_in_ms=scenes_fully_in_ms(prepared.timeline),
        voiceovers=spoken_by(prepared.voiceovers),
        data=prepared.data,
        capture=capture,
        elapsed_s=elapsed_s,
        poster_at_ms=page.poster_at_ms,
        quality=quality,
        quality_s=quality_s,
    )

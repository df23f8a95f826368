"""Batch scene cache, a step beside capture taken only when `scene_cache` is on: the parts of a
video that are the same for many recipients (the brand intro, the call to action, a chart of
the same company numbers) are rendered once and copied.

A video's segments are its scene cuts (worker/render/segments.py), cache or no cache, so a
video made of copied segments is the same stream as one captured whole. A scene's fully-in
segment shows that scene alone, a transition shows the leaving and the entering scene. Each
segment's content key hashes everything that can change its pixels: for every scene on
screen its primitive and the version of the primitive's files, its config after substitution
(audio-only fields left out), the props its template reads (dataInputs + resolved
sceneData), its timing (duration, transition, word timing, bindings) and the scene-relative
time of the segment's first frame; plus the brand (colors, logo bytes, watermark), the
output (resolution, fps, captions, language), the caption words when captions are on, the
runtime version (runtime, page template, fonts, encoder and capture settings) and the
capturing browser (version, capture mode). So a transition next to a personalized scene is
never shared while the fully-in part may be.

`capture_cached` copies the segments the cache has and captures the rest (one run per
segment, worker/render/capture.py) in the same browser session, then keeps them.
`SegmentCache` keeps finished segments by key on disk (cache_dir/segments, bounded by
`scene_cache_max_bytes`, least recently used first out) and, when the media store is S3,
in the bucket under `cache/segments/` so every worker shares them. Entries are written to a
temporary name and renamed into place, so two workers filling the same key, or one reading
while another prunes, never see half a file; a cache that fails is a miss, never a failed
render.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import json
import logging
import os
import shutil
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from app.composition.page import FONTS_DIR, STATIC_DIR, brand_values
from app.composition.timeline import Timeline, TimelineScene, resolve_value, scene_props
from app.config import Settings
from app.media.storage import Storage, get_storage
from app.primitives.catalog import PRIMITIVES_DIR
from app.spec import DEVICE_SCALE
from worker.render import background, encode
from worker.render.browser import BrowserManager, WarmBrowser
from worker.render.capture import (
    Captured,
    CaptureStats,
    FrameProgress,
    capture_runs,
    read_page_info,
    with_capture_browsers,
)
from worker.render.mux import join_video
from worker.render.page import JPEG_QUALITY, VIEWPORT
from worker.render.segments import scene_cuts
from worker.render.server import PageServer

log = logging.getLogger(__name__)

KEY_VERSION = 1
SHARED_PREFIX = "cache/segments/"
# Scene config fields that never reach the page (the voiceover is mixed apart).
AUDIO_ONLY = frozenset({"voScript", "voiceId", "voice", "wordTimestamps"})
RUNTIME_FILES = (
    STATIC_DIR / "runtime.js",
    STATIC_DIR / "composition.css",
    PRIMITIVES_DIR / "composition.html.j2",
)


def _digest_files(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.name.encode() + b"\0")
        h.update(path.read_bytes() if path.is_file() else b"<missing>")
        h.update(b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def runtime_version() -> str:
    """The page runtime, page template, fonts, and the encoder and capture settings."""
    fonts = sorted(FONTS_DIR.glob("*.woff2"))
    settings = repr(
        (
            encode.QP, encode.X264_PRESET, encode.X264_THREADS, encode.COLOR_FILTERS,
            encode.BT709, JPEG_QUALITY, VIEWPORT, KEY_VERSION, background.BAKE_BACKGROUND,
        )
    )  # fmt: skip
    return _digest_files([*RUNTIME_FILES, *fonts]) + hashlib.sha256(settings.encode()).hexdigest()


@lru_cache(maxsize=64)
def primitive_version(primitive_id: str) -> str:
    """A primitive's files (manifest, template, CSS, JS)."""
    folder = PRIMITIVES_DIR / primitive_id
    return _digest_files(sorted(p for p in folder.rglob("*") if p.is_file()))


def scene_content(scene: TimelineScene, data: Mapping[str, Any]) -> dict[str, Any]:
    """Everything about one scene that reaches its pixels (not where it sits in the video)."""
    config = {k: v for k, v in scene.config.items() if k not in AUDIO_ONLY}
    return {
        "index": scene.index,
        "primitive": scene.primitive_id,
        "primitiveVersion": primitive_version(scene.primitive_id),
        "option": scene.animation_option,
        "duration": scene.duration_ms,
        "transition": scene.transition,
        "transitionMs": scene.transition_ms,
        "words": scene.config.get("wordTimestamps") or [],
        "config": resolve_value(config, data),
        "props": scene_props(scene, data),
    }


def page_content(
    brand: Any, output: Any, logo: Path | None, resolution: str, fps: int
) -> dict[str, Any]:
    """What every segment of a video shares: brand, logo bytes, output, runtime."""
    values = brand_values(brand)
    values.pop("logoUrl", None)
    return {
        "brand": values,
        "logo": hashlib.sha256(logo.read_bytes()).hexdigest() if logo is not None else None,
        "resolution": resolution,
        "aspectRatio": str(getattr(output, "aspectRatio", None) or "16:9"),
        "fps": fps,
        "captions": bool(getattr(output, "captions", False)),
        "language": str(getattr(output, "language", "en") or "en"),
        "runtime": runtime_version(),
    }


def _caption_words(timeline: Timeline, origin_ms: int) -> list[Any]:
    """Every caption word of the video, timed from `origin_ms` (a caption line may carry
    words of a neighbouring scene, so with captions on they all count)."""
    words = []
    for s in timeline.scenes:
        for w in s.config.get("wordTimestamps") or []:
            if isinstance(w, Mapping):
                start = w.get("startMs")
                words.append([w.get("word"), s.start_ms - origin_ms, start, w.get("endMs")])
    return words


@dataclass
class PlannedSegment:
    """One segment of the video; `content` describes everything that can change its pixels
    (None: not shareable, always captured)."""

    frames: range
    content: Mapping[str, Any] | None = None

    def key(self, capture_tag: str) -> str | None:
        if self.content is None:
            return None
        blob = json.dumps(
            {"content": self.content, "capture": capture_tag, "frames": len(self.frames)},
            sort_keys=True,
            separators=(",", ":"),
            default=str,
        )
        return hashlib.sha256(blob.encode()).hexdigest()


def capture_tag(browsers: list[WarmBrowser]) -> str:
    """What about the capturing browser can change pixels: its version and capture mode."""
    warm = browsers[0]
    return f"{warm.mode}|{warm.browser.version}"


def scene_plan(
    timeline: Timeline,
    data: Mapping[str, Any],
    page: Mapping[str, Any],
    fps: int,
) -> list[PlannedSegment]:
    """The video's segments (`scene_cuts`), each with its content description."""
    scenes = timeline.scenes
    contents = [scene_content(s, data) for s in scenes]
    plan: list[PlannedSegment] = []
    for frames, on_screen in scene_cuts(timeline, fps):
        if not on_screen:
            return [PlannedSegment(frames)]
        first_ms_x_fps = frames.start * 1000  # time of the first frame, times fps (exact)
        shown = [
            {**contents[n], "offset": f"{first_ms_x_fps - scenes[n].start_ms * fps}/{fps}"}
            for n in on_screen
        ]
        content: dict[str, Any] = {"v": KEY_VERSION, "page": dict(page), "scenes": shown}
        if page.get("captions"):
            content["captionWords"] = _caption_words(timeline, scenes[on_screen[-1]].start_ms)
        plan.append(PlannedSegment(frames, content))
    return plan


class SegmentCache:
    """Finished segments by content key: a bounded folder on this machine, and the shared
    object store when one is configured (S3)."""

    def __init__(self, root: Path, max_bytes: int, shared: Storage | None = None) -> None:
        self.root = root
        self.max_bytes = max_bytes
        self.shared = shared
        self.root.mkdir(parents=True, exist_ok=True)

    @classmethod
    def from_settings(cls, settings: Settings) -> SegmentCache:
        """The cache the settings describe (shared through the bucket when storage is S3)."""
        shared = get_storage(settings) if settings.storage == "s3" else None
        root = Path(settings.cache_dir) / "segments"
        return cls(root, settings.scene_cache_max_bytes, shared)

    def path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.mp4"

    def fetch(self, key: str, dest: Path) -> bool:
        """Copy the segment of `key` to `dest`; False when neither store has it."""
        local = self.path(key)
        try:
            shutil.copyfile(local, dest)
            os.utime(local)  # recently used: pruned last
            return True
        except FileNotFoundError:
            pass
        except OSError:
            log.warning("scene cache: could not read %s", local, exc_info=True)
        if self.shared is None:
            return False
        try:
            if not self.shared.exists(SHARED_PREFIX + f"{key}.mp4"):
                return False
            self.shared.fetch(SHARED_PREFIX + f"{key}.mp4", dest)
        except Exception:
            log.warning("scene cache: shared store read failed; capturing", exc_info=True)
            return False
        self._keep(key, dest)
        return True

    def put(self, key: str, source: Path) -> None:
        """Keep `source` as the segment of `key` (here, and in the shared store)."""
        self._keep(key, source)
        if self.shared is not None:
            try:
                if not self.shared.exists(SHARED_PREFIX + f"{key}.mp4"):
                    self.shared.put(SHARED_PREFIX + f"{key}.mp4", source)
            except Exception:
                log.warning("scene cache: shared store write failed", exc_info=True)

    def _keep(self, key: str, source: Path) -> None:
        if self.max_bytes <= 0:
            return
        final = self.path(key)
        tmp = final.with_name(f".{key}.{uuid.uuid4().hex}.tmp")
        try:
            final.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, tmp)
            os.replace(tmp, final)  # atomic: readers see the old file, the new one, or none
        except OSError:
            log.warning("scene cache: could not write %s", final, exc_info=True)
            tmp.unlink(missing_ok=True)
            return
        self.prune()

    def entries(self) -> list[tuple[float, int, Path]]:
        """(last used, size, path) of every kept segment."""
        found = []
        for path in self.root.glob("*/*.mp4"):
            with contextlib.suppress(FileNotFoundError):
                st = path.stat()
                found.append((st.st_mtime, st.st_size, path))
        return found

    def size(self) -> int:
        return sum(size for _, size, _ in self.entries())

    def prune(self) -> None:
        """Drop least recently used segments until the folder fits `max_bytes` (one pruner
        at a time across processes; a busy lock means another worker is doing it)."""
        with self._lock() as locked:
            if not locked:
                return
            entries = sorted(self.entries())
            total = sum(size for _, size, _ in entries)
            for _, size, path in entries:
                if total <= self.max_bytes:
                    break
                path.unlink(missing_ok=True)
                total -= size

    @contextlib.contextmanager
    def _lock(self) -> Iterator[bool]:
        with open(self.root / ".prune.lock", "a+b") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                yield False
                return
            try:
                yield True
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


@dataclass
class Cached(Captured):
    """A video's files in frame order, one per segment, and what the cache gave."""

    segments: int = 0  # segments planned
    hits: int = 0  # segments copied from the cache
    hit_frames: int = 0


async def capture_plan(
    server: PageServer,
    settings: Settings,
    manager: BrowserManager,
    workdir: Path,
    *,
    plan: list[PlannedSegment],
    cache: SegmentCache,
    resolution: str,
    fps: int,
    parallel: int | None = None,
    on_frames: Callable[[int, int], None] | None = None,
) -> Cached:
    """Every planned segment's file under `workdir` (seg-NNNN.mp4), in plan order: copied
    from `cache` when it has the segment's key, else captured (one run per segment, joined
    when the segment fell to two pages) and kept. The plan must cover frames 0..total-1
    without gaps to be a video."""
    scale = DEVICE_SCALE[resolution]
    progress = FrameProgress(on_frames)
    progress.plan(sum(len(s.frames) for s in plan))
    timeout_s = encode.step_timeout(settings)

    async def use(browsers: list[WarmBrowser]) -> Cached:
        tag = capture_tag(browsers)
        keys = [s.key(tag) for s in plan]
        kept = [workdir / f"seg-{n:04d}.mp4" for n in range(len(plan))]
        hit = [False] * len(plan)
        for n, key in enumerate(keys):
            if key is not None:
                hit[n] = await asyncio.to_thread(cache.fetch, key, kept[n])
                if hit[n]:
                    progress.frame(len(plan[n].frames))
        missing = [n for n in range(len(plan)) if not hit[n]]
        files: dict[int, list[Path]] = {n: [kept[n]] for n in range(len(plan)) if hit[n]}
        captured = 0
        if missing:
            runs, captured, info = await capture_runs(
                browsers, server, scale, fps, workdir, timeout_s,
                [plan[n].frames for n in missing], progress.frame, run_per_segment=True,
            )  # fmt: skip
            for run in runs:  # in frame order; a segment may span two pages' runs
                files.setdefault(missing[run.segments[0]], []).append(run.path)
            for n in missing:
                key = keys[n]
                if key is None or n not in files:
                    continue
                await join_video(files[n], kept[n], timeout_s)
                for path in files[n]:
                    path.unlink(missing_ok=True)
                files[n] = [kept[n]]
                await asyncio.to_thread(cache.put, key, kept[n])
        total = sum(len(s.frames) for s in plan)
        stats = CaptureStats(total, captured, browsers[0].mode, len(browsers))
        hit_frames = sum(len(plan[n].frames) for n in range(len(plan)) if hit[n])
        paths = [path for n in sorted(files) for path in files[n]]
        if not missing:  # every segment copied: the page is read for its report only
            info = await read_page_info(browsers, server, scale, fps)
        return Cached(paths, stats, fps, info, len(plan), sum(hit), hit_frames)

    return await with_capture_browsers(manager, settings, scale, parallel, use, progress.reset)


async def capture_cached(
    server: PageServer,
    settings: Settings,
    manager: BrowserManager,
    workdir: Path,
    *,
    timeline: Timeline,
    data: Mapping[str, Any],
    brand: Any,
    output: Any,
    logo: Path | None,
    parallel: int | None = None,
    on_frames: Callable[[int, int], None] | None = None,
) -> Cached:
    """A job's video as segment files in order (`scene_plan`): the segments the configured
    cache has are copied from it, the rest captured and kept."""
    resolution, fps = output.resolution, output.fps
    page = page_content(brand, output, logo, resolution, fps)
    made = await capture_plan(
        server, settings, manager, workdir,
        plan=scene_plan(timeline, data, page, fps), cache=SegmentCache.from_settings(settings),
        resolution=resolution, fps=fps, parallel=parallel, on_frames=on_frames,
    )  # fmt: skip
    log.info(
        "scene cache: %d of %d segments copied (%d of %d frames)",
        made.hits, made.segments, made.hit_frames, made.frames,
    )  # fmt: skip
    return made

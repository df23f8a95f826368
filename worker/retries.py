"""Which failures of a render are worth another attempt, after how long, and the message a
failed job keeps."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

from playwright.async_api import Error as PlaywrightError

from worker.render import errors as render_errors
from worker.render.store import StoreError


def backoff_s(job_try: int, scale: float = 1.0) -> float:
    """5 s, 20 s, 80 s ... between attempts after a transient failure (times `scale`:
    settings.render_retry_scale)."""
    return 5 * 4 ** (job_try - 1) * scale


def causes(exc: BaseException) -> list[BaseException]:
    """The exception and what it was raised from (the engine wraps browser errors)."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or current.__context__
    return chain


def is_transient(exc: BaseException) -> bool:
    """Browser crashes and the like: worth another attempt. Input errors never are."""
    if isinstance(exc, render_errors.RenderInputError):
        return False
    return any(_transient_kind(e) for e in causes(exc))


def _transient_kind(exc: BaseException) -> bool:
    if isinstance(exc, StoreError | render_errors.WorkDiskFull):
        return True
    if isinstance(exc, render_errors.RenderTimeout):
        return True  # a browser or ffmpeg step hung; a fresh browser usually does it
    return isinstance(exc, PlaywrightError | BrokenPipeError | ConnectionResetError)


# Below this many free bytes, a failed attempt is put down to the full disk of the work folder
# (ffmpeg and Chromium report a full disk in words of their own, e.g. "Error initializing
# output stream").
DISK_FULL_BELOW = 1 << 20


def disk_full(exc: BaseException, work_folder: Path) -> render_errors.WorkDiskFull | None:
    """A WorkDiskFull (raised from `exc`) when the attempt failed for want of disk space in
    `work_folder`: ENOSPC in the chain, or (almost) no space left there now."""
    if any(isinstance(e, StoreError) for e in causes(exc)):
        return None  # the media store's own disk: StoreError says so
    out_of_space = any(
        isinstance(e, OSError) and e.errno == errno.ENOSPC or "No space left on device" in str(e)
        for e in causes(exc)
    )
    try:
        free = shutil.disk_usage(work_folder).free
    except OSError:
        free = None
    if not out_of_space and (free is None or free >= DISK_FULL_BELOW):
        return None
    left = f"{free // 1024} KB free" if free is not None else "no space left"
    full = render_errors.WorkDiskFull(
        f"Render failed: the render server's disk is full ({left} for the frames and the video)"
    )
    full.__cause__ = exc
    return full


def readable_error(exc: BaseException) -> str:
    if isinstance(exc, render_errors.RenderError | StoreError):
        return str(exc) or exc.__class__.__name__
    return f"Render failed: internal error ({exc.__class__.__name__}: {str(exc)[:300]})"

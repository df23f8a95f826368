"""Store stage: the finished video put into media storage (the worker's last step; the
`reelsmith render` CLI keeps its local file instead)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from pathlib import Path

from app.media.storage import Storage, poster_keys, video_key
from app.spec import OUTPUT_FORMATS


class StoreError(Exception):
    """The rendered video could not be stored (disk full, store unreachable): worth a retry."""


async def store_video(storage: Storage, key: str, path: Path) -> None:
    """Put the rendered video in storage; StoreError when that fails."""
    try:
        await asyncio.to_thread(storage.put, key, path)
    except Exception as exc:
        raise StoreError(
            f"Render failed: the video could not be stored ({exc.__class__.__name__}: {exc})"
        ) from exc


def delete_attempt_videos(storage: Storage, job_id: str, attempts: Iterable[int]) -> list[str]:
    """Delete what these attempts of a job stored, the video and its poster and preview GIF (an
    attempt killed between storing them and recording them leaves them); the keys that were
    there. Keys are per attempt (`video_key`, `poster_keys`) and attempts are numbered from 1,
    so no listing is needed."""
    keys = [
        k
        for n in attempts
        for k in (*(video_key(job_id, n, fmt) for fmt in OUTPUT_FORMATS), *poster_keys(job_id, n))
    ]
    return [key for key in keys if storage.delete(key)]

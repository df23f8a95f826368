"""Store stage: the finished video put into media storage (the worker's last step; the
`reelsmith render` CLI keeps its local file instead)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from pathlib import Path

from botocore.exceptions import ClientError, HTTPClientError
from botocore.exceptions import ConnectionError as BotoConnectionError

from app.media.storage import Storage, poster_keys, video_key
from app.spec import OUTPUT_FORMATS

log = logging.getLogger("reelsmith.worker")

# Pauses (s) before uploading the finished video again while the store is unreachable: about a
# minute of the store being down is ridden out without rendering again.
STORE_RETRY_S: tuple[float, ...] = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)


class StoreError(Exception):
    """The rendered video could not be stored (disk full, store unreachable): worth a retry."""


async def store_video(
    storage: Storage, key: str, path: Path, pauses: Sequence[float] | None = None
) -> None:
    """Put the rendered video in storage, again after each of `pauses` while the store is
    unreachable; StoreError when that fails (the job's attempt is then retried)."""
    for pause in (*(STORE_RETRY_S if pauses is None else pauses), None):
        try:
            await asyncio.to_thread(storage.put, key, path)
            return
        except Exception as exc:
            if pause is None or not unreachable(exc):
                raise StoreError(
                    f"Render failed: the video could not be stored ({exc.__class__.__name__}: "
                    f"{exc})"
                ) from exc
            log.warning("store unreachable (%s); uploading %s again in %.0f s", exc, key, pause)
            await asyncio.sleep(pause)


def unreachable(exc: BaseException) -> bool:
    """The store did not answer, or answered that it cannot serve now (5xx)."""
    if isinstance(exc, BotoConnectionError | HTTPClientError | ConnectionError):
        return True
    if isinstance(exc, ClientError):
        status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode", 0)
        return int(status or 0) >= 500
    return False


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

"""Store stage: the finished video put into media storage (the worker's last step; the
`reelsmith render` CLI keeps its local file instead)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app.media.storage import Storage


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

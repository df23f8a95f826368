"""Per-worker heartbeat in Redis: a key with a TTL, refreshed while the worker lives."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import uuid
from typing import Any

from app.config import Settings
from app.renders.queue import HEARTBEAT_TTL_S, heartbeat_key, register_worker, workers_index_key


def new_worker_id() -> str:
    return f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:6]}"


class Heartbeat:
    """SET <prefix>:workers:<id> <slots> EX ttl every ttl/4 seconds (and list the id in the
    <prefix>:workers set); deleted on a clean shutdown, expires when the worker dies."""

    def __init__(
        self, redis: Any, settings: Settings, worker_id: str, slots: int, ttl_s: int
    ) -> None:
        self.redis, self.settings, self.worker_id = redis, settings, worker_id
        self.slots, self.ttl_s = slots, ttl_s
        self.task: asyncio.Task[None] | None = None
        self.stopped = False  # a cancellation can be lost on the way (worker/steady.py)

    async def beat(self) -> None:
        await register_worker(self.redis, self.settings, self.worker_id, self.slots, self.ttl_s)

    async def _loop(self) -> None:
        while not self.stopped:
            await asyncio.sleep(max(self.ttl_s / 4, 0.5))
            with contextlib.suppress(Exception):  # Redis hiccup: try again next beat
                await self.beat()

    async def start(self) -> None:
        await self.beat()
        self.task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        self.stopped = True
        if self.task:
            self.task.cancel()
        await self.redis.delete(heartbeat_key(self.settings, self.worker_id))
        await self.redis.srem(workers_index_key(self.settings), self.worker_id)


__all__ = ["Heartbeat", "new_worker_id", "HEARTBEAT_TTL_S"]

"""Handing delivery attempts to arq, on the deliveries queue (never the render queue)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.config import Settings

TASK_NAME = "deliver_webhook"


def arq_job_id(settings: Settings, delivery_id: str, number: int) -> str:
    """One arq job per attempt: handing the same attempt twice is a no-op in arq."""
    return f"{settings.redis_prefix}:webhook:{delivery_id}:{number}"


async def enqueue(
    pool: Any, settings: Settings, delivery_id: str, number: int, at: datetime | None = None
) -> None:
    await pool.enqueue_job(
        TASK_NAME,
        delivery_id,
        number,
        _job_id=arq_job_id(settings, delivery_id, number),
        _queue_name=settings.webhook_queue_name,
        _defer_until=at,
    )

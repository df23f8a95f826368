"""Webhook event names and their payloads: exactly SPEC 6.1's data fields (plus `batchId` on
a batch job's render events and the file's `quality` report on render.complete; batch.progress
and test.event, unshaped there, are ours)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

RENDER_COMPLETE = "render.complete"
RENDER_FAILED = "render.failed"
BATCH_PROGRESS = "batch.progress"
BATCH_COMPLETE = "batch.complete"
TEST_EVENT = "test.event"
# A trigger rule's video was delivered through its webhook channel (app/triggers).
TRIGGER_DELIVERED = "trigger.delivered"
# Ours (issue 13): a viewing session watched a video for at least 3 s (app/viewers).
VIDEO_VIEWED = "video.viewed"
# SPEC 6.1's event kinds and ours: what an endpoint may subscribe to (or ALL_EVENTS).
WEBHOOK_EVENTS = (
    RENDER_COMPLETE,
    RENDER_FAILED,
    BATCH_COMPLETE,
    BATCH_PROGRESS,
    TEST_EVENT,
    TRIGGER_DELIVERED,
    VIDEO_VIEWED,
)
ALL_EVENTS = "*"

# batch.progress milestones (percent of the batch's jobs finished) and their bits in
# Batch.milestones_sent; batch.complete has the next bit.
MILESTONES: tuple[int, ...] = (25, 50, 75)
COMPLETE_BIT = 1 << len(MILESTONES)


def iso(value: datetime | None) -> str | None:
    return value.isoformat().replace("+00:00", "Z") if value else None


def ms_between(start: datetime | None, end: datetime | None) -> int:
    if start is None or end is None:
        return 0
    return max(0, round((end - start).total_seconds() * 1000))


def render_complete(
    *,
    job_id: str,
    template_id: str,
    output_url: str | None,
    display_name: str,
    created_at: datetime,
    started_at: datetime | None,
    completed_at: datetime | None,
    batch_id: str | None,
    quality: dict[str, Any] | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "jobId": job_id,
        "templateId": template_id,
        "status": "complete",
        "outputUrl": output_url,
        "displayName": display_name,
        "createdAt": iso(created_at),
        "completedAt": iso(completed_at),
        # Time spent rendering: from the first claim to the outcome.
        "renderDurationMs": ms_between(started_at or created_at, completed_at),
        # Ours: the finished file's quality report {status, checks: [{name, status, detail}]}
        # (null for a job completed without one).
        "quality": quality,
    }
    if batch_id:
        data["batchId"] = batch_id
    return data


def render_failed(
    *,
    job_id: str,
    template_id: str,
    error: str,
    created_at: datetime,
    failed_at: datetime | None,
    batch_id: str | None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "jobId": job_id,
        "templateId": template_id,
        "status": "failed",
        "error": error,
        "createdAt": iso(created_at),
        "failedAt": iso(failed_at),
    }
    if batch_id:
        data["batchId"] = batch_id
    return data


def batch_progress(
    *, batch_id: str, template_id: str, milestone: int, total: int, completed: int, failed: int
) -> dict[str, Any]:
    return {
        "batchId": batch_id,
        "templateId": template_id,
        "milestone": milestone,
        "totalJobs": total,
        "completed": completed,
        "failed": failed,
        "percent": (completed + failed) * 100 // total if total else 100,
    }


def batch_complete(
    *,
    batch_id: str,
    template_id: str,
    total: int,
    completed: int,
    failed: int,
    created_at: datetime,
    completed_at: datetime,
    job_ids: list[str],
) -> dict[str, Any]:
    return {
        "batchId": batch_id,
        "templateId": template_id,
        "totalJobs": total,
        "completed": completed,
        "failed": failed,
        "createdAt": iso(created_at),
        "completedAt": iso(completed_at),
        "durationMs": ms_between(created_at, completed_at),
        "jobIds": job_ids,
    }


def video_viewed(
    *,
    job_id: str,
    display_name: str,
    batch_id: str | None,
    campaign_id: str | None,
    session_id: str,
    viewed_at: datetime,
) -> dict[str, Any]:
    """First view of a video by a viewing session (at least 3 s watched)."""
    return {
        "jobId": job_id,
        "displayName": display_name,
        "batchId": batch_id,
        "campaignId": campaign_id,
        "sessionId": session_id,
        "viewedAt": iso(viewed_at),
    }


def test_event(*, webhook_id: str) -> dict[str, Any]:
    return {
        "webhookId": webhook_id,
        "message": "A test delivery from reelsmith: your endpoint is reachable",
    }


def body(event: str, timestamp: datetime, data: dict[str, Any]) -> str:
    """The delivery body (SPEC 6.1 rule 1): compact JSON, the exact bytes signed and sent."""
    return json.dumps(
        {"event": event, "timestamp": iso(timestamp), "data": data}, separators=(",", ":")
    )


def subscribed(events: list[str], event: str) -> bool:
    return ALL_EVENTS in events or event in events

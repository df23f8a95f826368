"""Render job statuses and stages, and batch statuses: the one list of each (SPEC 2.7, 2.8).

They are `StrEnum`s, so a member is the plain string stored in the database and sent in
responses (`JobStatus.PENDING == "pending"`).
"""

from __future__ import annotations

from enum import StrEnum


class JobStatus(StrEnum):
    # Created with `"render": "on_view"`: checked, poster made, nothing charged or rendered
    # until its player page is first opened (then `pending`).
    AWAITING_VIEW = "awaiting_view"
    # An awaiting_view job nobody opened within REELSMITH_ON_VIEW_EXPIRY_DAYS: never rendered
    # or charged; its poster stays (emails link it), its page says the video expired.
    EXPIRED = "expired"
    PENDING = "pending"
    PROCESSING = "processing"
    COMPLETE = "complete"
    FAILED = "failed"


# A job that still holds its credit and may yet render.
ACTIVE = (JobStatus.PENDING, JobStatus.PROCESSING)
# A job whose outcome is written.
FINISHED = (JobStatus.COMPLETE, JobStatus.FAILED)


class RenderOn(StrEnum):
    """When a job renders: at once, or on the first open of its player page."""

    NOW = "now"
    ON_VIEW = "on_view"


class JobStage(StrEnum):
    """Where a job is, in pipeline order (the worker reports each as it starts it)."""

    QUEUED = "queued"
    FETCHING_DATA = "fetching_data"
    VOICEOVER = "voiceover"
    RENDERING = "rendering"
    ENCODING = "encoding"
    UPLOADING = "uploading"
    DONE = "done"
    FAILED = "failed"


class BatchStatus(StrEnum):
    """Derived from the batch's jobs: pending -> processing -> complete | partial | failed."""

    PENDING = "pending"
    PROCESSING = "processing"
    COMPLETE = "complete"
    PARTIAL = "partial"
    FAILED = "failed"

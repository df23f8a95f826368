"""What the render services refuse, as domain errors (app/errors.py answers them)."""

from __future__ import annotations

from typing import Any

from app.errors import DomainError, Kind


class RenderError(DomainError):
    """Base of the renders domain errors."""


class InvalidRenderRequest(RenderError):
    """The request cannot be rendered as given (400): `message` names the field, the value
    and what is allowed; `details` lists each problem ({loc, msg} or batch row entries)."""

    kind = Kind.INVALID

    def __init__(self, message: str, details: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message, details=details)


class JobNotFound(RenderError):
    """Unknown job, or another account's (404). Named in the message when asked for through
    another resource's path (its engagement); the job's own paths answer without the id."""

    kind = Kind.NOT_FOUND

    def __init__(self, job_id: str, *, named: bool = False) -> None:
        super().__init__(f"Render job '{job_id}' not found" if named else "Render job not found")
        self.job_id = job_id


class BatchNotFound(RenderError):
    """Unknown batch, or another account's (404)."""

    kind = Kind.NOT_FOUND

    def __init__(self, batch_id: str) -> None:
        super().__init__("Batch not found")
        self.batch_id = batch_id


class ThumbnailTimeout(RenderError):
    """An ffmpeg step of a thumbnail took too long; nothing was stored (504)."""

    kind = Kind.TIMEOUT

    def __init__(self, what: str) -> None:
        super().__init__(
            f"Thumbnail generation timed out: the {what}; nothing was stored. "
            "Retry later or ask for a shorter durationSec"
        )


class ThumbnailFailed(RenderError):
    """ffmpeg could not cut the thumbnail (500)."""

    kind = Kind.INTERNAL
    error_code = "internal_error"

    def __init__(self, what: str) -> None:
        super().__init__(f"Thumbnail generation failed: {what}")

"""What the render services refuse, as domain errors; `routes.py` maps each to HTTP."""

from __future__ import annotations

from typing import Any


class RenderError(Exception):
    """Base of the renders domain errors."""


class InvalidRenderRequest(RenderError):
    """The request cannot be rendered as given (400): `message` names the field, the value
    and what is allowed; `details` lists each problem ({loc, msg} or batch row entries)."""

    def __init__(self, message: str, details: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or []


class TemplateNotFound(RenderError):
    """The template does not exist or the account may not see it (404)."""

    def __init__(self, template_id: str) -> None:
        super().__init__(f"Template '{template_id}'")
        self.template_id = template_id


class JobNotFound(RenderError):
    """Unknown job, or another account's (404)."""


class BatchNotFound(RenderError):
    """Unknown batch, or another account's (404)."""


class IdempotencyConflict(RenderError):
    """The Idempotency-Key was already used with another body or endpoint (409)."""


class ThumbnailTimeout(RenderError):
    """An ffmpeg step of a thumbnail took too long; nothing was stored (504)."""


class ThumbnailFailed(RenderError):
    """ffmpeg could not cut the thumbnail (500)."""

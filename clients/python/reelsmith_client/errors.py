"""Errors as exceptions: each carries the API's error code (SPEC: invalid_request,
unauthorized, insufficient_credits, forbidden, not_found, conflict, rate_limited, ...), its
message, the HTTP status and the request id (X-Request-Id, sent with every request)."""

from __future__ import annotations

from typing import Any


class ReelsmithError(Exception):
    """Base of every error this library raises."""


class ApiError(ReelsmithError):
    """The API answered an error: `code` (the body's `error`), `message`, `status`,
    `request_id`, `details` (the fields at fault) and the whole `body`."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        request_id: str | None = None,
        details: list[dict[str, Any]] | None = None,
        body: dict[str, Any] | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message} (request {request_id})")
        self.status = status
        self.code = code
        self.message = message
        self.request_id = request_id
        self.details = details or []
        self.body = body or {}
        self.retry_after = retry_after


class InvalidRequest(ApiError):
    """400: the body or query broke a rule (`details` names the fields)."""


class Unauthorized(ApiError):
    """401: no valid API key."""


class InsufficientCredits(ApiError):
    """402: not enough credits (`body["credits"]`, `body["upgradeUrl"]`)."""


class Forbidden(ApiError):
    """403: the key lacks the scope."""


class NotFound(ApiError):
    """404."""


class Conflict(ApiError):
    """409: e.g. an idempotency key reused with another body."""


class RateLimited(ApiError):
    """429 after the retries ran out; `retry_after` is the server's wait in seconds."""


class ServerError(ApiError):
    """5xx."""


BY_STATUS: dict[int, type[ApiError]] = {
    400: InvalidRequest,
    401: Unauthorized,
    402: InsufficientCredits,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    429: RateLimited,
}


class ConnectionFailed(ReelsmithError):
    """The API could not be reached (after the retries an idempotent call gets)."""


class RenderFailed(ReelsmithError):
    """`wait()` saw the render fail (or be cancelled); `render` is its last state."""

    def __init__(self, render: Any) -> None:
        super().__init__(f"render {render.id} {render.status}: {render.error}")
        self.render = render


class WaitTimeout(ReelsmithError):
    """`wait()` ran out of time; `render` is the last state seen."""

    def __init__(self, render: Any, timeout: float) -> None:
        super().__init__(f"render {render.id} still {render.status} after {timeout:g}s")
        self.render = render


def from_response(status: int, body: Any, request_id: str | None, retry_after: float | None):
    """The exception for an error answer."""
    if not isinstance(body, dict):
        body = {}
    code = str(body.get("error") or "error")
    message = str(body.get("message") or f"HTTP {status}")
    cls = BY_STATUS.get(status) or (ServerError if status >= 500 else ApiError)
    return cls(status, code, message, request_id, body.get("details"), body, retry_after)

"""One error type, one JSON body: {"success": false, "error", "message", "details"}."""

from __future__ import annotations

import logging
from typing import Any

from pydantic import ValidationError
from quart import Quart, Response, jsonify
from quart_schema import RequestSchemaValidationError
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)

STATUS_CODES = {
    400: "invalid_request",
    401: "unauthorized",
    402: "insufficient_credits",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "invalid_request",
    415: "invalid_request",
    429: "rate_limited",
    502: "upstream_failed",
}


class ApiError(Exception):
    """Raise anywhere in a request; the handler turns it into the JSON error body."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        error: str | None = None,
        details: list[dict[str, Any]] | None = None,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.error = error or STATUS_CODES.get(status, "error")
        self.message = message
        self.details = details or []
        self.headers = headers or {}
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {
            "success": False,
            "error": self.error,
            "message": self.message,
            "details": self.details,
            **self.extra,
        }


def bad_request(message: str, details: list[dict[str, Any]] | None = None) -> ApiError:
    return ApiError(400, message, details=details)


def not_found(what: str) -> ApiError:
    return ApiError(404, f"{what} not found")


def forbidden(message: str) -> ApiError:
    return ApiError(403, message)


def validation_details(exc: ValidationError) -> list[dict[str, Any]]:
    details = []
    for err in exc.errors(include_url=False):
        loc = [str(p) for p in err.get("loc", ())]
        details.append({"loc": loc, "msg": err.get("msg", "invalid"), "type": err.get("type")})
    return details


def summarize(details: list[dict[str, Any]]) -> str:
    parts = []
    for d in details[:5]:
        where = ".".join(d["loc"]) or "body"
        parts.append(f"{where}: {d['msg']}")
    more = f" (+{len(details) - 5} more)" if len(details) > 5 else ""
    return "; ".join(parts) + more


def error_response(err: ApiError) -> Response:
    resp = jsonify(err.body())
    resp.status_code = err.status
    for k, v in err.headers.items():
        resp.headers[k] = v
    return resp


def register_error_handlers(app: Quart) -> None:
    @app.errorhandler(ApiError)
    async def _api_error(err: ApiError) -> Response:
        return error_response(err)

    @app.errorhandler(RequestSchemaValidationError)
    async def _schema_error(err: RequestSchemaValidationError) -> Response:
        cause = err.validation_error
        if isinstance(cause, ValidationError):
            details = validation_details(cause)
            message = "Invalid request body: " + summarize(details)
        else:
            details = []
            message = f"Invalid request body: {cause}"
        return error_response(ApiError(400, message, details=details))

    @app.errorhandler(HTTPException)
    async def _http_error(err: HTTPException) -> Response:
        status = err.code or 500
        if status == 400:
            message = "Malformed request: the body is not valid JSON" if "JSON" in str(
                err.description
            ) else (err.description or "Bad request")
        elif status == 413:
            message = "Request body too large"
        elif status == 404:
            message = "No such endpoint"
        elif status == 405:
            message = "Method not allowed on this endpoint"
        else:
            message = err.description or err.name
        return error_response(ApiError(status, message))

    @app.errorhandler(Exception)
    async def _unexpected(err: Exception) -> Response:
        log.exception("unhandled error")
        return error_response(ApiError(500, "Internal server error", error="internal_error"))

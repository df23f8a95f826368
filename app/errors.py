"""One error mechanism, one JSON body: {"success": false, "error", "message", "details"}.

Services raise a `DomainError` whose `kind` says what went wrong (invalid, not found,
conflict, forbidden, rate limited, upstream, ...); the one handler registered on the app
(`register_error_handlers`) answers any of them with the status of its kind and the SPEC's error
body. The HTTP layer (routes, the auth and rate-limit decorators, the handler) may raise
`ApiError` with a status of its own."""

from __future__ import annotations

import logging
import socket
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, Field, ValidationError
from quart import Quart, Request, Response, current_app, jsonify, request
from quart_schema import RequestSchemaValidationError
from quart_schema.validation import QuerystringValidationError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException

if TYPE_CHECKING:
    from app.config import Settings

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
    422: "invalid_request",
    429: "rate_limited",
    502: "upstream_failed",
    503: "service_unavailable",
    504: "timeout",
}


class Kind(StrEnum):
    """What went wrong, in the words of the domain; `KIND_STATUS` is its HTTP answer."""

    INVALID = "invalid"
    UNAUTHORIZED = "unauthorized"
    PAYMENT_REQUIRED = "payment_required"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    CONFLICT = "conflict"
    UNPROCESSABLE = "unprocessable"
    RATE_LIMITED = "rate_limited"
    UPSTREAM = "upstream"
    TIMEOUT = "timeout"
    UNAVAILABLE = "unavailable"  # a dependency (database, Redis) is not answering now
    INTERNAL = "internal"


KIND_STATUS: dict[Kind, int] = {
    Kind.INVALID: 400,
    Kind.UNAUTHORIZED: 401,
    Kind.PAYMENT_REQUIRED: 402,
    Kind.FORBIDDEN: 403,
    Kind.NOT_FOUND: 404,
    Kind.CONFLICT: 409,
    Kind.UNPROCESSABLE: 422,
    Kind.RATE_LIMITED: 429,
    Kind.UPSTREAM: 502,
    Kind.TIMEOUT: 504,
    Kind.UNAVAILABLE: 503,
    Kind.INTERNAL: 500,
}


class ErrorDetail(BaseModel):
    loc: list[str] = Field(description="Where: field path in the body or query")
    msg: str
    type: str | None = None


class ErrorBody(BaseModel):
    """The body of every error response."""

    success: bool = False
    error: str = Field(description="Stable code, e.g. invalid_request, unauthorized, forbidden")
    message: str = Field(description="What was wrong and what is allowed")
    details: list[ErrorDetail] = Field(default_factory=list)


class CreditsErrorBody(ErrorBody):
    credits: int = Field(description="Current credit balance")
    upgradeUrl: str


class DomainError(Exception):
    """Base of every domain's exceptions: a subclass sets its `kind` (and a stable
    `error_code` when the status's default does not fit); `message` names what was wrong and
    what is allowed, `details` the fields ({loc, msg, type}), `extra` more keys of the body."""

    kind: ClassVar[Kind] = Kind.INVALID
    error_code: ClassVar[str | None] = None

    def __init__(
        self,
        message: str,
        *,
        details: list[dict[str, Any]] | None = None,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or []
        self.headers = headers or {}
        self.extra = extra

    @property
    def status(self) -> int:
        return KIND_STATUS[self.kind]

    @property
    def error(self) -> str:
        return self.error_code or STATUS_CODES.get(self.status, "error")

    def body(self, settings: Settings | None = None) -> dict[str, Any]:
        """The SPEC's error body (`settings`: for an error that points somewhere, e.g. the
        upgrade URL of a 402)."""
        return {
            "success": False,
            "error": self.error,
            "message": self.message,
            "details": self.details,
            **self.extra,
        }


class ApiError(DomainError):
    """An answer the HTTP layer decides itself (routes, the auth and rate-limit decorators,
    the handler): the status is given rather than a kind."""

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
        super().__init__(message, details=details, headers=headers, **extra)
        self._status = status
        self._error = error

    @property
    def status(self) -> int:
        return self._status

    @property
    def error(self) -> str:
        return self._error or STATUS_CODES.get(self._status, "error")


# Seconds a client is told to wait (Retry-After) while a dependency is down: about what a
# restart of PostgreSQL or Redis takes.
RETRY_AFTER_S = 5
# Connection failures of asyncpg (matched by name: the driver is optional beside SQLite).
_ASYNCPG_DOWN = {
    "PostgresConnectionError",  # ConnectionDoesNotExistError, ConnectionFailureError, ...
    "CannotConnectNowError",  # the database system is starting up / shutting down
    "AdminShutdownError",  # terminating connection due to administrator command
    "CrashShutdownError",
    "TooManyConnectionsError",
    "InterfaceError",  # "connection is closed", "cannot perform operation: ... closed"
}


class DependencyUnavailable(DomainError):
    """A service the request needs (the database, Redis) is not answering: 503 with
    Retry-After, so clients wait and try again instead of seeing a 500."""

    kind = Kind.UNAVAILABLE

    def __init__(self, dependency: str) -> None:
        super().__init__(
            f"The {dependency} is not answering right now; nothing was changed by this request "
            f"unless it says otherwise. Try again in {RETRY_AFTER_S} s.",
            headers={"Retry-After": str(RETRY_AFTER_S)},
        )


def dependency_down(exc: BaseException) -> str | None:
    """Which dependency an exception says is down ("database", "queue (Redis)"), from the
    drivers' connection errors anywhere in its chain (cause, context, a DBAPI error's
    `orig`); None when it is something else."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    found: str | None = None
    while todo:
        err = todo.pop()
        if err is None or id(err) in seen:
            continue
        seen.add(id(err))
        if isinstance(err, RedisConnectionError | RedisTimeoutError):
            return "queue (Redis)"
        if isinstance(err, DBAPIError) and err.connection_invalidated:
            return "database"
        module = type(err).__module__
        if module.startswith("asyncpg") and any(
            c.__name__ in _ASYNCPG_DOWN for c in type(err).__mro__
        ):
            return "database"
        if isinstance(err, ConnectionError | socket.gaierror) and found is None:
            found = _raised_by(err)  # a refused socket: whose driver tried to connect
        todo.extend([err.__cause__, err.__context__, getattr(err, "orig", None)])
    return found


def _raised_by(err: BaseException) -> str | None:
    """The dependency whose driver a bare socket error came through (asyncpg raises the
    OSError of a refused connect as it is), from the modules of its traceback."""
    tb = err.__traceback__
    while tb is not None:
        module = str(tb.tb_frame.f_globals.get("__name__", ""))
        if module.startswith(("asyncpg", "sqlalchemy", "aiosqlite")):
            return "database"
        if module.startswith("redis"):
            return "queue (Redis)"
        tb = tb.tb_next
    return None


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


def _json_problem(error: Exception) -> str:
    """What was wrong with a JSON body, in words a client can act on."""
    if isinstance(error, UnicodeDecodeError):
        return f"not valid UTF-8 (byte 0x{error.object[error.start]:02x} at offset {error.start})"
    if isinstance(error, RecursionError):
        return "nested too deeply"
    return str(error)


class ApiRequest(Request):
    """Request whose JSON parse failures become a 400 that says what is wrong."""

    async def get_json(self, force: bool = False, silent: bool = False, cache: bool = True) -> Any:
        # Quart decodes the body as UTF-8 before its ValueError guard, and json.loads raises
        # RecursionError on deep nesting: both would otherwise surface as a 500.
        try:
            return await super().get_json(force=force, silent=silent, cache=cache)
        except (UnicodeDecodeError, RecursionError, ValueError) as error:
            if silent:
                return None
            return self.on_json_loading_failed(error)

    def on_json_loading_failed(self, error: Exception) -> Any:
        problem = _json_problem(error)
        raise ApiError(
            400,
            f"Malformed JSON body: {problem}. "
            "Send a UTF-8 JSON object with Content-Type: application/json",
            details=[{"loc": ["body"], "msg": problem, "type": "json_invalid"}],
        )


def _body_too_large() -> ApiError:
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    return ApiError(
        400,
        f"Request body too large: the limit is {limit} bytes (REELSMITH_MAX_BODY_BYTES)",
        details=[{"loc": ["body"], "msg": "too large", "type": "too_large"}],
    )


def _schema_message(details: list[dict[str, Any]], where: str) -> str:
    if where == "body" and any(not d["loc"] for d in details):
        if request.mimetype and not request.is_json:
            return "Request body must be JSON: send it with Content-Type: application/json"
        return "Request body must be a JSON object"
    return f"Invalid request {where}: " + summarize(details)


def error_response(err: DomainError) -> Response:
    """The JSON answer to any domain error: its kind's status, the SPEC's body, its headers."""
    resp = jsonify(err.body(current_app.config.get("REELSMITH_SETTINGS")))
    resp.status_code = err.status
    for k, v in err.headers.items():
        resp.headers[k] = v
    return resp


def framework_error(err: HTTPException) -> ApiError:
    """The JSON error for an HTTP error Quart raised itself (no route, wrong method, bad body)."""
    status = err.code or 500
    if status == 413:
        return _body_too_large()
    if status == 415:
        status, message = 400, "Unsupported body: send JSON with Content-Type: application/json"
    elif status == 400:
        message = "Malformed request: " + (err.description or "bad request")
    elif status == 404:
        message = "No such endpoint"
    elif status == 405:
        allowed = sorted(set(getattr(err, "valid_methods", None) or ()) - {"HEAD", "OPTIONS"})
        message = "Method not allowed on this endpoint" + (
            f"; allowed: {', '.join(allowed)}" if allowed else ""
        )
    else:
        message = err.description or err.name
    return ApiError(status, message)


def register_error_handlers(app: Quart) -> None:
    @app.errorhandler(DomainError)
    async def _domain_error(err: DomainError) -> Response:
        return error_response(err)

    @app.errorhandler(RequestSchemaValidationError)
    async def _schema_error(err: RequestSchemaValidationError) -> Response:
        cause = err.validation_error
        where = "query parameters" if isinstance(err, QuerystringValidationError) else "body"
        if isinstance(cause, ValidationError):
            details = validation_details(cause)
            message = _schema_message(details, where)
        elif isinstance(cause, DomainError):
            return error_response(cause)
        else:
            details = []
            message = f"Invalid request {where}: {cause}"
        return error_response(ApiError(400, message, details=details))

    @app.errorhandler(HTTPException)
    async def _http_error(err: HTTPException) -> Response:
        return error_response(framework_error(err))

    @app.errorhandler(Exception)
    async def _unexpected(err: Exception) -> Response:
        down = dependency_down(err)
        if down is not None:
            log.warning("%s unavailable: %s: %s", down, err.__class__.__name__, err)
            return error_response(DependencyUnavailable(down))
        log.exception("unhandled error")
        return error_response(ApiError(500, "Internal server error", error="internal_error"))

"""Which exceptions say a dependency is down (answered 503 with Retry-After, not 500)."""

from __future__ import annotations

from redis.exceptions import ConnectionError as RedisConnectionError
from sqlalchemy.exc import OperationalError

from app.errors import DependencyUnavailable, dependency_down


def raised(exc: BaseException, cause: BaseException | None = None) -> BaseException:
    try:
        raise exc from cause
    except BaseException as caught:
        return caught


def test_driver_connection_errors_name_their_dependency():
    assert dependency_down(RedisConnectionError("Error 111")) == "queue (Redis)"
    invalidated = OperationalError(
        "SELECT 1", {}, ConnectionResetError(), connection_invalidated=True
    )
    assert dependency_down(invalidated) == "database"
    wrapped = raised(RuntimeError("outer"), RedisConnectionError("gone"))
    assert dependency_down(wrapped) == "queue (Redis)"


def test_other_errors_are_not_an_outage():
    assert dependency_down(ValueError("bad")) is None
    # a refused socket raised outside the drivers (e.g. an outbound call) is not the database
    assert dependency_down(raised(ConnectionRefusedError(111, "refused"))) is None
    assert dependency_down(OperationalError("SELECT 1", {}, Exception("locked"))) is None


def test_the_answer_is_503_with_retry_after():
    err = DependencyUnavailable("database")
    assert err.status == 503 and err.error == "service_unavailable"
    assert int(err.headers["Retry-After"]) > 0

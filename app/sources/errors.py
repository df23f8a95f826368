"""Typed failures of outside data sources (502 where a request waits on them)."""

from __future__ import annotations

from app.errors import ApiError


class SourceUnavailable(Exception):
    """The source did not answer usefully (down, timeout, bad status, bad JSON, bad token)."""

    status = 502

    def __init__(self, source: str, message: str) -> None:
        super().__init__(f"{source}: {message}")
        self.source = source

    def to_api_error(self) -> ApiError:
        """The error a waiting request answers with (SPEC 7: 502 external source failed)."""
        return ApiError(502, str(self), error="upstream_failed", source=self.source)


class SourceNotFound(SourceUnavailable):
    """The source answered, but knows no record with that id."""

"""Typed failures of outside data sources (SPEC 7: 502 where a request waits on them)."""

from __future__ import annotations

from app.errors import DomainError, Kind


class SourceUnavailable(DomainError):
    """The source did not answer usefully (down, timeout, bad status, bad JSON, bad token)."""

    kind = Kind.UPSTREAM

    def __init__(self, source: str, message: str) -> None:
        super().__init__(f"{source}: {message}", source=source)
        self.source = source


class SourceNotFound(SourceUnavailable):
    """The source answered, but knows no record with that id."""

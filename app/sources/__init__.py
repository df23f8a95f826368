"""Clients for outside data sources that built-in templates fill themselves from.

One small module per source; each returns plain data fields keyed as the template's
data slots expect, and raises SourceUnavailable with a readable message when it cannot.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.config import Settings
from app.sources.errors import SourceNotFound, SourceUnavailable
from app.sources.hardcover import fetch_author as fetch_hardcover_author
from app.sources.openalex import fetch_author

__all__ = ["SourceNotFound", "SourceUnavailable", "fetch_source_data", "SOURCE_KINDS"]

SOURCE_KINDS = ("openalex", "hardcover")


async def fetch_source_data(kind: str, key_value: Any, settings: Settings) -> dict[str, Any]:
    """Fields from the named source for one recipient (e.g. kind="openalex", an authorId)."""
    if kind == "openalex":
        return await fetch_author(str(key_value), settings)
    if kind == "hardcover":
        return await fetch_hardcover_author(str(key_value), settings)
    raise ValueError(f"unknown data source {kind!r}; known: {', '.join(SOURCE_KINDS)}")


def merge_source_data(data: Mapping[str, Any], fetched: Mapping[str, Any]) -> dict[str, Any]:
    """The recipient's data with fetched fields filled in; values the caller gave win."""
    merged = dict(fetched)
    merged.update({k: v for k, v in data.items() if v is not None and v != ""})
    return merged

"""What the analytics services refuse, as domain errors; `routes.py` maps each to HTTP."""

from __future__ import annotations


class AnalyticsError(Exception):
    """Base of the analytics domain errors."""


class CampaignNotFound(AnalyticsError):
    """Unknown batch, or another account's (404)."""


class VideoNotFound(AnalyticsError):
    """Unknown render job, or another account's (404)."""


class BadCursor(AnalyticsError):
    """A recipients `cursor` that is not a value this API returned (400)."""

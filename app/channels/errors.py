"""How a channel send failed: worth retrying, or not."""

from __future__ import annotations


class TransientFailure(Exception):
    """May work later (SMTP 4xx, timeouts, refused connections, HTTP 429/5xx): retried."""


class PermanentFailure(Exception):
    """Will not work as given (SMTP 5xx, HTTP 4xx, no provider configured): not retried."""

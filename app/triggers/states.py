"""Execution statuses (one source of truth)."""

from __future__ import annotations

from typing import Final

MATCHED: Final = "matched"  # render created, not finished yet
THROTTLED: Final = "throttled"
ERROR: Final = "error"
UNSUBSCRIBED: Final = "unsubscribed"
RENDER_FAILED: Final = "render_failed"
RENDERED: Final = "rendered"  # render complete, delivery due (or waiting to retry)
SENDING: Final = "sending"  # one worker holds the delivery
DELIVERED: Final = "delivered"
DELIVERY_FAILED: Final = "delivery_failed"

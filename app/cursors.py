"""Page cursors: the opaque `nextCursor` strings list endpoints hand out and read back."""

from __future__ import annotations

import base64

from app.errors import DomainError, Kind


class BadCursor(DomainError):
    """A `cursor` that is not a value this API returned (400)."""

    kind = Kind.INVALID

    def __init__(self, cursor: str) -> None:
        super().__init__(
            "Invalid cursor: pass the nextCursor value from a previous page unchanged",
            details=[{"loc": ["cursor"], "msg": "not a cursor of this API", "type": "value_error"}],
        )
        self.cursor = cursor


def encode_cursor(raw: str) -> str:
    """`raw` (where the next page starts) as an opaque URL-safe string."""
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> str:
    """What encode_cursor was given; BadCursor for anything it did not make."""
    try:
        return base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadCursor(cursor) from exc

"""What the viewers services refuse, as domain errors; `routes.py` maps each to HTTP."""

from __future__ import annotations


class ViewerError(Exception):
    """Base of the viewers domain errors."""


class VideoNotFound(ViewerError):
    """No playable video under this id: unknown, not (yet) complete, or failed (404)."""


class VideoDeleted(ViewerError):
    """The video existed and was deleted (410 on pages, 404 on the beacon)."""


class InvalidBeacon(ViewerError):
    """A beacon that cannot be counted as sent (400): `message` names field, value and limit."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

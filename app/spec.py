"""The SPEC's enumerations, in one place. Everything else imports from here."""

from __future__ import annotations

from typing import Final, Literal, get_args

Tier = Literal["free", "studio", "enterprise"]
TIERS: Final[tuple[Tier, ...]] = get_args(Tier)
TIER_RANK = {"free": 0, "studio": 1, "enterprise": 2}

Visibility = Literal["private", "unlisted", "public"]

PrimitiveCategory = Literal[
    "Text",
    "Data Viz",
    "Gamification",
    "Comparison",
    "Media",
    "Engagement",
    "Narrative",
    "People",
    "Branding",
]
PRIMITIVE_CATEGORIES: Final[tuple[PrimitiveCategory, ...]] = get_args(PrimitiveCategory)
PrimitiveStatus = Literal["production", "beta", "draft"]
PRIMITIVE_STATUSES: Final[tuple[PrimitiveStatus, ...]] = get_args(PrimitiveStatus)

SkipOp = Literal[">=", "<=", ">", "<", "==", "!=", "exists", "not_exists"]
SKIP_OPS: Final[tuple[SkipOp, ...]] = get_args(SkipOp)

SlotType = Literal["text", "number", "email", "date", "url", "country_code", "array", "object"]

Resolution = Literal["720p", "1080p", "4k"]
RESOLUTIONS: Final[dict[str, tuple[int, int]]] = {
    "720p": (1280, 720),
    "1080p": (1920, 1080),
    "4k": (3840, 2160),
}
# The composition is laid out at 1280x720 CSS px; each resolution is that page captured at a
# device scale factor (previews and renders alike).
DEVICE_SCALE: Final[dict[str, float]] = {"720p": 1.0, "1080p": 1.5, "4k": 3.0}
FPS_VALUES = (30, 60)

TRANSITIONS = ("cut", "fade", "slide", "wipe", "zoom")

# voiceId -> minimum tier
VOICES = {
    "en-GB-RyanNeural": "free",
    "en-US-GuyNeural": "free",
    "en-US-JennyNeural": "free",
    "en-GB-SoniaNeural": "free",
    "vendor-custom": "studio",
}

LANGUAGES = {
    "en": "English",
    "en-GB": "English (United Kingdom)",
    "es": "Spanish",
    "fr": "French",
    "de": "German",
    "pt": "Portuguese",
    "ja": "Japanese",
    "ko": "Korean",
    "zh": "Chinese",
    "ar": "Arabic",
    "hi": "Hindi",
    "it": "Italian",
    "nl": "Dutch",
    "pl": "Polish",
    "ru": "Russian",
    "tr": "Turkish",
    "th": "Thai",
    "vi": "Vietnamese",
    "sv": "Swedish",
}

"""The SPEC's enumerations, in one place. Everything else imports from here."""

from __future__ import annotations

from typing import Literal

TIERS = ("free", "studio", "enterprise")
Tier = Literal["free", "studio", "enterprise"]
TIER_RANK = {"free": 0, "studio": 1, "enterprise": 2}

VISIBILITIES = ("private", "unlisted", "public")
Visibility = Literal["private", "unlisted", "public"]

PRIMITIVE_CATEGORIES = (
    "Text",
    "Data Viz",
    "Gamification",
    "Comparison",
    "Media",
    "Engagement",
    "Narrative",
    "People",
    "Branding",
)
PRIMITIVE_STATUSES = ("production", "beta", "draft")

SKIP_OPS = (">=", "<=", ">", "<", "==", "!=", "exists", "not_exists")
SkipOp = Literal[">=", "<=", ">", "<", "==", "!=", "exists", "not_exists"]

SLOT_TYPES = ("text", "number", "email", "date", "url", "country_code", "array", "object")
SlotType = Literal["text", "number", "email", "date", "url", "country_code", "array", "object"]

RESOLUTIONS = {"720p": (1280, 720), "1080p": (1920, 1080), "4k": (3840, 2160)}
Resolution = Literal["720p", "1080p", "4k"]
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

TRACK_EVENTS = (
    "page_view",
    "email_opened",
    "video_started",
    "video_25",
    "video_50",
    "video_75",
    "video_completed",
    "video_replayed",
    "shared",
    "downloaded",
    "scene_entered",
    "remix_started",
    "remix_completed",
    "remix_shared",
)

WEBHOOK_EVENTS = (
    "render.complete",
    "render.failed",
    "batch.complete",
    "batch.progress",
    "test.event",
)
TONES = ("professional", "celebratory", "casual", "inspirational")
TRIGGER_EVENT_TYPES = ("milestone", "date", "threshold", "segment")
TRIGGER_CHANNELS = ("email", "sms", "webhook")

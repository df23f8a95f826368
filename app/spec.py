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

# Shapes (output.aspectRatio). The resolution names the short side (720p 9:16 = 720x1280); the
# page is laid out with a 720 CSS px short side and captured at DEVICE_SCALE.
AspectRatio = Literal["16:9", "9:16", "1:1", "4:5"]
ASPECT_RATIOS: Final[tuple[AspectRatio, ...]] = get_args(AspectRatio)
DEFAULT_ASPECT_RATIO: Final[AspectRatio] = "16:9"
LAYOUT_SIZES: Final[dict[str, tuple[int, int]]] = {
    "16:9": (1280, 720),
    "9:16": (720, 1280),
    "1:1": (720, 720),
    "4:5": (720, 900),
}


# Formats (output.format): the file a render delivers. mp4 is SPEC's.
OutputFormat = Literal["mp4", "webm", "gif", "png"]
OUTPUT_FORMATS: Final[tuple[OutputFormat, ...]] = get_args(OutputFormat)
DEFAULT_FORMAT: Final[OutputFormat] = "mp4"
GIF_MAX_FPS: Final = 15
GIF_LONG_SIDE: Final = 640  # px, the GIF's long side at most (smaller frames stay as they are)


def layout_size(aspect_ratio: str | None = None) -> tuple[int, int]:
    """The composition's layout size in CSS px for a shape (width, height)."""
    return LAYOUT_SIZES[aspect_ratio or DEFAULT_ASPECT_RATIO]


def frame_size(resolution: str, aspect_ratio: str | None = None) -> tuple[int, int]:
    """The video's frame size in pixels (width, height): the layout size at the resolution's
    device scale (1080p 1:1 = 1080x1080, 4k 9:16 = 2160x3840)."""
    scale = DEVICE_SCALE[resolution]
    width, height = layout_size(aspect_ratio)
    return round(width * scale), round(height * scale)


def frame_pixels(resolution: str, aspect_ratio: str | None = None) -> int:
    width, height = frame_size(resolution, aspect_ratio)
    return width * height


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

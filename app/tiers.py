"""The tiers' allowances: what one account may ask per tier, as defaults that settings override
(REELSMITH_TIERS__<TIER>__<FIELD>; app/config.py) and app/limits.py checks."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class TierLimits(BaseModel):
    """Per-tier allowances; override one field e.g. REELSMITH_TIERS__STUDIO__BATCH_MAX=200.
    Lists take JSON: REELSMITH_TIERS__STUDIO__RESOLUTIONS='["720p","1080p","4k"]'.
    The render limits are checked by app/limits.py (docs/api/limits.md)."""

    batch_max: int
    prompt_builder_daily: int
    signup_credits: int
    # Render cost: one credit buys at most this much work.
    max_video_s: int = Field(gt=0)  # total video length, estimated before and measured after speech
    max_scenes: int = Field(gt=0)  # scenes per template
    max_data_slots: int = Field(gt=0)  # data slots per template
    max_vo_script_chars: int = Field(gt=0)  # one voScript, after [variable] substitution
    max_text_chars: int = Field(gt=0)  # any sceneData string after [variable] substitution
    max_data_string_chars: int = Field(gt=0)  # any string in data, sceneData, slot defaults
    max_page_bytes: int = Field(gt=0)  # scene props of the composed page, after substitution
    resolutions: list[str]
    fps: list[int]
    # output.format gif: the longest clip (its range, or the whole video), in seconds.
    max_gif_s: int = Field(default=15, gt=0)


DEFAULT_TIERS: dict[str, dict[str, Any]] = {
    "free": {
        "batch_max": 10,
        "prompt_builder_daily": 5,
        "signup_credits": 10,
        "max_video_s": 60,
        "max_scenes": 10,
        "max_data_slots": 20,
        "max_vo_script_chars": 1_000,
        "max_text_chars": 20_000,
        "max_data_string_chars": 5_000,
        "max_page_bytes": 2 * 1024 * 1024,
        "resolutions": ["720p", "1080p"],
        "fps": [30],
        "max_gif_s": 10,
    },
    "studio": {
        "batch_max": 100,
        "prompt_builder_daily": 50,
        "signup_credits": 500,
        "max_video_s": 600,
        "max_scenes": 25,
        "max_data_slots": 50,
        "max_vo_script_chars": 5_000,
        "max_text_chars": 20_000,
        "max_data_string_chars": 10_000,
        "max_page_bytes": 2 * 1024 * 1024,
        "resolutions": ["720p", "1080p"],
        "fps": [30, 60],
        "max_gif_s": 15,
    },
    "enterprise": {
        "batch_max": 1000,
        "prompt_builder_daily": 500,
        "signup_credits": 5000,
        "max_video_s": 1800,
        "max_scenes": 60,
        "max_data_slots": 100,
        "max_vo_script_chars": 10_000,
        "max_text_chars": 50_000,
        "max_data_string_chars": 20_000,
        "max_page_bytes": 2 * 1024 * 1024,
        "resolutions": ["720p", "1080p", "4k"],
        "fps": [30, 60],
        "max_gif_s": 30,
    },
}


def default_tiers() -> dict[str, TierLimits]:
    return {name: TierLimits(**limits) for name, limits in DEFAULT_TIERS.items()}

"""Request-time audio checks: voice tier and configuration, music track, volume, language.

Speaking happens in the worker (worker.voices)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.config import Settings
from app.spec import TIER_RANK, VOICES
from app.voices.catalog import VENDOR_VOICE, language_support
from app.voices.errors import AudioRefused, VoiceNotAllowed
from app.voices.music import check_music_track


def check_vendor_voice(tier: str, settings: Settings) -> None:
    """VoiceNotAllowed below Studio; AudioRefused when the operator has not configured a vendor
    endpoint."""
    needed = VOICES[VENDOR_VOICE]
    if TIER_RANK.get(tier, 0) < TIER_RANK[needed]:
        raise VoiceNotAllowed(
            f"The voice '{VENDOR_VOICE}' (bring-your-own voice) needs the {needed} tier or "
            f"above; this account is {tier}",
        )
    if not settings.vendor_tts_url:
        raise AudioRefused(
            f"audio.voiceId: '{VENDOR_VOICE}' is not configured on this server "
            "(the operator sets REELSMITH_VENDOR_TTS_URL); choose one of "
            + ", ".join(v for v in VOICES if v != VENDOR_VOICE)
        )


def check_audio_request(
    audio: Mapping[str, Any], tier: str, settings: Settings, language: str | None = None
) -> None:
    """Request-time checks of the `audio` object: voice tier/config, music track, volume, and
    (when `language` is given) that this server can speak the language."""
    voice_id = audio.get("voiceId")
    if voice_id is not None and voice_id not in VOICES:
        raise AudioRefused(
            f"audio.voiceId: unknown voice '{voice_id}'; allowed: {', '.join(VOICES)}"
        )
    if voice_id == VENDOR_VOICE and audio.get("includeVoiceover", True):
        check_vendor_voice(tier, settings)
    volume = audio.get("musicVolume")
    if volume is not None and not 0.0 <= float(volume) <= 1.0:
        raise AudioRefused(f"audio.musicVolume: {volume} is out of range; allowed 0.0 to 1.0")
    check_music_track(audio.get("musicTrack"))
    speaks = audio.get("includeVoiceover") and voice_id != VENDOR_VOICE
    if language is not None and speaks:
        support = language_support(language, online=settings.edge_tts_enabled)
        if not support["voice"]:
            raise AudioRefused(f"output.language: no voiceover in '{language}': {support['note']}")

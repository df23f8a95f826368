"""Choose the engine for a voice id and language, cache, fall back; request-time audio checks."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from app.config import Settings
from app.errors import ApiError, bad_request
from app.spec import LANGUAGES, TIER_RANK, VOICES
from app.voices.cache import VoiceCache
from app.voices.catalog import (
    VENDOR_VOICE,
    EngineVoice,
    edge_voice,
    espeak_voice,
    offline_voice,
)
from app.voices.engines import (
    EngineUnavailable,
    LanguageNotSpoken,
    Synthesis,
    VoiceEngine,
    VoiceError,
)

log = logging.getLogger(__name__)


def cache_dir(settings: Settings) -> Path:
    return Path(settings.media_dir) / "cache" / "voices"


def check_vendor_voice(tier: str, settings: Settings) -> None:
    """403 below Studio; 400 when the operator has not configured a vendor endpoint."""
    needed = VOICES[VENDOR_VOICE]
    if TIER_RANK.get(tier, 0) < TIER_RANK[needed]:
        raise ApiError(
            403,
            f"The voice '{VENDOR_VOICE}' (bring-your-own voice) needs the {needed} tier or "
            f"above; this account is {tier}",
        )
    if not settings.vendor_tts_url:
        raise bad_request(
            f"audio.voiceId: '{VENDOR_VOICE}' is not configured on this server "
            "(the operator sets REELSMITH_VENDOR_TTS_URL); choose one of "
            + ", ".join(v for v in VOICES if v != VENDOR_VOICE)
        )


def check_audio_request(
    audio: Mapping[str, Any], tier: str, settings: Settings, language: str | None = None
) -> None:
    """Request-time checks of the `audio` object: voice tier/config, music track, volume, and
    (when `language` is given) that this server can speak the language."""
    from app.voices.catalog import language_support
    from app.voices.music import check_music_track

    voice_id = audio.get("voiceId")
    if voice_id is not None and voice_id not in VOICES:
        raise bad_request(
            f"audio.voiceId: unknown voice '{voice_id}'; allowed: {', '.join(VOICES)}"
        )
    if voice_id == VENDOR_VOICE and audio.get("includeVoiceover", True):
        check_vendor_voice(tier, settings)
    volume = audio.get("musicVolume")
    if volume is not None and not 0.0 <= float(volume) <= 1.0:
        raise bad_request(f"audio.musicVolume: {volume} is out of range; allowed 0.0 to 1.0")
    check_music_track(audio.get("musicTrack"))
    speaks = audio.get("includeVoiceover") and voice_id != VENDOR_VOICE
    if language is not None and speaks:
        support = language_support(language, online=settings.edge_tts_enabled)
        if not support["voice"]:
            raise bad_request(f"output.language: no voiceover in '{language}': {support['note']}")


class VoiceService:
    """Speaks scripts: picks the engine, uses the cache, falls back offline when needed."""

    def __init__(self, settings: Settings, engines: dict[str, VoiceEngine] | None = None) -> None:
        self.settings = settings
        self.cache = VoiceCache(cache_dir(settings))
        self._engines: dict[str, VoiceEngine] = dict(engines or {})

    def engine(self, name: str) -> VoiceEngine:
        """The engine by name, created on first use."""
        if name not in self._engines:
            self._engines[name] = self._make(name)
        return self._engines[name]

    def _make(self, name: str) -> VoiceEngine:
        scratch = self.cache.scratch
        if name == "piper":
            from app.voices.piper_engine import PiperEngine

            return PiperEngine(scratch)
        if name == "espeak-ng":
            from app.voices.espeak import EspeakEngine

            return EspeakEngine(scratch)
        if name == "edge-tts":
            from app.voices.edge import EdgeEngine

            return EdgeEngine(scratch, timeout_s=self.settings.external_timeout_s * 3)
        if name == "vendor-custom":
            from app.voices.vendor import VendorEngine

            if not self.settings.vendor_tts_url:
                raise VoiceError("vendor-custom voice is not configured (REELSMITH_VENDOR_TTS_URL)")
            return VendorEngine(
                scratch,
                self.settings.vendor_tts_url,
                self.settings.vendor_tts_token,
                self.settings.external_timeout_s * 3,
            )
        raise VoiceError(f"unknown voice engine {name!r}")

    def speak(
        self, text: str, voice_id: str | None, language: str, tier: str = "free"
    ) -> Synthesis:
        """Synthesize (or reuse) the script; the result's `engine` says who spoke."""
        if language not in LANGUAGES:
            raise VoiceError(f"unknown language {language!r}; supported: {', '.join(LANGUAGES)}")
        if not text.strip():
            raise VoiceError("the voiceover script is empty after substitution")
        reasons = []
        for choice in self.candidates(voice_id, language, tier):
            try:
                return self._speak_with(choice, text, language)
            except EngineUnavailable as exc:
                reasons.append(str(exc))
                log.warning("voice engine %s unavailable, falling back: %s", choice.engine, exc)
            except LanguageNotSpoken:
                raise
            except VoiceError as exc:
                if choice.engine != "piper":
                    raise
                log.warning("Piper failed, falling back to espeak-ng: %s", exc)
        raise VoiceError(f"no voice engine could speak {language!r}: {'; '.join(reasons)}")

    def candidates(self, voice_id: str | None, language: str, tier: str) -> list[EngineVoice]:
        """Engines to try, best first."""
        if voice_id == VENDOR_VOICE:
            try:
                check_vendor_voice(tier, self.settings)
            except ApiError as exc:
                raise VoiceError(exc.message, code="voice_not_allowed") from exc
            return [EngineVoice("vendor-custom", VENDOR_VOICE)]
        out = []
        if self.settings.edge_tts_enabled:
            out.append(edge_voice(voice_id, language))
        out.append(offline_voice(voice_id, language))
        fallback = espeak_voice(voice_id, language)
        if fallback not in out:
            out.append(fallback)
        return out

    def _speak_with(self, choice: EngineVoice, text: str, language: str) -> Synthesis:
        return self.cache.get_or_make(
            choice.engine,
            choice.voice,
            language,
            text,
            lambda: self.engine(choice.engine).synthesize(text, choice.voice, language),
        )

"""Which engine and voice speaks each SPEC voice id in each SPEC language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from app.spec import LANGUAGES, VOICES

Gender = Literal["male", "female"]
VENDOR_VOICE = "vendor-custom"


@dataclass(frozen=True)
class VoiceProfile:
    """What a SPEC voice id sounds like: accent and gender."""

    voice_id: str
    accent: str  # en-US or en-GB
    gender: Gender


PROFILES = {
    "en-GB-RyanNeural": VoiceProfile("en-GB-RyanNeural", "en-GB", "male"),
    "en-US-GuyNeural": VoiceProfile("en-US-GuyNeural", "en-US", "male"),
    "en-US-JennyNeural": VoiceProfile("en-US-JennyNeural", "en-US", "female"),
    "en-GB-SoniaNeural": VoiceProfile("en-GB-SoniaNeural", "en-GB", "female"),
}
DEFAULT_VOICE = "en-US-GuyNeural"

# The bundled neural voice (Piper `joe`) is US English, male.
PIPER_VOICE = "joe"
PIPER_GENDER: Gender = "male"

# SPEC language -> espeak-ng voice file name (espeak-ng 1.51; `en` is British English)
ESPEAK_VOICES = {
    "en": "en-US", "en-GB": "en", "es": "es", "fr": "fr", "de": "de", "pt": "pt-BR",
    "ja": "ja", "ko": "ko", "zh": "cmn", "ar": "ar", "hi": "hi", "it": "it", "nl": "nl",
    "pl": "pl", "ru": "ru", "tr": "tr", "th": "th", "vi": "vi", "sv": "sv",
}  # fmt: skip
ESPEAK_FEMALE_VARIANT = "+f3"

# Languages espeak-ng 1.51 does not speak acceptably: offline synthesis refuses them.
ESPEAK_BAD_LANGUAGES = {
    "ja": "espeak-ng reads only kana: kanji come out as letter names, so Japanese scripts "
    "are not spoken offline. Enable the online engine (REELSMITH_EDGE_TTS_ENABLED=true).",
    "zh": "espeak-ng's Mandarin voice has no tone sandhi or word segmentation and is hard to "
    "understand, so Chinese is not spoken offline. Enable the online engine "
    "(REELSMITH_EDGE_TTS_ENABLED=true).",
    "th": "espeak-ng does not segment Thai words (Thai is written without spaces), so Thai is "
    "not spoken offline. Enable the online engine (REELSMITH_EDGE_TTS_ENABLED=true).",
}
# Spoken offline, with a caveat worth knowing.
ESPEAK_NOTES = {
    "ar": "Robotic espeak-ng voice; unvocalised Arabic may be mispronounced.",
    "hi": "Robotic espeak-ng voice.",
    "ko": "Robotic espeak-ng voice.",
    "vi": "Robotic espeak-ng voice (Northern accent).",
    "pt": "Brazilian Portuguese pronunciation.",
}

# SPEC language -> (male, female) Edge neural voice used by the online engine
EDGE_VOICES = {
    "es": ("es-ES-AlvaroNeural", "es-ES-ElviraNeural"),
    "fr": ("fr-FR-HenriNeural", "fr-FR-DeniseNeural"),
    "de": ("de-DE-ConradNeural", "de-DE-KatjaNeural"),
    "pt": ("pt-BR-AntonioNeural", "pt-BR-FranciscaNeural"),
    "ja": ("ja-JP-KeitaNeural", "ja-JP-NanamiNeural"),
    "ko": ("ko-KR-InJoonNeural", "ko-KR-SunHiNeural"),
    "zh": ("zh-CN-YunxiNeural", "zh-CN-XiaoxiaoNeural"),
    "ar": ("ar-SA-HamedNeural", "ar-SA-ZariyahNeural"),
    "hi": ("hi-IN-MadhurNeural", "hi-IN-SwaraNeural"),
    "it": ("it-IT-DiegoNeural", "it-IT-ElsaNeural"),
    "nl": ("nl-NL-MaartenNeural", "nl-NL-ColetteNeural"),
    "pl": ("pl-PL-MarekNeural", "pl-PL-ZofiaNeural"),
    "ru": ("ru-RU-DmitryNeural", "ru-RU-SvetlanaNeural"),
    "tr": ("tr-TR-AhmetNeural", "tr-TR-EmelNeural"),
    "th": ("th-TH-NiwatNeural", "th-TH-PremwadeeNeural"),
    "vi": ("vi-VN-NamMinhNeural", "vi-VN-HoaiMyNeural"),
    "sv": ("sv-SE-MattiasNeural", "sv-SE-SofieNeural"),
}


@dataclass(frozen=True)
class EngineVoice:
    """A concrete engine and the engine's own voice name."""

    engine: str  # piper | espeak-ng | edge-tts | vendor-custom
    voice: str


def profile(voice_id: str | None) -> VoiceProfile:
    return PROFILES.get(voice_id or DEFAULT_VOICE, PROFILES[DEFAULT_VOICE])


def is_english(language: str) -> bool:
    return language.split("-")[0] == "en"


def offline_voice(voice_id: str | None, language: str) -> EngineVoice:
    """The closest offline voice: a neural voice of the same gender when one is bundled,
    otherwise espeak-ng with the same accent (or language) and gender."""
    prof = profile(voice_id)
    if is_english(language) and prof.gender == PIPER_GENDER:
        return EngineVoice("piper", PIPER_VOICE)
    return espeak_voice(voice_id, language)


def espeak_voice(voice_id: str | None, language: str) -> EngineVoice:
    """espeak-ng voice for the language, the voice id's accent for English, gender variant."""
    prof = profile(voice_id)
    if language == "en":
        name = "en" if prof.accent == "en-GB" else "en-US"
    else:
        name = ESPEAK_VOICES.get(language, "en-us")
    if prof.gender == "female":
        name += ESPEAK_FEMALE_VARIANT
    return EngineVoice("espeak-ng", name)


def edge_voice(voice_id: str | None, language: str) -> EngineVoice:
    """The Edge neural voice: the SPEC id itself for English, same gender otherwise."""
    prof = profile(voice_id)
    if is_english(language):
        return EngineVoice("edge-tts", prof.voice_id)
    male, female = EDGE_VOICES[language]
    return EngineVoice("edge-tts", female if prof.gender == "female" else male)


def language_support(code: str, *, online: bool = False) -> dict[str, Any]:
    """Can this deployment speak the language? `{code, name, voice, engine, note}`."""
    if code not in LANGUAGES:
        note = f"unknown language {code!r}; supported: {', '.join(LANGUAGES)}"
        return {"code": code, "name": None, "voice": False, "engine": None, "note": note}
    name = LANGUAGES[code]
    if online:
        return {"code": code, "name": name, "voice": True, "engine": "edge-tts",
                "note": "Online neural voices; offline fallback when unreachable."}  # fmt: skip
    if code in ESPEAK_BAD_LANGUAGES:
        return {"code": code, "name": name, "voice": False, "engine": None,
                "note": ESPEAK_BAD_LANGUAGES[code]}  # fmt: skip
    if is_english(code):
        return {"code": code, "name": name, "voice": True, "engine": "piper",
                "note": "Neural voice (Piper, male); female voices use espeak-ng."}  # fmt: skip
    return {"code": code, "name": name, "voice": True, "engine": "espeak-ng",
            "note": ESPEAK_NOTES.get(code, "Robotic but clear espeak-ng voice.")}  # fmt: skip


def voice_list() -> list[dict[str, Any]]:
    """The SPEC voices with their tier and the offline voice that stands in for each."""
    out: list[dict[str, Any]] = []
    for voice_id, tier in VOICES.items():
        if voice_id == VENDOR_VOICE:
            out.append({"voiceId": voice_id, "tier": tier, "accent": None, "gender": None,
                        "offline": None})  # fmt: skip
            continue
        prof = PROFILES[voice_id]
        fallback = offline_voice(voice_id, prof.accent if prof.accent == "en-GB" else "en")
        out.append({"voiceId": voice_id, "tier": tier, "accent": prof.accent,
                    "gender": prof.gender,
                    "offline": {"engine": fallback.engine, "voice": fallback.voice}})  # fmt: skip
    return out

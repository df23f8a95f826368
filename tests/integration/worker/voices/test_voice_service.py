"""Engine choice, cache and the offline fallback of VoiceService, with real engines."""

from __future__ import annotations

import pytest

from app.config import Settings
from worker.voices.engines import LanguageNotSpoken, Synthesis, VoiceError
from worker.voices.espeak import EspeakEngine
from worker.voices.service import VoiceService, cache_dir


class CountingEspeak(EspeakEngine):
    """The real espeak-ng engine, counting how often it is asked to speak."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.calls = 0

    def synthesize(self, text: str, voice: str, language: str) -> Synthesis:
        self.calls += 1
        return super().synthesize(text, voice, language)


def counting_service(settings: Settings) -> tuple[VoiceService, CountingEspeak]:
    engine = CountingEspeak(cache_dir(settings) / "tmp")
    return VoiceService(settings, engines={"espeak-ng": engine}), engine


def test_same_script_is_synthesized_once_and_reused(settings: Settings) -> None:
    service, engine = counting_service(settings)
    first = service.speak("Thanks for watching, see you soon.", "en-US-JennyNeural", "en")
    second = service.speak("Thanks for watching, see you soon.", "en-US-JennyNeural", "en")
    assert engine.calls == 1
    assert second.audio_path == first.audio_path and second.audio_path.exists()
    assert second.word_timestamps == first.word_timestamps
    assert second.duration_ms == first.duration_ms
    assert first.audio_path.parent == settings.cache_dir / "voices"
    assert not settings.media_dir.exists() or not any(settings.media_dir.rglob("*.wav"))


def test_cache_is_shared_by_other_worker_processes(settings: Settings) -> None:
    service, _ = counting_service(settings)
    service.speak("Same outro for everyone.", "en-GB-SoniaNeural", "en")
    other, engine = counting_service(settings)  # a fresh service: another worker
    other.speak("Same outro for everyone.", "en-GB-SoniaNeural", "en")
    other.speak("A different line.", "en-GB-SoniaNeural", "en")
    assert engine.calls == 1


def test_online_engine_off_uses_the_offline_voice_and_records_it(settings: Settings) -> None:
    service = VoiceService(settings)
    guy = service.speak("Hello there.", "en-US-GuyNeural", "en")
    jenny = service.speak("Hello there.", "en-US-JennyNeural", "en")
    assert (guy.engine, guy.voice) == ("piper", "joe")
    assert (jenny.engine, jenny.voice) == ("espeak-ng", "en-US+f3")


def test_online_engine_unreachable_falls_back_offline(tmp_path: object, settings: Settings) -> None:
    online = settings.model_copy(update={"edge_tts_enabled": True, "external_timeout_s": 1.0})
    speech = VoiceService(online).speak("Hola a todos.", "en-US-GuyNeural", "es")
    assert speech.engine == "espeak-ng"  # no internet here: edge-tts is unreachable
    assert speech.duration_ms > 300


def test_language_espeak_cannot_speak_fails_with_a_readable_error(settings: Settings) -> None:
    with pytest.raises(LanguageNotSpoken) as err:
        VoiceService(settings).speak("สวัสดีชาวโลก", "en-US-GuyNeural", "th")
    assert "Thai" in str(err.value)


def test_vendor_voice_below_studio_is_refused(settings: Settings) -> None:
    configured = settings.model_copy(update={"vendor_tts_url": "http://127.0.0.1:9/tts"})
    with pytest.raises(VoiceError) as err:
        VoiceService(configured).speak("Hi", "vendor-custom", "en", tier="free")
    assert "studio" in str(err.value)

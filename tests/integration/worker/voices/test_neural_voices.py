"""The neural voices, as a listener would check them: every mapped SPEC voice speaks through the
real engines (Kokoro, hibari in their voice children), is not silent, sounds like its gender
(median F0), and its word spans follow the words to the end of the audio."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import psutil
import pytest

from app.config import Settings
from app.voices.catalog import offline_voice
from tests.support.pitch import FEMALE_HZ, MALE_HZ, median_f0, rms_db
from worker.voices.clauses import COMMA_GAP_MS
from worker.voices.engines import Synthesis, read_wav
from worker.voices.isolated import POOL
from worker.voices.service import VoiceService

JENNY, GUY, SONIA, RYAN = (
    "en-US-JennyNeural", "en-US-GuyNeural", "en-GB-SoniaNeural", "en-GB-RyanNeural"
)  # fmt: skip
LINES = {
    "en": "Thanks for watching, Maria.",
    "es": "Gracias por mirar, María.",
    "fr": "Merci d'avoir regardé, Marie.",
    "it": "Grazie per la visione, Maria.",
    "pt": "Obrigado por assistir, Maria.",
    "hi": "देखने के लिए धन्यवाद, मारिया।",
    "ja": "ご覧いただきありがとうございます。",
    "zh": "谢谢观看，玛丽亚。",
}
# Grouped by language, so each voice child loads each language's front end once.
VOICES = [
    (JENNY, "en", "af_heart"), (SONIA, "en", "bf_emma"), (GUY, "en", "am_michael"),
    (RYAN, "en", "bm_fable"), (JENNY, "es", "ef_dora"), (GUY, "es", "em_alex"),
    (SONIA, "fr", "ff_siwis"), (JENNY, "it", "if_sara"), (RYAN, "it", "im_nicola"),
    (JENNY, "pt", "pf_dora"), (GUY, "pt", "pm_alex"), (SONIA, "hi", "hf_alpha"),
    (RYAN, "hi", "hm_omega"), (JENNY, "ja", "jf_nezumi"), (GUY, "ja", "jm_kumo"),
    (SONIA, "zh", "zf_xiaoni"), (RYAN, "zh", "zm_yunjian"),
]  # fmt: skip


@pytest.fixture(scope="module")
def neural(tmp_path_factory: pytest.TempPathFactory, settings_maker) -> Settings:  # type: ignore[no-untyped-def]
    return settings_maker(tmp_path_factory.mktemp("neural"), voice_quality="neural")


def written_words(text: str, language: str) -> str:
    return text.replace(" ", "") if language in ("ja", "zh") else text


def check_speech(result: Synthesis, text: str, language: str, female: bool) -> float:
    samples, rate = read_wav(result.audio_path)
    assert abs(result.duration_ms - len(samples) * 1000 / rate) <= 1
    assert rms_db(samples) > -35, "silent"
    f0 = median_f0(samples, rate)
    low, high = FEMALE_HZ if female else MALE_HZ
    assert low <= f0 <= high, f"median F0 {f0:.0f} Hz is outside {low:.0f}-{high:.0f} Hz"
    words = result.word_timestamps
    joiner = "" if language in ("ja", "zh") else " "
    assert joiner.join(w.word for w in words) == written_words(text, language)
    previous = 0
    for w in words:
        assert previous <= w.startMs < w.endMs <= result.duration_ms, w
        previous = w.endMs
    assert result.duration_ms - words[-1].endMs <= 50, (words[-1], result.duration_ms)
    return f0


@pytest.mark.parametrize(("voice_id", "language", "kokoro_voice"), VOICES)
def test_each_mapped_voice_speaks_neurally_in_its_gender_range(
    neural: Settings, voice_id: str, language: str, kokoro_voice: str
) -> None:
    assert offline_voice(voice_id, language).voice == kokoro_voice
    result = VoiceService(neural).speak(LINES[language], voice_id, language)
    assert (result.engine, result.voice) == ("kokoro", kokoro_voice)
    check_speech(result, LINES[language], language, female=voice_id in (JENNY, SONIA))


def test_french_men_stay_on_espeak(neural: Settings) -> None:
    result = VoiceService(neural).speak(LINES["fr"], GUY, "fr")
    assert result.engine == "espeak-ng"


def test_fast_tier_speaks_jenny_with_hibari(neural: Settings) -> None:
    fast = neural.model_copy(update={"voice_quality": "fast"})
    text = "Thanks for watching. See you next time!"
    result = VoiceService(fast).speak(text, JENNY, "en")
    assert (result.engine, result.voice) == ("hibari", "heart")
    check_speech(result, text, "en", female=True)


def test_a_script_is_spoken_sentence_by_sentence_and_shared_sentences_are_reused(
    neural: Settings,
) -> None:
    service = VoiceService(neural)
    first = service.speak("Thanks, Ana. See you soon.", JENNY, "en")
    calls = _cached_entries(neural)
    second = service.speak("Thanks, Bea. See you soon.", JENNY, "en")
    # New: the clause "Bea." (the only words spoken), its sentence and the script. "Thanks,"
    # was kept from "Thanks, Ana." and "See you soon." came from the cache.
    assert _cached_entries(neural) - calls == 3
    for result in (first, second):
        words = result.word_timestamps
        assert [w.word for w in words] == ["Thanks,", words[1].word, "See", "you", "soon."]
        assert words[2].startMs - words[1].endMs >= 300  # the pause between the sentences
        assert result.duration_ms - words[-1].endMs <= 50


def test_lines_that_differ_in_a_name_speak_only_the_clause_with_it(neural: Settings) -> None:
    """ "Ana, here is your March review." then "Bea, …": only "Bea," is spoken; the shared
    clause is the very sound of the first line's, a comma's pause after the name, and the
    line still sounds like its voice (median F0) with its words in order."""
    service = VoiceService(neural)
    first = service.speak("Ana, here is your March review.", GUY, "en")
    before = _cached_entries(neural)
    second = service.speak("Bea, here is your March review.", GUY, "en")
    assert _cached_entries(neural) - before == 2  # the clause "Bea," and the line
    check_speech(second, "Bea, here is your March review.", "en", female=False)
    name, here = second.word_timestamps[:2]
    assert abs(here.startMs - name.endMs - COMMA_GAP_MS) <= 1
    a, rate = read_wav(first.audio_path)
    b, _ = read_wav(second.audio_path)
    shared = [w.endMs - w.startMs for w in first.word_timestamps[1:]]
    assert shared == [w.endMs - w.startMs for w in second.word_timestamps[1:]]
    start_a = first.word_timestamps[1].startMs * rate // 1000
    start_b = here.startMs * rate // 1000
    length = (first.word_timestamps[-1].endMs - first.word_timestamps[1].startMs) * rate // 1000
    assert np.allclose(a[start_a : start_a + length], b[start_b : start_b + length], atol=1e-4)


def _cached_entries(settings: Settings) -> int:
    root = Path(settings.cache_dir) / "voices"
    return len(list(root.glob("*.json")))


def test_one_voice_child_holds_one_model(neural: Settings) -> None:
    """Kokoro, then hibari, then Kokoro again, one line at a time: one child, one model."""
    POOL.close()  # start from no children
    service = VoiceService(neural.model_copy(update={"voice_quality": "fast"}))
    service.speak("One more line.", RYAN, "en")  # kokoro
    service.speak("One more line.", JENNY, "en")  # hibari (fast tier)
    service.speak("One more line.", SONIA, "en")  # kokoro again
    idle = POOL._idle
    assert len(idle) <= 2
    assert len(idle) == 1 and idle[0].model == "kokoro"  # one line at a time: one child
    for child in idle:
        rss = psutil.Process(child.process.pid).memory_info().rss
        assert rss < 1.0 * 2**30, f"a voice child holds {rss / 2**20:.0f} MB"

"""A synthesis past its time limit is really stopped: its process is killed, no file of it is
left and nothing reaches the cache (real Piper and espeak-ng in child processes)."""

from __future__ import annotations

import time
from pathlib import Path

import psutil
import pytest

from app.config import Settings
from worker.voices.isolated import POOL, SynthesisTimeout
from worker.voices.service import VoiceService, cache_dir

LONG_SCRIPT = " ".join(["Thanks for watching this long voiceover, see you again soon."] * 200)


def voice_children() -> set[int]:
    """Live synthesis children of this process (spawned; not multiprocessing's tracker)."""
    found = set()
    for proc in psutil.Process().children(recursive=True):
        try:
            if proc.status() != psutil.STATUS_ZOMBIE and "spawn_main" in " ".join(proc.cmdline()):
                found.add(proc.pid)
        except psutil.NoSuchProcess:
            continue
    return found


def busy_seconds(window_s: float) -> float:
    """CPU seconds this process (all its threads) uses over the window."""
    me = psutil.Process()
    start = sum(me.cpu_times()[:2])
    time.sleep(window_s)
    return sum(me.cpu_times()[:2]) - start


def cache_files(settings: Settings) -> list[Path]:
    root = cache_dir(settings)
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


@pytest.mark.parametrize("voice_id", ["en-US-GuyNeural", "en-US-JennyNeural"])  # piper, espeak
def test_a_synthesis_over_its_time_limit_is_killed_and_leaves_nothing(
    settings: Settings, voice_id: str
) -> None:
    limited = settings.model_copy(update={"voice_timeout_s": 0.3})
    before = voice_children()
    started = time.monotonic()
    with pytest.raises(SynthesisTimeout, match=r"took longer than 0.3 s .* and was stopped"):
        VoiceService(limited).speak(LONG_SCRIPT, voice_id, "en")
    assert time.monotonic() - started < 15
    assert voice_children() <= before  # the child that was speaking is gone
    assert busy_seconds(1.0) < 0.5  # and nothing of this process still speaks (no thread)
    assert cache_files(limited) == []  # no entry
    scratch = [p for p in Path(settings.work_dir).rglob("*") if p.is_file() and p.name != ".lock"]
    assert scratch == []  # no scratch audio in this process's work folder


def test_the_limit_holds_for_a_whole_script_spoken_sentence_by_sentence(
    settings: Settings,
) -> None:
    """Kokoro speaks one sentence per call; the script's limit is shared by its sentences."""
    limited = settings.model_copy(update={"voice_timeout_s": 0.3, "voice_quality": "neural"})
    before = voice_children()
    with pytest.raises(SynthesisTimeout, match=r"kokoro took longer than 0.3 s .* was stopped"):
        VoiceService(limited).speak(LONG_SCRIPT, "en-US-JennyNeural", "en")
    assert voice_children() <= before
    assert cache_files(limited) == []


def test_after_a_timeout_the_next_synthesis_works_and_is_cached(settings: Settings) -> None:
    limited = settings.model_copy(update={"voice_timeout_s": 0.3})
    with pytest.raises(SynthesisTimeout):
        VoiceService(limited).speak(LONG_SCRIPT, "en-US-JennyNeural", "en")
    speech = VoiceService(settings).speak("Short and sweet.", "en-US-JennyNeural", "en")
    assert speech.engine == "espeak-ng" and speech.duration_ms > 300
    assert speech.audio_path.parent == cache_dir(settings)
    names = [p.name for p in cache_files(settings)]
    assert sorted(n.rsplit(".", 1)[1] for n in names) == ["json", "wav"]


def teardown_module() -> None:
    POOL.close()

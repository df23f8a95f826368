"""The voice cache under concurrency: threads of one worker storing and making the same entry."""

from __future__ import annotations

import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from worker.voices.cache import VoiceCache
from worker.voices.engines import Synthesis, WordTimestamp, read_wav, write_wav

TEXT = "Thanks for watching, see you soon."
SECRET = "test-secret-key"


def synthesis(cache: VoiceCache, level: float = 0.25) -> Synthesis:
    """What an engine hands over: a fresh WAV in the scratch folder and its word timing."""
    path = cache.scratch / f"{uuid.uuid4().hex}.wav"
    write_wav(path, np.full(2400, level, dtype=np.float32), 24000)
    return Synthesis(path, 100, [WordTimestamp("Thanks", 0, 100)], "espeak-ng", "en-US+f3")


def test_threads_storing_the_same_voiceover_at_once_all_succeed(tmp_path: Path) -> None:
    cache = VoiceCache(tmp_path / "voices", SECRET)
    threads, rounds = 8, 25
    start = threading.Barrier(threads)

    def store(_: int) -> Path:
        made = [synthesis(cache) for _ in range(rounds)]
        start.wait()
        return [cache.put("en", TEXT, s) for s in made][-1].audio_path

    with ThreadPoolExecutor(threads) as pool:
        paths = set(pool.map(store, range(threads)))  # re-raises any thread's error
    assert len(paths) == 1
    stored = cache.get("espeak-ng", "en-US+f3", "en", TEXT)
    assert stored is not None and stored.audio_path == paths.pop()
    assert stored.duration_ms == 100 and stored.word_timestamps[0].word == "Thanks"
    assert len(read_wav(stored.audio_path)[0]) == 2400
    assert sorted(p.name for p in cache.root.iterdir() if p.is_file()) == sorted(
        [f"{cache.key('espeak-ng', 'en-US+f3', 'en', TEXT)}.{ext}" for ext in ("json", "wav")]
    )  # no temporary file left behind
    assert list(cache.scratch.iterdir()) == []


def test_concurrent_first_uses_of_one_entry_synthesize_it_once(tmp_path: Path) -> None:
    cache = VoiceCache(tmp_path / "voices", SECRET)
    threads = 8
    calls: list[int] = []
    start = threading.Barrier(threads)

    def make() -> Synthesis:
        calls.append(1)
        time.sleep(0.2)  # an engine takes a while: the other threads arrive meanwhile
        return synthesis(cache)

    def speak(_: int) -> Synthesis:
        start.wait()
        return cache.get_or_make("espeak-ng", "en-US+f3", "en", TEXT, make)

    with ThreadPoolExecutor(threads) as pool:
        results = list(pool.map(speak, range(threads)))
    assert len(calls) == 1
    assert {r.audio_path for r in results} == {results[0].audio_path}
    assert all(r.duration_ms == 100 for r in results)
    # a fresh cache object (another job of the same worker) reuses the entry without making it
    again = VoiceCache(tmp_path / "voices", SECRET).get_or_make(
        "espeak-ng", "en-US+f3", "en", TEXT, make
    )
    assert again.audio_path == results[0].audio_path and len(calls) == 1


def test_different_entries_are_made_in_parallel(tmp_path: Path) -> None:
    cache = VoiceCache(tmp_path / "voices", SECRET)
    first_started, second_done = threading.Event(), threading.Event()

    def slow() -> Synthesis:
        first_started.set()
        assert second_done.wait(10), "the other entry waited behind this one"
        return synthesis(cache)

    with ThreadPoolExecutor(2) as pool:
        one = pool.submit(cache.get_or_make, "espeak-ng", "en-US+f3", "en", "One.", slow)
        assert first_started.wait(10)
        two = cache.get_or_make("espeak-ng", "en-US+f3", "en", "Two.", lambda: synthesis(cache))
        second_done.set()
        assert one.result(10).audio_path != two.audio_path


def test_a_failed_synthesis_lets_the_next_caller_try_again(tmp_path: Path) -> None:
    cache = VoiceCache(tmp_path / "voices", SECRET)

    def broken() -> Synthesis:
        raise RuntimeError("engine crashed")

    with pytest.raises(RuntimeError, match="engine crashed"):
        cache.get_or_make("espeak-ng", "en-US+f3", "en", TEXT, broken)
    made = cache.get_or_make("espeak-ng", "en-US+f3", "en", TEXT, lambda: synthesis(cache))
    assert made.audio_path.exists()


def test_entry_names_are_keyed_by_the_secret_not_a_plain_hash_of_the_text(
    tmp_path: Path,
) -> None:
    import hashlib
    import json

    from worker.voices.cache import CACHE_VERSION

    args = ("espeak-ng", "en-US+f3", "en", "Hello Maria Lopez.")
    mine = VoiceCache(tmp_path / "a", SECRET).key(*args)
    other = VoiceCache(tmp_path / "b", "another-secret").key(*args)
    assert mine != other
    # what anyone could compute from a guessed text without the secret
    raw = json.dumps([CACHE_VERSION, *args], ensure_ascii=False).encode()
    guessable = {hashlib.sha256(raw).hexdigest()[:32], hashlib.sha256(raw).hexdigest()}
    assert mine not in guessable and other not in guessable
    assert VoiceCache(tmp_path / "c", SECRET).key(*args) == mine  # stable for one secret

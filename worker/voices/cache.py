"""Voiceovers on disk keyed by (engine, voice, language, text): a batch saying the same outro
synthesizes it once, across jobs, threads and worker processes sharing the cache folder.

The folder is REELSMITH_CACHE_DIR/voices, outside the media folder that /media serves, and
entry names are keyed hashes (HMAC-SHA256 with the server's secret) of what was said, so a
name cannot be derived from a guessed text (e.g. a recipient's name)."""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from worker.voices.engines import Synthesis, WordTimestamp

# Bump when engine output or timing changes, so old entries are not reused.
CACHE_VERSION = 1

# One lock per cache entry being made in this process, dropped when nobody waits on it.
_locks: dict[str, tuple[threading.Lock, int]] = {}
_locks_guard = threading.Lock()


@contextmanager
def _entry_lock(name: str) -> Iterator[None]:
    """Hold the process-wide lock of one cache entry (other entries are not blocked)."""
    with _locks_guard:
        lock, users = _locks.get(name, (threading.Lock(), 0))
        _locks[name] = (lock, users + 1)
    try:
        with lock:
            yield
    finally:
        with _locks_guard:
            lock, users = _locks[name]
            if users == 1:
                del _locks[name]
            else:
                _locks[name] = (lock, users - 1)


class VoiceCache:
    """A folder of `<key>.wav` + `<key>.json` pairs (cache_dir/voices)."""

    def __init__(self, root: Path, secret: str) -> None:
        self.root = root
        self._secret = secret.encode()
        self.root.mkdir(parents=True, exist_ok=True)

    def key(self, engine: str, voice: str, language: str, text: str) -> str:
        raw = json.dumps([CACHE_VERSION, engine, voice, language, text], ensure_ascii=False)
        return hmac.new(self._secret, raw.encode(), hashlib.sha256).hexdigest()[:32]

    @property
    def scratch(self) -> Path:
        """Where engines write before an entry is stored."""
        path = self.root / "tmp"
        path.mkdir(parents=True, exist_ok=True)
        return path

    def get(self, engine: str, voice: str, language: str, text: str) -> Synthesis | None:
        key = self.key(engine, voice, language, text)
        audio, meta = self.root / f"{key}.wav", self.root / f"{key}.json"
        if not (audio.exists() and meta.exists()):
            return None
        try:
            data = json.loads(meta.read_text())
        except (OSError, ValueError):
            return None
        words = [WordTimestamp(w["word"], w["startMs"], w["endMs"]) for w in data["words"]]
        return Synthesis(audio, data["durationMs"], words, data["engine"], data["voice"])

    def get_or_make(
        self,
        engine: str,
        voice: str,
        language: str,
        text: str,
        make: Callable[[], Synthesis],
    ) -> Synthesis:
        """The cached entry, else `make()` stored. Threads of this process asking for the same
        entry at once call `make` once: the others wait for it and read what it stored."""
        cached = self.get(engine, voice, language, text)
        if cached is not None:
            return cached
        key = self.key(engine, voice, language, text)
        with _entry_lock(str(self.root.resolve() / key)):
            cached = self.get(engine, voice, language, text)  # made while we waited
            if cached is not None:
                return cached
            return self.put(language, text, make())

    def put(self, language: str, text: str, synthesis: Synthesis) -> Synthesis:
        """Store the synthesis (moving its audio in) and return it pointing at the stored file.

        Temporary names are unique per call, so threads and processes storing the same entry at
        once never take each other's file; the last complete write wins.
        """
        key = self.key(synthesis.engine, synthesis.voice, language, text)
        audio, meta = self.root / f"{key}.wav", self.root / f"{key}.json"
        unique = uuid.uuid4().hex
        tmp_audio = audio.with_suffix(f".{unique}.wav.tmp")
        shutil.move(str(synthesis.audio_path), tmp_audio)
        tmp_audio.replace(audio)
        body = {
            "engine": synthesis.engine,
            "voice": synthesis.voice,
            "durationMs": synthesis.duration_ms,
            "words": synthesis.timestamps_json(),
        }
        tmp_meta = meta.with_suffix(f".{unique}.json.tmp")
        tmp_meta.write_text(json.dumps(body, ensure_ascii=False))
        tmp_meta.replace(meta)
        synthesis.audio_path = audio
        return synthesis

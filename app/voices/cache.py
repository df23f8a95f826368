"""Voiceovers on disk keyed by (engine, voice, language, text): a batch saying the same outro
synthesizes it once, across jobs and worker processes sharing the media folder."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

from app.voices.engines import Synthesis, WordTimestamp

# Bump when engine output or timing changes, so old entries are not reused.
CACHE_VERSION = 1


class VoiceCache:
    """A folder of `<key>.wav` + `<key>.json` pairs under media_dir/cache/voices."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def key(engine: str, voice: str, language: str, text: str) -> str:
        raw = json.dumps([CACHE_VERSION, engine, voice, language, text], ensure_ascii=False)
        return hashlib.sha256(raw.encode()).hexdigest()[:32]

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

    def put(self, language: str, text: str, synthesis: Synthesis) -> Synthesis:
        """Store the synthesis (moving its audio in) and return it pointing at the stored file."""
        key = self.key(synthesis.engine, synthesis.voice, language, text)
        audio, meta = self.root / f"{key}.wav", self.root / f"{key}.json"
        tmp_audio = audio.with_suffix(f".{os.getpid()}.wav.tmp")
        shutil.move(str(synthesis.audio_path), tmp_audio)
        tmp_audio.replace(audio)
        body = {
            "engine": synthesis.engine,
            "voice": synthesis.voice,
            "durationMs": synthesis.duration_ms,
            "words": synthesis.timestamps_json(),
        }
        tmp_meta = meta.with_suffix(f".{os.getpid()}.json.tmp")
        tmp_meta.write_text(json.dumps(body, ensure_ascii=False))
        tmp_meta.replace(meta)
        synthesis.audio_path = audio
        return synthesis

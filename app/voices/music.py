"""The bundled music beds (static/music, made by scripts/make_music.py) and track references."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from app.config import ROOT
from app.voices.errors import AudioRefused

MUSIC_DIR = ROOT / "static" / "music"


@dataclass(frozen=True)
class MusicTrack:
    """One bundled bed: loops cleanly (a whole number of bars)."""

    id: str
    name: str
    file: str
    durationSec: float  # API field name
    mood: str
    bpm: int

    @property
    def path(self) -> Path:
        return MUSIC_DIR / self.file


@lru_cache(maxsize=1)
def tracks() -> dict[str, MusicTrack]:
    """The library, read once from static/music/index.json."""
    index = MUSIC_DIR / "index.json"
    if not index.exists():
        return {}
    return {t["id"]: MusicTrack(**t) for t in json.loads(index.read_text())}


def is_url(track: str) -> bool:
    return track.startswith(("https://", "http://"))


def check_music_track(track: str | None) -> None:
    """AudioRefused unless the track is absent, a bundled id or an http(s) URL."""
    if not track or is_url(track) or track in tracks():
        return
    raise AudioRefused(
        f"audio.musicTrack: unknown track '{track}'; use one of {', '.join(tracks())} "
        "(GET /api/music) or an https URL of an uploaded audio file"
    )

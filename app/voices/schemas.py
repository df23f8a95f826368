"""Response shapes of GET /api/music and GET /api/voices (additions to the SPEC)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel


class MusicTrackInfo(BaseModel):
    id: str
    name: str
    durationSec: float
    mood: str
    bpm: int
    url: str


class MusicResponse(BaseModel):
    success: bool = True
    tracks: list[MusicTrackInfo]
    total: int


class OfflineVoice(BaseModel):
    engine: str
    voice: str
    quality: Literal["neural", "basic"]


class VoiceInfo(BaseModel):
    voiceId: str
    tier: str
    accent: str | None
    gender: str | None
    offline: OfflineVoice | None


class LanguageSupport(BaseModel):
    code: str
    name: str | None
    voice: bool
    engine: str | None
    # "neural" when every SPEC voice speaks the language with a neural voice, else "basic"
    quality: Literal["neural", "basic"] | None
    note: str


class VoicesResponse(BaseModel):
    success: bool = True
    voices: list[VoiceInfo]
    languages: list[LanguageSupport]
    onlineEngine: bool

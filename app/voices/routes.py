"""GET /api/music and GET /api/voices: public catalogs, no auth (additions to the SPEC)."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_response

from app.spec import LANGUAGES
from app.state import get_settings
from app.voices.catalog import language_support, voice_list
from app.voices.music import tracks
from app.voices.schemas import (
    LanguageSupport,
    MusicResponse,
    MusicTrackInfo,
    VoiceInfo,
    VoicesResponse,
)

bp = Blueprint("voices", __name__)


@bp.get("/api/music")
@tag(["Audio"])
@validate_response(MusicResponse, 200)
async def get_music() -> MusicResponse:
    """The bundled music beds, selectable as `audio.musicTrack` by id; each loops cleanly."""
    settings = get_settings()
    items = [
        MusicTrackInfo(
            id=t.id,
            name=t.name,
            durationSec=t.durationSec,
            mood=t.mood,
            bpm=t.bpm,
            url=settings.public(f"/static/music/{t.file}"),
        )  # fmt: skip
        for t in tracks().values()
    ]
    return MusicResponse(tracks=items, total=len(items))


@bp.get("/api/voices")
@tag(["Audio"])
@validate_response(VoicesResponse, 200)
async def get_voices() -> VoicesResponse:
    """The SPEC voices (tier, accent, gender, offline stand-in) and per-language voice support."""
    settings = get_settings()
    online, quality = settings.edge_tts_enabled, settings.voice_quality
    return VoicesResponse(
        voices=[VoiceInfo.model_validate(v) for v in voice_list(quality)],
        languages=[
            LanguageSupport.model_validate(language_support(c, online=online, quality=quality))
            for c in LANGUAGES
        ],
        onlineEngine=online,
    )

"""GET /api/languages (no auth): above ai (translation) and voices (speech), which it asks."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_response

from app.ai.translate import can_translate
from app.languages.schemas import Language, LanguagesResponse
from app.spec import LANGUAGES
from app.state import get_settings
from app.voices.catalog import language_support

bp = Blueprint("languages", __name__)


@bp.get("/api/languages")
@tag(["Languages"])
@validate_response(LanguagesResponse, 200)
async def get_languages() -> LanguagesResponse:
    """The 19 supported language codes with their English names, and whether this deployment
    can translate English scripts to each (`canTranslate`, see docs/api/ai.md) and
    speak it (`canSpeak`, GET /api/voices has the detail) right now."""
    settings = get_settings()
    return LanguagesResponse(
        languages=[
            Language(
                code=code,
                name=name,
                canTranslate=can_translate(settings, "en", code),
                canSpeak=bool(language_support(code, online=settings.edge_tts_enabled)["voice"]),
            )
            for code, name in LANGUAGES.items()
        ]
    )

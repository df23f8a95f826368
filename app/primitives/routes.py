"""GET /api/primitives (no auth)."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_querystring, validate_response

from app.primitives.catalog import list_primitives
from app.primitives.schemas import (
    PrimitivesQuery,
    PrimitivesResponse,
)
from app.spec import PRIMITIVE_CATEGORIES

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

"""GET /api/billing: balance, tier and usage history."""

from __future__ import annotations

from quart import Blueprint
from quart_schema import tag, validate_querystring, validate_response

from app.accounts.current import current_account
from app.auth import require_auth
from app.billing import service
from app.billing.schemas import BillingQuery, BillingResponse, UsageEntry
from app.state import get_db

bp = Blueprint("billing", __name__)


@bp.get("/api/billing")
@tag(["Billing"])
@require_auth
@validate_querystring(BillingQuery)
@validate_response(BillingResponse, 200)
async def billing(query_args: BillingQuery) -> BillingResponse:
    """Credit balance, tier, and the usage history (ledger entries, newest first).

    Paginated: `limit` entries per page; pass the returned `nextCursor` as `cursor`.
    """
    async with get_db().session() as session:
        page = await service.usage_page(
            session, current_account().id, query_args.limit, query_args.cursor
        )
    return BillingResponse(
        credits=page.account.credits,
        tier=page.account.tier,
        usage=[
            UsageEntry(
                id=e.id,
                kind=e.kind,  # type: ignore[arg-type]
                amount=e.amount,
                balanceAfter=e.balance_after,
                reason=e.reason,
                reference=e.reference,
                createdAt=e.created_at,
            )
            for e in page.entries
        ],
        nextCursor=page.next_cursor,
    )

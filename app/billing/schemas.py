"""Bodies for GET /api/billing."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field


class BillingQuery(BaseModel):
    limit: int = Field(20, ge=1, le=100, description="Ledger entries per page (1-100)")
    cursor: str | None = Field(
        None, description="Opaque `nextCursor` from the previous page; omit for the newest"
    )


class UsageEntry(BaseModel):
    id: str
    kind: Literal["grant", "charge", "refund"]
    amount: int = Field(description="Signed: charges are negative")
    balanceAfter: int
    reason: str
    reference: str | None
    createdAt: datetime


class BillingResponse(BaseModel):
    success: bool = True
    credits: int = Field(description="Current balance")
    tier: str
    usage: list[UsageEntry] = Field(description="Ledger entries, newest first")
    nextCursor: str | None = Field(description="Pass as `cursor` for the next page; null at end")

"""Accounts and the credit ledger."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base, IdMixin, utcnow


class Account(IdMixin, Base):
    __tablename__ = "accounts"
    __table_args__ = (CheckConstraint("credits >= 0", name="credits_not_negative"),)

    email: Mapped[str] = mapped_column(String(320), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    tier: Mapped[str] = mapped_column(String(16), default="free")
    # Cached balance; the ledger explains every change (sum(ledger.amount) == credits).
    credits: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class LedgerEntry(IdMixin, Base):
    __tablename__ = "ledger_entries"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(16))  # grant | charge | refund
    amount: Mapped[int] = mapped_column(Integer)  # signed: charges are negative
    balance_after: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(255))
    reference: Mapped[str | None] = mapped_column(String(255), default=None, index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class Session(IdMixin, Base):
    """A browser session (cookie) used for key management."""

    __tablename__ = "sessions"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)

"""Accounts, passwords and credits. Credits move only through the ledger."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import VerificationError
from sqlalchemy import Integer, bindparam, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from app.accounts.models import Account, LedgerEntry, Session
from app.config import Settings
from app.db import Database, new_id, utcnow
from app.errors import DomainError, Kind
from app.pointtx import PointTx, dialect_name
from app.pointwrite import PointWrite
from app.spec import TIERS

_hasher = PasswordHasher()
_DUMMY_HASH = _hasher.hash("reelsmith-no-such-account")


class AccountExists(ValueError):
    pass


class InsufficientCredits(DomainError):
    """The balance does not cover the charge (402 with the SPEC's `credits` and `upgradeUrl`)."""

    kind = Kind.PAYMENT_REQUIRED

    def __init__(self, balance: int, needed: int) -> None:
        super().__init__(f"needs {needed} credits, has {balance}")
        self.balance = balance
        self.needed = needed

    def body(self, settings: Settings | None = None) -> dict[str, Any]:
        upgrade_url = settings.upgrade_url if settings is not None else ""
        return {
            **super().body(settings),
            "message": f"Insufficient credits: this needs {self.needed}, the balance is "
            f"{self.balance}. Buy credits or upgrade at {upgrade_url}",
            "credits": self.balance,
            "upgradeUrl": upgrade_url,
        }


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except VerificationError:
        return False


async def create_account(
    session: AsyncSession, email: str, password: str, tier: str = "free", credits: int = 0
) -> Account:
    if tier not in TIERS:
        raise ValueError(f"tier must be one of {', '.join(TIERS)}")
    email = email.strip().lower()
    if (await session.execute(select(Account.id).where(Account.email == email))).first():
        raise AccountExists(email)
    password_hash = await asyncio.to_thread(hash_password, password)
    account = Account(email=email, password_hash=password_hash, tier=tier, credits=0)
    session.add(account)
    await session.flush()
    if credits:
        await grant_credits(session, account.id, credits, reason="initial grant")
    return account


async def get_account_by_email(session: AsyncSession, email: str) -> Account | None:
    return (
        await session.execute(select(Account).where(Account.email == email.strip().lower()))
    ).scalar_one_or_none()


async def authenticate_password(session: AsyncSession, email: str, password: str) -> Account | None:
    """The account when email and password match, else None (same answer for both misses).

    argon2 runs in a thread: a verification costs tens of milliseconds of CPU, which would
    otherwise stall every other request on the event loop."""
    account = await get_account_by_email(session, email)
    if account is None:
        # Same cost either way: no account probing.
        await asyncio.to_thread(verify_password, _DUMMY_HASH, password)
        return None
    matches = await asyncio.to_thread(verify_password, account.password_hash, password)
    return account if matches else None


async def create_session(session: AsyncSession, account_id: str, max_age_s: int) -> Session:
    row = Session(account_id=account_id, expires_at=utcnow() + timedelta(seconds=max_age_s))
    session.add(row)
    await session.flush()
    return row


async def active_session_account(session: AsyncSession, session_id: str) -> Account | None:
    """The account behind a session that is neither revoked nor expired."""
    row = (
        await session.execute(
            select(Account)
            .join(Session, Session.account_id == Account.id)
            .where(
                Session.id == session_id,
                Session.revoked_at.is_(None),
                Session.expires_at > utcnow(),
            )
        )
    ).scalar_one_or_none()
    return row


async def find_session_account(db: Database, session_id: str) -> Account | None:
    """active_session_account in a transaction of its own (what authentication asks)."""
    async with db.session() as session:
        return await active_session_account(session, session_id)


async def revoke_session(session: AsyncSession, session_id: str) -> None:
    await session.execute(
        update(Session)
        .where(Session.id == session_id, Session.revoked_at.is_(None))
        .values(revoked_at=utcnow())
    )


# The statements of `_move`, built once on the tables (every render charges a credit: building
# a statement, or the ORM's compile step, costs more CPU than executing it).
ACCOUNTS = Account.__table__
_ADD = (
    update(ACCOUNTS)
    .where(ACCOUNTS.c.id == bindparam("account"))
    .values(credits=ACCOUNTS.c.credits + bindparam("amount", type_=Integer))
    .returning(ACCOUNTS.c.credits)
)
# The guard in WHERE makes the check-and-decrement one atomic statement.
_TAKE = _ADD.where(ACCOUNTS.c.credits >= bindparam("need", type_=Integer))
_BALANCE = select(ACCOUNTS.c.credits).where(ACCOUNTS.c.id == bindparam("account"))
_LEDGER_ROW = insert(LedgerEntry.__table__)
# Run on the transaction's driver connection (app/pointwrite.py): the same SQL, less CPU.
_ADD_ON, _TAKE_ON, _BALANCE_ON = PointWrite(_ADD), PointWrite(_TAKE), PointWrite(_BALANCE)
_LEDGER_ON = PointWrite(
    _LEDGER_ROW,
    keys=["account_id", "kind", "amount", "balance_after", "reason", "reference"],
)


def _moved_and_logged(move: Any, *also: Any, columns: Sequence[Any] = ()) -> Any:
    """PostgreSQL: the balance's UPDATE and its ledger row in one statement (a data-modifying
    WITH; no row moved, no row written): one round trip for what costs two elsewhere. The
    row's `id` and `created_at` are bound by the caller (no Python defaults inside a WITH).
    `also`: the caller's own writes as CTEs of the same statement; `columns`: more of its
    own to select beside the balance (evaluated only when the balance moved)."""
    ledger = LedgerEntry.__table__
    moved = move.cte("moved")
    values = [
        bindparam("id", type_=ledger.c.id.type),
        bindparam("account", type_=ledger.c.account_id.type),
        bindparam("kind", type_=ledger.c.kind.type),
        bindparam("amount", type_=Integer),
        moved.c.credits,
        bindparam("reason", type_=ledger.c.reason.type),
        bindparam("reference", type_=ledger.c.reference.type),
        bindparam("at", type_=ledger.c.created_at.type),
    ]
    names = ["id", "account_id", "kind", "amount", "balance_after", "reason", "reference",
             "created_at"]  # fmt: skip
    logged = insert(ledger).from_select(names, select(*values).select_from(moved))
    return select(moved.c.credits, *columns).add_cte(logged.cte("logged"), *also)


def charging_on_postgresql(*also: Any, columns: Sequence[Any] = ()) -> PointWrite:
    """A charge, its ledger row and the caller's writes `also` (data-modifying CTEs, with no
    Python-side defaults to fill in: SQLAlchemy fills none inside a WITH) as one PostgreSQL
    statement, for `charge_credits(..., on_postgresql=)`. They run whether or not the charge is
    refused: the refusal raises, and the caller's transaction rolls them back. `columns`:
    expressions of the caller's evaluated once when the charge is made (locks)."""
    return PointWrite(_moved_and_logged(_TAKE, *also, columns=columns))


_ADD_LOGGED_ON, _TAKE_LOGGED_ON = PointWrite(_moved_and_logged(_ADD)), charging_on_postgresql()


async def _move_and_log(
    session: AsyncSession | PointTx,
    account_id: str,
    amount: int,
    on_postgresql: PointWrite | None = None,
    **row: Any,
) -> int | None:
    """The new balance after moving `amount` and writing its ledger row (`row`: kind, reason,
    reference); None when a charge is refused (nothing written). `on_postgresql`: the
    statement of `charging_on_postgresql` to run there (its own parameters in `row`)."""
    if dialect_name(session) == "postgresql":
        moved = await (on_postgresql or (_TAKE_LOGGED_ON if amount < 0 else _ADD_LOGGED_ON)).first(
            session, id=new_id(), account=account_id, amount=amount, need=-amount,
            at=utcnow(), **row,
        )  # fmt: skip
        return None if moved is None else int(moved.credits)
    bound = {"account": account_id, "amount": amount, "need": -amount}
    moved = await (_TAKE_ON if amount < 0 else _ADD_ON).first(session, **bound)
    if moved is None:
        return None
    await _LEDGER_ON.run(
        session, account_id=account_id, amount=amount, balance_after=moved.credits, **row
    )
    return int(moved.credits)


async def _move(
    session: AsyncSession | PointTx,
    account_id: str,
    amount: int,
    kind: str,
    reason: str,
    reference: str | None,
    on_postgresql: PointWrite | None = None,
    **also: Any,
) -> int:
    """Atomically add `amount` (negative to charge) and write the ledger row; returns balance.
    Point writes (no unit of work); an Account of the session's identity map is told the new
    balance. `on_postgresql`, `also`: see `charge_credits`."""
    balance = await _move_and_log(
        session, account_id, amount, on_postgresql,
        kind=kind, reason=reason, reference=reference, **also,
    )  # fmt: skip
    if balance is None:
        current = await _BALANCE_ON.first(session, account=account_id)
        if current is None:
            raise LookupError(f"account {account_id} not found")
        raise InsufficientCredits(current.credits, -amount)
    if isinstance(session, PointTx):  # no session: nothing loaded to tell
        return balance
    loaded = session.sync_session.identity_map.get(
        session.sync_session.identity_key(Account, account_id)
    )
    if loaded is not None:
        set_committed_value(loaded, "credits", balance)
    return balance


async def credit_balance(session: AsyncSession | PointTx, account_id: str) -> int:
    """The account's credits now (LookupError for an unknown account)."""
    current = await _BALANCE_ON.first(session, account=account_id)
    if current is None:
        raise LookupError(f"account {account_id} not found")
    return int(current.credits)


async def grant_credits(
    session: AsyncSession, account_id: str, n: int, reason: str, reference: str | None = None
) -> int:
    if n <= 0:
        raise ValueError("grant must be positive")
    return await _move(session, account_id, n, "grant", reason, reference)


async def charge_credits(
    session: AsyncSession | PointTx,
    account_id: str,
    n: int,
    reason: str,
    reference: str | None = None,
    *,
    on_postgresql: PointWrite | None = None,
    **also: Any,
) -> int:
    """Charge n credits or raise InsufficientCredits, charging nothing. `on_postgresql`: a
    statement of `charging_on_postgresql` that also runs the caller's writes there, bound
    with `also` (elsewhere the caller runs them itself)."""
    if n <= 0:
        raise ValueError("charge must be positive")
    return await _move(session, account_id, -n, "charge", reason, reference, on_postgresql, **also)


async def refund_credits(
    session: AsyncSession, account_id: str, n: int, reason: str, reference: str | None = None
) -> int:
    if n <= 0:
        raise ValueError("refund must be positive")
    return await _move(session, account_id, n, "refund", reason, reference)

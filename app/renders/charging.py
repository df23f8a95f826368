"""What a render's create writes besides its checks: the credit charged with its ledger row,
the template's render counted, and the job's row — on PostgreSQL the first two in one
statement with the locks of the account's claim (app/renders/claims.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.service import charge_credits, charging_on_postgresql
from app.db import utcnow
from app.pointtx import PointTx, dialect_name
from app.pointwrite import PointWrite
from app.renders.claims import (
    busy_columns,
    busy_read,
    busy_slots,
    claim_lock_of,
    claim_locked,
    claim_locks,
)
from app.renders.models import RenderJob
from app.templates.builtins import is_builtin
from app.templates.service import counting_on_postgresql, increment_usage

# Built once: every render inserts one, on the transaction's driver connection.
NEW_JOB = PointWrite(
    insert(RenderJob.__table__),
    keys=["id", "account_id", "project_id", "template_id", "display_name", "request",
          "campaign_id", "status", "render_on"],
)  # fmt: skip

# The same INSERT returning the claim's busy figures (PostgreSQL, after the claim's locks).
_NEW_JOB_BUSY = PointWrite(
    insert(RenderJob.__table__).returning(*busy_columns()), keys=NEW_JOB.keys
)

# PostgreSQL: a render's charge, its ledger row, its template's count and the locks of its
# account's claim (app/renders/claims.py) are one statement (a data-modifying WITH): one round
# trip for four. By whether the template is a built-in.
_CHARGE_COUNTED = {
    builtin: charging_on_postgresql(count.cte("counted"), columns=claim_locks("claim_lock"))
    for builtin, count in counting_on_postgresql().items()
}


async def charge_and_count(
    session: AsyncSession | PointTx, account_id: str, template_id: str, job_id: str
) -> int:
    """Charge one render's credit and count its template's render; the balance after. On
    PostgreSQL the same statement takes the locks of the account's claim."""
    if dialect_name(session) == "postgresql":
        builtin = is_builtin(template_id)
        balance = await charge_credits(
            session, account_id, 1, reason="render", reference=job_id,
            on_postgresql=_CHARGE_COUNTED[builtin], usage_template=template_id, usage_n=1,
            claim_lock=claim_lock_of(account_id), **({"usage_at": utcnow()} if builtin else {}),
        )  # fmt: skip
        claim_locked(session, account_id)
        return balance
    balance = await charge_credits(session, account_id, 1, reason="render", reference=job_id)
    await count_renders(session, template_id, 1)
    return balance


async def count_renders(session: AsyncSession | PointTx, template_id: str, n: int) -> None:
    """Count n renders of the template: one UPDATE however many jobs."""
    await increment_usage(session, template_id, n)


async def insert_job(session: AsyncSession | PointTx, job: dict[str, Any]) -> None:
    """Insert one job (`job`: NEW_JOB's columns). When the account's claim follows and its
    locks are held (PostgreSQL, after `charge_and_count`), the INSERT also reads the claim's
    busy figures: one round trip for two."""
    account_id = job["account_id"]
    slots = busy_slots(session, account_id)
    if slots is None:
        await NEW_JOB.run(session, **job)
        return
    row = await _NEW_JOB_BUSY.first(session, busy_slots=slots, busy_account=account_id, **job)
    busy_read(session, account_id, int(row[0]), bool(row[1]))

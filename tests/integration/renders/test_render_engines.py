"""The render API on SQLite and PostgreSQL: concurrent retries with one Idempotency-Key and
concurrent renders racing for the last credits."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from render_helpers import make_template, queued_job_ids
from sqlalchemy import func, select

from app.accounts.models import Account, LedgerEntry
from app.config import Settings
from app.renders.models import RenderJob


@pytest.fixture
def settings(settings: Settings, database_url: str) -> Settings:
    return settings.model_copy(update={"database_url": database_url})


async def counts(app: Any, account_id: str) -> tuple[int, int, int]:
    async with app.config["REELSMITH_DB"].session() as session:
        jobs = (await session.execute(select(func.count()).select_from(RenderJob))).scalar_one()
        charges = (
            await session.execute(
                select(func.count()).where(
                    LedgerEntry.account_id == account_id, LedgerEntry.kind == "charge"
                )
            )
        ).scalar_one()
        credits = (await session.get(Account, account_id)).credits
    return jobs, charges, credits


async def test_concurrent_retries_with_one_key_charge_once(app, client, make_user, settings, redis):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    payload = {"templateId": template_id, "data": {"person_name": "Ada"}}
    headers = {**user.headers, "Idempotency-Key": "same-click"}
    responses = await asyncio.gather(
        *(client.post("/api/render", json=payload, headers=headers) for _ in range(4))
    )
    bodies = [await r.get_json() for r in responses]
    assert all(r.status_code == 200 for r in responses), bodies
    assert len({b["jobId"] for b in bodies}) == 1
    assert await counts(app, user.account.id) == (1, 1, 9)
    assert await queued_job_ids(redis, settings) == [bodies[0]["jobId"]]


async def test_concurrent_renders_never_overdraw_credits(app, client, make_user):
    user = await make_user(credits=3)
    template_id = await make_template(app, user.account.id)
    payload = {"templateId": template_id, "data": {"person_name": "Ada"}}
    responses = await asyncio.gather(
        *(client.post("/api/render", json=payload, headers=user.headers) for _ in range(6))
    )
    codes = sorted(r.status_code for r in responses)
    assert codes == [200, 200, 200, 402, 402, 402]
    assert await counts(app, user.account.id) == (3, 3, 0)

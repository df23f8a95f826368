"""A batch counts its template's renders with one UPDATE, however many rows it has."""

from __future__ import annotations

import asyncio

import pytest
from redis.asyncio import Redis
from sqlalchemy import text

from app.config import Settings
from app.renders import queue
from app.templates.service import get_template
from tests.support.render_helpers import make_template
from tests.support.statements import statements_run


@pytest.fixture
def settings(settings: Settings, database_url: str) -> Settings:
    """SQLite and PostgreSQL."""
    return settings.model_copy(update={"database_url": database_url})


async def test_a_batch_bumps_template_usage_with_one_update(app, client, make_user, monkeypatch):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    db = app.config["REELSMITH_DB"]
    with statements_run(db, monkeypatch) as statements:
        resp = await client.post(
            "/api/render/batch",
            json={
                "templateId": template_id,
                "headers": ["name"],
                "rows": [[f"P{i}"] for i in range(6)],
            },
            headers=user.headers,
        )
    usage_updates = [s for s in statements if s.lstrip().upper().startswith("UPDATE TEMPLATES")]
    assert resp.status_code == 200, await resp.get_json()
    assert len(usage_updates) == 1, usage_updates
    async with db.session() as session:
        view = await get_template(session, template_id, user.account.id)
    assert view is not None and view.usageCount == 6


@pytest.mark.parametrize("builtin", [False, True])
async def test_one_render_charges_logs_and_counts_in_the_fewest_statements(
    app, client, make_user, monkeypatch, builtin
):
    """POST /api/render charges a credit, writes its ledger row and counts its template's
    render: one statement on PostgreSQL (a data-modifying WITH, which also takes the locks of
    the account's claim), three elsewhere; on PostgreSQL the job's INSERT reads the claim's
    busy count; and a refused charge writes none of them."""
    user = await make_user(credits=2)
    template_id = "rewind" if builtin else await make_template(app, user.account.id)
    data = (
        {"person_name": "Ada", "totalWorkouts": 120, "totalMinutes": 5400}
        if builtin
        else {"person_name": "Ada"}
    )
    db = app.config["REELSMITH_DB"]
    async with db.session() as session:
        before = (await get_template(session, template_id, user.account.id)).usageCount
    with statements_run(db, monkeypatch) as statements:
        resp = await client.post(
            "/api/render", json={"templateId": template_id, "data": data}, headers=user.headers
        )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    assert body["creditsRemaining"] == 1
    writes = [s.lstrip().upper() for s in statements if not s.lstrip().upper().startswith("SELECT")]
    on_pg = db.engine.dialect.name == "postgresql"
    charged = [s for s in writes if "UPDATE ACCOUNTS" in s]
    logged = [s for s in writes if "INSERT INTO LEDGER_ENTRIES" in s]
    counted = [s for s in writes if ("TEMPLATE_USAGE" if builtin else "UPDATE TEMPLATES") in s]
    inserted = [s for s in writes if "INSERT INTO RENDER_JOBS" in s]
    assert len(charged) == len(logged) == len(counted) == len(inserted) == 1, writes
    assert (charged == logged == counted) is on_pg, writes
    assert inserted != charged, writes
    locked = [s for s in statements if "PG_ADVISORY_XACT_LOCK" in s.upper()]
    assert [s.lstrip().upper() for s in locked] == (charged if on_pg else []), statements
    busy = [s.lstrip().upper() for s in statements if "COUNT(*)" in s.upper()]
    assert len(busy) == 1, statements  # the claim's busy count, read once
    assert (busy == inserted) is on_pg, statements
    async with db.session() as session:
        view = await get_template(session, template_id, user.account.id)
        ledger = await session.execute(
            text("SELECT kind, amount, balance_after, reference FROM ledger_entries "
                 "WHERE account_id = :a AND kind = 'charge'"), {"a": user.account.id},
        )  # fmt: skip
        rows = [tuple(r) for r in ledger]
    assert view.usageCount == before + 1
    assert rows == [("charge", -1, 1, body["jobId"])]

    refused = await client.post(
        "/api/render", json={"templateId": template_id, "data": data}, headers=user.headers
    )
    assert refused.status_code == 200  # the last credit
    refused = await client.post(
        "/api/render", json={"templateId": template_id, "data": data}, headers=user.headers
    )
    assert refused.status_code == 402, await refused.get_json()
    async with db.session() as session:
        after = await get_template(session, template_id, user.account.id)
        charges = await session.scalar(
            text("SELECT count(*) FROM ledger_entries WHERE account_id = :a AND kind = 'charge'"),
            {"a": user.account.id},
        )
    assert (after.usageCount, charges) == (before + 2, 2)


async def test_simultaneous_creates_of_one_account_queue_one_job_while_every_slot_is_taken(
    app, client, make_user, settings
):
    """The claim reads its busy figures inside the create (PostgreSQL: the job's INSERT, after
    the locks its charge took): six creates at once, beside a full round, queue one job."""
    db = app.config["REELSMITH_DB"]
    redis = Redis.from_url(settings.redis_url)
    try:
        await queue.register_worker(redis, settings, "w1", 1, 60)
        heavy = await make_user(credits=5)
        data = {"person_name": "Ada", "totalWorkouts": 120, "totalMinutes": 5400}
        body = {"templateId": "rewind", "data": data}
        first = await client.post("/api/render", json=body, headers=heavy.headers)
        assert first.status_code == 200  # takes the one slot
        light = await make_user(credits=10)
        answers = await asyncio.gather(
            *(client.post("/api/render", json=body, headers=light.headers) for _ in range(6)),
            queue.dispatch(db, redis, settings),
        )
        assert [a.status_code for a in answers[:6]] == [200] * 6
        async with db.session() as session:
            flight = await session.scalar(
                text("SELECT count(*) FROM render_jobs WHERE account_id = :a AND "
                     "enqueued_at IS NOT NULL"), {"a": light.account.id},
            )  # fmt: skip
        assert flight == 1
    finally:
        await redis.aclose()

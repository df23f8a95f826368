"""POST /api/events/ingest: counts, throttle (also under concurrent ingests from several
processes), idempotency, dry run, credits running out mid-ingest, unsubscribes."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, update

from app.accounts.models import Account
from app.db import Database, utcnow
from app.renders.models import RenderJob
from app.triggers import ingest as ingestion
from app.triggers import links
from app.triggers.models import TriggerExecution, TriggerThrottle
from tests.support.triggers import event, executions, rule_body

SUPPORT = Path(__file__).resolve().parents[2] / "support"


async def make_rule(client: Any, user: Any, **overrides: Any) -> dict[str, Any]:
    response = await client.post("/api/triggers", json=rule_body(**overrides), headers=user.headers)
    assert response.status_code == 201, await response.get_data()
    return (await response.get_json())["rule"]


async def ingest(
    client: Any, user: Any, events: list[Any], query: str = "", **headers: str
) -> tuple[int, dict[str, Any]]:
    response = await client.post(
        f"/api/events/ingest{query}", json={"events": events}, headers={**user.headers, **headers}
    )
    return response.status_code, await response.get_json()


async def counts(db: Database, account_id: str) -> tuple[int, int, int]:
    """(render jobs, executions, credits) of the account."""
    async with db.session() as session:
        jobs = await session.scalar(
            select(func.count()).select_from(RenderJob).where(RenderJob.account_id == account_id)
        )
        rows = await session.scalar(
            select(func.count())
            .select_from(TriggerExecution)
            .where(TriggerExecution.account_id == account_id)
        )
        credits = await session.scalar(select(Account.credits).where(Account.id == account_id))
    return int(jobs or 0), int(rows or 0), int(credits or 0)


async def test_one_matching_event_renders_through_the_render_path(client, make_user, appdb):
    user = await make_user(credits=10)
    rule = await make_rule(client, user)
    status, body = await ingest(client, user, [event("priya")])
    assert status == 200
    assert (body["processed"], body["triggered"], body["throttled"], body["errors"]) == (1, 1, 0, 0)
    jobs, rows, credits = await counts(appdb, user.account.id)
    assert (jobs, rows, credits) == (1, 1, 9)
    [execution] = await executions(appdb, rule["id"])
    async with appdb.session() as session:
        job = await session.get(RenderJob, execution.job_id)
    assert job is not None and job.template_id == "rewind" and job.status == "pending"
    # event keys mapped to the template's slots by alias: name, workouts, minutes
    assert job.request["data"]["person_name"] == "Priya"
    assert job.request["data"]["totalWorkouts"] == 100
    assert job.request["data"]["totalMinutes"] == 1200
    assert execution.status == "matched" and execution.recipient_name == "Priya"


async def test_a_hundred_events_with_mixed_outcomes_are_counted_exactly(client, make_user, appdb):
    user = await make_user(credits=100)
    email_rule = await make_rule(client, user)
    sms_rule = await make_rule(
        client,
        user,
        name="gold 200",
        channel="sms",
        email=None,
        condition={
            "all": [
                {"field": "workouts", "op": ">=", "value": 200},
                {"field": "plan.tier", "op": "==", "value": "gold"},
            ]
        },
    )
    events: list[Any] = []
    events += [{"data": {"workouts": 100}} for _ in range(10)]  # no recipientId: error
    events += [{"recipientId": f"d{i}", "data": "x"} for i in range(10)]  # data: error
    events += [event(f"b{i}", recipientEmail="not-an-email") for i in range(10)]  # error
    events += [event(f"n{i}", workouts=50) for i in range(20)]  # no rule matches
    events += [event(f"t{i}") for i in range(20)]  # email rule: triggered
    events += [event(f"t{i}", workouts=150) for i in range(10)]  # same recipients: throttled
    gold = {"plan": {"tier": "gold"}, "name": "Gold", "workouts": 250, "minutes": 9}
    events += [
        {**event(f"g{i}"), "recipientPhone": "+15551234567", "data": gold} for i in range(10)
    ]  # both rules trigger
    events += [{**event(f"p{i}"), "data": gold} for i in range(5)]  # sms rule: no phone
    events += [{"recipientId": f"e{i}", "data": {"workouts": 100}} for i in range(5)]  # no email
    assert len(events) == 100

    status, body = await ingest(client, user, events)
    assert status == 200, body
    assert body["processed"] == 100
    assert body["triggered"] == 20 + 10 + 10 + 5
    assert body["throttled"] == 10
    assert body["errors"] == 10 + 10 + 10 + 5 + 5
    jobs, rows, credits = await counts(appdb, user.account.id)
    assert (jobs, credits) == (45, 55)
    email_rows = await executions(appdb, email_rule["id"])
    sms_rows = await executions(appdb, sms_rule["id"])
    assert sorted(e.status for e in email_rows).count("matched") == 35
    assert sum(e.status == "throttled" for e in email_rows) == 10
    assert [e.reason for e in email_rows if e.status == "error"] == [
        "recipientEmail is required for an email rule"
    ] * 5
    assert sum(e.status == "matched" for e in sms_rows) == 10
    assert {e.reason for e in sms_rows if e.status == "error"} == {
        "recipientPhone is required for an SMS rule"
    }


async def test_more_than_100_events_or_a_malformed_body_is_400(client, make_user, appdb):
    user = await make_user()
    await make_rule(client, user)
    status, body = await ingest(client, user, [event(f"r{i}") for i in range(101)])
    assert status == 400 and "events" in json.dumps(body)
    response = await client.post("/api/events/ingest", json={"evts": []}, headers=user.headers)
    assert response.status_code == 400
    response = await client.post("/api/events/ingest", json={"events": "x"}, headers=user.headers)
    assert response.status_code == 400
    assert (await counts(appdb, user.account.id))[:2] == (0, 0)


async def test_throttle_window_per_rule_and_recipient(client, make_user, appdb):
    user = await make_user(credits=20)
    rule = await make_rule(client, user, throttleDays=30)
    assert (await ingest(client, user, [event("ana")]))[1]["triggered"] == 1
    again = (await ingest(client, user, [event("ana", workouts=120)]))[1]
    assert (again["triggered"], again["throttled"]) == (0, 1)
    other = (await ingest(client, user, [event("ben")]))[1]
    assert other["triggered"] == 1  # another recipient is not throttled
    # the window ends (29 days and change from now -> 1 s ago): ana triggers again
    async with appdb.session() as session:
        await session.execute(
            update(TriggerThrottle)
            .where(TriggerThrottle.recipient_id == "ana")
            .values(until=utcnow() - timedelta(seconds=1))
        )
    assert (await ingest(client, user, [event("ana")]))[1]["triggered"] == 1
    # still inside the new window
    assert (await ingest(client, user, [event("ana")]))[1]["throttled"] == 1
    # a second rule has its own window for the same recipient
    await make_rule(client, user, name="other rule")
    both = (await ingest(client, user, [event("ana")]))[1]
    assert (both["triggered"], both["throttled"]) == (1, 1)
    statuses = [e.status for e in await executions(appdb, rule["id"]) if e.recipient_id == "ana"]
    assert statuses == ["matched", "throttled", "matched", "throttled", "throttled"]


async def test_throttle_days_zero_never_throttles(client, make_user):
    user = await make_user(credits=10)
    await make_rule(client, user, throttleDays=0)
    body = (await ingest(client, user, [event("ana"), event("ana"), event("ana")]))[1]
    assert (body["triggered"], body["throttled"]) == (3, 0)


async def test_concurrent_ingests_in_several_pools_render_once(client, make_user, settings):
    """Eight ingests of the same recipient at once, each on its own Database (engine and
    connection pool, as separate API processes have): exactly one render and one charge."""
    user = await make_user(credits=50)
    await make_rule(client, user)
    pools = [Database(settings.database_url) for _ in range(8)]
    try:

        async def one(db: Database) -> int:
            async with db.session() as session:
                account = await session.get(Account, user.account.id)
                assert account is not None
                result = await ingestion.ingest(session, settings, account, [event("priya")])
            return result.triggered

        triggered = await asyncio.gather(*(one(db) for db in pools))
    finally:
        for db in pools:
            await db.dispose()
    assert sorted(triggered) == [0] * 7 + [1]
    check = Database(settings.database_url)
    try:
        jobs, rows, credits = await counts(check, user.account.id)
    finally:
        await check.dispose()
    assert (jobs, rows, credits) == (1, 8, 49)


async def test_concurrent_ingests_from_several_processes_render_once(
    client, make_user, settings, tmp_path
):
    user = await make_user(credits=50)
    await make_rule(client, user)
    env = {
        **os.environ,
        "REELSMITH_DATABASE_URL": settings.database_url,
        "REELSMITH_DATA_DIR": str(tmp_path / "data"),
        "REELSMITH_WORK_DIR": str(tmp_path / "work"),
        "PYTHONPATH": str(Path.cwd()),
    }
    start_at = time.time() + 3.0
    events = json.dumps([event("priya"), event("sam")])
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                str(SUPPORT / "concurrent_ingest.py"),
                user.account.id,
                str(start_at),
                events,
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )  # fmt: skip
        for _ in range(4)
    ]
    outputs = []
    for proc in procs:
        out, err = await asyncio.to_thread(proc.communicate, timeout=120)
        assert proc.returncode == 0, err.decode()[-2000:]
        outputs.append(json.loads(out.decode().strip().splitlines()[-1]))
    assert sum(o["triggered"] for o in outputs) == 2  # one per recipient
    assert sum(o["throttled"] for o in outputs) == 6
    check = Database(settings.database_url)
    try:
        jobs, _, credits = await counts(check, user.account.id)
    finally:
        await check.dispose()
    assert (jobs, credits) == (2, 48)


async def test_event_ids_make_a_retried_ingest_a_no_op(client, make_user, appdb):
    user = await make_user(credits=10)
    await make_rule(client, user, throttleDays=0)  # no throttle: only the eventId protects
    batch = [event("ana", eventId="evt-1"), event("ben", eventId="evt-2")]
    first = (await ingest(client, user, batch))[1]
    assert first["triggered"] == 2
    before = await counts(appdb, user.account.id)
    second = (await ingest(client, user, batch + [event("cy", eventId="evt-3")]))[1]
    assert (second["triggered"], second["duplicates"]) == (1, 2)
    after = await counts(appdb, user.account.id)
    assert (after[0] - before[0], before[2] - after[2]) == (1, 1)


async def test_idempotency_key_replays_the_first_answer(client, make_user, appdb):
    user = await make_user(credits=10)
    await make_rule(client, user, throttleDays=0)
    batch = [event("ana"), event("ben")]
    response = await client.post(
        "/api/events/ingest", json={"events": batch},
        headers={**user.headers, "Idempotency-Key": "call-1"},
    )  # fmt: skip
    first = await response.get_json()
    assert first["triggered"] == 2 and "Idempotent-Replayed" not in response.headers
    before = await counts(appdb, user.account.id)
    response = await client.post(
        "/api/events/ingest", json={"events": batch},
        headers={**user.headers, "Idempotency-Key": "call-1"},
    )  # fmt: skip
    assert response.headers["Idempotent-Replayed"] == "true"
    assert await response.get_json() == first
    assert await counts(appdb, user.account.id) == before
    response = await client.post(
        "/api/events/ingest", json={"events": [event("cy")]},
        headers={**user.headers, "Idempotency-Key": "call-1"},
    )  # fmt: skip
    assert response.status_code == 409


async def test_dry_run_answers_per_event_and_changes_nothing(client, make_user, appdb):
    user = await make_user(credits=2)
    rule = await make_rule(client, user)
    assert (await ingest(client, user, [event("ana")]))[1]["triggered"] == 1
    before = await counts(appdb, user.account.id)
    async with appdb.session() as session:
        throttles_before = await session.scalar(select(func.count()).select_from(TriggerThrottle))
    status, body = await ingest(
        client,
        user,
        [event("ana"), event("ben"), event("cy"), event("dee", workouts=3), {"data": {}}],
        query="?dryRun=true",
    )
    assert status == 200
    assert body["dryRun"] is True
    assert (body["triggered"], body["throttled"], body["errors"]) == (1, 1, 2)
    assert body["creditsNeeded"] == 1
    outcomes = [[r["outcome"] for r in e["rules"]] for e in body["results"]]
    assert outcomes == [["throttled"], ["triggered"], ["error"], [], []]
    assert body["results"][2]["rules"][0]["reason"].startswith("insufficient credits")
    assert body["results"][4]["outcome"] == "error"
    assert body["results"][1]["rules"][0]["ruleId"] == rule["id"]
    assert await counts(appdb, user.account.id) == before
    async with appdb.session() as session:
        throttles = await session.scalar(select(func.count()).select_from(TriggerThrottle))
    assert throttles == throttles_before
    # and the real call after it behaves as the dry run said
    real = (await ingest(client, user, [event("ana"), event("ben"), event("cy")]))[1]
    assert (real["triggered"], real["throttled"], real["errors"]) == (1, 1, 1)


async def test_credits_running_out_mid_ingest_fail_only_the_later_events(client, make_user, appdb):
    user = await make_user(credits=3)
    rule = await make_rule(client, user)
    body = (await ingest(client, user, [event(f"r{i}") for i in range(5)]))[1]
    assert (body["triggered"], body["errors"]) == (3, 2)
    jobs, _, credits = await counts(appdb, user.account.id)
    assert (jobs, credits) == (3, 0)
    rows = await executions(appdb, rule["id"])
    failed = [e for e in rows if e.status == "error"]
    assert {e.recipient_id for e in failed} == {"r3", "r4"}
    assert all("insufficient credits" in (e.reason or "") for e in failed)
    # their throttle window was not taken: they trigger once credits are back
    async with appdb.session() as session:
        await session.execute(
            update(Account).where(Account.id == user.account.id).values(credits=5)
        )
    again = (await ingest(client, user, [event("r3"), event("r4")]))[1]
    assert again["triggered"] == 2


async def test_data_the_template_rejects_is_an_error_on_the_execution(client, make_user, appdb):
    user = await make_user(credits=5)
    rule = await make_rule(client, user)
    bad = {"recipientId": "x", "recipientEmail": "x@example.com", "data": {"workouts": 100}}
    body = (await ingest(client, user, [bad]))[1]
    assert (body["triggered"], body["errors"]) == (0, 1)
    [execution] = await executions(appdb, rule["id"])
    assert execution.status == "error"
    assert "person_name" in (execution.reason or "")
    assert (await counts(appdb, user.account.id))[::2] == (0, 5)


async def test_disabled_rules_do_not_match(client, make_user, appdb):
    user = await make_user()
    rule = await make_rule(client, user, enabled=False)
    body = (await ingest(client, user, [event("ana")]))[1]
    assert (body["processed"], body["triggered"]) == (1, 0)
    await client.patch(f"/api/triggers/{rule['id']}", json={"enabled": True}, headers=user.headers)
    assert (await ingest(client, user, [event("ana")]))[1]["triggered"] == 1


async def test_unsubscribed_recipients_are_skipped(client, make_user, appdb, settings):
    user = await make_user()
    rule = await make_rule(client, user)
    url = links.unsubscribe_url(settings, user.account.id, "ana")
    path = url.removeprefix(settings.public_url)
    response = await client.post(path)
    assert response.status_code == 200
    assert (await client.post(path)).status_code == 200  # twice is fine
    assert (await client.post("/u/forged-token")).status_code == 404
    body = (await ingest(client, user, [event("ana"), event("ben")]))[1]
    assert body["triggered"] == 1
    statuses = {e.recipient_id: e.status for e in await executions(appdb, rule["id"])}
    assert statuses == {"ana": "unsubscribed", "ben": "matched"}


async def test_get_lists_recent_executions(client, make_user):
    user = await make_user(credits=5)
    rule = await make_rule(client, user)
    await ingest(client, user, [event("ana", eventId="e1"), event("ana", eventId="e2")])
    listed = await (await client.get("/api/triggers", headers=user.headers)).get_json()
    [got] = listed["rules"]
    assert got["id"] == rule["id"]
    recent = got["recentExecutions"]
    assert sorted((e["eventId"], e["status"]) for e in recent) == [
        ("e1", "matched"),
        ("e2", "throttled"),
    ]
    matched = next(e for e in recent if e["status"] == "matched")
    assert matched["jobId"] and matched["recipientId"] == "ana" and matched["createdAt"]
    throttled = next(e for e in recent if e["status"] == "throttled")
    assert throttled["jobId"] is None and "30 days" in throttled["reason"]


async def test_the_same_event_id_ingested_at_once_renders_once(client, make_user, settings):
    """Four pools ingest the same eventId at once with no throttle: the unique (rule, eventId)
    execution makes exactly one of them render; the others see a duplicate."""
    user = await make_user(credits=50)
    await make_rule(client, user, throttleDays=0)
    pools = [Database(settings.database_url) for _ in range(4)]
    try:

        async def one(db: Database) -> tuple[int, int]:
            async with db.session() as session:
                account = await session.get(Account, user.account.id)
                assert account is not None
                result = await ingestion.ingest(
                    session, settings, account, [event("priya", eventId="evt-42")]
                )
            return result.triggered, result.duplicates

        outcomes = await asyncio.gather(*(one(db) for db in pools))
    finally:
        for db in pools:
            await db.dispose()
    assert sorted(outcomes) == [(0, 1)] * 3 + [(1, 0)]
    check = Database(settings.database_url)
    try:
        assert await counts(check, user.account.id) == (1, 1, 49)
    finally:
        await check.dispose()

"""POST/GET /api/render/batch without a worker: mapping, up-front checks, limits, credits,
and fair dispatch between accounts (checked by the order of the arq queue)."""

from __future__ import annotations

from typing import Any

from arq import create_pool
from arq.connections import RedisSettings
from sqlalchemy import func, select

from app.accounts.models import Account
from app.db import utcnow
from app.renders import queue
from app.renders.models import RenderJob
from app.renders.queue import arq_job_id
from tests.support.render_helpers import make_template, queued_job_ids


async def balance(app: Any, account_id: str) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        return (await session.get(Account, account_id)).credits


async def job_count(app: Any) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        return (await session.execute(select(func.count()).select_from(RenderJob))).scalar_one()


async def test_batch_maps_aliased_headers_converts_cells_and_keeps_extras(app, client, make_user):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render/batch",
        json={
            "templateId": template_id,
            "headers": ["Recipient", "Total Points", "signup_date", "E-mail", "Tags", "Region"],
            "rows": [
                ["Ada", "1,204", "2024-03-01", "ada@example.com", '["a","b"]', "EU"],
                ["Grace", "7", "03/15/2024", "", "", ""],
            ],
        },
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    assert body["totalJobs"] == 2 and len(body["jobIds"]) == 2 and body["status"] == "pending"
    assert body["mapping"] == {
        "Recipient": "person_name",
        "Total Points": "score",
        "signup_date": "signup",
        "E-mail": "contact",
        "Tags": "tags",
        "Region": None,
    }
    assert await balance(app, user.account.id) == 8
    async with app.config["REELSMITH_DB"].session() as session:
        first = await session.get(RenderJob, body["jobIds"][0])
        second = await session.get(RenderJob, body["jobIds"][1])
    assert first.request["data"] == {
        "person_name": "Ada",
        "score": 1204,
        "signup": "2024-03-01",
        "contact": "ada@example.com",
        "tags": ["a", "b"],
        "Region": "EU",
    }
    assert second.request["data"]["signup"] == "2024-03-15"
    assert first.display_name == "Ada" and second.row_number == 2

    status = await (
        await client.get(f"/api/render/batch?batchId={body['batchId']}", headers=user.headers)
    ).get_json()
    assert status["batch"]["status"] == "pending" and status["batch"]["totalRows"] == 2
    assert status["batch"]["progress"] == {
        "completed": 0,
        "failed": 0,
        "processing": 0,
        "pending": 2,
        "total": 2,
        "percent": 0,
        "awaitingView": 0,
        "expired": 0,
    }
    assert [j["name"] for j in status["jobs"]] == ["Ada", "Grace"]


async def test_batch_with_missing_required_fields_is_rejected_whole(app, client, make_user):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render/batch",
        json={
            "templateId": template_id,
            "headers": ["name", "score"],
            "rows": [["Ada", "1"], ["", "2"], ["Alan", "x"], ["", ""]],
        },
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 400
    rows = sorted({(d["row"], d["field"]) for d in body["details"]})
    assert rows == [(2, "person_name"), (3, "score"), (4, "person_name")]
    assert "row 2" in body["message"] and "person_name" in body["message"]
    assert await balance(app, user.account.id) == 10 and await job_count(app) == 0


async def test_batch_over_tier_limit_is_rejected(app, client, make_user, settings):
    user = await make_user(tier="studio", credits=500)
    template_id = await make_template(app, user.account.id)
    limit = settings.tiers["studio"].batch_max
    resp = await client.post(
        "/api/render/batch",
        json={"templateId": template_id, "headers": ["name"], "rows": [["A"]] * (limit + 1)},
        headers=user.headers,
    )
    assert resp.status_code == 400
    assert str(limit) in (await resp.get_json())["message"]
    assert await job_count(app) == 0


async def test_batch_short_of_credits_is_402_and_charges_nothing(app, client, make_user, settings):
    user = await make_user(credits=3)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render/batch",
        json={"templateId": template_id, "headers": ["name"], "rows": [["A"], ["B"], ["C"], ["D"]]},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 402
    assert body["credits"] == 3 and body["upgradeUrl"] == settings.upgrade_url
    assert await balance(app, user.account.id) == 3 and await job_count(app) == 0


async def test_batch_idempotency_key_replays_and_conflicts(app, client, make_user):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    payload = {"templateId": template_id, "headers": ["name"], "rows": [["A"], ["B"]]}
    headers = {**user.headers, "Idempotency-Key": "batch-1"}
    first = await (await client.post("/api/render/batch", json=payload, headers=headers)).get_json()
    again = await (await client.post("/api/render/batch", json=payload, headers=headers)).get_json()
    assert again == first and await balance(app, user.account.id) == 8
    other = await client.post(
        "/api/render/batch", json={**payload, "rows": [["C"]]}, headers=headers
    )
    assert other.status_code == 409


async def test_batch_of_another_account_is_404(app, client, make_user):
    owner, other = await make_user(), await make_user()
    template_id = await make_template(app, owner.account.id)
    batch = await (
        await client.post(
            "/api/render/batch",
            json={"templateId": template_id, "headers": ["name"], "rows": [["A"]]},
            headers=owner.headers,
        )
    ).get_json()
    resp = await client.get(f"/api/render/batch?batchId={batch['batchId']}", headers=other.headers)
    assert resp.status_code == 404


async def test_big_batch_does_not_starve_another_accounts_single_render(
    app, client, make_user, settings, redis
):
    """A batch alone may fill every live slot; a later single render of another account is
    queued at once (next in line), and the batch then only tops up into free capacity."""
    await queue.register_worker(redis, settings, "w1", 2, 60)  # capacity: 2 slots
    big, small = await make_user(credits=100), await make_user(credits=5)
    big_template = await make_template(app, big.account.id)
    small_template = await make_template(app, small.account.id)
    batch = await (
        await client.post(
            "/api/render/batch",
            json={
                "templateId": big_template,
                "headers": ["name"],
                "rows": [[f"R{i}"] for i in range(30)],
            },
            headers=big.headers,
        )
    ).get_json()
    single = await (
        await client.post(
            "/api/render",
            json={"templateId": small_template, "data": {"person_name": "S"}},
            headers=small.headers,
        )
    ).get_json()
    order = await queued_job_ids(redis, settings)
    assert order == batch["jobIds"][:2] + [single["jobId"]]

    # The first batch job finishes: 2 in flight (batch 1, single) on 2 slots, nothing more.
    pool = await create_pool(RedisSettings.from_dsn(settings.redis_url))
    await finish(app, redis, settings, batch["jobIds"][0])
    assert await queue.dispatch(app.config["REELSMITH_DB"], pool, settings) == []
    # The single render finishes too: a slot is free and the batch takes it, in row order.
    await finish(app, redis, settings, single["jobId"])
    assert await queue.dispatch(app.config["REELSMITH_DB"], pool, settings) == [batch["jobIds"][2]]
    await pool.aclose()
    order = await queued_job_ids(redis, settings)
    assert order == [batch["jobIds"][1], batch["jobIds"][2]]


async def finish(app: Any, redis: Any, settings: Any, job_id: str) -> None:
    """Mark a queued job complete and take it out of the arq queue, as a worker would."""
    async with app.config["REELSMITH_DB"].session() as session:
        done = await session.get(RenderJob, job_id)
        done.status, done.completed_at = "complete", utcnow()
    await redis.zrem(settings.queue_name, arq_job_id(settings, job_id))


async def test_capacity_follows_live_worker_slots(redis, settings):
    assert await queue.capacity(redis, settings) == 0
    await queue.register_worker(redis, settings, "w1", 3, 30)
    await queue.register_worker(redis, settings, "w2", 2, 30)
    await queue.register_worker(redis, settings, "gone", 4, 30)
    await redis.delete(queue.heartbeat_key(settings, "gone"))  # its TTL ran out
    assert await queue.capacity(redis, settings) == 5
    assert await queue.live_workers(redis, settings) == {"w1": 3, "w2": 2}
    assert await redis.smembers(queue.workers_index_key(settings)) == {b"w1", b"w2"}


async def test_a_batch_in_several_shapes_makes_one_job_per_row_and_shape(app, client, make_user):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    body = {
        "templateId": template_id,
        "headers": ["name"],
        "rows": [["Ada"], ["Grace"]],
        "output": {"resolution": "720p", "aspectRatios": ["9:16", "1:1", "16:9"]},
    }
    resp = await client.post("/api/render/batch", json=body, headers=user.headers)
    answer = await resp.get_json()
    assert resp.status_code == 200, answer
    assert answer["totalJobs"] == 6 and answer["creditsRemaining"] == 4  # one credit a video
    shapes = [(j["row"], j["aspectRatio"]) for j in answer["jobs"]]
    assert shapes == [(1, "9:16"), (1, "1:1"), (1, "16:9"), (2, "9:16"), (2, "1:1"), (2, "16:9")]
    assert [j["jobId"] for j in answer["jobs"]] == answer["jobIds"]
    async with app.config["REELSMITH_DB"].session() as session:
        jobs = [await session.get(RenderJob, job_id) for job_id in answer["jobIds"]]
    assert [j.request["output"]["aspectRatio"] for j in jobs] == [s for _, s in shapes]
    assert [j.request["data"]["person_name"] for j in jobs] == ["Ada"] * 3 + ["Grace"] * 3
    batch = await client.get(f"/api/render/batch?batchId={answer['batchId']}", headers=user.headers)
    listed = (await batch.get_json())["jobs"]
    assert [(j["id"], j["aspectRatio"]) for j in listed] == [
        (job_id, shape) for job_id, (_, shape) in zip(answer["jobIds"], shapes, strict=True)
    ]

    refused = [
        ({"aspectRatios": ["9:16"], "aspectRatio": "1:1"}, "aspectRatios"),
        ({"aspectRatios": ["3:2"]}, "aspectRatios"),
        ({"resolution": "4k", "aspectRatios": ["1:1", "9:16"]}, "output.resolution"),
    ]
    for output, field in refused:
        resp = await client.post(
            "/api/render/batch", json={**body, "output": output}, headers=user.headers
        )
        answer = await resp.get_json()
        assert resp.status_code == 400 and field in answer["message"], answer
    single = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "A"},
              "output": {"aspectRatios": ["1:1"]}},
        headers=user.headers,
    )  # fmt: skip
    assert single.status_code == 400
    assert "aspectRatios" in (await single.get_json())["message"]
    assert await balance(app, user.account.id) == 4  # the refused ones charged nothing

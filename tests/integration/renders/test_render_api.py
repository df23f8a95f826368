"""POST/GET/DELETE /api/render without a worker: validation, credits, idempotency, queueing."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from app.accounts.models import Account, LedgerEntry
from app.renders.models import RenderJob
from app.renders.queue import arq_job_id
from app.templates.service import get_template
from tests.support.render_helpers import make_template, queued_job_ids


async def balance(app: Any, account_id: str) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        return (await session.get(Account, account_id)).credits


async def test_render_is_charged_inserted_pending_and_enqueued(
    app, client, make_user, settings, redis
):
    user = await make_user(credits=5)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "Ada Lovelace", "score": 7}},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    assert body["status"] == "pending" and body["displayName"] == "Ada Lovelace"
    assert body["creditsRemaining"] == 4 and body["templateId"] == template_id
    assert await balance(app, user.account.id) == 4
    assert await queued_job_ids(redis, settings) == [body["jobId"]]

    resp = await client.get(f"/api/render/{body['jobId']}", headers=user.headers)
    status = await resp.get_json()
    assert resp.status_code == 200
    assert (
        status["success"] is True and status["status"] == "pending" and status["stage"] == "queued"
    )
    assert status["job"]["id"] == status["id"] == body["jobId"]
    assert status["authorName"] == "Ada Lovelace" and status["outputUrl"] is None


async def test_render_builtin_template_uses_its_data_slots(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/render",
        json={"templateId": "pulse", "data": {"person_name": "Sam", "period": "Q3"}},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 400
    assert "keyStats" in body["message"]


async def test_missing_required_field_is_400_naming_it_and_charges_nothing(app, client, make_user):
    user = await make_user(credits=3)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render", json={"templateId": template_id, "data": {}}, headers=user.headers
    )
    body = await resp.get_json()
    assert resp.status_code == 400
    assert "person_name" in body["message"]
    assert await balance(app, user.account.id) == 3


async def test_wrong_types_are_400(app, client, make_user):
    user = await make_user()
    template_id = await make_template(app, user.account.id)
    for field, value in [
        ("score", "many"),
        ("signup", "yesterday"),
        ("contact", "nope"),
        ("tags", "a,b"),
    ]:
        resp = await client.post(
            "/api/render",
            json={"templateId": template_id, "data": {"person_name": "A", field: value}},
            headers=user.headers,
        )
        body = await resp.get_json()
        assert resp.status_code == 400, (field, body)
        assert field in body["message"]


async def test_request_options_are_validated(app, client, make_user):
    user = await make_user()
    template_id = await make_template(app, user.account.id)
    base = {"templateId": template_id, "data": {"person_name": "A"}}
    bad = [
        {"audio": {"musicVolume": 1.5}},
        {"output": {"resolution": "8k"}},
        {"output": {"fps": 24}},
        {"brand": {"accentColor": "blue"}},
        {"scenes": [{"animationOption": "no-such-option"}]},
        {"scenes": [{}, {}, {}]},
        {"audio": {"voiceId": "robot"}},
        {"audio": {"musicTrack": "no-such-track"}},
        {"scenes": [{"voScript": "Hi [nickname]"}]},
    ]
    for extra in bad:
        resp = await client.post("/api/render", json={**base, **extra}, headers=user.headers)
        assert resp.status_code == 400, extra
    resp = await client.post(
        "/api/render",
        json={**base, "scenes": [{"voScript": "Hi [nickname]"}]},
        headers=user.headers,
    )
    assert "nickname" in (await resp.get_json())["message"]


async def test_a_dashed_variable_is_refused_not_left_unfilled(app, client, make_user):
    """`[some-key]` passed validation (a data key) and stayed "[some-key]" in the video."""
    user = await make_user()
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render",
        json={
            "templateId": template_id,
            "data": {"person_name": "A", "some-key": "Ana"},
            "scenes": [{"voScript": "Hi [some-key]"}],
        },
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 400, body
    assert "[some-key]" in body["message"]


async def test_unknown_template_is_404(client, make_user):
    user = await make_user()
    resp = await client.post("/api/render", json={"templateId": "nope"}, headers=user.headers)
    assert resp.status_code == 404


async def test_insufficient_credits_is_402_with_upgrade_url_and_no_job(
    app, client, make_user, settings
):
    user = await make_user(credits=0)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "A"}},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 402
    assert body["error"] == "insufficient_credits" and body["credits"] == 0
    assert body["upgradeUrl"] == settings.upgrade_url and body["message"]
    async with app.config["REELSMITH_DB"].session() as session:
        assert (await session.execute(select(RenderJob))).first() is None


async def test_idempotent_retry_returns_first_answer_and_charges_once(
    app, client, make_user, settings, redis
):
    user = await make_user(credits=5)
    template_id = await make_template(app, user.account.id)
    payload = {"templateId": template_id, "data": {"person_name": "Grace"}}
    headers = {**user.headers, "Idempotency-Key": "order-42"}
    first = await (await client.post("/api/render", json=payload, headers=headers)).get_json()
    again = await client.post("/api/render", json=payload, headers=headers)
    assert again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert await again.get_json() == first
    assert await balance(app, user.account.id) == 4
    async with app.config["REELSMITH_DB"].session() as session:
        jobs = (await session.execute(select(RenderJob))).scalars().all()
        charges = (
            (await session.execute(select(LedgerEntry).where(LedgerEntry.kind == "charge")))
            .scalars()
            .all()
        )
    assert len(jobs) == 1 and len(charges) == 1
    assert await queued_job_ids(redis, settings) == [first["jobId"]]


async def test_idempotency_key_with_different_body_is_409(app, client, make_user):
    user = await make_user(credits=5)
    template_id = await make_template(app, user.account.id)
    headers = {**user.headers, "Idempotency-Key": "k1"}
    ok = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "A"}},
        headers=headers,
    )
    assert ok.status_code == 200
    clash = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "B"}},
        headers=headers,
    )
    assert clash.status_code == 409
    assert (await clash.get_json())["error"] == "conflict"
    assert await balance(app, user.account.id) == 4


async def test_idempotency_keys_are_per_account(app, client, make_user):
    alice, bob = await make_user(credits=2), await make_user(credits=2)
    for user in (alice, bob):
        template_id = await make_template(app, user.account.id)
        resp = await client.post(
            "/api/render",
            json={"templateId": template_id, "data": {"person_name": "A"}},
            headers={**user.headers, "Idempotency-Key": "same"},
        )
        assert resp.status_code == 200
    assert await balance(app, alice.account.id) == 1 and await balance(app, bob.account.id) == 1


async def test_job_of_another_account_is_404(app, client, make_user):
    owner, other = await make_user(), await make_user()
    template_id = await make_template(app, owner.account.id)
    job_id = (
        await (
            await client.post(
                "/api/render",
                json={"templateId": template_id, "data": {"person_name": "A"}},
                headers=owner.headers,
            )
        ).get_json()
    )["jobId"]
    assert (await client.get(f"/api/render/{job_id}", headers=other.headers)).status_code == 404
    assert (await client.delete(f"/api/render/{job_id}", headers=other.headers)).status_code == 404
    assert (await client.get("/api/render/not-a-job", headers=owner.headers)).status_code == 404


async def test_scopes_are_enforced(app, client, make_user):
    user = await make_user(scopes="videos:read")
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "A"}},
        headers=user.headers,
    )
    assert resp.status_code == 403
    batch = await client.post(
        "/api/render/batch",
        json={"templateId": template_id, "headers": ["name"], "rows": [["A"]]},
        headers=user.headers,
    )
    assert batch.status_code == 403


async def test_delete_pending_job_cancels_and_refunds_once(app, client, make_user, settings, redis):
    user = await make_user(credits=2)
    template_id = await make_template(app, user.account.id)
    job_id = (
        await (
            await client.post(
                "/api/render",
                json={"templateId": template_id, "data": {"person_name": "A"}},
                headers=user.headers,
            )
        ).get_json()
    )["jobId"]
    assert await balance(app, user.account.id) == 1
    resp = await client.delete(f"/api/render/{job_id}", headers=user.headers)
    body = await resp.get_json()
    assert resp.status_code == 200 and body["cancelled"] and body["refunded"]
    assert await balance(app, user.account.id) == 2
    again = await (await client.delete(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert again["refunded"] is False
    assert await balance(app, user.account.id) == 2
    status = await (await client.get(f"/api/render/{job_id}", headers=user.headers)).get_json()
    assert status["status"] == "failed" and status["deletedAt"] and status["outputUrl"] is None
    assert await redis.zscore("arq:abort", arq_job_id(settings, job_id)) is not None


async def test_thumbnail_needs_a_completed_job_of_the_caller(app, client, make_user):
    user, other = await make_user(), await make_user()
    template_id = await make_template(app, user.account.id)
    job_id = (
        await (
            await client.post(
                "/api/render",
                json={"templateId": template_id, "data": {"person_name": "A"}},
                headers=user.headers,
            )
        ).get_json()
    )["jobId"]
    pending = await client.post(
        "/api/thumbnail", json={"renderJobId": job_id}, headers=user.headers
    )
    assert pending.status_code == 400
    assert "pending" in (await pending.get_json())["message"]
    foreign = await client.post(
        "/api/thumbnail", json={"renderJobId": job_id}, headers=other.headers
    )
    assert foreign.status_code == 404
    bad = await client.post(
        "/api/thumbnail", json={"renderJobId": job_id, "durationSec": 0}, headers=user.headers
    )
    assert bad.status_code == 400


async def test_batch_status_needs_a_batch_id(client, make_user):
    user = await make_user()
    resp = await client.get("/api/render/batch", headers=user.headers)
    assert resp.status_code == 400
    unknown = await client.get("/api/render/batch?batchId=nope", headers=user.headers)
    assert unknown.status_code == 404


async def test_project_id_must_be_one_of_the_callers_projects(app, client, make_user):
    user, other = await make_user(credits=5), await make_user()
    template_id = await make_template(app, user.account.id)

    async def project_of(owner: Any) -> str:
        resp = await client.post("/api/projects", json={"name": "Spring"}, headers=owner.headers)
        return (await resp.get_json())["project"]["id"]

    mine, theirs = await project_of(user), await project_of(other)
    render = {"templateId": template_id, "data": {"person_name": "A"}}
    batch = {"templateId": template_id, "headers": ["name"], "rows": [["A"], ["B"]]}
    for project_id in (theirs, "no-such-project"):
        for path, body in (("/api/render", render), ("/api/render/batch", batch)):
            resp = await client.post(
                path, json={**body, "projectId": project_id}, headers=user.headers
            )
            error = await resp.get_json()
            assert resp.status_code == 404, (path, error)
            assert error["error"] == "not_found" and project_id in error["message"]
    assert await balance(app, user.account.id) == 5

    created = await (
        await client.post("/api/render", json={**render, "projectId": mine}, headers=user.headers)
    ).get_json()
    status = await (
        await client.get(f"/api/render/{created['jobId']}", headers=user.headers)
    ).get_json()
    assert status["projectId"] == mine
    resp = await client.post(
        "/api/render/batch", json={**batch, "projectId": mine}, headers=user.headers
    )
    assert resp.status_code == 200 and await balance(app, user.account.id) == 2


async def test_output_language_reaches_the_job_and_is_checked_for_a_voice(app, client, make_user):
    user = await make_user(credits=5)
    # scripts written in German: a voiced German render needs no translation
    written = {"resolution": "720p", "fps": 30, "includeVoiceover": False, "language": "de"}
    template_id = await make_template(app, user.account.id, defaults=written)
    render = {"templateId": template_id, "data": {"person_name": "Ada"}}
    speak = {"includeVoiceover": True, "voiceId": "en-US-GuyNeural"}
    batch = {"templateId": template_id, "headers": ["name"], "rows": [["A"]], "audio": speak}

    async def stored_output(job_id: str) -> dict[str, Any]:
        async with app.config["REELSMITH_DB"].session() as session:
            return (await session.get(RenderJob, job_id)).request["output"]

    plain = await (await client.post("/api/render", json=render, headers=user.headers)).get_json()
    assert (await stored_output(plain["jobId"]))["language"] == "en"
    german = await client.post(
        "/api/render",
        json={**render, "audio": speak, "output": {"language": "de"}},
        headers=user.headers,
    )
    assert german.status_code == 200
    assert (await stored_output((await german.get_json())["jobId"]))["language"] == "de"

    for path, body in (("/api/render", {**render, "audio": speak}), ("/api/render/batch", batch)):
        resp = await client.post(
            path, json={**body, "output": {"language": "th"}}, headers=user.headers
        )
        error = await resp.get_json()
        assert resp.status_code == 400, (path, error)
        assert "output.language" in error["message"] and "'th'" in error["message"]
    unknown = await client.post(
        "/api/render", json={**render, "output": {"language": "xx"}}, headers=user.headers
    )
    assert unknown.status_code == 400 and "en-GB" in str(await unknown.get_json())
    silent = await client.post(
        "/api/render", json={**render, "output": {"language": "th"}}, headers=user.headers
    )
    assert silent.status_code == 200  # nothing is spoken, so any SPEC language will do
    assert await balance(app, user.account.id) == 2


async def test_voiced_render_in_a_language_no_engine_translates_to_is_400(app, client, make_user):
    user = await make_user(credits=3)
    body = {"templateId": "rewind", "data": {"person_name": "Sam", "totalWorkouts": 3,
            "totalMinutes": 90}, "audio": {"includeVoiceover": True}}  # fmt: skip
    resp = await client.post(
        "/api/render", json={**body, "output": {"language": "de"}}, headers=user.headers
    )
    got = await resp.get_json()
    assert resp.status_code == 400, got
    assert "output.language" in got["message"] and "en -> de" in got["message"]
    assert "REELSMITH_AI_LIBRETRANSLATE_URL" in got["message"]
    assert ["output", "language"] in [d["loc"] for d in got["details"]]
    assert await balance(app, user.account.id) == 3
    resp = await client.post(
        "/api/render", json={**body, "output": {"language": "pt"}}, headers=user.headers
    )
    assert resp.status_code == 200, await resp.get_json()
    job_id = (await resp.get_json())["jobId"]
    async with app.config["REELSMITH_DB"].session() as session:
        job = await session.get(RenderJob, job_id)
        assert job is not None and job.request["templateLanguage"] == "en"


async def test_renders_queue_one_job_per_account_while_no_slot_is_free(
    app, client, make_user, settings, redis
):
    """No live worker slot (capacity taken): each account's first render goes to the queue
    at once, its next ones wait in the database, as the full dispatch round decides."""
    first_user, second_user = await make_user(credits=5), await make_user(credits=5)
    data = {"person_name": "Ada Lovelace", "totalWorkouts": 3, "totalMinutes": 90}
    body = {"templateId": "rewind", "data": data}
    jobs = []
    for user in (first_user, first_user, second_user):
        resp = await client.post("/api/render", json=body, headers=user.headers)
        assert resp.status_code == 200, await resp.get_json()
        jobs.append((await resp.get_json())["jobId"])
    assert await queued_job_ids(redis, settings) == [jobs[0], jobs[2]]
    async with app.config["REELSMITH_DB"].session() as session:
        waiting = await session.get(RenderJob, jobs[1])
    assert waiting is not None and waiting.enqueued_at is None


async def test_every_template_a_render_may_use_is_charged_once_in_one_transaction(
    app, client, make_user
):
    """A render's create is a point transaction (app/pointtx.py); reading another account's
    public template needs a session, and the whole create runs again in one: either way the
    job, one charge, one ledger row and one count of the template's renders."""
    owner, user = await make_user(credits=1), await make_user(credits=5)
    own = await make_template(app, user.account.id)
    shared = await make_template(app, owner.account.id, visibility="public")
    for n, template_id in enumerate((own, shared, "rewind"), start=1):
        data = {"person_name": "Ada Lovelace", "score": 7, "totalWorkouts": 3, "totalMinutes": 90}
        resp = await client.post(
            "/api/render", json={"templateId": template_id, "data": data}, headers=user.headers
        )
        body = await resp.get_json()
        assert resp.status_code == 200, body
        assert body["creditsRemaining"] == 5 - n and await balance(app, user.account.id) == 5 - n
    async with app.config["REELSMITH_DB"].session() as session:
        jobs = (await session.execute(select(RenderJob.template_id))).scalars().all()
        charges = (
            (
                await session.execute(
                    select(LedgerEntry.amount).where(
                        LedgerEntry.account_id == user.account.id, LedgerEntry.kind == "charge"
                    )
                )
            )
            .scalars()
            .all()
        )
        usage = {
            t: (await get_template(session, t, user.account.id)).usageCount for t in (own, shared)
        }
    assert sorted(jobs) == sorted([own, shared, "rewind"]) and charges == [-1, -1, -1]
    assert usage == {own: 1, shared: 1}

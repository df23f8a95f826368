"""`warnings` of POST /api/render, POST /api/render/batch and GET /api/render/{id}: characters
no bundled font draws (code point and field) and text that will not fit (the estimate from
font metrics); the render goes on. And list slots checked at create: an empty `keyStats` or a
stat without its value is a 400 naming the field, nothing charged."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from app.accounts.models import Account
from app.renders import read
from app.renders.models import RenderJob
from tests.support.render_helpers import make_template

PULSE = {
    "person_name": "Priya Shah",
    "period": "Q3 2026",
    "keyStats": [{"label": "Revenue", "value": 1284000, "prefix": "$"}],
}
# No font has a glyph for a private-use character; the name is long enough to be cut.
UNDRAWN = "\U000f0000"
LONG_NAME = "Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh-Cholmondeley"


async def balance(app: Any, account_id: str) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        return (await session.get(Account, account_id)).credits


async def job_count(app: Any) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        return (await session.execute(select(func.count()).select_from(RenderJob))).scalar_one()


async def test_render_answers_glyph_and_fit_warnings_and_goes_on(app, client, make_user):
    user = await make_user(credits=5)
    resp = await client.post(
        "/api/render",
        json={"templateId": "pulse", "data": {**PULSE, "person_name": f"Ana {UNDRAWN}"}},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    assert body["status"] == "pending" and body["creditsRemaining"] == 4
    assert body["warnings"] == [
        {
            "kind": "glyphs",
            "field": "person_name",
            "codePoint": "U+F0000",
            "character": UNDRAWN,
            "message": "person_name: U+F0000 (unnamed character) is not in the bundled fonts",
        }
    ]
    # GET answers the same warnings (from the stored request).
    job = await (await client.get(f"/api/render/{body['jobId']}", headers=user.headers)).get_json()
    assert job["warnings"] == body["warnings"] == job["job"]["warnings"]

    resp = await client.post(
        "/api/render",
        json={"templateId": "pulse", "data": {**PULSE, "person_name": LONG_NAME}},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    fit = [w for w in body["warnings"] if w["kind"] == "text_fit"]
    assert fit and {w["field"] for w in fit} == {"person_name"}
    first = fit[0]
    assert first["scene"] == 0 and first["primitiveId"] == "title-intro"
    assert first["element"] == ".ti-name" and (first["truncated"] or first["scale"] < 0.8)
    assert "estimate" in first["message"] and "codePoint" not in first
    # The status read answers the warnings the create kept for it; read again from the
    # stored request (another API process, or after a restart), they are the same.
    job = await (await client.get(f"/api/render/{body['jobId']}", headers=user.headers)).get_json()
    assert job["warnings"] == body["warnings"]
    async with app.config["REELSMITH_DB"].session() as session:
        stored = (await session.get(RenderJob, body["jobId"])).request
    assert read.request_warnings(stored) == body["warnings"]


async def test_text_that_fits_and_drawn_characters_give_no_warnings(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/render",
        json={"templateId": "pulse", "data": {**PULSE, "person_name": "محمد علي · 王小明 🎉"}},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    assert body["warnings"] == []


async def test_an_empty_list_slot_is_refused_at_create_naming_the_field(app, client, make_user):
    user = await make_user(credits=3)
    cases = {
        "data.keyStats is required (the list is empty)": {**PULSE, "keyStats": []},
        "data.keyStats[0].value is required": {**PULSE, "keyStats": [{"label": "Revenue"}]},
        "data.keyStats[1] must be text or an object (label, value, prefix, suffix)": {
            **PULSE,
            "keyStats": [{"label": "A", "value": 1}, ["B", 2]],
        },
        "data.categories[0].value must be a number": {
            **PULSE,
            "categories": [{"label": "Subscriptions", "value": "lots"}],
        },
    }
    for message, data in cases.items():
        resp = await client.post(
            "/api/render", json={"templateId": "pulse", "data": data}, headers=user.headers
        )
        body = await resp.get_json()
        assert resp.status_code == 400, body
        assert body["message"] == message
    assert await balance(app, user.account.id) == 3 and await job_count(app) == 0


async def test_a_scene_needing_a_list_the_data_leaves_empty_is_refused(app, client, make_user):
    """A list slot that is optional but a playing scene requires it (dataRequired `name[]`)."""
    user = await make_user(credits=3)
    template_id = await make_template(
        app,
        user.account.id,
        scenes=[
            {"primitiveId": "title-intro", "durationOverride": 1.0},
            {"primitiveId": "radar", "durationOverride": 1.0, "dataRequired": ["tags[]"],
             "sceneData": {"radarData": "[tags]"}},
        ],
    )  # fmt: skip
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "Ada", "tags": []}},
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 400, body
    assert body["message"] == (
        "data.tags is required: scene 1 (radar) needs a list with at least 1 item"
    )
    assert await balance(app, user.account.id) == 3


async def test_batch_answers_each_rows_warnings_with_its_row(client, make_user):
    user = await make_user(credits=10)
    resp = await client.post(
        "/api/render/batch",
        json={
            "templateId": "pulse",
            "headers": ["name", "period", "stats"],
            "rows": [
                ["Priya Shah", "Q3", '[{"label": "NPS", "value": 61}]'],
                [f"Sam {UNDRAWN}", "Q3", '[{"label": "NPS", "value": 61}]'],
            ],
        },
        headers=user.headers,
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    assert [(w["row"], w["kind"], w["field"]) for w in body["warnings"]] == [
        (2, "glyphs", "person_name")
    ]


async def test_dry_run_answers_per_row_warnings_and_cost_and_keeps_nothing(
    app, client, make_user, settings, redis
):
    user = await make_user(credits=4)
    rows = [
        ["Priya Shah", "Q3", '[{"label": "NPS", "value": 61}]'],
        [LONG_NAME, "Q3", '[{"label": "NPS", "value": 61}]'],
        ["Sam Lee", "Q3", "[]"],
        [f"Ana {UNDRAWN}", "Q3", '[{"label": "NPS"}]'],
        ["x" * 10_001, "Q3", '[{"label": "NPS", "value": 61}]'],
    ]
    before = await redis.zcard(settings.queue_name)
    resp = await client.post(
        "/api/render/batch",
        json={
            "templateId": "pulse",
            "headers": ["name", "period", "stats"],
            "rows": rows,
            "dryRun": True,
        },
        headers={**user.headers, "Idempotency-Key": "dry-1"},
    )
    body = await resp.get_json()
    assert resp.status_code == 200, body
    assert body["dryRun"] is True and body["success"] is True
    assert body["totalRows"] == 5 and body["creditsNeeded"] == 5
    assert body["creditsRemaining"] == 4 and body["enoughCredits"] is False
    assert body["validRows"] == 2 and body["wouldQueue"] is False
    assert body["mapping"] == {"name": "person_name", "period": "period", "stats": "keyStats"}
    results = body["results"]
    assert [(r["row"], r["index"], r["ok"]) for r in results] == [
        (1, 0, True),
        (2, 1, True),
        (3, 2, False),
        (4, 3, False),
        (5, 4, False),
    ]
    assert results[0]["warnings"] == [] and results[0]["name"] == "Priya Shah"
    assert {w["kind"] for w in results[1]["warnings"]} == {"text_fit"}
    assert results[2]["warnings"] == [
        {
            "kind": "data",
            "field": "keyStats",
            "message": "keyStats is required (the list is empty)",
        }
    ]
    kinds = [(w["kind"], w["field"]) for w in results[3]["warnings"]]
    assert kinds == [("data", "keyStats[0].value"), ("glyphs", "person_name")]
    assert results[4]["warnings"][0]["kind"] == "limits"
    assert "10,001 characters" in results[4]["warnings"][0]["message"]
    assert "Nothing was charged" in body["message"]

    # Nothing was charged, created or queued; the key was not used up.
    assert await balance(app, user.account.id) == 4 and await job_count(app) == 0
    assert await redis.zcard(settings.queue_name) == before
    again = await client.post(
        "/api/render/batch",
        json={"templateId": "pulse", "headers": ["name", "period", "stats"], "rows": rows[:2]},
        headers={**user.headers, "Idempotency-Key": "dry-1"},
    )
    assert again.status_code == 200 and "batchId" in await again.get_json()


async def test_dry_run_by_query_and_its_request_level_refusals(client, make_user, settings):
    user = await make_user(credits=50)
    batch = {"templateId": "pulse", "headers": ["name", "period", "stats"]}
    good = ["Priya Shah", "Q3", '[{"label": "NPS", "value": 61}]']
    resp = await client.post(
        "/api/render/batch?dryRun=true", json={**batch, "rows": [good]}, headers=user.headers
    )
    body = await resp.get_json()
    assert resp.status_code == 200 and body["dryRun"] is True and body["wouldQueue"] is True

    too_many = settings.tiers["studio"].batch_max + 1
    resp = await client.post(
        "/api/render/batch",
        json={**batch, "rows": [good] * too_many, "dryRun": True},
        headers=user.headers,
    )
    assert resp.status_code == 400
    assert "tier allows up to" in (await resp.get_json())["message"]
    resp = await client.post(
        "/api/render/batch",
        json={**batch, "templateId": "nope", "rows": [good], "dryRun": True},
        headers=user.headers,
    )
    assert resp.status_code == 404

"""A template's posterAt (the poster frame its author chose): set by create, PATCH and PUT,
cleared with null, copied by a fork, carried into the render job."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from app.renders.models import RenderJob

BODY: dict[str, Any] = {
    "name": "Poster at",
    "scenes": [
        {"primitiveId": "title-intro", "durationOverride": 2.0, "sceneData": {"subtitle": "Hi"}},
        {"primitiveId": "outro", "voScript": "Thanks [person_name]", "transition": "fade"},
    ],
    "dataSlots": [{"key": "person_name", "label": "Name", "type": "text", "required": True}],
}


async def create(client: Any, user: Any, **fields: Any) -> dict[str, Any]:
    resp = await client.post("/api/templates", json={**BODY, **fields}, headers=user.headers)
    body = await resp.get_json()
    assert resp.status_code == 201, body
    return body["template"]


async def test_poster_at_is_kept_shown_changed_and_cleared(client, make_user):
    user = await make_user()
    template = await create(client, user, posterAt={"scene": 0, "offsetMs": 1500})
    assert template["posterAt"] == {"scene": 0, "offsetMs": 1500}
    tid = template["id"]
    got = await (await client.get(f"/api/templates/{tid}", headers=user.headers)).get_json()
    assert got["template"]["posterAt"] == {"scene": 0, "offsetMs": 1500}
    # a voiced scene's length is its speech's: any offset, clamped into the scene at render
    patched = await client.patch(
        f"/api/templates/{tid}", json={"posterAt": {"scene": 1, "offsetMs": 60000}},
        headers=user.headers,
    )  # fmt: skip
    assert (await patched.get_json())["template"]["posterAt"] == {"scene": 1, "offsetMs": 60000}
    # PUT without posterAt keeps it (like dataSlots); with null, back to the poster rule
    put = await client.put(f"/api/templates/{tid}", json=BODY, headers=user.headers)
    assert (await put.get_json())["template"]["posterAt"] == {"scene": 1, "offsetMs": 60000}
    cleared = await client.patch(
        f"/api/templates/{tid}", json={"posterAt": None}, headers=user.headers
    )
    assert (await cleared.get_json())["template"]["posterAt"] is None
    plain = await create(client, user)
    assert plain["posterAt"] is None


async def test_scenes_that_no_longer_hold_the_poster_scene_are_400(client, make_user):
    user = await make_user()
    template = await create(client, user, posterAt={"scene": 1, "offsetMs": 0})
    resp = await client.patch(
        f"/api/templates/{template['id']}", json={"scenes": BODY["scenes"][:1]},
        headers=user.headers,
    )  # fmt: skip
    body = await resp.get_json()
    assert resp.status_code == 400, body
    assert body["details"][0]["loc"] == ["posterAt", "scene"]
    assert "1 is not a scene of this template (indexes 0-0)" in body["message"]


async def test_a_fork_copies_the_poster_at_and_a_render_carries_it(app, client, make_user):
    user = await make_user(credits=2)
    base = await create(client, user, posterAt={"scene": 0, "offsetMs": 250})
    fork = await client.post(
        "/api/templates", json={"name": "Fork", "forkFrom": base["id"]}, headers=user.headers
    )
    forked = (await fork.get_json())["template"]
    assert forked["posterAt"] == {"scene": 0, "offsetMs": 250}
    resp = await client.post(
        "/api/render",
        json={"templateId": forked["id"], "data": {"person_name": "Ada"}},
        headers=user.headers,
    )
    job_id = (await resp.get_json())["jobId"]
    async with app.config["REELSMITH_DB"].session() as session:
        job = (await session.execute(select(RenderJob).where(RenderJob.id == job_id))).scalar_one()
    assert job.request["posterAt"] == {"scene": 0, "offsetMs": 250.0}

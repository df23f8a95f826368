"""The output options of issue 26 at the API: shapes (`output.aspectRatio`) are stored on the
job; bad input answers 400 naming the field and charges nothing."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from app.renders.models import RenderJob
from tests.support.render_helpers import make_template


async def render(client: Any, app: Any, user: Any, output: dict[str, Any]) -> Any:
    template_id = await make_template(app, user.account.id)
    return await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"person_name": "R"}, "output": output},
        headers=user.headers,
    )


async def stored_output(app: Any, job_id: str) -> dict[str, Any]:
    async with app.config["REELSMITH_DB"].session() as session:
        job = (await session.execute(select(RenderJob).where(RenderJob.id == job_id))).scalar_one()
    return dict(job.request["output"])


async def refused_naming(resp: Any, field: str) -> dict[str, Any]:
    body = await resp.get_json()
    assert resp.status_code == 400, body
    assert field in body["message"], body["message"]
    return body


async def test_a_shape_is_stored_on_the_job_and_16_9_is_the_default(app, client, make_user):
    user = await make_user(credits=5)
    resp = await render(client, app, user, {"resolution": "720p", "aspectRatio": "9:16"})
    assert resp.status_code == 200, await resp.get_json()
    output = await stored_output(app, (await resp.get_json())["jobId"])
    assert (output["resolution"], output["aspectRatio"]) == ("720p", "9:16")
    resp = await render(client, app, user, {})
    assert (await stored_output(app, (await resp.get_json())["jobId"]))["aspectRatio"] == "16:9"


async def test_an_unknown_ratio_or_too_many_pixels_is_refused_naming_the_field(
    app, client, make_user
):
    user = await make_user(credits=5)
    await refused_naming(await render(client, app, user, {"aspectRatio": "21:9"}), "aspectRatio")
    resp = await render(client, app, user, {"resolution": "4k", "aspectRatio": "1:1"})
    body = await refused_naming(resp, "output.resolution")
    assert "tiers count pixels" in body["message"]
    billing = await (await client.get("/api/billing", headers=user.headers)).get_json()
    assert billing["credits"] == 5

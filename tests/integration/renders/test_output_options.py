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


async def test_formats_and_ranges_are_stored_and_bad_ones_refused_naming_the_field(
    app, client, make_user
):
    user = await make_user(credits=9)  # studio: GIFs of at most 15 s
    ok = await render(client, app, user, {"format": "gif", "range": {"startMs": 0, "endMs": 900}})
    assert ok.status_code == 200, await ok.get_json()
    output = await stored_output(app, (await ok.get_json())["jobId"])
    assert output["format"] == "gif" and output["range"] == {"startMs": 0.0, "endMs": 900.0}
    ok = await render(client, app, user, {"format": "png", "frameAtMs": 500})
    assert ok.status_code == 200, await ok.get_json()

    cases = [
        ({"format": "mov"}, "format"),
        ({"range": {"startMs": 5000, "endMs": 6000}}, "output.range"),  # the video lasts ~1.5 s
        ({"range": {"startMs": 500, "endMs": 100}}, "range"),
        ({"format": "png", "frameAtMs": 60000}, "output.frameAtMs"),
        ({"frameAtMs": 500}, "output.frameAtMs"),  # an mp4 has no one frame
    ]
    for output, field in cases:
        await refused_naming(await render(client, app, user, output), field)

    long_id = await make_template(
        app, user.account.id, scenes=[{"primitiveId": "title-intro", "durationOverride": 20}]
    )

    async def long_render(output: dict[str, Any]) -> Any:
        body = {"templateId": long_id, "data": {"person_name": "R"}, "output": output}
        return await client.post("/api/render", json=body, headers=user.headers)

    body = await refused_naming(await long_render({"format": "gif"}), "output.format")
    assert "at most 15 s" in body["message"]
    too_long = {"format": "gif", "range": {"startMs": 0, "endMs": 16000}}
    await refused_naming(await long_render(too_long), "output.range")
    short = {"format": "gif", "range": {"startMs": 2000, "endMs": 5000}}
    assert (await long_render(short)).status_code == 200
    billing = await (await client.get("/api/billing", headers=user.headers)).get_json()
    assert billing["credits"] == 9 - 3  # only the accepted renders were charged

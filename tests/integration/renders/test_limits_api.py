"""Tier limits at the API: the abusive inputs of issue 11 answered with a clear 400 naming the
field, the value and the limit, at template save, POST /api/render and /api/render/batch, and
nothing charged (GET /api/billing) or queued."""

from __future__ import annotations

from typing import Any

from render_helpers import make_template
from sqlalchemy import func, select

from app.renders.models import RenderJob

BIG_X = "x" * 5120  # a 5 KB data value


async def credits(client: Any, user: Any) -> int:
    resp = await client.get("/api/billing", headers=user.headers)
    assert resp.status_code == 200
    return (await resp.get_json())["credits"]


async def job_count(app: Any) -> int:
    async with app.config["REELSMITH_DB"].session() as session:
        return (await session.execute(select(func.count()).select_from(RenderJob))).scalar_one()


async def refused(resp: Any, message: str) -> dict[str, Any]:
    body = await resp.get_json()
    assert resp.status_code == 400, body
    assert body["error"] == "invalid_request"
    assert message in body["message"], body["message"]
    return body


def long_scenes(n: int, seconds: float) -> list[dict[str, Any]]:
    return [{"primitiveId": "title-intro", "durationOverride": seconds} for _ in range(n)]


# ---- template save ----


async def test_template_with_a_30_kb_voscript_is_refused_at_create_patch_and_put(
    app, client, make_user
):
    user = await make_user()
    scenes = [{"primitiveId": "title-intro", "voScript": "word " * 6000}]
    resp = await client.post(
        "/api/templates", json={"name": "Long", "scenes": scenes}, headers=user.headers
    )
    body = await refused(
        resp, "scenes[0].voScript: 30,000 characters; the studio tier allows 5,000"
    )
    assert body["details"][0]["loc"] == ["scenes", "0", "voScript"]

    template_id = await make_template(app, user.account.id)
    url = f"/api/templates/{template_id}"
    before = (await (await client.get(url, headers=user.headers)).get_json())["template"]
    resp = await client.patch(url, json={"scenes": scenes}, headers=user.headers)
    await refused(resp, "scenes[0].voScript: 30,000 characters")
    resp = await client.put(url, json={"name": "Replaced", "scenes": scenes}, headers=user.headers)
    await refused(resp, "scenes[0].voScript: 30,000 characters")
    stored = (await (await client.get(url, headers=user.headers)).get_json())["template"]
    assert stored == before  # unchanged, version included


async def test_template_of_30_scenes_of_120_s_is_refused_on_studio(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/templates",
        json={
            "name": "Hours",
            "scenes": long_scenes(30, 120),
            "defaults": {"resolution": "4k", "fps": 60},
        },
        headers=user.headers,
    )
    await refused(resp, "scenes: 30 scenes; the studio tier allows 25")
    # Fewer scenes, still 20 minutes that always play: refused for its length.
    resp = await client.post(
        "/api/templates",
        json={"name": "Hours", "scenes": long_scenes(10, 120)},
        headers=user.headers,
    )
    await refused(resp, "the studio tier allows 600 s")


async def test_template_with_a_repeated_variable_string_is_refused_at_save(client, make_user):
    user = await make_user()
    scenes = [{"primitiveId": "title-intro", "sceneData": {"subtitle": "[x]" * 20000}}]
    resp = await client.post(
        "/api/templates", json={"name": "Bomb", "scenes": scenes}, headers=user.headers
    )
    await refused(resp, "scenes[0].sceneData.subtitle: 60,000 characters; the studio tier allows")


async def test_too_many_data_slots_are_refused(client, make_user):
    user = await make_user()
    slots = [{"key": f"k{i}", "type": "text"} for i in range(51)]
    resp = await client.post(
        "/api/templates",
        json={"name": "Slots", "scenes": long_scenes(1, 1), "dataSlots": slots},
        headers=user.headers,
    )
    await refused(resp, "dataSlots: 51 data slots; the studio tier allows 50")


# ---- POST /api/render ----


async def test_render_with_a_30_kb_voscript_override_is_refused_and_not_charged(
    app, client, make_user
):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render",
        json={
            "templateId": template_id,
            "data": {"person_name": "Robin"},
            "scenes": [{"voScript": "word " * 6000}],
        },
        headers=user.headers,
    )
    await refused(resp, "scenes[0].voScript: 30,000 characters; the studio tier allows 5,000")
    assert await credits(client, user) == 10 and await job_count(app) == 0


async def test_render_of_30_scenes_of_120_s_at_4k_60_is_refused_and_not_charged(
    app, client, make_user
):
    user = await make_user(credits=10)
    # Saved before these limits (the service without a tier): refused at render time.
    template_id = await make_template(
        app, user.account.id, scenes=long_scenes(30, 120), defaults={"resolution": "4k", "fps": 60}
    )
    body = {"templateId": template_id, "data": {"person_name": "Robin"}}
    resp = await client.post("/api/render", json=body, headers=user.headers)
    await refused(resp, "output.resolution: 4k is not available on the studio tier")
    body["output"] = {"resolution": "1080p", "fps": 60}
    resp = await client.post("/api/render", json=body, headers=user.headers)
    await refused(resp, "scenes: 30 scenes; the studio tier allows 25")
    short = await make_template(app, user.account.id, scenes=long_scenes(20, 120))
    resp = await client.post(
        "/api/render", json={**body, "templateId": short}, headers=user.headers
    )
    await refused(resp, "the video would last 2,391 s from the scenes that always play")
    assert await credits(client, user) == 10 and await job_count(app) == 0


async def test_render_whose_voiceover_estimate_is_too_long_is_refused(app, client, make_user):
    user = await make_user(credits=10)
    template_id = await make_template(
        app,
        user.account.id,
        scenes=[{"primitiveId": "title-intro", "voScript": "[story]"}],
        dataSlots=[{"key": "story", "type": "text"}],
        defaults={"includeVoiceover": True},
    )
    story = "w " * 1300  # 2,600 characters (within 5,000), 1,300 words: about 650 s of speech
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"story": story + story}},  # 5,200
        headers=user.headers,
    )
    await refused(resp, "scenes[0].voScript: 5,200 characters after substitution")
    resp = await client.post(
        "/api/render",
        json={"templateId": template_id, "data": {"story": story}},
        headers=user.headers,
    )
    await refused(resp, "(estimated before speaking); the studio tier allows 600 s")
    assert await credits(client, user) == 10 and await job_count(app) == 0


async def test_render_expanding_a_5_kb_value_is_refused_without_building_it(app, client, make_user):
    user = await make_user(credits=10)
    template_id = await make_template(
        app,
        user.account.id,
        scenes=[{"primitiveId": "title-intro", "sceneData": {"subtitle": "[x]" * 3000}}],
        dataSlots=[{"key": "x", "type": "text"}],
    )
    resp = await client.post(
        "/api/render", json={"templateId": template_id, "data": {"x": BIG_X}}, headers=user.headers
    )
    await refused(
        resp,
        "scenes[0].sceneData.subtitle: 15,360,000 characters after substitution; "
        "the studio tier allows 20,000",
    )
    assert await credits(client, user) == 10 and await job_count(app) == 0


async def test_render_with_an_oversized_data_string_is_refused(app, client, make_user):
    user = await make_user(credits=10)
    template_id = await make_template(app, user.account.id)
    resp = await client.post(
        "/api/render",
        json={
            "templateId": template_id,
            "data": {"person_name": "Robin", "notes": {"items": ["ok", "n" * 10_001]}},
        },
        headers=user.headers,
    )
    body = await refused(
        resp, "data.notes.items[1]: 10,001 characters; the studio tier allows 10,000"
    )
    assert body["details"][0]["loc"] == ["data", "notes", "items", "1"]
    assert await credits(client, user) == 10 and await job_count(app) == 0


async def test_4k_is_for_enterprise_and_60_fps_for_studio_and_up(app, client, make_user):
    # (The free tier has no API keys; its 30 fps only rule is covered by the unit tests.)
    studio, enterprise = await make_user(), await make_user(tier="enterprise")

    async def render(user: Any, output: dict[str, Any]) -> Any:
        template_id = await make_template(app, user.account.id)
        return await client.post(
            "/api/render",
            json={"templateId": template_id, "data": {"person_name": "R"}, "output": output},
            headers=user.headers,
        )

    resp = await render(studio, {"resolution": "4k", "fps": 30})
    await refused(resp, "output.resolution: 4k is not available on the studio tier; allowed:")
    resp = await render(studio, {"resolution": "1080p", "fps": 60})
    assert resp.status_code == 200, await resp.get_json()
    resp = await render(enterprise, {"resolution": "4k", "fps": 60})
    assert resp.status_code == 200, await resp.get_json()


# ---- POST /api/render/batch ----


async def test_batch_names_the_row_over_a_limit_and_charges_nothing(app, client, make_user):
    user = await make_user(credits=50)
    template_id = await make_template(
        app,
        user.account.id,
        scenes=[
            {"primitiveId": "title-intro", "durationOverride": 1.0, "voScript": "Hi [person_name]"}
        ],
        defaults={"includeVoiceover": True},
    )
    rows = [["Ada"], ["Grace"], ["x" * 6000], ["Linus"]]
    resp = await client.post(
        "/api/render/batch",
        json={"templateId": template_id, "headers": ["name"], "rows": rows},
        headers=user.headers,
    )
    body = await refused(resp, "row 3: scenes[0].voScript: 6,003 characters after substitution")
    assert body["message"].endswith("nothing was queued")
    assert body["details"][0]["loc"] == ["rows", "2", "scenes", "0", "voScript"]
    big = [[BIG_X * 2 + "y"]]  # 10,241 characters: over the data string limit
    resp = await client.post(
        "/api/render/batch",
        json={"templateId": template_id, "headers": ["name"], "rows": [["Ada"], *big]},
        headers=user.headers,
    )
    await refused(resp, "row 2: data.person_name: 10,241 characters; the studio tier allows")
    assert await credits(client, user) == 50 and await job_count(app) == 0

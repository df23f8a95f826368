"""GET /api/primitives answers without auth in the SPEC shape."""

from __future__ import annotations

from app.spec import PRIMITIVE_CATEGORIES


async def test_primitives_lists_production_by_default(client) -> None:
    resp = await client.get("/api/primitives")
    assert resp.status_code == 200
    body = await resp.get_json()
    assert body["success"] is True
    assert body["categories"] == list(PRIMITIVE_CATEGORIES)
    assert body["total"] == len(body["primitives"])
    assert all(p["status"] == "production" for p in body["primitives"])
    ids = {p["id"] for p in body["primitives"]}
    assert {"title-intro", "stat-counters", "bar-race", "radar", "outro"} <= ids


async def test_primitives_filters_by_category_and_status_all(client) -> None:
    resp = await client.get("/api/primitives?status=all&category=Comparison")
    body = await resp.get_json()
    assert body["total"] >= 1
    assert {p["category"] for p in body["primitives"]} == {"Comparison"}
    first = body["primitives"][0]
    assert set(first) == {
        "id",
        "label",
        "category",
        "description",
        "animationOptions",
        "defaultDuration",
        "dataInputs",
        "status",
    }


async def test_primitives_rejects_unknown_status(client) -> None:
    resp = await client.get("/api/primitives?status=live")
    assert resp.status_code == 400
    assert (await resp.get_json())["success"] is False

"""Each validation rule of a template document answers 400 naming the field path."""

from __future__ import annotations

import copy
from typing import Any

import pytest

SCENE = {
    "primitiveId": "stat-counters",
    "animationOption": "count-up",
    "dataRequired": ["stats[]"],
    "skipCondition": {"field": "stats", "op": "not_exists", "skipWhen": True},
    "transition": "fade",
}
SLOT = {"key": "stats", "label": "Stats", "type": "array", "required": True}


def body_with(path: list[str | int], value: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "name": "Checked",
        "scenes": [copy.deepcopy(SCENE)],
        "dataSlots": [dict(SLOT)],
        "defaults": {"resolution": "720p", "fps": 30, "voiceId": "en-GB-RyanNeural"},
    }
    target: Any = body
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return body


CASES = [
    # (where, bad value, the loc reported, words the message must contain)
    (["scenes", 0, "primitiveId"], "sparkles", ["scenes", "0", "primitiveId"], ["sparkles"]),
    (
        ["scenes", 0, "animationOption"],
        "explode",
        ["scenes", "0", "animationOption"],
        ["explode", "count-up", "flip-in", "stagger-pop"],
    ),
    (
        ["scenes", 0, "skipCondition", "op"],
        "~=",
        ["scenes", "0", "skipCondition", "op"],
        ["not_exists", ">="],
    ),
    (
        ["scenes", 0, "dataRequired"],
        ["stats[]", "ghost[]"],
        ["scenes", "0", "dataRequired", "1"],
        ["ghost", "stats"],
    ),
    (["scenes", 0, "transition"], "spiral", ["scenes", "0", "transition"], ["spiral", "wipe"]),
    (["dataSlots", 0, "type"], "blob", ["dataSlots", "0", "type"], ["country_code", "array"]),
    (["defaults", "resolution"], "8k", ["defaults", "resolution"], ["720p", "4k"]),
    (["defaults", "fps"], 24, ["defaults", "fps"], ["30", "60"]),
    (["defaults", "voiceId"], "robot", ["defaults", "voiceId"], ["robot", "en-GB-SoniaNeural"]),
    (["defaults", "accentColor"], "red", ["defaults", "accentColor"], ["accentColor"]),
    (["defaults", "language"], "klingon", ["defaults", "language"], ["'klingon'", "en-GB", "pt"]),
    (["posterAt"], {"scene": 3, "offsetMs": 0}, ["posterAt", "scene"], ["posterAt", "3", "0-0"]),
    (["posterAt"], {"scene": 0, "offsetMs": -1}, ["posterAt", "offsetMs"], ["offsetMs"]),
    (
        ["posterAt"],
        {"scene": 0, "offsetMs": 9000},
        ["posterAt", "offsetMs"],
        ["9000 ms is past the end of scene 0"],
    ),
    (["name"], "   ", ["name"], ["name"]),
    (["visibility"], "secret", ["visibility"], ["private", "unlisted", "public"]),
]


@pytest.mark.parametrize(("path", "value", "loc", "words"), CASES, ids=[c[2][-1] for c in CASES])
async def test_invalid_template_is_400_naming_the_field(client, make_user, path, value, loc, words):
    user = await make_user()
    resp = await client.post("/api/templates", json=body_with(path, value), headers=user.headers)
    assert resp.status_code == 400
    body = await resp.get_json()
    assert body["success"] is False and body["error"] == "invalid_request"
    assert loc in [d["loc"] for d in body["details"]]
    for word in words:
        assert word in body["message"], body["message"]


async def test_valid_document_is_accepted(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/templates", json=body_with(["name"], "Fine"), headers=user.headers
    )
    assert resp.status_code == 201


async def test_duplicate_slot_keys_are_400(client, make_user):
    user = await make_user()
    body = body_with(["dataSlots"], [SLOT, SLOT])
    resp = await client.post("/api/templates", json=body, headers=user.headers)
    assert resp.status_code == 400
    assert ["dataSlots", "1", "key"] in [d["loc"] for d in (await resp.get_json())["details"]]


async def test_put_validates_like_create(client, make_user):
    user = await make_user()
    created = await client.post(
        "/api/templates", json=body_with(["name"], "Fine"), headers=user.headers
    )
    tid = (await created.get_json())["template"]["id"]
    bad = body_with(["scenes", 0, "animationOption"], "explode")
    resp = await client.put(f"/api/templates/{tid}", json=bad, headers=user.headers)
    assert resp.status_code == 400
    assert "explode" in (await resp.get_json())["message"]


async def test_defaults_language_is_english_unless_given(client, make_user):
    user = await make_user()
    plain = body_with(["name"], "Plain")
    resp = await client.post("/api/templates", json=plain, headers=user.headers)
    assert (await resp.get_json())["template"]["defaults"]["language"] == "en"
    plain["defaults"]["language"] = "pt"
    resp = await client.post("/api/templates", json=plain, headers=user.headers)
    assert resp.status_code == 201
    assert (await resp.get_json())["template"]["defaults"]["language"] == "pt"

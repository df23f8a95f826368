"""POST/GET/PATCH/DELETE /api/triggers: rules checked against their template."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.triggers import rule_body


async def create(client: Any, user: Any, **overrides: Any) -> Any:
    return await client.post("/api/triggers", json=rule_body(**overrides), headers=user.headers)


async def test_create_list_get_patch_delete(client, make_user):
    user = await make_user()
    response = await create(client, user, campaignId="spring")
    assert response.status_code == 201, await response.get_data()
    rule = (await response.get_json())["rule"]
    assert rule["throttleDays"] == 30 and rule["enabled"] is True
    assert rule["condition"] == {"field": "workouts", "op": ">=", "value": 100}
    assert rule["email"]["subject"] == "[name], 100 workouts!"
    assert rule["campaignId"] == "spring"

    listed = await (await client.get("/api/triggers", headers=user.headers)).get_json()
    assert [r["id"] for r in listed["rules"]] == [rule["id"]]
    assert listed["rules"][0]["recentExecutions"] == []

    response = await client.patch(
        f"/api/triggers/{rule['id']}", json={"enabled": False, "throttleDays": 7},
        headers=user.headers,
    )  # fmt: skip
    assert response.status_code == 200
    patched = (await response.get_json())["rule"]
    assert patched["enabled"] is False and patched["throttleDays"] == 7
    got = await client.get(f"/api/triggers/{rule['id']}", headers=user.headers)
    assert (await got.get_json())["rule"]["enabled"] is False

    other = await make_user()
    assert (
        await client.get(f"/api/triggers/{rule['id']}", headers=other.headers)
    ).status_code == 404
    assert (
        await client.delete(f"/api/triggers/{rule['id']}", headers=user.headers)
    ).status_code == 200
    assert (
        await client.get(f"/api/triggers/{rule['id']}", headers=user.headers)
    ).status_code == 404


async def test_sms_rule_gets_a_default_text_and_compound_conditions_are_stored(client, make_user):
    user = await make_user()
    condition = {
        "all": [
            {"field": "plan.tier", "op": "==", "value": "gold"},
            {
                "any": [
                    {"field": "workouts", "op": ">", "value": 99},
                    {"field": "vip", "op": "exists"},
                ]
            },
        ]
    }
    response = await create(client, user, channel="sms", email=None, condition=condition)
    assert response.status_code == 201, await response.get_data()
    rule = (await response.get_json())["rule"]
    assert rule["sms"]["text"] and "[playerUrl]" in rule["sms"]["text"]
    assert rule["condition"] == condition


@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        ({"templateId": "no-such-template"}, "templateId"),
        ({"dataMapping": {"nosuchslot": "a.b"}}, "nosuchslot"),
        ({"email": {"subject": "Hi [nickname]", "body": "x"}}, "[nickname]"),
        ({"channel": "webhook", "email": None}, "webhook.endpointId"),
        ({"channel": "webhook", "webhook": {"endpointId": "missing"}}, "missing"),
        ({"condition": {"field": "x", "op": "~="}}, "op"),
        ({"condition": {"field": "x", "op": ">="}}, "value"),
        ({"condition": {"all": []}}, "all"),
        (
            {"condition": {"field": "x", "op": "exists", "all": [{"field": "y", "op": "exists"}]}},
            "either",
        ),
        ({"eventType": "birthday"}, "eventType"),
        ({"channel": "fax"}, "channel"),
        ({"throttleDays": -1}, "throttleDays"),
    ],
)
async def test_invalid_rules_are_400_naming_what_is_wrong(client, make_user, overrides, named):
    user = await make_user()
    response = await create(client, user, **overrides)
    assert response.status_code == 400, await response.get_data()
    assert named in (await response.get_data(as_text=True))
    listed = await (await client.get("/api/triggers", headers=user.headers)).get_json()
    assert listed["rules"] == []


async def test_scopes_read_to_list_create_to_create(client, make_user):
    reader = await make_user(scopes="read-only")
    assert (await client.get("/api/triggers", headers=reader.headers)).status_code == 200
    assert (await create(client, reader)).status_code == 403
    response = await client.post("/api/events/ingest", json={"events": []}, headers=reader.headers)
    assert response.status_code == 403

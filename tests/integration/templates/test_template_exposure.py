"""What a template shows to readers who are not its owner (issue 11 s3), and PUT with exactly
SPEC's UpdateTemplate body (issue 11 s7)."""

from __future__ import annotations

from typing import Any

import pytest


async def _post(client: Any, user: Any, **body: Any) -> dict[str, Any]:
    resp = await client.post("/api/templates", json=body, headers=user.headers)
    assert resp.status_code == 201, await resp.get_json()
    return (await resp.get_json())["template"]


async def _project(client: Any, user: Any) -> str:
    resp = await client.post("/api/projects", json={"name": "Campaign"}, headers=user.headers)
    assert resp.status_code == 201
    return (await resp.get_json())["project"]["id"]


async def _read(client: Any, template_id: str, user: Any | None = None) -> dict[str, Any]:
    headers = user.headers if user is not None else {}
    resp = await client.get(f"/api/templates/{template_id}", headers=headers)
    assert resp.status_code == 200, await resp.get_json()
    return (await resp.get_json())["template"]


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
async def test_other_readers_see_no_project_and_no_private_parent(client, make_user, visibility):
    alice, bob = await make_user(), await make_user()
    project = await _project(client, alice)
    parent = await _post(client, alice, name="Secret parent", forkFrom="pulse")
    child = await _post(
        client,
        alice,
        name="Shared",
        forkFrom=parent["id"],
        visibility=visibility,
        projectId=project,
    )
    own = await _read(client, child["id"], alice)
    assert own["projectId"] == project and own["baseTemplateId"] == parent["id"]
    for reader in (None, bob):
        seen = await _read(client, child["id"], reader)
        assert seen["projectId"] is None
        assert seen["baseTemplateId"] is None  # the parent is private: not even its id
        assert seen["name"] == "Shared" and len(seen["scenes"]) == len(own["scenes"])


@pytest.mark.parametrize("parent_visibility", ["unlisted", "public", "built-in"])
async def test_a_readable_parent_is_shown_to_everyone(client, make_user, parent_visibility):
    alice, bob = await make_user(), await make_user()
    if parent_visibility == "built-in":
        parent_id = "rewind"
    else:
        parent_id = (await _post(client, alice, name="P", visibility=parent_visibility))["id"]
    child = await _post(client, alice, name="C", forkFrom=parent_id, visibility="public")
    for reader in (None, bob):
        assert (await _read(client, child["id"], reader))["baseTemplateId"] == parent_id


async def test_a_parent_made_private_later_is_hidden_again(client, make_user):
    alice, bob = await make_user(), await make_user()
    parent = await _post(client, alice, name="P", visibility="public")
    child = await _post(client, alice, name="C", forkFrom=parent["id"], visibility="unlisted")
    assert (await _read(client, child["id"], bob))["baseTemplateId"] == parent["id"]
    resp = await client.patch(
        f"/api/templates/{parent['id']}", json={"visibility": "private"}, headers=alice.headers
    )
    assert resp.status_code == 200
    assert (await _read(client, child["id"], bob))["baseTemplateId"] is None
    assert (await _read(client, child["id"], alice))["baseTemplateId"] == parent["id"]


async def test_a_fork_by_another_account_names_the_public_parent_it_came_from(client, make_user):
    alice, bob = await make_user(), await make_user()
    parent = await _post(client, alice, name="P", visibility="public")
    forked = await _post(client, bob, name="Mine", forkFrom=parent["id"])
    assert forked["baseTemplateId"] == parent["id"]  # bob's own view of his fork


async def test_put_with_exactly_the_spec_update_body_on_a_fork_of_pulse(client, make_user):
    alice = await make_user()
    project = await _project(client, alice)
    fork = await _post(
        client, alice, name="Q3 review", forkFrom="pulse", tags=["finance"], projectId=project
    )
    # SPEC 4.1 UpdateTemplate: name, description, visibility, scenes; nothing else.
    scenes = fork["scenes"][:2]
    body = {"name": "Q4 review", "description": "Quarterly", "visibility": "unlisted"}
    resp = await client.put(
        f"/api/templates/{fork['id']}", json={**body, "scenes": scenes}, headers=alice.headers
    )
    assert resp.status_code == 200, await resp.get_json()
    after = (await resp.get_json())["template"]
    assert after["version"] == fork["version"] + 1
    assert {k: after[k] for k in body} == body and after["scenes"] == scenes
    # fields outside UpdateTemplate stay as they were
    assert after["dataSlots"] == fork["dataSlots"]
    assert after["defaults"] == fork["defaults"]
    assert after["tags"] == ["finance"] and after["projectId"] == project
    stored = await _read(client, fork["id"], alice)
    assert stored == after


async def test_put_still_replaces_the_other_fields_when_given(client, make_user):
    alice = await make_user()
    fork = await _post(client, alice, name="F", forkFrom="pulse", tags=["finance"])
    body = {"name": "F", "scenes": [], "dataSlots": [], "tags": [], "defaults": {"fps": 60}}
    resp = await client.put(f"/api/templates/{fork['id']}", json=body, headers=alice.headers)
    assert resp.status_code == 200, await resp.get_json()
    after = (await resp.get_json())["template"]
    assert after["dataSlots"] == [] and after["tags"] == []
    assert after["defaults"]["fps"] == 60 and after["defaults"]["accentColor"] == "#6C5CE7"
    # omitting a SPEC field resets it: scenes that need slots then fail naming the field
    resp = await client.put(
        f"/api/templates/{fork['id']}",
        json={"name": "F", "scenes": fork["scenes"][:1]},
        headers=alice.headers,
    )
    assert resp.status_code == 400
    assert ["scenes", "0", "dataRequired", "0"] in [
        d["loc"] for d in (await resp.get_json())["details"]
    ]

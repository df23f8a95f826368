"""The templates API end to end over HTTP (real app, real SQLite, real Redis)."""

from __future__ import annotations

from typing import Any

import pytest

BUILTINS = ["emeritus", "laureate", "rewind", "pulse", "handshake"]

SCENES = [
    {
        "primitiveId": "title-intro",
        "animationOption": "slide-up",
        "dataRequired": ["person_name"],
        "voScript": "Hello [person_name]",
        "sceneData": {"person_name": "[person_name]", "subtitle": "Welcome"},
    },
    {
        "primitiveId": "radar",
        "animationOption": "draw",
        "dataRequired": ["skills[]"],
        "skipCondition": {"field": "skills", "op": "not_exists", "skipWhen": True},
        "transition": "fade",
    },
]
SLOTS = [
    {"key": "person_name", "label": "Name", "type": "text", "required": True, "aliases": ["name"]},
    {"key": "skills", "label": "Skills", "type": "array", "required": False},
]


def doc(**overrides: Any) -> dict[str, Any]:
    body = {"name": "Team welcome", "scenes": SCENES, "dataSlots": SLOTS, "tags": ["team"]}
    body.update(overrides)
    return body


async def create(client: Any, user: Any, **overrides: Any) -> dict[str, Any]:
    resp = await client.post("/api/templates", json=doc(**overrides), headers=user.headers)
    assert resp.status_code == 201, await resp.get_json()
    return await resp.get_json()


# ---- list ----


async def test_list_without_key_shows_the_five_builtins(client):
    resp = await client.get("/api/templates")
    assert resp.status_code == 200
    body = await resp.get_json()
    assert body["success"] is True
    assert [t["id"] for t in body["templates"]] == BUILTINS
    assert body["total"] == 5
    first = body["templates"][0]
    assert first["isBuiltIn"] is True and first["visibility"] == "built-in"
    assert first["slug"] == "emeritus" and first["version"] == 1
    assert first["usageCount"] == 0


async def test_list_with_key_adds_only_own_custom_templates(client, make_user):
    alice, bob = await make_user(), await make_user()
    mine = (await create(client, alice, name="Mine"))["template"]
    await create(client, bob, name="Bob public", visibility="public")
    body = await (await client.get("/api/templates", headers=alice.headers)).get_json()
    ids = [t["id"] for t in body["templates"]]
    assert ids == BUILTINS + [mine["id"]]
    assert body["total"] == 6


async def test_list_builtin_false_gives_custom_only(client, make_user):
    alice = await make_user()
    mine = (await create(client, alice))["template"]
    body = await (
        await client.get("/api/templates?builtIn=false", headers=alice.headers)
    ).get_json()
    assert [t["id"] for t in body["templates"]] == [mine["id"]]
    assert body["total"] == 1


async def test_list_custom_without_key_is_401(client):
    resp = await client.get("/api/templates?builtIn=false")
    assert resp.status_code == 401


async def test_list_with_key_lacking_templates_read_is_403(client, make_user):
    user = await make_user(scopes="render-only")
    resp = await client.get("/api/templates", headers=user.headers)
    assert resp.status_code == 403
    assert "templates:read" in (await resp.get_json())["message"]


async def test_list_builtin_query_rejects_other_values(client):
    resp = await client.get("/api/templates?builtIn=maybe")
    assert resp.status_code == 400


# ---- get and visibility ----


async def test_get_builtin_without_key(client):
    resp = await client.get("/api/templates/rewind")
    assert resp.status_code == 200
    template = (await resp.get_json())["template"]
    assert template["id"] == "rewind" and template["isBuiltIn"] is True
    assert {s["key"] for s in template["dataSlots"]} >= {
        "person_name",
        "totalWorkouts",
        "totalMinutes",
        "percentile",
        "radarData",
    }


async def test_get_unknown_is_404(client):
    resp = await client.get("/api/templates/does-not-exist")
    assert resp.status_code == 404
    assert (await resp.get_json())["error"] == "not_found"


async def test_private_template_is_404_to_others_and_anonymous(client, make_user):
    alice, bob = await make_user(), await make_user()
    tid = (await create(client, alice))["template"]["id"]
    assert (await client.get(f"/api/templates/{tid}", headers=alice.headers)).status_code == 200
    assert (await client.get(f"/api/templates/{tid}", headers=bob.headers)).status_code == 404
    assert (await client.get(f"/api/templates/{tid}")).status_code == 404


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
async def test_unlisted_and_public_are_readable_by_anyone(client, make_user, visibility):
    alice, bob = await make_user(), await make_user()
    tid = (await create(client, alice, visibility=visibility))["template"]["id"]
    anon = await client.get(f"/api/templates/{tid}")
    assert anon.status_code == 200
    assert (await anon.get_json())["template"]["visibility"] == visibility
    assert (await client.get(f"/api/templates/{tid}", headers=bob.headers)).status_code == 200


async def test_invalid_key_on_public_read_is_401(client):
    resp = await client.get("/api/templates/rewind", headers={"X-API-Key": "rs_live_nope"})
    assert resp.status_code == 401


# ---- create and fork ----


async def test_create_returns_201_with_the_template(client, make_user):
    alice = await make_user()
    body = await create(client, alice)
    assert body["success"] is True and "Team welcome" in body["message"]
    t = body["template"]
    assert t["name"] == "Team welcome" and t["slug"] == "team-welcome"
    assert t["visibility"] == "private" and t["version"] == 1 and t["usageCount"] == 0
    assert t["isBuiltIn"] is False and t["baseTemplateId"] is None
    assert [s["primitiveId"] for s in t["scenes"]] == ["title-intro", "radar"]
    assert t["scenes"][0]["enabled"] is True
    assert t["dataSlots"][0]["aliases"] == ["name"]
    assert t["defaults"]["resolution"] == "1080p" and t["defaults"]["fps"] == 30
    assert t["tags"] == ["team"]


async def test_create_needs_a_key_and_write_scope(client, make_user):
    assert (await client.post("/api/templates", json=doc())).status_code == 401
    reader = await make_user(scopes="templates:read")
    resp = await client.post("/api/templates", json=doc(), headers=reader.headers)
    assert resp.status_code == 403


async def test_fork_builtin_copies_content_and_names_the_base(client, make_user):
    alice = await make_user()
    builtin = (await (await client.get("/api/templates/pulse")).get_json())["template"]
    body = await create(
        client, alice, name="My pulse", forkFrom="pulse", scenes=None, dataSlots=None, tags=None
    )
    t = body["template"]
    assert t["baseTemplateId"] == "pulse"
    assert "Pulse" in body["message"] and "pulse" in body["message"]
    assert t["scenes"] == builtin["scenes"]
    assert t["dataSlots"] == builtin["dataSlots"]
    assert t["defaults"] == builtin["defaults"]
    assert t["isBuiltIn"] is False and t["visibility"] == "private"


async def test_fork_keeps_given_fields_over_the_base(client, make_user):
    alice = await make_user()
    t = (await create(client, alice, forkFrom="rewind"))["template"]
    assert [s["primitiveId"] for s in t["scenes"]] == ["title-intro", "radar"]
    assert t["baseTemplateId"] == "rewind"
    # defaults were not given: they come from the base
    rewind = (await (await client.get("/api/templates/rewind")).get_json())["template"]
    assert t["defaults"] == rewind["defaults"]


async def test_fork_of_a_fork_points_to_the_immediate_parent(client, make_user):
    alice = await make_user()
    first = (
        await create(client, alice, name="Gen 1", forkFrom="handshake", scenes=None, dataSlots=None)
    )["template"]
    patch = {"scenes": first["scenes"][:3], "defaults": {"accentColor": "#112233"}}
    resp = await client.patch(f"/api/templates/{first['id']}", json=patch, headers=alice.headers)
    assert resp.status_code == 200
    body = await create(
        client, alice, name="Gen 2", forkFrom=first["id"], scenes=None, dataSlots=None
    )
    second = body["template"]
    assert second["baseTemplateId"] == first["id"]
    assert "Gen 1" in body["message"]
    assert [s["primitiveId"] for s in second["scenes"]] == [
        s["primitiveId"] for s in first["scenes"][:3]
    ]
    assert second["defaults"]["accentColor"] == "#112233"
    third = (
        await create(
            client, alice, name="Gen 3", forkFrom=second["id"], scenes=None, dataSlots=None
        )
    )["template"]
    assert third["baseTemplateId"] == second["id"]
    assert len(third["scenes"]) == 3


async def test_fork_another_users_public_template(client, make_user):
    alice, bob = await make_user(), await make_user()
    src = (await create(client, alice, visibility="public"))["template"]
    t = (await create(client, bob, forkFrom=src["id"], scenes=None, dataSlots=None))["template"]
    assert t["baseTemplateId"] == src["id"] and len(t["scenes"]) == 2


async def test_fork_another_users_private_template_is_404(client, make_user):
    alice, bob = await make_user(), await make_user()
    src = (await create(client, alice))["template"]
    resp = await client.post(
        "/api/templates", json={"name": "steal", "forkFrom": src["id"]}, headers=bob.headers
    )
    assert resp.status_code == 404


async def test_fork_unknown_is_404(client, make_user):
    alice = await make_user()
    resp = await client.post(
        "/api/templates", json={"name": "x", "forkFrom": "nope"}, headers=alice.headers
    )
    assert resp.status_code == 404
    assert "nope" in (await resp.get_json())["message"]


async def project(client: Any, user: Any, name: str = "Campaign") -> str:
    resp = await client.post("/api/projects", json={"name": name}, headers=user.headers)
    assert resp.status_code == 201, await resp.get_json()
    return (await resp.get_json())["project"]["id"]


async def test_project_id_must_be_one_of_the_callers_projects_and_is_returned(client, make_user):
    alice, bob = await make_user(), await make_user()
    mine, theirs = await project(client, alice), await project(client, bob)
    for bad in (theirs, "no-such-project"):
        resp = await client.post("/api/templates", json=doc(projectId=bad), headers=alice.headers)
        assert resp.status_code == 404
        body = await resp.get_json()
        assert body["error"] == "not_found" and bad in body["message"]
        assert "Project" in body["message"]
    t = (await create(client, alice, projectId=mine))["template"]
    assert t["projectId"] == mine
    got = await (await client.get(f"/api/templates/{t['id']}", headers=alice.headers)).get_json()
    assert got["template"]["projectId"] == mine
    assert (await create(client, alice))["template"]["projectId"] is None
    url = f"/api/templates/{t['id']}"
    for method in ("patch", "put"):
        resp = await getattr(client, method)(
            url, json={"name": "N", "projectId": theirs}, headers=alice.headers
        )
        assert resp.status_code == 404 and theirs in (await resp.get_json())["message"]
    other = await project(client, alice, "Other")
    resp = await client.patch(url, json={"projectId": other}, headers=alice.headers)
    assert resp.status_code == 200
    patched = (await resp.get_json())["template"]
    assert patched["projectId"] == other and patched["name"] == t["name"]
    resp = await client.patch(url, json={"name": "Renamed"}, headers=alice.headers)
    assert (await resp.get_json())["template"]["projectId"] == other  # PATCH keeps it
    resp = await client.put(url, json={"name": "Whole", "projectId": mine}, headers=alice.headers)
    assert (await resp.get_json())["template"]["projectId"] == mine
    resp = await client.put(url, json={"name": "Whole"}, headers=alice.headers)
    assert (await resp.get_json())["template"]["projectId"] == mine  # PUT: omitted keeps
    resp = await client.put(url, json={"name": "Whole", "projectId": None}, headers=alice.headers)
    assert (await resp.get_json())["template"]["projectId"] is None  # PUT: null detaches
    resp = await client.patch(url, json={"projectId": mine}, headers=alice.headers)
    resp = await client.patch(url, json={"projectId": None}, headers=alice.headers)
    assert (await resp.get_json())["template"]["projectId"] is None


# ---- PATCH / PUT / DELETE ----


async def test_patch_changes_given_fields_and_keeps_version(client, make_user):
    alice = await make_user()
    t = (await create(client, alice, description="first"))["template"]
    resp = await client.patch(
        f"/api/templates/{t['id']}",
        json={"visibility": "unlisted", "tags": ["a", "b"]},
        headers=alice.headers,
    )
    assert resp.status_code == 200
    after = (await resp.get_json())["template"]
    assert after["visibility"] == "unlisted" and after["tags"] == ["a", "b"]
    assert after["description"] == "first" and after["name"] == t["name"]
    assert after["scenes"] == t["scenes"]
    assert after["version"] == 1
    again = await (await client.get(f"/api/templates/{t['id']}")).get_json()
    assert again["template"]["visibility"] == "unlisted"


async def test_patch_defaults_changes_only_the_given_default_fields(client, make_user):
    alice = await make_user()
    given = {
        "fps": 60,
        "resolution": "4k",
        "voiceId": "en-GB-RyanNeural",
        "logoUrl": "https://x.io/l.png",
    }
    t = (await create(client, alice, defaults=given))["template"]
    resp = await client.patch(
        f"/api/templates/{t['id']}",
        json={"defaults": {"accentColor": "#ff0000", "logoUrl": None}},
        headers=alice.headers,
    )
    assert resp.status_code == 200
    after = (await resp.get_json())["template"]
    assert after["defaults"] == {**t["defaults"], "accentColor": "#ff0000", "logoUrl": None}
    assert after["defaults"]["fps"] == 60 and after["defaults"]["resolution"] == "4k"
    assert after["version"] == 1
    # PUT still replaces the whole defaults object
    put = {"name": "Renamed", "defaults": {"accentColor": "#00ff00"}}
    resp = await client.put(f"/api/templates/{t['id']}", json=put, headers=alice.headers)
    replaced = (await resp.get_json())["template"]["defaults"]
    assert replaced["accentColor"] == "#00ff00"
    assert replaced["fps"] == 30 and replaced["resolution"] == "1080p"


async def test_put_replaces_document_and_increments_version(client, make_user):
    alice = await make_user()
    t = (await create(client, alice, description="old", visibility="public"))["template"]
    put = {"name": "Renamed", "scenes": SCENES[:1], "dataSlots": SLOTS[:1]}
    resp = await client.put(f"/api/templates/{t['id']}", json=put, headers=alice.headers)
    assert resp.status_code == 200
    after = (await resp.get_json())["template"]
    assert after["version"] == 2
    assert after["name"] == "Renamed" and after["slug"] == "renamed"
    assert after["description"] is None  # omitted -> reset
    assert after["visibility"] == "private"  # omitted -> reset to the default
    assert after["tags"] == ["team"]  # outside SPEC's UpdateTemplate and omitted: kept
    assert len(after["scenes"]) == 1 and len(after["dataSlots"]) == 1
    resp = await client.put(f"/api/templates/{t['id']}", json=put, headers=alice.headers)
    assert (await resp.get_json())["template"]["version"] == 3


async def test_put_without_name_is_400(client, make_user):
    alice = await make_user()
    t = (await create(client, alice))["template"]
    resp = await client.put(f"/api/templates/{t['id']}", json={"tags": []}, headers=alice.headers)
    assert resp.status_code == 400
    assert (await resp.get_json())["details"][0]["loc"] == ["name"]


async def test_patch_that_breaks_data_requirements_is_400_and_changes_nothing(client, make_user):
    alice = await make_user()
    t = (await create(client, alice))["template"]
    resp = await client.patch(
        f"/api/templates/{t['id']}", json={"dataSlots": SLOTS[1:]}, headers=alice.headers
    )
    assert resp.status_code == 400
    assert (await resp.get_json())["details"][0]["loc"] == ["scenes", "0", "dataRequired", "0"]
    still = await (await client.get(f"/api/templates/{t['id']}", headers=alice.headers)).get_json()
    assert len(still["template"]["dataSlots"]) == 2


async def test_patch_null_name_is_400(client, make_user):
    alice = await make_user()
    t = (await create(client, alice))["template"]
    resp = await client.patch(
        f"/api/templates/{t['id']}", json={"name": None}, headers=alice.headers
    )
    assert resp.status_code == 400


async def test_delete_own_template(client, make_user):
    alice = await make_user()
    t = (await create(client, alice))["template"]
    resp = await client.delete(f"/api/templates/{t['id']}", headers=alice.headers)
    assert resp.status_code == 200
    body = await resp.get_json()
    assert body["success"] is True and "deleted" in body["message"]
    assert (await client.get(f"/api/templates/{t['id']}", headers=alice.headers)).status_code == 404
    again = await client.delete(f"/api/templates/{t['id']}", headers=alice.headers)
    assert again.status_code == 404


@pytest.mark.parametrize("method", ["patch", "put", "delete"])
async def test_builtins_cannot_be_changed_or_deleted(client, make_user, method):
    alice = await make_user()
    kwargs: dict[str, Any] = {"headers": alice.headers}
    if method != "delete":
        kwargs["json"] = {"name": "mine now"}
    resp = await getattr(client, method)("/api/templates/rewind", **kwargs)
    assert resp.status_code == 403
    message = (await resp.get_json())["message"]
    assert "Built-in" in message and "forkFrom" in message
    assert (await (await client.get("/api/templates/rewind")).get_json())["template"][
        "name"
    ] == "Rewind"


@pytest.mark.parametrize("method", ["patch", "put", "delete"])
async def test_writes_to_another_users_private_template_are_404(client, make_user, method):
    alice, bob = await make_user(), await make_user()
    t = (await create(client, alice))["template"]
    kwargs: dict[str, Any] = {"headers": bob.headers}
    if method != "delete":
        kwargs["json"] = {"name": "mine now"}
    resp = await getattr(client, method)(f"/api/templates/{t['id']}", **kwargs)
    assert resp.status_code == 404


async def test_writes_to_another_users_public_template_are_403(client, make_user):
    alice, bob = await make_user(), await make_user()
    t = (await create(client, alice, visibility="public"))["template"]
    resp = await client.patch(f"/api/templates/{t['id']}", json={"name": "x"}, headers=bob.headers)
    assert resp.status_code == 403
    resp = await client.delete(f"/api/templates/{t['id']}", headers=bob.headers)
    assert resp.status_code == 403


async def test_writes_need_templates_write_scope(client, make_user):
    alice = await make_user()
    t = (await create(client, alice))["template"]
    reader = await make_user(scopes="templates:read")
    resp = await client.patch(
        f"/api/templates/{t['id']}", json={"name": "x"}, headers=reader.headers
    )
    assert resp.status_code == 403
    assert (await client.delete(f"/api/templates/{t['id']}")).status_code == 401

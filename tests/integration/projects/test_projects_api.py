"""/api/projects CRUD, owner-only, scoped by projects:read / projects:write."""

from __future__ import annotations


async def test_project_lifecycle(client, make_user):
    user = await make_user(scopes="projects:read,projects:write")
    resp = await client.post(
        "/api/projects", json={"name": "Spring", "description": "Q2"}, headers=user.headers
    )
    assert resp.status_code == 201
    project = (await resp.get_json())["project"]
    assert project["name"] == "Spring" and project["description"] == "Q2" and project["createdAt"]

    listing = await (await client.get("/api/projects", headers=user.headers)).get_json()
    assert [p["id"] for p in listing["projects"]] == [project["id"]] and listing["total"] == 1

    resp = await client.patch(
        f"/api/projects/{project['id']}", json={"description": "Q3"}, headers=user.headers
    )
    assert resp.status_code == 200
    updated = (await resp.get_json())["project"]
    assert updated["name"] == "Spring" and updated["description"] == "Q3"

    got = await client.get(f"/api/projects/{project['id']}", headers=user.headers)
    assert (await got.get_json())["project"]["description"] == "Q3"

    assert (
        await client.delete(f"/api/projects/{project['id']}", headers=user.headers)
    ).status_code == 200
    assert (
        await client.get(f"/api/projects/{project['id']}", headers=user.headers)
    ).status_code == 404


async def test_other_accounts_project_is_404_for_every_verb(client, make_user):
    owner = await make_user()
    other = await make_user()
    created = await client.post("/api/projects", json={"name": "Mine"}, headers=owner.headers)
    pid = (await created.get_json())["project"]["id"]
    for method in ("GET", "PATCH", "DELETE"):
        resp = await client.open(
            f"/api/projects/{pid}", method=method, json={"name": "x"}, headers=other.headers
        )
        assert resp.status_code == 404, method
        assert (await resp.get_json())["error"] == "not_found"
    listing = await (await client.get("/api/projects", headers=other.headers)).get_json()
    assert listing["projects"] == []


async def test_read_only_key_cannot_write_projects(client, make_user):
    user = await make_user(scopes="read-only")
    assert (await client.get("/api/projects", headers=user.headers)).status_code == 200
    resp = await client.post("/api/projects", json={"name": "x"}, headers=user.headers)
    assert resp.status_code == 403
    assert "projects:write" in (await resp.get_json())["message"]


async def test_project_name_cannot_be_blank_or_null(client, make_user):
    user = await make_user()
    resp = await client.post("/api/projects", json={"name": ""}, headers=user.headers)
    assert resp.status_code == 400
    created = await client.post("/api/projects", json={"name": "ok"}, headers=user.headers)
    pid = (await created.get_json())["project"]["id"]
    resp = await client.patch(f"/api/projects/{pid}", json={"name": None}, headers=user.headers)
    assert resp.status_code == 400

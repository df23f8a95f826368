"""Preview and embed pages over HTTP: who may preview what, drafts, nothing stored."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from app.keys.service import create_key

SCENES = [
    {
        "primitiveId": "title-intro",
        "animationOption": "slide-up",
        "sceneData": {"subtitle": "Hello from [company_name]"},
    }
]
SLOTS = [
    {"key": "person_name", "label": "Name", "type": "text", "required": True},
    {"key": "company_name", "label": "Company", "type": "text", "required": False},
]


async def create(client: Any, user: Any, visibility: str = "private") -> str:
    body = {"name": "Hello", "visibility": visibility, "scenes": SCENES, "dataSlots": SLOTS}
    resp = await client.post("/api/templates", json=body, headers=user.headers)
    assert resp.status_code == 201
    return (await resp.get_json())["template"]["id"]


def page_config(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="rp-config">(.*?)</script>', html, re.S)
    assert found, "no preview config in the page"
    return json.loads(found.group(1))


async def test_builtin_preview_page_carries_slots_and_sample_data(client):
    resp = await client.get("/preview/templates/rewind")
    assert resp.status_code == 200
    assert resp.headers["Content-Type"].startswith("text/html")
    config = page_config(await resp.get_data(as_text=True))
    assert config["templateId"] == "rewind" and config["draft"] is None
    assert [s["key"] for s in config["slots"]][:3] == [
        "person_name",
        "totalWorkouts",
        "totalMinutes",
    ]
    assert config["data"]["person_name"] == "Jordan Rivera"
    assert config["data"]["totalWorkouts"] == 187
    assert set(config["resolutions"]) == {"720p", "1080p", "4k"}
    assert len(config["scenes"]) == 5


async def test_embed_page_is_minimal(client):
    resp = await client.get("/embed/templates/pulse")
    assert resp.status_code == 200
    html = await resp.get_data(as_text=True)
    assert 'class="rp-embed"' in html and "rp-form" not in html


async def test_private_preview_is_404_to_anonymous_and_others(client, make_user):
    alice, bob = await make_user(), await make_user()
    tid = await create(client, alice)
    for path in (f"/preview/templates/{tid}", f"/embed/templates/{tid}"):
        anonymous = await client.get(path)
        assert anonymous.status_code == 404
        assert anonymous.headers["Content-Type"].startswith("text/html")
        assert "not found" in await anonymous.get_data(as_text=True)
        assert (await client.get(path, headers=bob.headers)).status_code == 404
        assert (await client.get(path, headers=alice.headers)).status_code == 200


async def test_preview_pages_need_templates_read_on_a_presented_key(app, client, make_user):
    alice = await make_user()
    tid = await create(client, alice)
    async with app.config["REELSMITH_DB"].session() as session:  # alice's key, no templates:read
        _, raw = await create_key(session, alice.account.id, "render only", "render-only")
    headers = {"X-API-Key": raw}
    api = await client.get(f"/api/templates/{tid}", headers=headers)
    assert api.status_code == 403
    for path in (f"/preview/templates/{tid}", f"/embed/templates/{tid}"):
        resp = await client.get(path, headers=headers)
        assert resp.status_code == 403, path
        assert resp.headers["Content-Type"].startswith("text/html")
        assert "templates:read" in await resp.get_data(as_text=True)
        assert (await client.get(path, headers=alice.headers)).status_code == 200


async def test_composition_page_answers_errors_as_html_pages(app, client, make_user):
    alice = await make_user()
    tid = await create(client, alice)
    async with app.config["REELSMITH_DB"].session() as session:
        _, no_read = await create_key(session, alice.account.id, "render only", "render-only")
    path = f"/preview/templates/{tid}/composition"
    for headers, status in (
        ({}, 404),
        ({"X-API-Key": "rs_not_a_key"}, 401),
        ({"X-API-Key": no_read}, 403),
    ):
        resp = await client.get(path, headers=headers)
        assert resp.status_code == status
        assert resp.headers["Content-Type"].startswith("text/html")
        assert f"<h1>{status}</h1>" in await resp.get_data(as_text=True)
    ok = await client.get(path, headers=alice.headers)
    assert ok.status_code == 200 and "window.reelsmith" in await ok.get_data(as_text=True)


async def test_private_preview_accepts_the_owners_session_cookie(client, make_user):
    alice = await make_user()
    tid = await create(client, alice)
    login = await client.post(
        "/api/auth/login", json={"email": alice.account.email, "password": alice.password}
    )
    assert login.status_code == 200
    assert (await client.get(f"/preview/templates/{tid}")).status_code == 200


async def test_public_template_preview_needs_no_key(client, make_user):
    alice = await make_user()
    tid = await create(client, alice, visibility="unlisted")
    assert (await client.get(f"/preview/templates/{tid}")).status_code == 200


async def test_page_token_lets_the_page_rerender_a_private_template(client, make_user):
    alice = await make_user()
    tid = await create(client, alice)
    other = await create(client, alice)
    page = await client.get(f"/preview/templates/{tid}", headers=alice.headers)
    token = page_config(await page.get_data(as_text=True))["token"]
    body = {"templateId": tid, "token": token, "data": {"person_name": "Kim", "company_name": "Co"}}
    resp = await client.post("/preview/render", json=body)
    assert resp.status_code == 200
    html = await resp.get_data(as_text=True)
    assert "window.reelsmith" in html or "reelsmith" in html
    assert "Hello from Co" in html and "Kim" in html
    # the token is bound to its template, and a forged one grants nothing
    wrong = await client.post("/preview/render", json={**body, "templateId": other})
    assert wrong.status_code == 404
    forged = await client.post("/preview/render", json={**body, "token": token + "x"})
    assert forged.status_code == 404


async def test_rendered_preview_escapes_data(client, make_user):
    alice = await make_user()
    tid = await create(client, alice, visibility="public")
    evil = "<script>alert(1)</script>"
    resp = await client.post(
        "/preview/render", json={"templateId": tid, "data": {"person_name": evil}}
    )
    assert resp.status_code == 200
    assert evil not in await resp.get_data(as_text=True)


async def test_draft_preview_renders_without_storing_anything(client, make_user):
    alice = await make_user()
    draft = {"name": "Unsaved", "scenes": SCENES, "dataSlots": SLOTS}
    resp = await client.post("/preview/templates", json=draft)
    assert resp.status_code == 200
    config = page_config(await resp.get_data(as_text=True))
    assert config["templateId"] is None and config["draft"]["name"] == "Unsaved"
    render = await client.post(
        "/preview/render", json={"template": config["draft"], "data": {"person_name": "Lee"}}
    )
    assert render.status_code == 200 and "Lee" in await render.get_data(as_text=True)
    listed = await client.get("/api/templates?builtIn=false", headers=alice.headers)
    assert (await listed.get_json())["total"] == 0


async def test_invalid_draft_is_400_naming_the_field(client):
    draft = {"name": "Bad", "scenes": [{"primitiveId": "title-intro", "animationOption": "spin"}]}
    resp = await client.post("/preview/templates", json=draft)
    assert resp.status_code == 400
    body = await resp.get_json()
    assert ["scenes", "0", "animationOption"] in [d["loc"] for d in body["details"]]
    resp = await client.post("/preview/render", json={"template": {"scenes": "nope"}})
    assert resp.status_code == 400


@pytest.mark.parametrize("name", ["", "   ", "x" * 201])
async def test_draft_name_is_validated_like_a_save(client, name):
    draft = {"name": name, "scenes": SCENES, "dataSlots": SLOTS}
    for path, body in (("/preview/templates", draft), ("/preview/render", {"template": draft})):
        resp = await client.post(path, json=body)
        assert resp.status_code == 400, path
        assert ["name"] in [d["loc"][-1:] for d in (await resp.get_json())["details"]]
    trimmed = await client.post("/preview/templates", json={**draft, "name": "  Draft  "})
    assert page_config(await trimmed.get_data(as_text=True))["name"] == "Draft"


async def test_render_needs_a_template_or_an_id(client):
    resp = await client.post("/preview/render", json={"data": {}})
    assert resp.status_code == 400


async def test_preview_routes_are_not_in_the_openapi_document(client):
    paths = (await (await client.get("/openapi.json")).get_json())["paths"]
    assert "/api/templates" in paths and "/api/templates/{template_id}" in paths
    assert not [p for p in paths if p.startswith(("/preview", "/embed"))]


async def test_template_with_a_removed_primitive_gets_a_clear_error(app, client, make_user):
    from app.templates.models import Template as TemplateRow

    alice = await make_user()
    async with app.config["REELSMITH_DB"].session() as session:
        row = TemplateRow(
            account_id=alice.account.id,
            name="Old",
            visibility="public",
            scenes=[{"primitiveId": "retired-primitive"}],
            data_slots=[],
            defaults={},
            tags=[],
        )
        session.add(row)
        await session.flush()
        tid = row.id
    resp = await client.post("/preview/render", json={"templateId": tid})
    assert resp.status_code == 422
    assert "retired-primitive" in (await resp.get_json())["message"]


async def test_fork_preview_applies_the_builtin_data_source_overrides_like_a_render(
    client, make_user
):
    alice = await make_user()
    fork = await client.post(
        "/api/templates",
        json={"name": "My emeritus", "forkFrom": "emeritus"},
        headers=alice.headers,
    )
    assert fork.status_code == 201
    fork_id = (await fork.get_json())["template"]["id"]
    data = {"authorId": "A1", "institution": "Fetched University", "institutionOverride": "Given U"}
    for template_id in ("emeritus", fork_id):
        resp = await client.post(
            "/preview/render", json={"templateId": template_id, "data": data}, headers=alice.headers
        )
        assert resp.status_code == 200
        html = await resp.get_data(as_text=True)
        assert "Given U" in html and "Fetched University" not in html, template_id

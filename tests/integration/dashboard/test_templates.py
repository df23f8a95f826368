"""The templates pages: the gallery (built-in and own, paginated), fork, and the editor's JSON
actions (save, publish, assistant), each checked against the account, CSRF and validation."""

from __future__ import annotations

import re
import time
from typing import Any

from app.db import Database
from app.templates.models import Template as TemplateRow
from app.templates.service import get_template
from tests.support.dashboard import csrf_token, post_form, sign_in

EDITOR = re.compile(r"^/app/templates/([0-9a-zA-Z_-]+)$")


def json_headers(token: str) -> dict[str, str]:
    return {"X-CSRF-Token": token, "X-Requested-With": "fetch"}


async def fork(client: Any, token: str, source: str = "rewind") -> str:
    """Fork through the gallery's form; returns the new template's id."""
    resp = await post_form(client, "/app/templates/fork", token, source=source)
    assert resp.status_code == 303, await resp.get_data(as_text=True)
    found = EDITOR.match(resp.headers["Location"])
    assert found, resp.headers["Location"]
    return found.group(1)


async def stored(app: Any, template_id: str, account_id: str) -> Any:
    database: Database = app.config["REELSMITH_DB"]
    async with database.session() as session:
        return await get_template(session, template_id, account_id)


async def test_gallery_lists_builtins_and_own_templates(client, make_user) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    template_id = await fork(client, token, "pulse")
    resp = await client.get("/app/templates")
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 200
    for builtin in ("emeritus", "laureate", "rewind", "pulse", "handshake"):
        assert f'data-template-id="{builtin}"' in html
    assert f'data-template-id="{template_id}"' in html
    assert f'href="/app/templates/{template_id}"' in html
    assert "/static/dashboard/posters/pulse.jpg" in html  # a fork shows its built-in's poster
    assert 'data-testid="own-total">(1)<' in html
    # each built-in's card also shows it in the other shapes
    assert html.count('data-testid="template-shapes"') == 5
    for size in ("720x1280", "720x720", "720x900"):
        assert f"/static/dashboard/posters/rewind-{size}.jpg" in html
    assert 'alt="Rewind in 9:16"' in html or "in 9:16" in html


async def test_fork_creates_a_template_owned_by_the_account(app, client, make_user) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    template_id = await fork(client, token, "rewind")
    view = await stored(app, template_id, user.account.id)
    assert view is not None and view.ownerId == user.account.id
    assert view.baseTemplateId == "rewind" and view.version == 1
    page = await client.get(f"/app/templates/{template_id}")
    html = await page.get_data(as_text=True)
    assert page.status_code == 200
    assert 'id="tp-config"' in html and "/static/dashboard/templates.js" in html
    assert 'data-testid="version">Version 1<' in html
    assert '"thumbnail": "/static/dashboard/primitives/quote-card.jpg"' in html  # the catalog


async def test_save_keeps_the_version_and_publish_bumps_it(app, client, make_user) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    template_id = await fork(client, token)
    view = await stored(app, template_id, user.account.id)
    scenes = [s.model_dump(mode="json") for s in view.scenes]
    scenes[0]["label"] = "Hello there"
    scenes[0]["defaultDuration"] = 4.5
    saved = await client.patch(
        f"/app/templates/{template_id}", json={"scenes": scenes}, headers=json_headers(token)
    )
    body = await saved.get_json()
    assert saved.status_code == 200, body
    assert body["template"]["version"] == 1
    assert body["template"]["scenes"][0]["label"] == "Hello there"
    published = await client.put(
        f"/app/templates/{template_id}",
        json={"name": "Renamed", "scenes": scenes},
        headers=json_headers(token),
    )
    assert published.status_code == 200
    assert (await published.get_json())["template"]["version"] == 2
    after = await stored(app, template_id, user.account.id)
    assert after.name == "Renamed" and after.version == 2
    assert after.scenes[0].label == "Hello there" and after.scenes[0].defaultDuration == 4.5


async def test_an_invalid_field_answers_400_with_its_path_and_changes_nothing(
    app, client, make_user
) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    template_id = await fork(client, token)
    view = await stored(app, template_id, user.account.id)
    scenes = [s.model_dump(mode="json") for s in view.scenes]
    scenes[1]["defaultDuration"] = 500  # over the 120 s a scene may last
    resp = await client.patch(
        f"/app/templates/{template_id}", json={"scenes": scenes}, headers=json_headers(token)
    )
    body = await resp.get_json()
    assert resp.status_code == 400
    assert ["scenes", "1", "defaultDuration"] in [d["loc"] for d in body["details"]]
    # A catalog rule (the templates service's validation) carries its path too.
    scenes[1]["defaultDuration"] = 5
    scenes[2]["animationOption"] = "no-such-option"
    resp = await client.patch(
        f"/app/templates/{template_id}", json={"scenes": scenes}, headers=json_headers(token)
    )
    body = await resp.get_json()
    assert resp.status_code == 400
    assert body["details"][0]["loc"] == ["scenes", "2", "animationOption"]
    # The editor's check names the same paths with 200 (the page shows them as you type).
    checked = await client.post(
        f"/app/templates/{template_id}/check",
        json={"dataSlots": [{"key": "ok", "type": "nope"}]},
        headers=json_headers(token),
    )
    found = [p["loc"] for p in (await checked.get_json())["problems"]]
    assert checked.status_code == 200 and found == [["dataSlots", "0", "type"]]
    checked = await client.post(
        f"/app/templates/{template_id}/check", json={"scenes": scenes}, headers=json_headers(token)
    )
    found = [p["loc"] for p in (await checked.get_json())["problems"]]
    assert found == [["scenes", "2", "animationOption"]]
    slots = [{"key": "bad key", "type": "text"}]
    resp = await client.patch(
        f"/app/templates/{template_id}", json={"dataSlots": slots}, headers=json_headers(token)
    )
    assert resp.status_code == 400
    assert ["dataSlots", "0", "key"] in [d["loc"] for d in (await resp.get_json())["details"]]
    after = await stored(app, template_id, user.account.id)
    assert [s.model_dump() for s in after.scenes] == [s.model_dump() for s in view.scenes]


async def test_another_accounts_template_is_not_found_by_url(app, client, make_user) -> None:
    owner = await make_user()
    other = await make_user()
    owner_client = app.test_client()
    owner_token = await sign_in(owner_client, owner.account.email, owner.password)
    template_id = await fork(owner_client, owner_token)
    token = await sign_in(client, other.account.email, other.password)
    assert (await client.get(f"/app/templates/{template_id}")).status_code == 404
    assert (await client.get("/app/templates/rewind")).status_code == 404  # built-in: fork it
    resp = await client.patch(
        f"/app/templates/{template_id}", json={"name": "Mine now"}, headers=json_headers(token)
    )
    assert resp.status_code == 404
    resp = await client.put(
        f"/app/templates/{template_id}", json={"name": "Mine now"}, headers=json_headers(token)
    )
    assert resp.status_code == 404
    scripts = await client.post(
        f"/app/templates/{template_id}/scripts",
        json={"scenes": [{"primitiveId": "title-intro"}]},
        headers=json_headers(token),
    )
    assert scripts.status_code == 404
    # Forking someone's private template through the form is refused the same way.
    refused = await post_form(client, "/app/templates/fork", token, source=template_id)
    assert refused.status_code == 404
    assert (await stored(app, template_id, owner.account.id)).name != "Mine now"


async def test_without_the_csrf_token_nothing_changes(app, client, make_user) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    template_id = await fork(client, token)
    no_token = await client.patch(
        f"/app/templates/{template_id}",
        json={"name": "Changed"},
        headers={"X-Requested-With": "fetch"},
    )
    assert no_token.status_code == 403
    wrong = await client.put(
        f"/app/templates/{template_id}", json={"name": "Changed"}, headers=json_headers("0" * 64)
    )
    assert wrong.status_code == 403
    no_fork = await client.post("/app/templates/fork", form={"source": "pulse"})
    assert no_fork.status_code == 403
    view = await stored(app, template_id, user.account.id)
    assert view.name != "Changed" and view.version == 1
    gallery = await (await client.get("/app/templates")).get_data(as_text=True)
    assert 'data-testid="own-total">(1)<' in gallery  # the refused fork made nothing


async def test_assistant_actions_call_the_ai_services(app, client, make_user) -> None:
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    template_id = await fork(client, token)
    view = await stored(app, template_id, user.account.id)
    scenes = [s.model_dump(mode="json") for s in view.scenes]
    base = f"/app/templates/{template_id}"
    composed = await client.post(
        f"{base}/prompt",
        json={
            "prompt": "add a call to action at the end",
            "mode": "edit",
            "currentState": {
                "scenes": scenes,
                "dataSlots": [s.model_dump(mode="json") for s in view.dataSlots],
            },
        },
        headers=json_headers(token),
    )
    body = await composed.get_json()
    assert composed.status_code == 200, body
    assert body["scenes"] and body["explanation"]
    written = await client.post(
        f"{base}/scripts",
        json={"scenes": scenes, "tone": "casual"},
        headers=json_headers(token),
    )
    scripts = (await written.get_json())["scripts"]
    assert written.status_code == 200 and scripts and all(s["voScript"] for s in scripts)
    translated = await client.post(
        f"{base}/translate",
        json={
            "texts": ["Hello [firstName], welcome"],
            "sourceLanguage": "en",
            "targetLanguage": "pt",
            "sceneIndexes": [0],
        },
        headers=json_headers(token),
    )
    body = await translated.get_json()
    assert translated.status_code == 200, body
    assert "[firstName]" in body["translations"][0] and body["translations"][0] != (
        "Hello [firstName], welcome"
    )
    bad = await client.post(
        f"{base}/translate",
        json={"texts": ["x"], "sourceLanguage": "en", "targetLanguage": "xx"},
        headers=json_headers(token),
    )
    assert bad.status_code == 400
    assert (await bad.get_json())["details"][0]["loc"] == ["targetLanguage"]


async def test_draft_preview_from_a_form_shows_unsaved_state(client) -> None:
    document = '{"name": "Draft", "scenes": [{"primitiveId": "title-intro", "label": "Unsaved"}]}'
    resp = await client.post("/preview/templates/form", form={"template": document})
    html = await resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert "Unsaved" in html and "rp-config" in html
    bad = await client.post(
        "/preview/templates/form",
        form={"template": '{"scenes": [{"primitiveId": "title-intro", "defaultDuration": 0}]}'},
    )
    assert bad.status_code == 400
    assert "scenes.0.defaultDuration" in await bad.get_data(as_text=True)


async def test_gallery_pages_stay_fast_with_a_thousand_templates(app, client, make_user) -> None:
    """Server time of the gallery and an editor page with 1,000 templates in the account
    (printed; a loose bound here: timings on a shared machine are noisy)."""
    user = await make_user()
    token = await sign_in(client, user.account.email, user.password)
    template_id = await fork(client, token)
    view = await stored(app, template_id, user.account.id)
    database: Database = app.config["REELSMITH_DB"]
    async with database.session() as session:
        session.add_all(
            TemplateRow(
                account_id=user.account.id,
                name=f"Bulk {i}",
                scenes=[s.model_dump(mode="json") for s in view.scenes],
                data_slots=[s.model_dump(mode="json") for s in view.dataSlots],
                defaults=view.defaults.model_dump(mode="json"),
                tags=[],
                root_builtin="rewind",
            )
            for i in range(999)
        )
    timings = {}
    for path in ("/app/templates", "/app/templates?page=42", f"/app/templates/{template_id}"):
        await client.get(path)  # warm
        started = time.perf_counter()
        resp = await client.get(path)
        timings[path] = (time.perf_counter() - started) * 1000
        assert resp.status_code == 200
    html = await (await client.get("/app/templates?page=2")).get_data(as_text=True)
    assert 'data-testid="own-total">(1000)<' in html and "Page 2 of 42" in html
    assert html.count('data-testid="template-card"') == 5 + 24
    print("dashboard templates pages, ms with 1,000 templates:", timings)
    assert all(ms < 1000 for ms in timings.values()), timings
    assert await csrf_token(client, "/app/templates")


async def test_the_pages_are_not_part_of_the_api_contract(client) -> None:
    spec = await (await client.get("/openapi.json")).get_json()
    assert not [path for path in spec["paths"] if path.startswith("/app/templates")]
    assert "/preview/templates/form" not in spec["paths"]

"""The preview routes declare their bodies (validated off the event loop) and keep their 400
answers: a body that is not a JSON object, a field that does not fit, a malformed document."""

from __future__ import annotations

import pytest

ROUTES = ["/preview/templates", "/preview/render"]


@pytest.mark.parametrize("path", ROUTES)
@pytest.mark.parametrize(
    ("body", "content_type"),
    [(b"[1, 2]", "application/json"), (b"null", "application/json"), (b"{}", "text/plain")],
)
async def test_a_body_that_is_not_a_json_object_is_400(client, path, body, content_type):
    resp = await client.post(path, data=body, headers={"Content-Type": content_type})
    assert resp.status_code == 400
    assert await resp.get_json() == {
        "success": False,
        "error": "invalid_request",
        "message": "Send a JSON object body",
        "details": [],
    }


@pytest.mark.parametrize(
    ("path", "body", "loc"),
    [
        ("/preview/templates", {"scenes": [{"primitiveId": ""}]}, ["scenes", "0", "primitiveId"]),
        ("/preview/render", {"templateId": "pulse", "colour": 1}, ["colour"]),
        ("/preview/render", {"template": {"scenes": "nope"}}, ["template", "scenes"]),
    ],
)
async def test_a_field_that_does_not_fit_is_400_naming_it(client, path, body, loc):
    resp = await client.post(path, json=body)
    assert resp.status_code == 400
    answer = await resp.get_json()
    assert answer["message"].startswith("Invalid preview request: " + ".".join(loc))
    assert loc in [d["loc"] for d in answer["details"]]


@pytest.mark.parametrize("path", ROUTES)
async def test_malformed_json_gets_the_apps_malformed_json_answer(client, path):
    resp = await client.post(path, data=b'{"name": ', headers={"Content-Type": "application/json"})
    assert resp.status_code == 400
    answer = await resp.get_json()
    assert answer["message"].startswith("Malformed JSON body: Expecting value")
    assert answer["details"][0]["type"] == "json_invalid"


async def test_values_the_fast_parser_refuses_are_still_read(client):
    # NaN is accepted by the standard library's parser (as before); the data reaches the page
    body = b'{"templateId": "rewind", "data": {"person_name": "Nan", "totalWorkouts": NaN}}'
    resp = await client.post(
        "/preview/render", data=body, headers={"Content-Type": "application/json"}
    )
    assert resp.status_code == 200
    assert "Nan" in await resp.get_data(as_text=True)


async def test_a_valid_draft_is_previewed(client):
    draft = {"name": "Mine", "scenes": [{"primitiveId": "title-intro"}]}
    resp = await client.post("/preview/templates", json=draft)
    assert resp.status_code == 200
    assert resp.headers["Content-Type"].startswith("text/html")

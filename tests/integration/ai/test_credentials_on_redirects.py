"""Issue 27, finding 5, as the audit made it: a served app whose AI services answer with a
redirect to another origin (another port on the loopback stands for another host). The OpenAI
bearer key (a header) and the LibreTranslate `api_key` (in the JSON body, which 307/308 keep)
never reach the redirect target; a redirect within the same origin still works. The guard is
app/outbound.py, shared by every outbound call (the Hardcover token too)."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import pytest_asyncio

from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.keys.service import create_key
from app.models import create_all
from app.outbound import open_url
from tests.support.environment import setting_vars
from tests.support.http_server import LoopbackServer, QuietHandler
from tests.support.live_server import live_server

OPENAI_KEY = "sk-test-" + uuid.uuid4().hex
LIBRE_KEY = "lt-" + uuid.uuid4().hex


class Recorder(LoopbackServer):
    """Records every request; answers each with `reply(path, body)` -> (status, headers, body)."""

    def __init__(self, reply: Any) -> None:
        self.seen: list[dict[str, Any]] = []
        recorder = self

        class Handler(QuietHandler):
            def _any(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length", "0") or 0))
                recorder.seen.append(
                    {
                        "method": self.command,
                        "path": self.path,
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": raw.decode(errors="replace"),
                    }
                )
                status, headers, body = reply(self.path, raw)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _any

        super().__init__(Handler)

    def carried(self, secret: str) -> bool:
        return any(secret in json.dumps(request) for request in self.seen)


def completion(content: str) -> bytes:
    choice = {"index": 0, "finish_reason": "stop", "message": {"role": "assistant",
              "content": content}}  # fmt: skip
    return json.dumps({"id": "c1", "object": "chat.completion", "choices": [choice]}).encode()


def elsewhere_reply(path: str, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    if path.endswith("/translate"):
        return 200, {"Content-Type": "application/json"}, b'{"translatedText": ["Hallo"]}'
    return 200, {"Content-Type": "application/json"}, completion('{"scripts": ["Hi."]}')


@dataclass
class Served:
    base: str
    headers: dict[str, str]
    redirector: Recorder
    elsewhere: Recorder


@pytest_asyncio.fixture
async def served(settings: Settings, request: pytest.FixtureRequest) -> AsyncIterator[Served]:
    status = request.param
    with Recorder(elsewhere_reply) as elsewhere:
        target = f"http://127.0.0.1:{elsewhere.port}"

        def redirect(path: str, raw: bytes) -> tuple[int, dict[str, str], bytes]:
            return status, {"Location": target + path}, b""

        with Recorder(redirect) as redirector:
            db = Database(settings.database_url)
            await create_all(db)
            try:
                async with db.session() as session:
                    account = await create_account(
                        session, f"{uuid.uuid4().hex[:8]}@example.com", "p" * 12, "studio", 100
                    )
                    _, key = await create_key(session, account.id, "t", "admin")
            finally:
                await db.dispose()
            extra = setting_vars(
                allow_private_urls=True,
                ai_provider="openai",
                ai_openai_base_url=f"http://127.0.0.1:{redirector.port}/v1",
                ai_openai_api_key=OPENAI_KEY,
                ai_libretranslate_url=f"http://127.0.0.1:{redirector.port}",
                ai_libretranslate_api_key=LIBRE_KEY,
            )
            with live_server(settings, env=extra) as base:
                yield Served(base, {"X-API-Key": key}, redirector, elsewhere)


@pytest.mark.parametrize("served", [301, 302, 303, 307, 308], indirect=True)
async def test_keys_do_not_follow_a_redirect_to_another_origin(served: Served) -> None:
    scenes = [{"primitiveId": "title-intro", "defaultDuration": 4}]
    async with httpx.AsyncClient(base_url=served.base, timeout=30) as http:
        script = await http.post(
            "/api/generate-script", json={"scenes": scenes}, headers=served.headers
        )
        translated = await http.post(
            "/api/translate",
            json={"texts": ["Hello"], "sourceLanguage": "en", "targetLanguage": "de"},
            headers=served.headers,
        )
    for resp in (script, translated):
        assert resp.status_code in (200, 502), resp.text
        assert "127.0.0.1" not in resp.json().get("message", "") or resp.status_code == 200
    assert len(served.redirector.seen) >= 2  # both services were called ...
    assert served.redirector.carried(OPENAI_KEY) and served.redirector.carried(LIBRE_KEY)
    # ... and what the redirect target saw carried neither key
    assert not served.elsewhere.carried(OPENAI_KEY)
    assert not served.elsewhere.carried(LIBRE_KEY)
    for seen in served.elsewhere.seen:
        assert "authorization" not in seen["headers"]


async def test_a_redirect_within_the_origin_keeps_the_request() -> None:
    def reply(path: str, raw: bytes) -> tuple[int, dict[str, str], bytes]:
        if path == "/old":
            return 308, {"Location": "/new"}, b""
        return 200, {}, b"ok"

    with Recorder(reply) as server:
        async with open_url(
            f"http://127.0.0.1:{server.port}/old",
            allow_private=True,
            timeout_s=5,
            max_bytes=1000,
            method="POST",
            json={"api_key": "k"},
            headers={"Authorization": "Bearer t"},
        ) as fetched:
            assert fetched.status_code == 200 and await fetched.read() == b"ok"
    follow = server.seen[1]
    assert follow["path"] == "/new" and follow["method"] == "POST"
    assert follow["headers"]["authorization"] == "Bearer t" and '"api_key"' in follow["body"]

"""reelsmith_client's retries against a small server on the loopback that answers as the API
does when it is busy or restarting: a 503 with Retry-After, then 200; a connection dropped
before any answer, then 200. Idempotent calls (GET, DELETE, a create with its Idempotency-Key)
are sent again, the create with the same key; a POST without one is not (it may have been
done). Sync and asyncio. No live API needed: a few seconds in all."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from email.utils import formatdate
from typing import Any

import httpx
import pytest
from reelsmith_client import AsyncClient, Client, errors
from reelsmith_client._http import retry_after

from tests.support.http_server import LoopbackServer, QuietHandler

JOB = {"success": True, "id": "job-1", "status": "pending"}  # read raw: client.request
CREATED = {  # read as the typed RenderCreated: renders.create
    "success": True,
    "jobId": "job-1",
    "status": "pending",
    "templateId": "pulse",
    "displayName": "Pulse",
    "creditsRemaining": 99,
    "message": "Render queued",
}
GET = ("GET", "/api/render/job-1")


class Scripted(QuietHandler):
    """Answers each request with the next step of `steps` ("drop", "503:<Retry-After>" or
    "200"), and records (method, path, Idempotency-Key, monotonic time) of each."""

    steps: list[str]
    seen: list[tuple[str, str, str | None, float]]
    lock = threading.Lock()

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        with self.lock:
            step = self.steps.pop(0) if self.steps else "200"
            key = self.headers.get("Idempotency-Key")
            self.seen.append((self.command, self.path, key, time.monotonic()))
        if step == "drop":  # the connection closes with no answer at all
            self.close_connection = True
            return
        if step.startswith("503"):
            body = json.dumps({"success": False, "error": "unavailable", "message": "restarting"})
            self.send_response(503)
            self.send_header("Retry-After", step.split(":", 1)[1])
        else:
            body = json.dumps(CREATED if self.command == "POST" else JOB)
            self.send_response(201 if self.command == "POST" else 200)
        data = body.encode()
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_DELETE = _answer


class Api:
    def __init__(self, steps: list[str]) -> None:
        self.seen: list[tuple[str, str, str | None, float]] = []
        self.handler = type("Api", (Scripted,), {"steps": list(steps), "seen": self.seen})

    def gaps(self) -> list[float]:
        return [b[3] - a[3] for a, b in zip(self.seen, self.seen[1:], strict=False)]


@pytest.fixture
def api() -> Iterator[Any]:
    servers: list[LoopbackServer] = []

    def start(*steps: str) -> tuple[Api, str]:
        scripted = Api(list(steps))
        server = LoopbackServer(scripted.handler).__enter__()
        servers.append(server)
        return scripted, server.url

    yield start
    for server in servers:
        server.__exit__(None, None, None)


def fast(client: Client | AsyncClient) -> Client | AsyncClient:
    client._config.backoff = 0.05  # the first wait without Retry-After (doubles each retry)
    return client


def test_a_503_is_retried_after_its_retry_after(api) -> None:
    scripted, url = api("503:1", "200")
    with fast(Client("rs_test", url)) as client:
        assert client.request(*GET)["id"] == "job-1"
    assert [s[0] for s in scripted.seen] == ["GET", "GET"]
    assert scripted.gaps()[0] >= 0.95  # waited the second the server asked for


def test_a_503_that_lasts_ends_as_an_error_after_max_retries(api) -> None:
    scripted, url = api(*["503:0"] * 5)
    with Client("rs_test", url, max_retries=2) as client, pytest.raises(errors.ServerError) as e:
        client.request(*GET)
    assert e.value.status == 503 and e.value.code == "unavailable"
    assert len(scripted.seen) == 3  # the call and two retries


def test_a_lost_connection_is_retried_for_a_get_and_a_delete(api) -> None:
    scripted, url = api("drop", "200", "drop", "200")
    with fast(Client("rs_test", url)) as client:
        assert client.request(*GET)["id"] == "job-1"
        client.request("DELETE", "/api/render/job-1")
    assert [s[0] for s in scripted.seen] == ["GET", "GET", "DELETE", "DELETE"]


def test_a_create_is_sent_again_with_the_same_idempotency_key(api) -> None:
    scripted, url = api("drop", "503:0", "200")
    with fast(Client("rs_test", url)) as client:
        render = client.renders.create("pulse", {"person_name": "Ada"})
    assert render.id == "job-1"
    keys = [s[2] for s in scripted.seen]
    assert len(keys) == 3 and keys[0] and len(set(keys)) == 1  # one key: charged once


def test_a_post_without_an_idempotency_key_is_not_sent_twice(api) -> None:
    scripted, url = api("drop", "200")
    with fast(Client("rs_test", url)) as client, pytest.raises(errors.ConnectionFailed):
        # The API keeps no Idempotency-Key for an endpoint: the library sends none, and so
        # cannot make two endpoints by sending it again.
        client.webhooks.create("https://example.com/hook", ["render.complete"])
    assert len(scripted.seen) == 1 and scripted.seen[0][2] is None


def test_a_server_that_stays_away_ends_as_connection_failed(api) -> None:
    scripted, url = api(*["drop"] * 5)
    client = fast(Client("rs_test", url, max_retries=2))
    with client, pytest.raises(errors.ConnectionFailed, match="GET /api/render/job-1"):
        client.request(*GET)
    assert len(scripted.seen) == 3


def test_retry_after_as_an_http_date() -> None:
    later = formatdate(time.time() + 30, usegmt=True)
    assert 28 <= retry_after(httpx.Headers({"Retry-After": later})) <= 30
    assert retry_after(httpx.Headers({"Retry-After": "7"})) == 7
    assert retry_after(httpx.Headers({})) is None


async def test_the_async_client_retries_the_same_way(api) -> None:
    scripted, url = api("503:1", "200", "drop", "200", "drop", "200")
    async with fast(AsyncClient("rs_test", url)) as client:
        assert (await client.request(*GET))["id"] == "job-1"
        assert (await client.request(*GET))["id"] == "job-1"
        made = await client.renders.create("pulse", {"person_name": "Ada"})
        assert made.id == "job-1"
    assert [s[0] for s in scripted.seen] == ["GET", "GET", "GET", "GET", "POST", "POST"]
    assert scripted.gaps()[0] >= 0.95
    assert scripted.seen[4][2] and scripted.seen[4][2] == scripted.seen[5][2]

"""The API's HTTP servers (app/serving.py): uvicorn (the default) and Hypercorn serve the same
app in a child process, as `reelsmith serve` runs it; access lines never carry a query string
or a header, and cost nothing when the access logger is off."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.serving import ACCESS, AccessLog
from tests.conftest import make_settings
from tests.support.live_server import live_server


@pytest.mark.parametrize("server", ["uvicorn", "hypercorn"])
def test_each_server_serves_the_app_over_keep_alive(tmp_path: Path, server: str) -> None:
    settings = make_settings(tmp_path, rate_limit_enabled=False)
    with (
        live_server(settings, env={"REELSMITH_HTTP_SERVER": server}) as url,
        httpx.Client(base_url=url) as http,
    ):
        for _ in range(3):  # one connection, kept alive
            assert http.get("/healthz").json() == {"status": "ok"}
        missing = http.get("/api/render/no-such-job")
        assert missing.status_code == 401 and missing.json()["error"] == "unauthorized"


async def test_access_lines_leave_out_the_query_and_headers(caplog: Any) -> None:
    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    scope = {"type": "http", "method": "GET", "path": "/v/job1", "query_string": b"key=rk_secret",
             "headers": [(b"x-api-key", b"rk_secret")], "client": ("10.0.0.7", 5123)}  # fmt: skip
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    with caplog.at_level(logging.INFO, logger=ACCESS.name):
        await AccessLog(app)(scope, None, send)
    (line,) = [r.getMessage() for r in caplog.records if r.name == ACCESS.name]
    assert line.startswith('10.0.0.7 "GET /v/job1" 204 ') and "secret" not in line
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger=ACCESS.name):  # off: no line
        await AccessLog(app)(scope, None, send)
    assert not [r for r in caplog.records if r.name == ACCESS.name]

"""The first call the dashboard shows beside a new API key (app/dashboard/snippets.py) runs as
copied, against the live API: curl, Python with reelsmith_client and Node with
@reelsmith/client. The balance call runs in all three; the render's curl is sent (its job then
deleted) so the worker's time stays with the other tests."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
from pathlib import Path

import httpx
import pytest

from app.dashboard import snippets
from clients import generate
from tests.integration.clients.conftest import LiveApi

pytestmark = pytest.mark.slow


def code(examples: snippets.Snippets, slug: str) -> str:
    return next(s.code for s in examples.items if s.slug == slug)


def balance(live_api: LiveApi) -> int:
    answer = httpx.get(f"{live_api.base}/api/billing", headers={"X-API-Key": live_api.api_key})
    return int(answer.json()["credits"])


def test_the_balance_call_runs_in_curl_python_and_node(
    live_api: LiveApi, tmp_path: Path, typescript_tools: None
) -> None:
    examples = snippets.for_key(live_api.api_key, "billing:read", live_api.base)
    credits = balance(live_api)
    curl = subprocess.run(
        ["sh", "-c", code(examples, "curl")], capture_output=True, text=True, timeout=30
    )
    assert json.loads(curl.stdout)["credits"] == credits
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code(examples, "python"), {})  # the snippet as a user pastes it
    assert printed.getvalue().strip() == str(credits)
    # The TypeScript snippet is also plain JavaScript: run as an ES module that imports the
    # built package by its name, as an application that installed it would.
    package = generate.CLIENTS / "typescript"
    dist = package / "dist" / "esm" / "index.js"
    newest = max(p.stat().st_mtime for p in (package / "src").glob("*.ts"))
    if not dist.exists() or dist.stat().st_mtime < newest:  # built already by the other tests
        assert subprocess.run(["npm", "run", "-s", "build"], cwd=package).returncode == 0
    scope = tmp_path / "node_modules" / "@reelsmith"
    scope.mkdir(parents=True)
    (scope / "client").symlink_to(package)
    (tmp_path / "first.mjs").write_text(code(examples, "typescript"))
    node = subprocess.run(
        ["node", "first.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert node.returncode == 0, node.stderr
    assert node.stdout.strip() == str(credits)


def test_the_render_curl_queues_a_job(live_api: LiveApi) -> None:
    examples = snippets.for_key(live_api.api_key, "*", live_api.base)
    create = code(examples, "curl").split("\n# then")[0]
    assert '"templateId":"handshake"' in create
    create = create.replace('"templateId":"handshake"', f'"templateId":"{live_api.template_id}"')
    sent = subprocess.run(["sh", "-c", create], capture_output=True, text=True, timeout=30)
    job = json.loads(sent.stdout)
    assert job["success"] and re.fullmatch(r"[\w-]+", job["jobId"]), sent.stdout
    poll = code(examples, "curl").split("\n")[-1].replace("<jobId>", job["jobId"])
    status = json.loads(subprocess.run(["sh", "-c", poll], capture_output=True, timeout=30).stdout)
    assert status["id"] == job["jobId"]
    headers = {"X-API-Key": live_api.api_key}
    httpx.delete(f"{live_api.base}/api/render/{job['jobId']}", headers=headers)

"""Fuzzing against the published contract: schemathesis generates requests from /openapi.json
of a live app (real Hypercorn, SQLite, real Redis) and sends each with an admin key, a
read-only key and no key. No answer may be a 5xx, every answer must match the schema declared
for its status, and every error must be the JSON error body.

Bounded for `make test` (a few examples per operation); run longer with
REELSMITH_FUZZ_EXAMPLES=200 .venv/bin/pytest tests/integration/apidocs/test_contract_fuzz.py
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import CheckContext, not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from app import create_app
from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.keys.service import create_key
from app.models import create_all
from tests.support.live_server import live_server

EXAMPLES = int(os.environ.get("REELSMITH_FUZZ_EXAMPLES", "4"))
ERROR_FIELDS = {"success", "error", "message"}


async def _seed(database_url: str) -> dict[str, str]:
    db = Database(database_url)
    await create_all(db)
    try:
        async with db.session() as session:
            account = await create_account(
                session, f"fuzz-{uuid.uuid4().hex[:8]}@example.com", "fuzz password", "studio", 50
            )
            _, admin = await create_key(session, account.id, "admin", "admin")
            _, read_only = await create_key(session, account.id, "read", "read-only")
    finally:
        await db.dispose()
    return {"admin": admin, "read-only": read_only}


@pytest.fixture(scope="module")
def fuzz_target(
    tmp_path_factory: pytest.TempPathFactory, settings_maker: Callable[..., Settings]
) -> Iterator[tuple[str, dict[str, str]]]:
    base: Path = tmp_path_factory.mktemp("fuzz")
    app_settings = settings_maker(base)  # rate limits off: the fuzzer is one client
    keys = asyncio.run(_seed(app_settings.database_url))
    with live_server(app_settings) as url:
        yield url, keys


def json_error_body(ctx: CheckContext, response: Any, case: Any) -> bool | None:
    """Every 4xx/5xx answers with the JSON error body (success false, error, message)."""
    if response.status_code < 400:
        return None
    try:
        body = response.json()
    except ValueError as exc:
        raise AssertionError(f"{response.status_code} answer is not JSON") from exc
    missing = ERROR_FIELDS - set(body) if isinstance(body, dict) else ERROR_FIELDS
    assert not missing, f"{response.status_code} error body lacks {sorted(missing)}: {body}"
    assert body["success"] is False
    return None


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    content_type_conformance,
    json_error_body,
]


def _operations() -> list[str]:
    """Operation labels ("GET /api/billing") of the published contract, read at collection
    time from an app that is built but never connects to anything."""

    async def load(folder: Path) -> dict[str, Any]:
        settings = Settings(
            database_url=f"sqlite+aiosqlite:///{folder}/unused.db",
            data_dir=folder,
            media_dir=folder,
            rate_limit_enabled=False,
        )
        app = create_app(settings)
        async with app.test_app():
            resp = await app.test_client().get("/openapi.json")
            return dict(await resp.get_json())

    with tempfile.TemporaryDirectory() as folder:
        doc = asyncio.run(load(Path(folder)))
    return [
        f"{method.upper()} {path}"
        for path, item in doc["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    ]


@pytest.mark.slow
@pytest.mark.parametrize("label", _operations())
def test_api_honours_its_contract(label: str, fuzz_target: tuple[str, dict[str, str]]) -> None:
    url, keys = fuzz_target
    api = schemathesis.openapi.from_url(url + "/openapi.json")
    method, path = label.split(" ", 1)
    operation = api[path][method]

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy())
    def run(case: Any) -> None:
        for key in (keys["admin"], keys["read-only"], None):
            headers = {"X-API-Key": key} if key else {}
            case.call_and_validate(base_url=url, headers=headers, checks=CHECKS)

    run()

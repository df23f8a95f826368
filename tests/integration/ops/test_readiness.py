"""GET /readyz reaches the database, Redis and the media store; /healthz stays liveness."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from app import create_app
from app.config import Settings
from app.db import Database
from app.models import create_all


async def test_ready_when_everything_answers(client) -> None:
    resp = await client.get("/readyz")
    assert resp.status_code == 200
    body = await resp.get_json()
    assert body == {
        "status": "ok",
        "checks": {"database": "ok", "redis": "ok", "storage": "ok"},
    }


async def _readyz(settings: Settings) -> tuple[int, Any, int]:
    schema = Database(settings.database_url)
    await create_all(schema)
    await schema.dispose()
    app = create_app(settings)
    async with app.test_app():
        client = app.test_client()
        ready = await client.get("/readyz")
        alive = await client.get("/healthz")
        return ready.status_code, await ready.get_json(), alive.status_code


async def test_redis_unreachable_is_503_naming_it(
    settings_factory: Callable[..., Settings],
) -> None:
    # Port 1 on the loopback: nothing listens, the connection is refused at once.
    status, body, alive = await _readyz(settings_factory(redis_url="redis://127.0.0.1:1/0"))
    assert status == 503 and body["failed"] == ["redis"]
    assert body["checks"]["redis"].startswith("unreachable (")
    assert body["checks"]["database"] == body["checks"]["storage"] == "ok"
    assert alive == 200  # liveness does not depend on Redis


async def test_a_media_folder_that_cannot_be_made_is_503(
    settings_factory: Callable[..., Settings], tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    status, body, _ = await _readyz(settings_factory(media_dir=blocker / "media"))
    assert status == 503 and body["failed"] == ["storage"]

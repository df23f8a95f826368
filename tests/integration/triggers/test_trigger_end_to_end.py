"""End to end: an ingested event renders a real video in a real `reelsmith worker` process
(Chromium, ffmpeg) and the same process's deliveries worker emails it to an SMTP server on the
loopback."""

from __future__ import annotations

from typing import Any

import pytest

from app.db import Database
from app.renders.models import RenderJob
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template
from tests.support.render_helpers import WorkerProcess
from tests.support.triggers import SmtpServer, event, executions, rule_body
from tests.support.webhooks import wait_for

pytestmark = pytest.mark.slow

ONE_SECOND: dict[str, Any] = {
    "name": "Milestone",
    "scenes": [
        {"primitiveId": "title-intro", "durationOverride": 1.0, "sceneData": {"subtitle": "100"}}
    ],
    "dataSlots": [
        {"key": "person_name", "label": "Name", "type": "text", "required": True},
        {"key": "totalWorkouts", "label": "Workouts", "type": "number", "required": False},
    ],
    "defaults": {"resolution": "720p"},
}


async def ingest_priya(
    db: Database, client: Any, user: Any, settings: Any, smtp: SmtpServer, **rule: Any
) -> dict[str, str]:
    """The one-second template, a rule for it (with `rule`'s fields) and Priya's event
    ingested; the environment a worker needs to email through `smtp`."""
    async with db.session() as session:
        view, _ = await create_template(
            session, user.account.id, CreateTemplate.model_validate(ONE_SECOND)
        )
    body = rule_body(templateId=view.id, **rule)
    response = await client.post("/api/triggers", json=body, headers=user.headers)
    assert response.status_code == 201, await response.get_data()
    response = await client.post(
        "/api/events/ingest", json={"events": [event("priya")]}, headers=user.headers
    )
    assert (await response.get_json())["triggered"] == 1
    return {
        "REELSMITH_SMTP_HOST": "127.0.0.1",
        "REELSMITH_SMTP_PORT": str(smtp.port),
        "REELSMITH_SMTP_FROM": settings.smtp_from,
        "REELSMITH_ALLOW_PRIVATE_URLS": "true",
    }


async def test_ingest_renders_a_real_video_and_emails_it(
    app, client, make_user, settings, smtp: SmtpServer, tmp_path
):
    if not settings.is_sqlite:
        pytest.skip("one engine is enough for the real render")
    db: Database = app.config["REELSMITH_DB"]
    user = await make_user()
    env = await ingest_priya(db, client, user, settings, smtp)
    worker = WorkerProcess(settings, tmp_path / "worker.log", env=env).start()
    try:

        async def delivered() -> bool:
            [execution] = await executions(db)
            return execution.status in ("delivered", "delivery_failed", "render_failed")

        await wait_for(delivered, 240, "the render and its email")
    finally:
        worker.stop()
    [execution] = await executions(db)
    assert execution.status == "delivered", (execution.reason, worker.log())
    async with db.session() as session:
        job = await session.get(RenderJob, execution.job_id)
    assert job is not None and job.status == "complete" and job.output_key
    assert (settings.media_dir / job.output_key).stat().st_size > 1000
    [(_, rcpt, message)] = smtp.received
    assert rcpt == ["priya@example.com"] and message["Subject"] == "Priya, 100 workouts!"
    html = message.get_body(("html",)).get_content()
    assert f"/v/{job.id}" in html and f"/media/posters/{job.id}.{job.attempts}.gif" in html


async def test_an_on_view_rule_emails_a_real_poster_before_any_render(
    app, client, make_user, settings, smtp: SmtpServer, tmp_path
):
    """The worker makes the poster (one captured frame of the person's scene) and the message
    goes out at once with it; nothing is rendered or charged until the link is opened."""
    if not settings.is_sqlite:
        pytest.skip("one engine is enough for the real poster")
    db: Database = app.config["REELSMITH_DB"]
    user = await make_user(credits=3)
    env = await ingest_priya(db, client, user, settings, smtp, render="on_view")
    worker = WorkerProcess(settings, tmp_path / "worker.log", env=env).start()
    try:

        async def sent() -> bool:
            [execution] = await executions(db)
            return execution.status in ("delivered", "delivery_failed")

        # well inside the 120 s the message would wait for a poster that never comes
        await wait_for(sent, 60, "the poster and its email")
    finally:
        worker.stop()
    [execution] = await executions(db)
    assert execution.status == "delivered", (execution.reason, worker.log())
    async with db.session() as session:
        job = await session.get(RenderJob, execution.job_id)
    assert job is not None and job.status == "awaiting_view" and job.output_key is None
    poster = settings.media_dir / f"posters/{job.id}.0.png"
    assert poster.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and poster.stat().st_size > 5000
    webp = settings.media_dir / f"posters/{job.id}.0.webp"  # the player page's lighter copy
    assert webp.read_bytes()[8:12] == b"WEBP" and webp.stat().st_size < poster.stat().st_size / 3
    html = smtp.received[0][2].get_body(("html",)).get_content()
    assert f'href="http://testserver/v/{job.id}"' in html
    assert f'src="http://testserver/media/posters/{job.id}.0.png"' in html
    async with db.session() as session:
        assert (await session.get(type(user.account), user.account.id)).credits == 3

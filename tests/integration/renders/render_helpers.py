"""Render test helpers: a short custom template (2 scenes, ~2 s) and queue inspection."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

from app.config import Settings
from app.db import Database
from app.templates.schemas import CreateTemplate
from app.templates.service import create_template

SHORT_TEMPLATE: dict[str, Any] = {
    "name": "Short test card",
    "scenes": [
        {"primitiveId": "title-intro", "durationOverride": 1.0, "voScript": "Hello [person_name]"},
        {"primitiveId": "outro", "durationOverride": 1.0},
    ],
    "dataSlots": [
        {
            "key": "person_name",
            "label": "Full name",
            "type": "text",
            "required": True,
            "aliases": ["recipient", "customer", "name"],
        },
        {
            "key": "score",
            "label": "Score",
            "type": "number",
            "required": False,
            "aliases": ["points", "total points"],
        },
        {"key": "signup", "label": "Signup date", "type": "date", "required": False},
        {"key": "contact", "label": "Email", "type": "email", "required": False},
        {"key": "tags", "label": "Tags", "type": "array", "required": False},
    ],
    "defaults": {"resolution": "720p", "fps": 30, "includeVoiceover": False},
}


async def make_template(app: Any, account_id: str, **changes: Any) -> str:
    """Create the short template for an account; returns its id."""
    db: Database = app.config["REELSMITH_DB"]
    async with db.session() as session:
        view, _ = await create_template(
            session, account_id, CreateTemplate.model_validate({**SHORT_TEMPLATE, **changes})
        )
    return view.id


async def queued_job_ids(redis: Redis, settings: Settings) -> list[str]:
    """arq queue contents in run order, as render job ids."""
    raw = await redis.zrange(settings.queue_name, 0, -1)
    return [r.decode().removeprefix("render:") for r in raw]

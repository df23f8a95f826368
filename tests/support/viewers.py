"""Viewer test helpers: a completed job's spec (4 template scenes, one skipped, a CTA)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from app import viewsessions
from app.config import Settings
from app.renders.models import RenderJob

MakeJob = Callable[..., Awaitable[RenderJob]]

# A 4-scene, 12 s video: scene starts (ms) by template index; scene 2 skipped for the recipient.
SCENE_STARTS = {"0": 0, "1": 3000, "3": 8000}
CTA_URL = "https://example.com/book?ref=[person_name]"


def job_spec(name: str = "Ada Lovelace") -> dict[str, Any]:
    return {
        "schemaVersion": 1,
        "templateId": "pulse",
        "templateName": "Pulse",
        "authorName": name,
        "scenes": [
            {"primitiveId": "title-card", "sceneData": {"title": "Hi [person_name]"}},
            {"primitiveId": "stat-callout", "sceneData": {}},
            {"primitiveId": "stat-callout", "sceneData": {}, "enabled": False},
            {
                "primitiveId": "cta-card",
                "sceneData": {
                    "headline": "Next",
                    "buttonText": "Book a call, [person_name]",
                    "url": CTA_URL,
                },
            },
        ],
        "data": {"person_name": name},
        "brand": {"accentColor": "#ff5500", "logoUrl": "https://example.com/logo.png"},
    }


def signed(settings: Settings, job_id: str, sid: str = "s1") -> str:
    """The token of viewing session `sid` of the video, as the server signs it (the player
    page's data-reelsmith-session)."""
    return viewsessions.sign(settings.session_secret, job_id, sid)


def signed_by(client: Any, job_id: str, sid: str = "s1") -> str:
    """signed() with the settings of a test client's app."""
    return signed(client.app.config["REELSMITH_SETTINGS"], job_id, sid)

"""Viewers I/O: the tracking beacon (SPEC 4.8) and the event names (SPEC 6.2)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

# SPEC 6.2: what POST /api/track accepts as `event`.
TRACK_EVENTS: tuple[str, ...] = (
    "page_view",
    "email_opened",
    "video_started",
    "video_25",
    "video_50",
    "video_75",
    "video_completed",
    "video_replayed",
    "shared",
    "downloaded",
    "scene_entered",
    "remix_started",
    "remix_completed",
    "remix_shared",
)
# Recorded by GET /c/{jobId} only (never accepted on POST /api/track).
CTA_CLICKED = "cta_clicked"


class TrackRequest(BaseModel):
    """POST /api/track: `videoId` is the render job id; `metadata.sessionId` names the viewing
    session (one per page view); `metadata.sceneIndex` the scene of `scene_entered`."""

    videoId: str = Field(min_length=1, max_length=64)
    event: str = Field(min_length=1, max_length=32)
    metadata: dict[str, Any] | None = None


class TrackResponse(BaseModel):
    ok: bool = True
    # False when nothing was counted: no session signed by the server, a repeat, a bot, or
    # past the session's cap.
    counted: bool = True


class SessionRequest(BaseModel):
    """POST /api/track/session: a signed viewing session for this video."""

    videoId: str = Field(min_length=1, max_length=64)


class SessionResponse(BaseModel):
    # Send it as `metadata.sessionId` with every beacon, and as `?s=` on /c/{videoId}.
    sessionId: str

"""Bodies of the analytics endpoints (SPEC 2.13, 4.6; docs/api/analytics.md, ab-campaigns.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from app.analytics.ab import Status
from app.renders.variants import PrimaryMetric


class HeatmapQuery(BaseModel):
    variantId: str | None = Field(
        default=None, description="Only this A/B variant's sessions (variants may differ)"
    )


class HeatmapScene(BaseModel):
    index: int = Field(description="Template scene index")
    retentionPercent: int = Field(
        description="viewerCount / started sessions whose video has this scene, percent"
    )
    viewerCount: int = Field(description="Started sessions that entered this scene")


class HeatmapResponse(BaseModel):
    scenes: list[HeatmapScene]
    totalViews: int = Field(description="Viewing sessions that started the video")


class AbMetrics(BaseModel):
    completionRate: int
    ctaClickRate: int
    avgWatchPercent: int
    shareRate: int


class AbVariant(BaseModel):
    id: str
    label: str
    splitPercent: int
    recipientCount: int
    metrics: AbMetrics
    sessions: int = Field(description="Viewing sessions of this variant's videos")
    startedSessions: int = Field(description="Of which started the video")


class AbWinner(BaseModel):
    variantId: str
    label: str
    metric: PrimaryMetric
    lift: str = Field(description='Relative lift over the runner-up, e.g. "+12.5%"')


class LiftInterval(BaseModel):
    low: str
    high: str


class AbComparison(BaseModel):
    """The best variant against the runner-up on the primary metric."""

    variantId: str
    againstVariantId: str
    pValue: float
    lift: str | None = Field(description="null when the runner-up's value is 0")
    liftInterval: LiftInterval | None
    confidenceLevel: float = Field(description="1 - alpha / (variants - 1), e.g. 0.95")


class SampleRatio(BaseModel):
    pValue: float = Field(description="Chi-square fit of sessions per variant to recipients")
    ok: bool


class AbResponse(BaseModel):
    abEnabled: bool
    variants: list[AbVariant]
    winner: AbWinner | None
    primaryMetric: PrimaryMetric | None
    status: Status | None = Field(description="null when the batch is not an A/B batch")
    pValue: float | None
    liftInterval: LiftInterval | None
    comparison: AbComparison | None
    sampleRatio: SampleRatio | None
    minSessions: int
    message: str


class RecipientsQuery(BaseModel):
    limit: int = Field(50, ge=1, le=500, description="Recipients per page (1-500)")
    cursor: str | None = Field(None, description="`nextCursor` of the previous page")
    format: Literal["json", "csv"] = Field(
        "json", description="csv: every recipient of the campaign as a CSV download"
    )


class EngagementFields(BaseModel):
    sessions: int = Field(description="Unique viewing sessions (page views)")
    views: int = Field(description="Plays: sessions that started the video, plus replays")
    furthestPercent: int
    completed: bool
    ctaClicked: bool
    shared: bool
    downloaded: bool
    firstViewedAt: datetime | None
    lastViewedAt: datetime | None


class RecipientRow(EngagementFields):
    recipient: str
    jobId: str
    rowNumber: int | None
    variantId: str | None
    status: str
    playerUrl: str


class RecipientsResponse(BaseModel):
    success: bool = True
    batchId: str
    recipients: list[RecipientRow]
    nextCursor: str | None


class EngagementResponse(EngagementFields):
    success: bool = True
    jobId: str
    recipient: str
    batchId: str | None
    variantId: str | None
    scenesReached: list[int] = Field(description="Template scene indexes any session entered")
    playerUrl: str


class CampaignRenders(BaseModel):
    """GET /api/analytics/campaign/{id}/renders: renders against views (addition)."""

    created: int = Field(description="Videos (jobs) in the campaign")
    onView: int = Field(description="Of which rendered on view (`render: on_view`)")
    watched: int = Field(description="Videos someone started watching (live or the file)")
    rendered: int = Field(description="Videos rendered or rendering (each charged 1 credit)")
    complete: int = Field(description="Of which complete")
    awaitingView: int = Field(description="Renders on view still waiting for a first open")
    expired: int = Field(description="Renders on view that expired unopened")
    rendersSaved: int = Field(
        description="Renders on view never made (awaitingView + expired): renders and credits "
        "not spent"
    )
    rendersSavedPercent: int = Field(description="rendersSaved of onView, in percent")

"""Request and response bodies of the render endpoints (SPEC 2.7, 2.8, 4.4, 4.8)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    RootModel,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

from app.renders.quality import QualityReport
from app.renders.states import BatchStatus, JobStage, JobStatus, RenderOn
from app.renders.variants import MAX_VARIANTS, PrimaryMetric, check_split
from app.spec import LANGUAGES, AspectRatio, OutputFormat, Resolution

HEX_COLOR = r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"


class SceneOverride(BaseModel):
    """Overrides for the template scene at the same index."""

    model_config = ConfigDict(extra="forbid")

    primitiveId: str | None = None
    enabled: bool | None = None
    voScript: str | None = None
    animationOption: str | None = None


class BrandOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    accentColor: str | None = Field(default=None, pattern=HEX_COLOR)
    logoUrl: str | None = None
    logoPosition: str | None = None
    showWatermark: bool | None = None


class AudioOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    includeVoiceover: bool | None = None
    voiceId: str | None = None
    # "neural" (the best offline voice of each id), "fast" (a distilled voice for bulk work,
    # about 50x faster for US women) or "basic"; unset: the deployment's voice_quality setting.
    voiceQuality: Literal["neural", "fast", "basic"] | None = None
    musicTrack: str | None = None
    musicVolume: float | None = Field(default=None, ge=0.0, le=1.0)


class OutputRange(BaseModel):
    """A part of the video, in ms from its start (startMs < endMs)."""

    model_config = ConfigDict(extra="forbid")

    startMs: float = Field(ge=0)
    endMs: float = Field(gt=0)

    @model_validator(mode="after")
    def _ordered(self) -> OutputRange:
        if self.endMs <= self.startMs:
            raise ValueError(f"endMs ({self.endMs:g}) must be after startMs ({self.startMs:g})")
        return self


class OutputOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    resolution: Resolution | None = Field(
        default=None, description="The frame's short side: 720p, 1080p or 4k (default 1080p)"
    )
    aspectRatio: AspectRatio | None = Field(
        default=None,
        description="The shape: 16:9 (default), 9:16, 1:1 or 4:5; the resolution names the "
        "short side (720p 9:16 = 720x1280, 1080p 1:1 = 1080x1080)",
    )
    format: OutputFormat | None = Field(
        default=None,
        description="mp4 (H.264/AAC, default), webm (VP9/Opus), gif (one palette, at most 15 "
        "fps and 640 px on the long side, no audio) or png (one frame: the poster frame or "
        "frameAtMs)",
    )
    frameAtMs: float | None = Field(
        default=None,
        ge=0,
        description="png only: the frame's time in the video (ms); default the poster frame",
    )
    range: OutputRange | None = Field(
        default=None,
        description="Render only this part of the video: {startMs, endMs} (ms from its start)",
    )
    aspectRatios: list[AspectRatio] | None = Field(
        default=None,
        min_length=1,
        max_length=4,
        description="Batches only: one video per row in each of these shapes (one credit per "
        "video); instead of aspectRatio",
    )
    fps: Literal[30, 60] | None = None
    captions: bool | None = None
    language: str | None = Field(
        default=None,
        description="Language of the voiceover scripts, a SPEC language code (default en)",
    )

    @field_validator("language")
    @classmethod
    def _spec_language(cls, value: str | None) -> str | None:
        if value is not None and value not in LANGUAGES:
            raise ValueError(
                f"'{value}' is not a supported language; allowed: {', '.join(LANGUAGES)}"
            )
        return value


class RenderOptions(BaseModel):
    """What a render or batch request may choose beyond the template and the data."""

    model_config = ConfigDict(extra="forbid")

    scenes: list[SceneOverride] = Field(default_factory=list)
    brand: BrandOptions = Field(default_factory=BrandOptions)
    audio: AudioOptions = Field(default_factory=AudioOptions)
    output: OutputOptions = Field(default_factory=OutputOptions)


class RenderBody(RenderOptions):
    """POST /api/render. Only templateId is required."""

    templateId: str = Field(min_length=1, max_length=64)
    data: dict[str, Any] = Field(default_factory=dict)
    projectId: str | None = Field(default=None, max_length=64)
    render: RenderOn = Field(
        default=RenderOn.NOW,
        description="now (default): render at once, 1 credit charged now; on_view: check the "
        "job and make its poster, then render (and charge the credit) on the first open of "
        "its player page (status awaiting_view until then)",
    )


WarningKind = Literal["glyphs", "text_fit", "data", "limits"]


class RenderWarning(BaseModel):
    """One thing to look at before sending: `kind`, the data `field` and a `message`; a
    glyph warning adds `codePoint` and `character`, a fit warning `scene`, `primitiveId`,
    `element`, `scale` and `truncated`."""

    kind: WarningKind = Field(
        description="glyphs, text_fit, data or limits (the last two: dry run)"
    )
    field: str | None = Field(description="The data field (`keyStats[1].label`)")
    message: str
    codePoint: str | None = Field(default=None, description="glyphs: `U+0F40`")
    character: str | None = None
    scene: int | None = Field(default=None, description="text_fit: the template scene index")
    primitiveId: str | None = None
    element: str | None = Field(default=None, description="text_fit: the primitive's element")
    scale: float | None = Field(
        default=None, description="text_fit: estimated size over the designed size"
    )
    truncated: bool | None = Field(default=None, description="text_fit: cut with “…”")

    @model_serializer(mode="wrap")
    def _without_nulls(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Only the fields of its kind (a glyph warning has no `scale`)."""
        return {k: v for k, v in handler(self).items() if v is not None}


class BatchRowWarning(RenderWarning):
    row: int = Field(description="The row's number (1 = the first row)")


class RenderCreated(BaseModel):
    success: bool = True
    jobId: str
    status: JobStatus
    templateId: str
    displayName: str
    creditsRemaining: int
    message: str
    warnings: list[RenderWarning] = Field(
        default_factory=list,
        description="What may not look right (characters no font draws, text that will not "
        "fit); the render goes on",
    )
    playerUrl: str | None = Field(
        default=None,
        description="render on_view: the player page whose first open starts the render",
    )
    thumbnailUrl: str | None = Field(
        default=None,
        description="render on_view: where the poster PNG will be (made by a worker within "
        "seconds; 404 until then)",
    )


class VoiceoverEntry(BaseModel):
    """Who spoke one scene's voiceover: the engine that actually spoke (after any fallback)
    and that engine's own voice name."""

    sceneIndex: int
    engine: str
    voice: str


class JobFields(BaseModel):
    id: str
    status: JobStatus
    stage: JobStage
    progress: int
    outputUrl: str | None
    error: str | None
    authorName: str
    templateId: str
    batchId: str | None
    projectId: str | None
    createdAt: str
    updatedAt: str
    completedAt: str | None
    deletedAt: str | None
    voiceovers: list[VoiceoverEntry]
    # The recipient's player page (GET /v/{id}) and the poster PNG / preview GIF made at
    # completion: absolute URLs, null until complete (and after DELETE).
    playerUrl: str | None = None
    openPixelUrl: str | None = Field(
        default=None,
        description="The email-open pixel of this video for an email of your own (a viewing "
        "session signed by the server, so the open counts); null until complete",
    )
    thumbnailUrl: str | None = None
    thumbnailGifUrl: str | None = None
    posterAtMs: float | None = Field(
        default=None,
        description="The poster's time in the video (ms, a frame time: n x 1000 / fps); the "
        "preview GIF starts there. Null until complete",
    )
    quality: QualityReport | None = Field(
        default=None, description="The finished file's quality report; null until complete"
    )
    warnings: list[RenderWarning] = Field(
        default_factory=list,
        description="As POST /api/render answered them, from the request's data (glyphs, "
        "text_fit estimate); the quality report is the finished video's measurement",
    )


class JobStatusResponse(JobFields):
    """Job fields at top level and wrapped as `job`, so both client styles in SPEC work."""

    success: bool = True
    job: JobFields


class BatchVariant(BaseModel):
    """One arm of an A/B batch: its share of the rows and what it changes. `templateId`
    replaces the batch's template, `scenes` replaces the batch's scene overrides, `brand` and
    `audio` fields given here win over the batch's (docs/api/ab-campaigns.md)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")
    label: str = Field(min_length=1, max_length=120)
    splitPercent: int = Field(ge=1, le=99, description="Integer percent; all variants sum to 100")
    templateId: str | None = Field(default=None, min_length=1, max_length=64)
    scenes: list[SceneOverride] | None = None
    brand: BrandOptions | None = None
    audio: AudioOptions | None = None


class BatchRequest(RenderOptions):
    """POST /api/render/batch: rows match headers by position. With `variants`, an A/B
    batch: each row goes to one variant (deterministic, exact counts)."""

    templateId: str = Field(min_length=1, max_length=64)
    headers: list[str] = Field(min_length=1)
    rows: list[list[str | int | float | bool | None]] = Field(min_length=1)
    projectId: str | None = Field(default=None, max_length=64)
    variants: list[BatchVariant] | None = Field(
        default=None,
        max_length=MAX_VARIANTS,
        description=f"A/B arms: 2 to {MAX_VARIANTS}, unique ids, splitPercent summing to 100",
    )
    primaryMetric: PrimaryMetric | None = Field(
        default=None, description="What decides the A/B winner (default completionRate)"
    )
    dryRun: bool = Field(
        default=False,
        description="Check every row and answer the per-row warnings and the cost; nothing is "
        "charged, created or queued (Idempotency-Key is ignored)",
    )
    render: RenderOn = Field(
        default=RenderOn.NOW,
        description="now (default) or on_view: each video rendered (and charged) on the "
        "first open of its player page (addition)",
    )

    @field_validator("variants")
    @classmethod
    def _split(cls, value: list[BatchVariant] | None) -> list[BatchVariant] | None:
        if value is not None:
            check_split([v.id for v in value], [v.splitPercent for v in value])
        return value


class BatchJobShape(BaseModel):
    """One job of a batch: the request row it renders and its shape."""

    jobId: str
    row: int = Field(description="The row's 1-based number in the request")
    aspectRatio: AspectRatio
    playerUrl: str | None = Field(None, description="render on_view: its first open renders it")
    thumbnailUrl: str | None = Field(None, description="render on_view: its poster PNG")


class BatchCreated(BaseModel):
    success: bool = True
    batchId: str
    jobIds: list[str]
    totalJobs: int
    status: BatchStatus
    message: str
    creditsRemaining: int
    mapping: dict[str, str | None]
    warnings: list[BatchRowWarning] = Field(
        default_factory=list,
        description="Each row's warnings (characters no font draws, text that will not fit), "
        "with its row number; the batch goes on",
    )
    jobs: list[BatchJobShape] = Field(
        default_factory=list,
        description="Each job with its row and shape, in jobIds order (addition; several per "
        "row with output.aspectRatios)",
    )


class BatchRowCheck(BaseModel):
    """One row of a dry run: `ok` false when the row would make the batch fail (a `data` or
    `limits` warning)."""

    row: int = Field(description="1 = the first row")
    index: int = Field(description="0-based, as in rows")
    name: str = Field(description="The recipient's name (person_name or company_name), or ''")
    variant: str | None = Field(default=None, description="The A/B variant the row goes to")
    ok: bool
    warnings: list[RenderWarning]


class BatchDryRun(BaseModel):
    """POST /api/render/batch with dryRun: what the batch would do, nothing kept."""

    success: bool = True
    dryRun: Literal[True] = True
    templateId: str
    totalRows: int
    validRows: int = Field(description="Rows without a data or limits warning")
    creditsNeeded: int = Field(
        description="What the batch would charge: 1 credit a video (a row, times its shapes "
        "with output.aspectRatios)"
    )
    creditsRemaining: int = Field(description="The balance now (nothing was charged)")
    enoughCredits: bool
    wouldQueue: bool = Field(description="Every row valid and enough credits")
    mapping: dict[str, str | None]
    results: list[BatchRowCheck]
    message: str


class BatchAnswer(RootModel[BatchCreated | BatchDryRun]):
    """POST /api/render/batch: the batch created, or with dryRun what it would do."""


class BatchCreateQuery(BaseModel):
    dryRun: bool = False


class BatchQuery(BaseModel):
    batchId: str


class BatchProgress(BaseModel):
    completed: int
    failed: int
    processing: int
    pending: int
    total: int
    percent: int
    awaitingView: int = Field(0, description="render on_view: jobs whose page nobody opened")
    expired: int = Field(0, description="render on_view: not opened in time, never rendered")


class BatchFields(BaseModel):
    id: str
    templateId: str
    totalRows: int
    status: BatchStatus
    progress: BatchProgress
    createdAt: str
    projectId: str | None


class BatchJobEntry(BaseModel):
    id: str
    name: str
    status: JobStatus
    progress: int
    outputUrl: str | None
    error: str | None
    aspectRatio: AspectRatio = "16:9"


class BatchStatusResponse(BaseModel):
    success: bool = True
    batch: BatchFields
    jobs: list[BatchJobEntry]


class DeleteResult(BaseModel):
    success: bool = True
    jobId: str
    cancelled: bool
    refunded: bool
    deletedAt: str
    message: str


class ThumbnailRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    renderJobId: str
    sceneIndex: int | None = Field(default=None, ge=0)
    startSec: float = Field(default=0.0, ge=0.0)
    durationSec: float = Field(default=3.0, gt=0.0, le=15.0)


class ThumbnailResult(BaseModel):
    success: bool = True
    renderJobId: str
    thumbnailUrl: str
    thumbnailGifUrl: str
    pngSize: int
    gifSize: int

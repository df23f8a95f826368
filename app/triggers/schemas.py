"""Trigger rules and event ingestion: request and response bodies."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.renders.states import RenderOn
from app.spec import SkipOp

EventType = Literal["milestone", "date", "threshold", "segment"]
Channel = Literal["email", "sms", "webhook"]
MAX_EVENTS = 100
MAX_CONDITION_DEPTH = 4


class Condition(BaseModel):
    """`{field, op, value}` (the skipCondition ops; `field` a dotted path into the event data),
    or `{all: [...]}` / `{any: [...]}`."""

    model_config = ConfigDict(extra="forbid")

    field: str | None = Field(default=None, min_length=1, max_length=200)
    op: SkipOp | None = None
    value: Any = None
    all: list[Condition] | None = Field(default=None, min_length=1, max_length=20)
    any: list[Condition] | None = Field(default=None, min_length=1, max_length=20)

    @model_validator(mode="after")
    def _one_shape(self) -> Condition:
        compound = [name for name in ("all", "any") if getattr(self, name) is not None]
        if len(compound) > 1 or (compound and (self.field or self.op)):
            raise ValueError("a condition is either {field, op, value} or {all} or {any}")
        if not compound and (self.field is None or self.op is None):
            raise ValueError("a condition needs `field` and `op` (or `all`/`any` lists)")
        if not compound and self.op not in ("exists", "not_exists") and self.value is None:
            raise ValueError(f"op '{self.op}' needs a `value`")
        if _depth(self) > MAX_CONDITION_DEPTH:
            raise ValueError(f"conditions nest at most {MAX_CONDITION_DEPTH} levels deep")
        return self

    def stored(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True)


def _depth(condition: Condition) -> int:
    children = (condition.all or []) + (condition.any or [])
    return 1 + max((_depth(c) for c in children), default=0)


class EmailSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    subject: str = Field(default="[name], your video is ready", min_length=1, max_length=300)
    body: str = Field(
        default="Hi [name],\n\nWe made this video for you: [playerUrl]",
        min_length=1,
        max_length=5000,
    )


class SmsSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(default="[name], your video is ready: [playerUrl]", max_length=1000)


class WebhookSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    endpointId: str = Field(min_length=1, max_length=64)


class RuleBody(BaseModel):
    """POST /api/triggers (SPEC 4.7, plus `enabled`, `email`/`sms`/`webhook` settings and
    `dataMapping`)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=200)
    eventType: EventType
    condition: Condition
    templateId: str = Field(min_length=1, max_length=64)
    channel: Channel
    throttleDays: int = Field(default=30, ge=0, le=3650)
    campaignId: str | None = Field(default=None, max_length=64)
    render: RenderOn = Field(
        default=RenderOn.NOW,
        description="now (default): each matched event renders at once (1 credit) and its "
        "message is sent when the video is ready; on_view: the video waits for the first open "
        "of its player page (charged then, nothing for unopened ones) and the message is sent "
        "as soon as its poster is made",
    )
    enabled: bool = True
    email: EmailSettings | None = None
    sms: SmsSettings | None = None
    webhook: WebhookSettings | None = None
    # template slot key -> dotted path into the event data
    dataMapping: dict[str, str] = Field(default_factory=dict, max_length=50)


class RulePatch(BaseModel):
    """PATCH /api/triggers/{id}: the fields given replace the stored ones."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, min_length=1, max_length=200)
    eventType: EventType | None = None
    condition: Condition | None = None
    templateId: str | None = Field(default=None, min_length=1, max_length=64)
    channel: Channel | None = None
    throttleDays: int | None = Field(default=None, ge=0, le=3650)
    campaignId: str | None = Field(default=None, max_length=64)
    render: RenderOn | None = None
    enabled: bool | None = None
    email: EmailSettings | None = None
    sms: SmsSettings | None = None
    webhook: WebhookSettings | None = None
    dataMapping: dict[str, str] | None = Field(default=None, max_length=50)


class Execution(BaseModel):
    id: str
    eventId: str | None
    recipientId: str
    status: str
    jobId: str | None
    reason: str | None
    deliveryAttempts: int
    createdAt: datetime
    updatedAt: datetime
    renderedAt: datetime | None
    deliveredAt: datetime | None


class Rule(BaseModel):
    id: str
    name: str
    eventType: EventType
    condition: dict[str, Any]
    templateId: str
    channel: Channel
    throttleDays: int
    campaignId: str | None
    render: RenderOn
    enabled: bool
    email: dict[str, Any] | None = None
    sms: dict[str, Any] | None = None
    webhook: dict[str, Any] | None = None
    dataMapping: dict[str, str]
    createdAt: datetime
    updatedAt: datetime
    recentExecutions: list[Execution] = Field(default_factory=list)


class RuleResponse(BaseModel):
    rule: Rule


class RulesResponse(BaseModel):
    rules: list[Rule]


class RuleDeleted(BaseModel):
    message: str


class IngestBody(BaseModel):
    """POST /api/events/ingest. Events are checked one by one (a bad event is counted in
    `errors`, not a 400); only the envelope is validated here."""

    events: list[dict[str, Any]] = Field(max_length=MAX_EVENTS)


class IngestQuery(BaseModel):
    dryRun: bool = False


class RuleOutcome(BaseModel):
    ruleId: str
    outcome: str  # triggered, throttled, error, unsubscribed, duplicate
    reason: str | None = None
    jobId: str | None = None


class EventOutcome(BaseModel):
    index: int
    recipientId: str | None
    outcome: str | None = None  # an event-level problem: error
    reason: str | None = None
    rules: list[RuleOutcome] = Field(default_factory=list)


class IngestResponse(BaseModel):
    processed: int
    triggered: int
    throttled: int
    errors: int
    duplicates: int = 0
    dryRun: bool = False
    creditsNeeded: int | None = None
    results: list[EventOutcome] | None = None

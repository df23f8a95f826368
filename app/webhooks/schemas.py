"""Request and response bodies of /api/webhooks."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class CreateWebhook(BaseModel):
    url: str = Field(description="Where deliveries are POSTed; https in production")
    events: list[str] = Field(
        description="Event names (render.complete, render.failed, batch.progress, "
        "batch.complete, test.event) or `*` for all"
    )
    description: str = Field(default="", max_length=500)


class UpdateWebhook(BaseModel):
    url: str | None = None
    events: list[str] | None = None
    description: str | None = Field(default=None, max_length=500)
    active: bool | None = Field(default=None, description="true re-enables a disabled endpoint")


class WebhookOut(BaseModel):
    id: str
    url: str
    events: list[str]
    description: str
    active: bool
    secretPrefix: str = Field(description="Leading characters of the secret")
    disabledReason: str | None = Field(description="Why the endpoint was disabled, if it is")
    disabledAt: datetime | None
    createdAt: datetime
    updatedAt: datetime


class WebhookWithSecret(WebhookOut):
    secret: str = Field(description="The full signing secret; shown in this response only")


class CreatedWebhookResponse(BaseModel):
    success: bool = True
    webhook: WebhookWithSecret
    message: str


class RotatedSecretResponse(CreatedWebhookResponse):
    previousSecretExpiresAt: datetime


class WebhookResponse(BaseModel):
    success: bool = True
    webhook: WebhookOut


class WebhookListResponse(BaseModel):
    success: bool = True
    webhooks: list[WebhookOut]
    total: int


class DeletedResponse(BaseModel):
    success: bool = True
    message: str


class TestRequest(BaseModel):
    webhookId: str


class AttemptOut(BaseModel):
    number: int
    at: datetime
    statusCode: int | None
    latencyMs: int
    error: str | None


class DeliveryOut(BaseModel):
    id: str
    webhookId: str
    event: str
    payloadId: str = Field(description="The `webhook-id` header: receivers deduplicate on it")
    status: str = Field(description="pending, retrying, delivered or failed")
    attempts: list[AttemptOut]
    nextRetryAt: datetime | None
    redeliveryOf: str | None
    createdAt: datetime


class TestResponse(BaseModel):
    success: bool
    delivery: DeliveryOut
    statusCode: int | None
    latencyMs: int | None
    error: str | None
    message: str


class DeliveryListResponse(BaseModel):
    success: bool = True
    deliveries: list[DeliveryOut]
    page: int
    limit: int
    total: int


class DeliveryQuery(BaseModel):
    page: int = Field(default=1, ge=1)
    limit: int = Field(default=20, ge=1, le=100)


class DeliveryResponse(BaseModel):
    success: bool = True
    delivery: DeliveryOut
    message: str


class ReplayRequest(BaseModel):
    since: datetime = Field(description="Re-send every failed delivery created at or after this")


class ReplayResponse(BaseModel):
    success: bool = True
    replayed: int
    deliveries: list[DeliveryOut]
    message: str

"""Request and response bodies for key management."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class CreateKeyRequest(BaseModel):
    name: str = Field(min_length=1, max_length=200, description="A label to recognize the key")
    scopes: str = Field(
        min_length=1,
        max_length=1000,
        description="A preset (render-only, render-batch, full-access, read-only, admin) "
        "or a comma-separated scope list; `group:*` and `*` wildcards are allowed",
    )


class ApiKeyInfo(BaseModel):
    id: str
    name: str
    keyPrefix: str
    scopes: str = Field(description="Comma-separated scope patterns")
    createdAt: datetime


class CreateKeyResponse(BaseModel):
    success: bool = True
    key: str = Field(description="The full key. Shown this once only; store it now.")
    apiKey: ApiKeyInfo
    message: str


class ListKeysResponse(BaseModel):
    success: bool = True
    keys: list[ApiKeyInfo]
    total: int


class RevokeKeyResponse(BaseModel):
    success: bool = True
    message: str

"""Request and response shapes of the primitive endpoint (SPEC 4.2)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from app.primitives.catalog import PrimitiveInfo


class PrimitivesQuery(BaseModel):
    category: str | None = None
    status: Literal["production", "beta", "draft", "all"] = "production"


class PrimitivesResponse(BaseModel):
    success: bool = True
    primitives: list[PrimitiveInfo]
    categories: list[str]
    total: int

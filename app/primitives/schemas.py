"""Request and response shapes of the primitive and language endpoints (SPEC 4.2)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from app.primitives.catalog import PrimitiveInfo


class PrimitivesQuery(BaseModel):
    category: str | None = None
    status: Literal["production", "beta", "draft", "all"] = "production"


class PrimitivesResponse(BaseModel):
    success: bool = True
    primitives: list[PrimitiveInfo]
    categories: list[str]
    total: int


class Language(BaseModel):
    code: str
    name: str
    canTranslate: bool = Field(
        description="Addition to the SPEC: English scripts can be translated to it right now "
        "(a configured engine covers en -> code)"
    )
    canSpeak: bool = Field(description="Addition to the SPEC: a voice can speak it right now")


class LanguagesResponse(BaseModel):
    languages: list[Language]

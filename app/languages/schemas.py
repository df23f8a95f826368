"""Response shape of GET /api/languages (SPEC 4.2, 2.14)."""

from __future__ import annotations

from pydantic import BaseModel, Field


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

"""Bodies for /api/projects."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field


class CreateProject(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=200)
    description: str | None = Field(None, max_length=5000)


class UpdateProject(BaseModel):
    """Only the given fields change."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(None, min_length=1, max_length=200)
    description: str | None = Field(None, max_length=5000)


class ProjectOut(BaseModel):
    id: str
    name: str
    description: str | None
    createdAt: datetime
    updatedAt: datetime


class ProjectResponse(BaseModel):
    success: bool = True
    project: ProjectOut


class ProjectListResponse(BaseModel):
    success: bool = True
    projects: list[ProjectOut]
    total: int


class DeletedResponse(BaseModel):
    success: bool = True
    message: str

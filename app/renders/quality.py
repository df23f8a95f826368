"""The quality report's shape (`{"status", "checks": [{"name", "status", "detail"}]}`): written
on a completed job by the worker (worker/render/quality/), answered by GET /api/render/{id}
and the render.complete webhook, shown on the dashboard's job page. One declaration for all."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Status = Literal["pass", "warn", "fail"]
SEVERITY: dict[Status, int] = {"pass": 0, "warn": 1, "fail": 2}


class QualityCheck(BaseModel):
    """One measured property of the file."""

    name: str = Field(description="streams, duration, color, loudness, av_sync, black, ...")
    status: Status
    detail: str = Field(description="What was measured, or what is wrong")


class QualityReport(BaseModel):
    """`{"status", "checks": [{"name", "status", "detail"}]}`; status is the worst check's:
    pass (measured, within tolerance), warn (complete, worth a look), fail (a broken file:
    the job failed and was refunded)."""

    status: Status
    checks: list[QualityCheck]

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def check(self, name: str) -> QualityCheck:
        """The check called `name` (KeyError when there is none)."""
        for item in self.checks:
            if item.name == name:
                return item
        raise KeyError(name)

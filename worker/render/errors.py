"""Typed render failures whose messages a person can act on."""

from __future__ import annotations

from typing import Any


class RenderError(Exception):
    """A render failed; `str(err)` is the readable reason stored on the job."""


class RenderInputError(RenderError):
    """The request cannot be rendered as given (missing data, unknown primitive, bad asset)."""


class AssetError(RenderInputError):
    """A remote asset (e.g. brand.logoUrl) could not be fetched or is not acceptable."""


class RenderTimeout(RenderError):
    """A browser or ffmpeg step took longer than its time limit."""


class WorkDiskFull(RenderError):
    """The disk of the worker's work folder is full: the attempt could not write its frames
    or its video. Worth another attempt (space is freed, or another worker takes it)."""


class BrokenVideo(RenderError):
    """The finished file failed its quality report (no video stream, wrong length, damaged):
    never stored; `report` is the report's JSON."""

    def __init__(self, message: str, report: dict[str, Any]) -> None:
        super().__init__(message)
        self.report = report

"""Typed render failures whose messages a person can act on."""

from __future__ import annotations


class RenderError(Exception):
    """A render failed; `str(err)` is the readable reason stored on the job."""


class RenderInputError(RenderError):
    """The request cannot be rendered as given (missing data, unknown primitive, bad asset)."""


class AssetError(RenderInputError):
    """A remote asset (e.g. brand.logoUrl) could not be fetched or is not acceptable."""


class RenderTimeout(RenderError):
    """A browser or ffmpeg step took longer than its time limit."""

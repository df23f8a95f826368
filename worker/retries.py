"""Which failures of a render are worth another attempt, after how long, and the message a
failed job keeps."""

from __future__ import annotations

from playwright.async_api import Error as PlaywrightError

from worker.render import errors as render_errors
from worker.render.store import StoreError


def backoff_s(job_try: int) -> int:
    """5 s, 20 s, 80 s ... between attempts after a transient failure."""
    return 5 * 4 ** (job_try - 1)


def causes(exc: BaseException) -> list[BaseException]:
    """The exception and what it was raised from (the engine wraps browser errors)."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or current.__context__
    return chain


def is_transient(exc: BaseException) -> bool:
    """Browser crashes and the like: worth another attempt. Input errors never are."""
    if isinstance(exc, render_errors.RenderInputError):
        return False
    return any(_transient_kind(e) for e in causes(exc))


def _transient_kind(exc: BaseException) -> bool:
    if isinstance(exc, StoreError):
        return True
    if isinstance(exc, render_errors.RenderTimeout):
        return True  # a browser or ffmpeg step hung; a fresh browser usually does it
    return isinstance(exc, PlaywrightError | BrokenPipeError | ConnectionResetError)


def readable_error(exc: BaseException) -> str:
    if isinstance(exc, render_errors.RenderError | StoreError):
        return str(exc) or exc.__class__.__name__
    return f"Render failed: internal error ({exc.__class__.__name__}: {str(exc)[:300]})"

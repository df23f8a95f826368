"""Worker rules without processes: which failures are retried, backoff, batch states."""

from __future__ import annotations

import errno
from pathlib import Path

from playwright.async_api import Error as PlaywrightError

from app.config import Settings
from app.renders.queue import arq_job_id, piece_arq_id, round_robin
from app.renders.read import batch_state
from worker.render.errors import AssetError, RenderError, RenderInputError, RenderTimeout
from worker.retries import backoff_s, disk_full, is_transient, readable_error
from worker.settings import worker_kwargs


def wrapped(outer: Exception, inner: Exception) -> Exception:
    try:
        try:
            raise inner
        except Exception as exc:
            raise outer from exc
    except Exception as exc:
        return exc


def test_browser_crashes_are_transient_even_when_wrapped():
    crash = PlaywrightError("Target page, context or browser has been closed")
    assert is_transient(crash)
    assert is_transient(wrapped(RenderError("capture failed"), crash))
    assert is_transient(RenderTimeout("ffmpeg stopped accepting frames"))


def test_input_errors_and_plain_failures_are_not_retried():
    assert not is_transient(RenderInputError("missing data"))
    assert not is_transient(AssetError("brand.logoUrl answered HTTP 404"))
    assert not is_transient(wrapped(RenderInputError("bad"), PlaywrightError("closed")))
    assert not is_transient(RenderError("External data source failed: OpenAlex: 404"))
    assert not is_transient(ValueError("bug"))


def test_backoff_grows_and_errors_read_well():
    assert [backoff_s(n) for n in (1, 2, 3)] == [5, 20, 80]
    assert [backoff_s(n, 0.2) for n in (1, 2, 3)] == [1, 4, 16]
    assert readable_error(AssetError("brand.logoUrl answered HTTP 404")) == (
        "brand.logoUrl answered HTTP 404"
    )
    assert readable_error(KeyError("x")).startswith("Render failed: internal error (KeyError")


def test_a_full_work_disk_is_named_and_retried(tmp_path: Path):
    ffmpeg = RenderError("ffmpeg failed (exit 1): Error initializing output stream 0:0 --")
    assert disk_full(ffmpeg, tmp_path) is None  # space left: an ordinary failure
    no_space = wrapped(ffmpeg, OSError(errno.ENOSPC, "No space left on device"))
    full = disk_full(no_space, tmp_path)
    assert full is not None and is_transient(full)
    assert readable_error(full).startswith("Render failed: the render server's disk is full")


def test_batch_state_transitions():
    assert batch_state(["pending", "pending"]) == "pending"
    assert batch_state(["processing", "pending"]) == "processing"
    assert batch_state(["complete", "pending"]) == "processing"
    assert batch_state(["complete", "complete"]) == "complete"
    assert batch_state(["complete", "failed"]) == "partial"
    assert batch_state(["failed", "failed"]) == "failed"


def test_round_robin_interleaves_accounts():
    assert round_robin([["a1", "a2", "a3"], ["b1"], ["c1", "c2"]]) == [
        "a1",
        "b1",
        "c1",
        "a2",
        "c2",
        "a3",
    ]


def test_arq_job_ids_are_namespaced_by_the_redis_prefix():
    """arq keeps job state under global names (arq:job:<id>): two deployments sharing a Redis
    server must never produce the same job id, neither for a render nor for the sweep cron."""
    a, b = Settings(redis_prefix="tenant-a"), Settings(redis_prefix="tenant-b")
    assert arq_job_id(a, "j1") == "tenant-a:render:j1" != arq_job_id(b, "j1")
    assert piece_arq_id(a, "c1") == "tenant-a:chunk:c1" != piece_arq_id(b, "c1")
    crons_a = [c.name for c in worker_kwargs(a)["cron_jobs"]]
    crons_b = [c.name for c in worker_kwargs(b)["cron_jobs"]]
    assert crons_a == ["tenant-a:sweep", "tenant-a:chunk-sweep"]
    assert crons_b == ["tenant-b:sweep", "tenant-b:chunk-sweep"]

"""tasks.Progress: one log line each time a job enters a stage, however often it reports."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest

from app.renders.states import JobStage
from worker.tasks import Progress


def test_each_stage_is_one_line(caplog: pytest.LogCaptureFixture) -> None:
    job: Any = SimpleNamespace(id="j1", attempts=1, progress=0)
    progress = Progress(db=None, job=job, worker_id="w1")  # type: ignore[arg-type]
    reports = [
        (JobStage.FETCHING_DATA, 2),
        (JobStage.VOICEOVER, 5),
        *[(JobStage.RENDERING, p) for p in range(10, 90, 5)],
        (JobStage.ENCODING, 92),
        (JobStage.ENCODING, 95),
        (JobStage.UPLOADING, 99),
    ]
    with caplog.at_level(logging.INFO, logger="reelsmith.worker"):
        for stage, percent in reports:
            progress(stage, percent)
    assert [r.getMessage() for r in caplog.records] == [
        "job j1: fetching_data",
        "job j1: voiceover",
        "job j1: rendering",
        "job j1: encoding",
        "job j1: uploading",
    ]

"""QuietPeriodicJobs: arq's lines about periodic jobs go, every other line stays."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from app.logs import QuietPeriodicJobs

RELAY = "ns:webhook-relay"


@pytest.fixture
def arq_log() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    out = io.StringIO()
    logger = logging.getLogger("test.arq.worker")
    handler = logging.StreamHandler(out)
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    quiet = QuietPeriodicJobs([RELAY, "ns:sweep"])
    logger.addFilter(quiet)
    yield logger, out
    logger.removeFilter(quiet)
    logger.removeHandler(handler)


def test_periodic_job_lines_are_dropped(arq_log) -> None:
    logger, out = arq_log
    # arq's own formats (arq/worker.py run_job): start, finish, retry of a cron job
    logger.info("%6.2fs → %s(%s)%s", 0.9, RELAY, "", "")
    logger.info("%6.2fs ← %s ● %s", 0.01, RELAY, "0")
    logger.info("%6.2fs ← %s ● %s", 0.01, "ns:sweep", "{'orphaned': 0}")
    logger.info("%6.2fs ↻ %s retrying job in %0.2fs", 0.01, RELAY, 1.0)
    logger.info("recording health: %s", "Nov-26 j_complete=9 j_failed=0")
    assert out.getvalue() == ""


def test_jobs_and_failures_stay(arq_log) -> None:
    logger, out = arq_log
    logger.info("%6.2fs → %s(%s)%s", 0.04, "ns:render:j1:render_job", "'j1'", "")
    logger.info("%6.2fs ← %s ● %s", 9.4, "ns:render:j1:render_job", "'complete'")
    logger.error("%6.2fs ! %s failed, %s: %s", 0.01, RELAY, "OperationalError", "db gone")
    logger.warning("job %s expired", "j2")
    logger.info("Starting worker for %d functions: %s", 2, "render_job, ns:sweep")
    lines = out.getvalue().splitlines()
    assert len(lines) == 5
    assert "render_job" in lines[0] and "'complete'" in lines[1]
    assert "ns:webhook-relay failed" in lines[2]

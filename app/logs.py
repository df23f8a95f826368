"""Process logging: plain text (default) or one JSON object per line
(REELSMITH_LOG_FORMAT=json) with time, level, logger, message and, on every line written while
a worker handles a job, `jobId` (a context variable set by worker/tasks.py render_job, so it
follows the job into the tasks it starts)."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime

from app.config import Settings

TEXT_FORMAT = "%(asctime)s %(name)s %(message)s"

current_job_id: ContextVar[str | None] = ContextVar("current_job_id", default=None)


@contextmanager
def job_logging(job_id: str) -> Iterator[None]:
    """Lines logged inside (and in tasks started inside) carry this job id."""
    token = current_job_id.set(job_id)
    try:
        yield
    finally:
        current_job_id.reset(token)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        job_id = current_job_id.get()
        if job_id is not None:
            line["jobId"] = job_id
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(settings: Settings, level: int = logging.INFO) -> None:
    """The root handler of a serve or worker process, in the configured format."""
    handler = logging.StreamHandler(sys.stderr)
    if settings.log_format == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in root.handlers[:]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)

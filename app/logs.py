"""Process logging: plain text (default) or one JSON object per line
(REELSMITH_LOG_FORMAT=json) with time, level, logger, message and, on every line written while
a worker handles a job, `jobId` (a context variable set by worker/tasks.py render_job, so it
follows the job into the tasks it starts).

What is logged is what a person needs: one line per request, one per job stage, warnings and
errors. Periodic housekeeping (the relays every second, the sweeps) is quiet unless it did
something (`QuietPeriodicJobs`)."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from urllib.parse import urlparse

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


class QuietPeriodicJobs(logging.Filter):
    """On arq's logger: drops its INFO lines about the named periodic (cron) jobs, which run
    every second or minute (start, finish, retry), and its hourly health record. A periodic
    job logs itself what it did that matters (a sweep handing jobs back is a warning), and
    arq's line for one that failed is an ERROR, which passes."""

    def __init__(self, periodic: Iterable[str]) -> None:
        super().__init__()
        self.periodic = frozenset(periodic)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO:
            return True
        if str(record.msg).startswith("recording health"):
            return False
        # arq's job lines are "%6.2fs → %s(%s)%s" and the like: the second argument is the
        # job's name for a cron job (and job_id:name for any other).
        args = record.args if isinstance(record.args, tuple) else ()
        return not (len(args) >= 2 and args[1] in self.periodic)


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


def redact_url(url: str) -> str:
    """A configured URL (database, Redis) without its password, for printing."""
    parsed = urlparse(url)
    if parsed.password:
        return url.replace(f":{parsed.password}@", ":***@", 1)
    return url

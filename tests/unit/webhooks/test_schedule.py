"""The SPEC 6.1 retry schedule, its scaling, Retry-After, and payload shapes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app.webhooks import events
from app.webhooks.attempts import (
    ATTEMPT_TIMEOUTS_S,
    MAX_ATTEMPTS,
    Outcome,
    attempt_timeout,
    retry_delay,
)


def test_the_schedule_is_exactly_the_spec():
    assert [retry_delay(n, 1.0) for n in range(1, 6)] == [60, 300, 1800, 7200, 21600]
    assert [attempt_timeout(n) for n in range(1, 7)] == [5, 5, 5, 10, 10, 10]
    assert MAX_ATTEMPTS == 6 == len(ATTEMPT_TIMEOUTS_S)
    assert sum(retry_delay(n, 1.0) for n in range(1, 6)) / 3600 == pytest.approx(8.6, abs=0.1)


def test_the_schedule_scales_for_tests():
    assert retry_delay(1, 0.001) == pytest.approx(0.06)
    assert retry_delay(5, 0.001) == pytest.approx(21.6)


def test_retry_after_lengthens_a_step_up_to_the_longest_never_shortens_it():
    assert retry_delay(1, 1.0, retry_after_s=120) == 120
    assert retry_delay(2, 1.0, retry_after_s=10) == 300
    assert retry_delay(1, 1.0, retry_after_s=10**9) == 6 * 3600


def test_success_is_a_2xx_without_error():
    now = datetime.now(UTC)
    assert Outcome(now, 204, 1, None).ok
    assert not Outcome(now, 307, 1, "HTTP 307 redirect not followed").ok
    assert not Outcome(now, 500, 1, None).ok
    assert not Outcome(now, None, 5000, "timed out").ok


def test_subscriptions_and_body_shape():
    assert events.subscribed(["*"], "batch.progress")
    assert events.subscribed(["render.failed"], "render.failed")
    assert not events.subscribed(["render.failed"], "render.complete")
    stamp = datetime(2026, 11, 23, 19, 0, tzinfo=UTC)
    assert events.body("test.event", stamp, {"a": 1}) == (
        '{"event":"test.event","timestamp":"2026-11-23T19:00:00Z","data":{"a":1}}'
    )

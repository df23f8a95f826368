"""The API's event loop (app/loop.py): uvloop's unless asked for asyncio's."""

from __future__ import annotations

import asyncio
import sys

import pytest
import uvloop

from app.config import Settings
from app.loop import run


async def loop_kind() -> type:
    return type(asyncio.get_running_loop())


def test_the_api_runs_on_uvloop_by_default() -> None:
    assert Settings().event_loop == "uvloop"
    assert run(loop_kind()) is uvloop.Loop


def test_asyncio_s_own_loop_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REELSMITH_EVENT_LOOP", "asyncio")
    kind = run(loop_kind(), Settings().event_loop)
    assert kind is not uvloop.Loop and issubclass(kind, asyncio.BaseEventLoop)


def test_the_standard_loop_where_uvloop_is_not_installed(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # its import fails
    assert run(loop_kind(), "uvloop") is not uvloop.Loop
    assert "uvloop is not installed" in caplog.text


def test_a_value_other_than_the_two_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REELSMITH_EVENT_LOOP", "trio")
    with pytest.raises(ValueError, match="event_loop"):
        Settings()

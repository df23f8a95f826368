"""A SQLite file's durability setting (Settings.sqlite_synchronous): every connection of a
Database (the inline writer, aiosqlite's, which waits for the lock) runs in the asked mode;
`normal` commits on the event loop (no thread), `full` syncs each commit on a thread; and in
`normal` a commit answered survives the process being killed at once (only a power cut may
take back the last commits)."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from pydantic import ValidationError
from sqlalchemy import text

from app import sqlite_inline
from app.accounts.service import create_account
from app.config import Settings
from app.db import Database
from app.models import create_all

SYNCHRONOUS = {"normal": 1, "full": 2}  # PRAGMA synchronous's answers

KILLED_AFTER_COMMIT = """
import asyncio, os, signal, sys
from app.accounts.service import create_account
from app.db import Database

async def main() -> None:
    db = Database(f"sqlite+aiosqlite:///{sys.argv[1]}", sqlite_synchronous="normal")
    async with db.session() as session:
        await create_account(session, "kept@example.com", "a-long-password", credits=7)
    print("committed", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # no close, no checkpoint, no exit handlers

asyncio.run(main())
"""


@pytest.mark.parametrize("mode", ["normal", "full"])
async def test_every_connection_runs_in_the_asked_mode(tmp_path: Path, mode: str) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'd.db'}", sqlite_synchronous=mode)
    try:
        await create_all(db)
        async with db.session() as session:  # the inline writer
            pragma = (await session.execute(text("PRAGMA synchronous"))).scalar_one()
            assert pragma == SYNCHRONOUS[mode]
        async with db.sessionmaker() as session:  # aiosqlite's thread
            pragma = (await session.execute(text("PRAGMA synchronous"))).scalar_one()
            assert pragma == SYNCHRONOUS[mode]
    finally:
        await db.dispose()


@pytest.mark.parametrize(("mode", "threaded"), [("normal", False), ("full", True)])
async def test_a_synced_commit_goes_to_a_thread_and_a_normal_one_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str, threaded: bool
) -> None:
    committed_on: list[int] = []
    original = sqlite_inline.InlineConnection.commit

    async def watched(self: sqlite_inline.InlineConnection) -> None:
        real = self._conn
        self._conn = _Watched(real, committed_on)  # type: ignore[assignment]
        try:
            await original(self)
        finally:
            self._conn = real

    monkeypatch.setattr(sqlite_inline.InlineConnection, "commit", watched)
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'd.db'}", sqlite_synchronous=mode)
    try:
        await create_all(db)
        committed_on.clear()
        async with db.session() as session:
            await create_account(session, f"{mode}@example.com", "a-long-password")
        assert committed_on, "the transaction committed"
        loop_thread = threading.get_ident()
        assert all((t != loop_thread) is threaded for t in committed_on), committed_on
    finally:
        await db.dispose()


class _Watched:
    """A sqlite3 connection that notes which thread commits."""

    def __init__(self, conn: object, seen: list[int]) -> None:
        self._conn, self._seen = conn, seen

    def commit(self) -> None:
        self._seen.append(threading.get_ident())
        self._conn.commit()  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self._conn, name)


async def test_a_commit_answered_in_normal_mode_survives_the_process_killed(
    tmp_path: Path,
) -> None:
    path = tmp_path / "d.db"
    db = Database(f"sqlite+aiosqlite:///{path}")
    await create_all(db)
    await db.dispose()
    root = Path(__file__).resolve().parents[3]
    proc = subprocess.run(
        [sys.executable, "-c", KILLED_AFTER_COMMIT, str(path)],
        capture_output=True, text=True, timeout=120, cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert "committed" in proc.stdout
    assert (path.parent / "d.db-wal").exists()  # never checkpointed: the commit is in the log
    db = Database(f"sqlite+aiosqlite:///{path}")
    try:
        async with db.session() as session:
            accounts = (await session.execute(text("SELECT email, credits FROM accounts"))).all()
        assert [tuple(a) for a in accounts] == [("kept@example.com", 7)]
    finally:
        await db.dispose()


def test_the_setting_takes_only_the_two_modes() -> None:
    assert Settings().sqlite_synchronous == "normal"
    assert Settings(sqlite_synchronous="full").sqlite_synchronous == "full"
    with pytest.raises(ValidationError):
        Settings(sqlite_synchronous="off")
    with pytest.raises(ValueError, match="normal or full"):
        Database("sqlite+aiosqlite:///x.db", sqlite_synchronous="off")


async def test_in_normal_mode_the_wal_is_checkpointed_on_a_thread_not_in_a_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkpointed_on: list[int] = []
    real_checkpoint = sqlite_inline.checkpoint

    def watched(path: str) -> None:
        checkpointed_on.append(threading.get_ident())
        real_checkpoint(path)

    monkeypatch.setattr(sqlite_inline, "checkpoint", watched)
    monkeypatch.setattr(sqlite_inline, "CHECKPOINT_EVERY_COMMITS", 20)
    path = tmp_path / "d.db"
    db = Database(f"sqlite+aiosqlite:///{path}", sqlite_synchronous="normal")
    try:
        await create_all(db)
        async with db.session() as session:
            autocheckpoint = (await session.execute(text("PRAGMA wal_autocheckpoint"))).scalar()
        assert autocheckpoint == 0  # never inside a commit on the loop
        for i in range(60):
            async with db.session() as session:
                await create_account(session, f"c{i}@example.com", "a-long-password")
        for _ in range(100):  # the thread's checkpoints finish
            if len(checkpointed_on) >= 2 and not sqlite_inline._checkpointing:
                break
            await asyncio.sleep(0.05)
        assert len(checkpointed_on) >= 2
        assert threading.get_ident() not in checkpointed_on
        wal = path.parent / "d.db-wal"
        probe = sqlite3.connect(path)
        try:  # everything committed is in the database file: a TRUNCATE leaves no log
            busy, _, _ = probe.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            assert busy == 0 and wal.stat().st_size == 0
        finally:
            probe.close()
    finally:
        await db.dispose()

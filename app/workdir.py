"""Each process's own work folder, so a killed process leaves nothing behind for long.

A process (worker, API, CLI) makes its temporary files only inside its work folder,
`<REELSMITH_WORK_DIR>/<role>-<pid>-<random>`, and holds an exclusive `flock` on the folder's
`.lock` file for as long as it lives. The kernel drops that lock when the process dies, however
it dies (SIGKILL, out of memory), so a folder whose lock can be taken has no live owner: a
starting worker removes every such sibling (`sweep`). A live process's folder is never removed.

Lives in `app` because the API (thumbnails) uses it too; the worker sweeps on start.
"""

from __future__ import annotations

import atexit
import fcntl
import logging
import os
import shutil
import tempfile
import threading
import time
import uuid
from pathlib import Path

from app.config import Settings

log = logging.getLogger(__name__)

LOCK_NAME = ".lock"
STAGING_PREFIX = ".new-"
# A folder still being set up (no lock yet) is left alone for this long.
STAGING_GRACE_S = 60.0


class WorkFolder:
    """A folder owned by this process while it holds the lock on `<path>/.lock`."""

    def __init__(self, root: Path, role: str) -> None:
        root.mkdir(parents=True, exist_ok=True)
        # Built under a staging name and renamed once locked: no sweeper ever sees the final
        # name without its lock held.
        staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=root))
        self._fd = os.open(staging / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)  # not inherited
        fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        self.path = root / f"{role}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        staging.rename(self.path)
        self.pid = os.getpid()

    def close(self) -> None:
        """Remove the folder and let go of it (normal exit)."""
        if self._fd < 0:
            return
        shutil.rmtree(self.path, ignore_errors=True)
        os.close(self._fd)
        self._fd = -1


_folders: dict[Path, WorkFolder] = {}
_guard = threading.Lock()


def work_root(settings: Settings) -> Path:
    return Path(settings.work_dir).resolve()


def open_work_folder(settings: Settings, role: str = "proc") -> Path:
    """This process's work folder under settings.work_dir, made (and locked) on first use."""
    root = work_root(settings)
    with _guard:
        folder = _folders.get(root)
        if folder is None or folder.pid != os.getpid():  # none yet, or inherited over fork
            folder = _folders[root] = WorkFolder(root, role)
            log.info("work folder %s", folder.path)
    return folder.path


def temp_dir(settings: Settings, prefix: str) -> tempfile.TemporaryDirectory[str]:
    """A temporary directory inside this process's work folder (removed on exit of the
    `with`; swept with the folder if the process is killed first)."""
    return tempfile.TemporaryDirectory(prefix=prefix, dir=open_work_folder(settings))


def close_work_folder(settings: Settings) -> None:
    """Remove this process's work folder under settings.work_dir (shutdown)."""
    with _guard:
        folder = _folders.pop(work_root(settings), None)
    if folder is not None and folder.pid == os.getpid():
        folder.close()


@atexit.register
def _close_all() -> None:
    with _guard:
        folders = list(_folders.values())
        _folders.clear()
    for folder in folders:
        if folder.pid == os.getpid():
            folder.close()


def sweep(root: Path) -> list[Path]:
    """Remove the folders under `root` whose owner is gone (their lock can be taken); the
    removed paths. Folders of live processes, and anything that is not a work folder, stay."""
    removed: list[Path] = []
    try:
        entries = list(root.iterdir())
    except FileNotFoundError:
        return removed
    for entry in entries:
        if not entry.is_dir() or entry.is_symlink():
            continue
        lock = entry / LOCK_NAME
        staging = entry.name.startswith(STAGING_PREFIX)
        if not lock.exists():
            if staging and _older_than(entry, STAGING_GRACE_S):
                shutil.rmtree(entry, ignore_errors=True)
                removed.append(entry)
            continue  # not a work folder, or one being set up
        if staging and not _older_than(entry, STAGING_GRACE_S):
            continue
        if _remove_if_unowned(entry, lock):
            removed.append(entry)
    return removed


def _remove_if_unowned(entry: Path, lock: Path) -> bool:
    try:
        fd = os.open(lock, os.O_RDWR)
    except FileNotFoundError:
        return False  # removed by another sweeper meanwhile
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # its owner lives
        shutil.rmtree(entry, ignore_errors=True)
        return True
    finally:
        os.close(fd)


def _older_than(path: Path, seconds: float) -> bool:
    try:
        return time.time() - path.stat().st_mtime > seconds
    except FileNotFoundError:
        return False

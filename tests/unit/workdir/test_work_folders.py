"""Work folders: a folder whose owner lives is kept by the sweep; one whose owner died is
removed. Owners are real child processes holding (or having held) the folder's flock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.config import Settings
from app.workdir import LOCK_NAME, STAGING_GRACE_S, open_work_folder, sweep, temp_dir

ROOT = Path(__file__).resolve().parents[3]

# A process that takes its work folder, makes a temp dir in it, says where, and then either
# waits (alive, holding the lock) or dies without cleaning up (os._exit skips atexit).
OWNER = """
import os, sys
from pathlib import Path
from app.config import Settings
from app.workdir import open_work_folder
folder = open_work_folder(Settings(work_dir=Path(sys.argv[1])), "worker")
(folder / "job-x").mkdir()
(folder / "job-x" / "frame.png").write_bytes(b"x")
print(folder, flush=True)
if sys.argv[2] == "die":
    os._exit(0)
sys.stdin.read()
"""


def start_owner(root: Path, mode: str) -> tuple[subprocess.Popen[str], Path]:
    proc = subprocess.Popen(
        [sys.executable, "-c", OWNER, str(root), mode],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    folder = Path(proc.stdout.readline().strip())
    assert folder.parent == root and (folder / LOCK_NAME).exists()
    return proc, folder


def test_the_sweep_keeps_a_live_owners_folder_and_removes_a_dead_ones(tmp_path: Path) -> None:
    root = tmp_path / "work"
    live, live_folder = start_owner(root, "wait")
    dead, dead_folder = start_owner(root, "die")
    killed, killed_folder = start_owner(root, "wait")
    try:
        dead.wait(10)
        killed.send_signal(signal.SIGKILL)
        killed.wait(10)
        assert live_folder.name.startswith(f"worker-{live.pid}-")

        removed = sweep(root)

        assert sorted(removed) == sorted([dead_folder, killed_folder])
        assert not dead_folder.exists() and not killed_folder.exists()
        assert (live_folder / "job-x" / "frame.png").exists()  # its owner still works in it
        assert sweep(root) == []
    finally:
        live.kill()
        live.wait(10)
    assert sweep(root) == [live_folder]  # once its owner is gone


def test_this_process_keeps_its_own_folder_and_leaves_other_folders_alone(
    tmp_path: Path,
) -> None:
    settings = Settings(work_dir=tmp_path / "work")
    mine = open_work_folder(settings)
    assert open_work_folder(settings) == mine  # one folder per process
    stranger = tmp_path / "work" / "not-a-work-folder"
    stranger.mkdir()
    with temp_dir(settings, "job-") as tmp:
        assert Path(tmp).parent == mine
        assert sweep(tmp_path / "work") == []
        assert Path(tmp).exists() and stranger.exists()


@pytest.mark.parametrize("age_s", [0.0, STAGING_GRACE_S + 5])
def test_a_folder_being_set_up_is_left_alone_until_it_is_old(tmp_path: Path, age_s: float) -> None:
    root = tmp_path / "work"
    staging = root / ".new-abc123"
    staging.mkdir(parents=True)
    old = time.time() - age_s
    os.utime(staging, (old, old))
    removed = sweep(root)
    assert staging.exists() == (age_s == 0.0)
    assert removed == ([] if age_s == 0.0 else [staging])

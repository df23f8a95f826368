"""CPU time of a process tree by part (Python, Playwright's driver, each kind of Chromium
process and its threads, ffmpeg), read from /proc by a sampler in its own process so that its
own work is not counted. Used by bench/frame_profile_bench.py.

    sampler = Sampler()          # starts `python cpu_sampler.py PID` on this process's tree
    sampler.mark("start")        # counting starts here; later marks snapshot the totals
    ...
    figures = sampler.finish()   # {"categories", "threads", "marks"}
"""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import psutil

SAMPLE_S = 0.04
DIGITS = re.compile(r"[\d/]+$")
TICK = os.sysconf("SC_CLK_TCK")


def category(proc: psutil.Process, root: int) -> str:
    """Which part of the render a process is."""
    if proc.pid == root:
        return "python"
    name = proc.name()
    try:
        cmd = " ".join(proc.cmdline())
    except psutil.Error:
        cmd = name
    if "chrom" in name or "headless" in name or "chrom" in cmd.split(" ")[0]:
        kind = re.search(r"--type=([\w-]+)", cmd)
        return "chromium " + (kind.group(1) if kind else "browser")
    if name == "node" or ("playwright" in cmd and "driver" in cmd):
        return "playwright driver"
    if name in ("ffmpeg", "ffprobe"):
        return "ffmpeg encode" if "libx264" in cmd and "image2pipe" in cmd else "ffmpeg other"
    if "python" in name:
        return "voices (python child)"
    return "other " + name


def thread_times(pid: int) -> dict[str, float]:
    """CPU seconds of each thread of `pid`, keyed 'tid name'."""
    out: dict[str, float] = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            raw = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
        except OSError:
            continue
        name = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2 :].split()
        out[f"{tid} {name}"] = (int(fields[11]) + int(fields[12])) / TICK
    return out


class TreeSampler:
    """Per-process and per-thread CPU seconds of a tree, counted from `start()`."""

    def __init__(self, root_pid: int) -> None:
        self.root_pid = root_pid
        self.root = psutil.Process(root_pid)
        self.me = os.getpid()
        self.known: dict[int, tuple[psutil.Process, str]] = {}
        self.procs: dict[int, tuple[str, float, float]] = {}  # pid -> category, base, last
        self.threads: dict[tuple[int, str], tuple[float, float]] = {}  # -> base, last
        self.started = False
        self.marks: list[dict[str, Any]] = []

    def walk(self) -> None:
        try:
            tree = [self.root, *self.root.children(recursive=True)]
        except psutil.Error:
            return
        for proc in tree:
            if proc.pid == self.me:
                continue
            try:
                if proc.pid not in self.known:
                    self.known[proc.pid] = (proc, category(proc, self.root_pid))
                proc, cat = self.known[proc.pid]
                times = proc.cpu_times()
            except psutil.Error:
                continue
            cpu = times.user + times.system
            # A process first seen after the start ran only for us: its base is 0.
            base = self.procs.get(proc.pid, (cat, cpu if not self.started else 0.0, cpu))[1]
            self.procs[proc.pid] = (cat, base, cpu)
            if cat.startswith("chromium") or cat in ("python", "playwright driver"):
                self._threads(proc.pid)

    def _threads(self, pid: int) -> None:
        for key, value in thread_times(pid).items():
            base = self.threads.get((pid, key), (value if not self.started else 0.0, 0.0))[0]
            self.threads[(pid, key)] = (base, value)

    def start(self) -> None:
        """Count from here: what each process had used before is its base."""
        for pid, (cat, _base, last) in list(self.procs.items()):
            self.procs[pid] = (cat, last, last)
        for key, (_base, last) in list(self.threads.items()):
            self.threads[key] = (last, last)
        self.started = True

    def totals(self) -> dict[str, float]:
        out: dict[str, float] = defaultdict(float)
        for cat, base, last in self.procs.values():
            out[cat] += last - base
        return dict(out)

    def mark(self, label: str) -> None:
        self.walk()
        if label == "start":
            self.start()
        self.marks.append({"label": label, "t": time.monotonic(), "cpu": self.totals()})

    def report(self) -> dict[str, Any]:
        per_thread: dict[str, float] = defaultdict(float)
        for (pid, key), (base, last) in self.threads.items():
            cat = self.known[pid][1] if pid in self.known else "?"
            name = DIGITS.sub("", key.split(" ", 1)[1]) or "?"
            per_thread[f"{cat} / {name}"] += last - base
        return {
            "categories": self.totals(),
            "threads": {k: round(v, 3) for k, v in per_thread.items() if v > 0.005},
            "marks": self.marks,
        }


def sample(root_pid: int) -> None:
    """Sample the tree of `root_pid` until stdin closes; each 'mark NAME' line snapshots the
    totals. Prints one JSON object (TreeSampler.report)."""
    tree = TreeSampler(root_pid)
    tree.walk()
    pending = b""
    closed = False
    while not closed:
        ready, _, _ = select.select([0], [], [], SAMPLE_S)
        if not ready:
            tree.walk()
            continue
        chunk = os.read(0, 4096)
        closed = not chunk
        *lines, pending = (pending + chunk).split(b"\n")
        for raw in lines:
            line = raw.decode().strip()
            tree.mark(line.split(" ", 1)[1] if " " in line else line)
    tree.walk()
    print(json.dumps(tree.report()))


class Sampler:
    """The sampler child, driven from the process whose tree it samples."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, __file__, str(os.getpid())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        time.sleep(0.3)

    def mark(self, label: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"mark {label}\n")
        self.proc.stdin.flush()

    def finish(self) -> dict[str, Any]:
        out, _ = self.proc.communicate(timeout=60)
        return dict(json.loads(out.strip().splitlines()[-1]))


if __name__ == "__main__":
    sample(int(sys.argv[1]))

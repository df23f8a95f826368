"""Render on view: what a campaign costs when only the videos someone opens are rendered, and
how fast an opened video plays and then exists as a file.

    .venv/bin/python bench/on_view_bench.py [--sample 4] [--opens 6] [--bulk 6]
                                            [--recipients 1000] [--open-rate 0.2]
                                            [--voice-at creation|open]
                                            [--phone-cpu devtools|quota]

A real API (Hypercorn) and one `reelsmith worker` process (2 job slots) on a temporary SQLite
database, media folder and Redis namespace, the built-in `pulse` template (720p30, neural
voiceover, about 17 s of video).

1. CPU. After one warm-up job (the worker's browser started and voice model loaded: once per
   worker process, not per job), 2 x `--sample` on-view jobs get their poster and live kit
   (voices spoken, page composed, soundtrack mixed, one frame captured); `--sample` of them
   are opened at the same moment (their renders share the worker), the other `--sample` one
   after another (each render alone: opens spread over days); and `--sample` jobs of another
   campaign are rendered at once as a plain batch. CPU seconds of the worker's whole
   process tree (Chromium, ffmpeg and the voice engine included) per job of each kind; then,
   for `--recipients` recipients of whom `--open-rate` open:
       render all  = recipients x (render now)
       on view     = recipients x (poster + live kit) + opened x (render after the open)
   (the live playback itself runs in the viewer's browser: no server CPU but the page, its
   soundtrack and the status polls, a few ms each). Extrapolated from the sample: every
   recipient's job is the same work on different data.
2. Open to first frame. With the worker stopped (the viewer's device is not the render
   server), `--opens` on-view pages are opened in Chromium, each in a fresh browser context,
   play is pressed as soon as the live player is ready, and the time to the first frame past
   0 is taken: desktop unthrottled, and a phone (390x844, "Fast 3G", CPU 4x slower: by
   DevTools' throttling, which keeps most of a core of this 2-core machine busy while it
   throttles, so with a worker running it slows the server's work too; or, `--phone-cpu
   quota`, by a cgroup of a quarter of one core for the phone's whole browser). With
   `--voice-at open` (REELSMITH_ON_VIEW_VOICE=open: the poster made at creation, the voice
   and live page by the render the open starts) a warm, idle worker runs instead, each open
   is another job, and its render is waited for before the next open.
3. MP4 ready on first view while bulk jobs run: another account's `--bulk`-row batch renders
   now; while it holds the worker, on-view pages are opened one after another and the time
   from the open to the video being complete is taken (target: the video's own length + 10 s).

The last line printed is a JSON object with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from playwright.async_api import Browser, async_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.accounts.service import create_account  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.keys.service import create_key  # noqa: E402
from app.media.storage import get_storage  # noqa: E402
from app.models import create_all  # noqa: E402
from app.renders.onview import live_keys, on_view_poster_key  # noqa: E402
from bench.batch_bench import HEADERS, TreeCpu, batch_rows  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.support.live_server import free_port, live_server, server_env  # noqa: E402

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
# The phone's CPU by cgroup (--phone-cpu quota): a quarter of one core of this machine for
# its whole browser (DevTools' 4x slows the page's main thread only: this is slower).
PHONE_CPU_QUOTA = 0.25
CPU_CGROUPS = Path("/sys/fs/cgroup/cpu")
FAST_3G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 200_000,
    "uploadThroughput": 93_750,
}


class Worker:
    """One `reelsmith worker` process and the CPU of its process tree."""

    def __init__(self, settings: Settings, log: Path) -> None:
        env = {
            **os.environ,
            **server_env(settings),
            "REELSMITH_CACHE_DIR": str(settings.cache_dir),
            "REELSMITH_WORKER_CONCURRENCY": "2",
            "REELSMITH_RENDER_PARALLELISM": "1",
            "REELSMITH_ON_VIEW_VOICE": settings.on_view_voice,
        }
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "worker"],
            cwd=ROOT,
            env=env,
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
        )
        self.tree = TreeCpu([self.proc.pid])
        self.tree.start()
        self.lock = threading.Lock()
        self.running = True
        # Sampled 5 times a second: a child that lives shorter (a quick ffmpeg) is missed.
        self.sampler = threading.Thread(target=self._sample, daemon=True)
        self.sampler.start()

    def _sample(self) -> None:
        while self.running:
            with self.lock:
                self.tree.sample()
            time.sleep(0.2)

    def cpu(self) -> float:
        with self.lock:
            self.tree.sample()
            return self.tree.used()

    def stop(self) -> None:
        self.running = False
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(60)


class Api:
    def __init__(self, base: str, key: str) -> None:
        self.base, self.headers = base, {"X-API-Key": key}

    def batch(self, names: list[str], render: str) -> list[dict[str, Any]]:
        rows = batch_rows(len(names))
        for row, name in zip(rows, names, strict=True):
            row[0] = name
        resp = httpx.post(
            f"{self.base}/api/render/batch",
            json={"templateId": "pulse", "headers": HEADERS, "rows": rows, "render": render,
                  "output": {"resolution": "720p", "fps": 30}},
            headers=self.headers,
            timeout=60,
        )  # fmt: skip
        resp.raise_for_status()
        return list(resp.json()["jobs"])

    def status(self, job_id: str) -> dict[str, Any]:
        resp = httpx.get(f"{self.base}/api/render/{job_id}", headers=self.headers, timeout=30)
        return dict(resp.json())

    def open(self, job_id: str) -> int:
        return httpx.get(f"{self.base}/v/{job_id}", timeout=30).status_code

    def delete(self, job_id: str) -> None:
        httpx.delete(f"{self.base}/api/render/{job_id}", headers=self.headers, timeout=30)


def wait_until(check: Any, timeout: float, what: str, every: float = 0.5) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        time.sleep(every)


def all_complete(api: Api, ids: list[str]) -> bool:
    states = [api.status(j)["status"] for j in ids]
    if "failed" in states:
        raise RuntimeError(f"a render failed: {[api.status(j) for j in ids]}")
    return all(s == "complete" for s in states)


def kits_made(settings: Settings, ids: list[str]) -> bool:
    """What the worker makes of a new on-view job before its first open is there: its poster,
    and its live kit unless the voice waits for the open."""
    storage = get_storage(settings)
    keys = [on_view_poster_key]
    if settings.on_view_voice == "creation":
        keys += [lambda j: live_keys(j)[0], lambda j: live_keys(j)[1]]
    return all(storage.exists(key(job_id)) for job_id in ids for key in keys)


def video_seconds(url: str) -> float:
    """The length of the video at `url` (ffprobe)."""
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", url],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return round(float(out.stdout.strip()), 2)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


@contextlib.contextmanager
def viewer_cgroup(quota: float) -> Iterator[Path]:
    """A cgroup (v1 `cpu` controller) whose processes get at most `quota` of one core, and a
    script that starts Chromium in it (every process the browser forks stays in it)."""
    group = CPU_CGROUPS / f"reelsmith-bench-viewer-{os.getpid()}"
    group.mkdir()
    try:
        (group / "cpu.cfs_period_us").write_text("100000")
        (group / "cpu.cfs_quota_us").write_text(str(round(quota * 100_000)))
        with tempfile.TemporaryDirectory() as tmp:
            script = Path(tmp) / "chromium-in-cgroup"
            script.write_text(
                f'#!/bin/sh\necho $$ > "{group}/cgroup.procs"\nexec "{chromium_path()}" "$@"\n'
            )
            script.chmod(0o755)
            yield script
    finally:
        for pid in (group / "cgroup.procs").read_text().split():
            with contextlib.suppress(OSError):
                (CPU_CGROUPS / "cgroup.procs").write_text(pid)
        group.rmdir()


async def first_frame(
    browser: Browser, url: str, phone: bool, devtools_cpu: bool = True
) -> dict[str, float]:
    """Open the page in a fresh context, press play once the live player is ready: ms from
    the open to the live player ready, from the press to the first frame, and in all
    (`devtools_cpu`: the phone's CPU slowed by DevTools' throttling, else by the browser's
    cgroup)."""
    context = await browser.new_context(**(PHONE if phone else {}))
    page = await context.new_page()
    try:
        if phone:
            cdp = await context.new_cdp_session(page)
            await cdp.send("Network.emulateNetworkConditions", FAST_3G)
            if devtools_cpu:
                await cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        started = time.monotonic()
        await page.goto(url)
        await page.wait_for_function("() => window.reelsmithLive.mode === 'live'", timeout=60_000)
        ready = time.monotonic()
        await page.click("#rs-live-big-play")
        await page.wait_for_function(
            "() => window.reelsmithLive.firstFrameMs !== null", timeout=30_000
        )
        done = time.monotonic()
        tap = float(await page.evaluate("() => window.reelsmithLive.firstFrameMs"))
        booted = await page.evaluate("() => window.reelsmithLive.booted || 'page'")
        marks = await page.evaluate("() => window.reelsmithLive.marks || {}")
        return {
            "ready_ms": (ready - started) * 1000,
            "tap_to_frame_ms": tap,
            "open_to_frame_ms": (done - started) * 1000,
            "booted": booted,
            "marks": marks,
        }
    finally:
        await context.close()


async def measure_opens(
    base: str, ids: dict[str, list[str]], rendered: Any = None, phone_cpu: str = "devtools"
) -> dict[str, Any]:
    """Open to first frame of the pages of `ids` (per profile); `rendered(job_id)`, when
    given, waits after each open for that video's render (so each open finds the worker idle).
    The phone's CPU 4x slower: `devtools` (DevTools' throttling, which keeps most of a core of
    this machine busy while it throttles: measured 0.88 of a core with the page idle) or
    `quota` (the phone's browser in a cgroup of a quarter of one core, nothing else slowed)."""
    out: dict[str, Any] = {}
    async with async_playwright() as pw, contextlib.AsyncExitStack() as stack:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        stack.push_async_callback(browser.close)
        phone_browser = browser
        if phone_cpu == "quota":
            script = stack.enter_context(viewer_cgroup(PHONE_CPU_QUOTA))
            phone_browser = await pw.chromium.launch(
                executable_path=str(script), args=CHROMIUM_ARGS
            )
            stack.push_async_callback(phone_browser.close)
        for profile, phone in (("desktop", False), ("phone_fast3g_cpu4x", True)):
            runs = []
            for job_id in ids[profile]:
                runs.append(
                    await first_frame(
                        phone_browser if phone else browser,
                        f"{base}/v/{job_id}",
                        phone,
                        devtools_cpu=phone_cpu == "devtools",
                    )
                )
                if rendered is not None:
                    await asyncio.to_thread(rendered, job_id)
            out[profile] = {
                name: {
                    "p50": round(statistics.median([r[name] for r in runs])),
                    "p95": round(pct([r[name] for r in runs], 0.95)),
                }
                for name in ("ready_ms", "tap_to_frame_ms", "open_to_frame_ms")
            }
            # how the frames booted: "shell" (loaded at the open, sent the spoken timeline)
            out[profile]["booted"] = [r["booted"] for r in runs]
            # ms from the navigation's start: the shell listening, the live page named by
            # the status answer, the frame ready
            out[profile]["marks"] = [r["marks"] for r in runs]
    return out


async def seed(settings: Settings) -> tuple[str, str]:
    db = Database(settings.database_url)
    await create_all(db)
    try:
        keys = []
        for name in ("campaign", "bulk"):
            async with db.session() as session:
                account = await create_account(
                    session, f"{name}-{uuid.uuid4().hex[:6]}@example.com", "pw pw pw pw",
                    "enterprise", 100_000,
                )  # fmt: skip
                keys.append((await create_key(session, account.id, "bench", "admin"))[1])
    finally:
        await db.dispose()
    return keys[0], keys[1]


def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="reelsmith-onview-bench-"))
    ns = f"bench:{uuid.uuid4().hex[:8]}"
    port = free_port()
    settings = Settings().model_copy(
        update={
            "database_url": f"sqlite+aiosqlite:///{work}/bench.db",
            "redis_prefix": ns,
            "queue_name": f"{ns}:queue",
            "media_dir": work / "media",
            "cache_dir": work / "cache",
            "work_dir": work / "work",
            "data_dir": work / "data",
            "public_url": f"http://127.0.0.1:{port}",
            "rate_limit_enabled": False,
            "on_view_voice": args.voice_at,
        }
    )
    campaign_key, bulk_key = asyncio.run(seed(settings))
    result: dict[str, Any] = {
        "load_avg_at_start": round(os.getloadavg()[0], 2),
        "phone_cpu": args.phone_cpu,
    }
    with live_server(settings, port) as base:
        api, bulk = Api(base, campaign_key), Api(base, bulk_key)
        n = args.sample

        # 1. CPU: posters + live kits, renders after an open, renders now
        worker = Worker(settings, work / "worker.log")
        try:
            time.sleep(2)
            # warm-up (not measured): the browser started, the voice model loaded, once per
            # worker process for its whole life
            warm = [j["jobId"] for j in api.batch(["Warm Up"], "on_view")]
            wait_until(lambda: kits_made(settings, warm), 900, "the warm-up live kit")
            api.open(warm[0])
            wait_until(lambda: all_complete(api, warm), 900, "the warm-up render")
            names = [f"Viewer {i}" for i in range(2 * n)]
            both = [j["jobId"] for j in api.batch(names, "on_view")]
            ids, apart = both[:n], both[n:]
            cpu0 = worker.cpu()
            wait_until(lambda: kits_made(settings, both), 600, "live kits")
            time.sleep(1)
            poster_cpu = (worker.cpu() - cpu0) / (2 * n)
            cpu0, started = worker.cpu(), time.monotonic()
            for job_id in ids:  # opened at the same moment: they share the worker
                assert api.open(job_id) == 200
            wait_until(lambda: all_complete(api, ids), 900, "opened renders")
            opened_cpu = (worker.cpu() - cpu0) / n
            cpu0 = worker.cpu()
            for job_id in apart:  # opened one after another (opens spread over days)
                assert api.open(job_id) == 200
                wait_until(lambda j=job_id: all_complete(api, [j]), 900, "an opened render")
            apart_cpu = (worker.cpu() - cpu0) / n
            video_s = video_seconds(api.status(ids[0])["outputUrl"])
            now_ids = [j["jobId"] for j in bulk.batch([f"Reader {i}" for i in range(n)], "now")]
            cpu0 = worker.cpu()
            wait_until(lambda: all_complete(bulk, now_ids), 900, "renders")
            now_cpu = (worker.cpu() - cpu0) / n
            result["renders_wall_s"] = round(time.monotonic() - started, 1)

            # kits for the open-to-first-frame runs, and for the MP4-ready runs
            # (the voice spoken at the open: each open starts the page's making, one job each)
            per_profile = 2 if args.voice_at == "open" else 1
            guests = [f"Guest {i}" for i in range(args.opens * per_profile)]
            live_ids = [j["jobId"] for j in api.batch(guests, "on_view")]
            warm2 = [j["jobId"] for j in api.batch(["Warm Again"], "on_view")]
            ready_ids = [
                j["jobId"]
                for j in api.batch([f"Member {i}" for i in range(args.rounds)], "on_view")
            ]
            wait_until(lambda: kits_made(settings, live_ids + ready_ids + warm2), 900, "kits")
        finally:
            worker.stop()
        opened = round(args.recipients * args.open_rate)
        all_cpu = args.recipients * now_cpu
        view_cpu = args.recipients * poster_cpu + opened * opened_cpu
        apart_view_cpu = args.recipients * poster_cpu + opened * apart_cpu
        result["cpu"] = {
            "sample_jobs_each": n,
            "poster_and_live_kit_cpu_s": round(poster_cpu, 2),
            "render_after_open_cpu_s": round(opened_cpu, 2),
            "render_now_cpu_s": round(now_cpu, 2),
            "recipients": args.recipients,
            "opened": opened,
            "render_all_cpu_s": round(all_cpu),
            "on_view_cpu_s": round(view_cpu),
            "cpu_ratio": round(all_cpu / view_cpu, 2) if view_cpu else None,
            "render_after_open_apart_cpu_s": round(apart_cpu, 2),
            "cpu_ratio_opens_apart": round(all_cpu / apart_view_cpu, 2) if apart_view_cpu else None,
            "target_ratio": 4.0,
        }
        result["video_duration_s"] = video_s

        # 2. open to first frame: with the voice spoken at creation, no worker running (only the
        # viewer's browser works); with the voice spoken at the open, an idle worker makes the
        # live page when the page is opened (and renders the video, waited for before the next)
        if args.voice_at == "creation":
            profiles = {"desktop": live_ids, "phone_fast3g_cpu4x": live_ids}
            result["first_frame"] = asyncio.run(
                measure_opens(base, profiles, phone_cpu=args.phone_cpu)
            )
        else:
            profiles = {
                "desktop": live_ids[: args.opens],
                "phone_fast3g_cpu4x": live_ids[args.opens :],
            }
            worker = Worker(settings, work / "worker.log")
            try:
                time.sleep(2)
                # warm-up (not measured): the worker's browser and voice model, as in 1.
                api.open(warm2[0])
                wait_until(lambda: all_complete(api, warm2), 900, "the warm-up render")
                result["first_frame"] = asyncio.run(
                    measure_opens(
                        base,
                        profiles,
                        lambda j: wait_until(lambda: all_complete(api, [j]), 900, "a render"),
                        phone_cpu=args.phone_cpu,
                    )
                )
            finally:
                worker.stop()
        for job_id in live_ids:  # opened (and charged) above: not rendered in 3.
            api.delete(job_id)

        # 3. MP4 ready on first view while another account's bulk batch renders
        worker = Worker(settings, work / "worker.log")
        try:
            time.sleep(2)
            bulk_ids = [
                j["jobId"] for j in bulk.batch([f"Bulk {i}" for i in range(args.bulk)], "now")
            ]
            wait_until(
                lambda: sum(bulk.status(j)["status"] == "processing" for j in bulk_ids) >= 2,
                300, "bulk jobs running",
            )  # fmt: skip
            ready_s, waited_s = [], []
            for job_id in ready_ids:
                t0 = time.monotonic()
                assert api.open(job_id) == 200
                wait_until(
                    lambda j=job_id: api.status(j)["status"] != "pending", 900, "a slot", 0.25
                )
                waited_s.append(time.monotonic() - t0)
                wait_until(lambda j=job_id: all_complete(api, [j]), 900, "the opened video", 0.25)
                ready_s.append(time.monotonic() - t0)
                left = sum(bulk.status(j)["status"] != "complete" for j in bulk_ids)
                if left == 0:
                    break
            target = (video_s or 0) + 10
            result["mp4_ready"] = {
                "target_s": round(target, 1),
                "opens_while_bulk_ran": len(ready_s),
                "seconds": [round(s, 1) for s in ready_s],
                "waited_for_a_slot_s": [round(s, 1) for s in waited_s],
                "p50_s": round(statistics.median(ready_s), 1),
                "max_s": round(max(ready_s), 1),
            }
        finally:
            worker.stop()
    result["load_avg_at_end"] = round(os.getloadavg()[0], 2)
    result["work_dir"] = str(work)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=3, help="jobs measured for CPU, each kind")
    parser.add_argument("--opens", type=int, default=6, help="page opens per browser profile")
    parser.add_argument("--bulk", type=int, default=6, help="rows of the bulk batch in 3.")
    parser.add_argument("--rounds", type=int, default=3, help="on-view opens while bulk runs")
    parser.add_argument("--recipients", type=int, default=1000)
    parser.add_argument("--open-rate", type=float, default=0.2)
    parser.add_argument(
        "--voice-at",
        choices=("creation", "open"),
        default="creation",
        help="REELSMITH_ON_VIEW_VOICE: the voice spoken with the poster or at the first open",
    )
    parser.add_argument(
        "--phone-cpu",
        choices=("devtools", "quota"),
        default="devtools",
        help="how the phone's CPU is made 4x slower: DevTools' throttling (which keeps most of "
        "a core of this machine busy meanwhile) or a cgroup of a quarter of one core for the "
        "phone's browser (root, cgroup v1 cpu controller)",
    )
    result = run(parser.parse_args())
    cpu = result["cpu"]
    print(
        f"CPU per job: poster + live kit {cpu['poster_and_live_kit_cpu_s']} s, render after "
        f"the open {cpu['render_after_open_cpu_s']} s, render now {cpu['render_now_cpu_s']} s"
    )
    print(
        f"{cpu['recipients']} recipients, {cpu['opened']} open: render all "
        f"{cpu['render_all_cpu_s']} CPU s, on view {cpu['on_view_cpu_s']} CPU s: "
        f"{cpu['cpu_ratio']}x less (target >= 4x); with the opens one at a time (a render after "
        f"the open {cpu['render_after_open_apart_cpu_s']} s): {cpu['cpu_ratio_opens_apart']}x"
    )
    for profile, figures in result["first_frame"].items():
        print(f"open -> first frame ({profile}): {figures}")
    print(f"MP4 ready after the open while bulk runs: {result['mp4_ready']}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()

"""One long video across workers: the same long render with one worker pinned to one core
(`taskset -c 0`), then with two workers each pinned to its own core (`taskset -c 0`, `-c 1`).

    .venv/bin/python bench/chunk_bench.py [--seconds 300] [--resolution 720p] [--fps 30]
        [--threshold 120] [--min-chunk 20]

The composition is `ken-burns` scenes (the camera never stops: every frame moves, none is a
repeat the engine could skip) cut back to back, `--seconds` long. Both runs use the same
settings (REELSMITH_CHUNK_THRESHOLD_S=--threshold, REELSMITH_CHUNK_MIN_S=--min-chunk): with
one worker there is one slot, so the job renders in one piece; with two, it is planned into
two pieces. Two pinned cores of one machine stand in for two machines (the pieces, page and
soundtrack go through the media Storage, as they would through S3).

Prints wall time of each run (job dispatched -> complete), the speed-up (target >= 1.7x) and
the share of the two-worker wall time spent planning (soundtrack mix, page bundle, store,
plan rows) and assembling (fetch parts, concat + mux, store, poster, completion), read from
the workers' log lines (target <= 3 %). Uses a temporary SQLite database, media folder and
Redis namespace (Redis must answer at REELSMITH_REDIS_URL). The last line is one JSON object.
A shorter variant for a quick check: --seconds 30 --threshold 10 --min-chunk 5.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from arq import create_pool
from arq.connections import RedisSettings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.accounts.service import create_account  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import Database  # noqa: E402
from app.models import create_all  # noqa: E402
from app.renders.job import build_job_spec  # noqa: E402
from app.renders.models import RenderJob  # noqa: E402
from app.renders.queue import capacity, dispatch  # noqa: E402
from app.renders.schemas import RenderOptions  # noqa: E402
from tests.support.environment import settings_env  # noqa: E402

OPTIONS = ("zoom-in", "pan-left", "zoom-out", "pan-right")
MAX_SCENE_S = 60.0
PLANNED = re.compile(r"planned into (\d+) pieces .* in ([\d.]+)s")
ASSEMBLED = re.compile(r"(\d+) parts assembled in ([\d.]+)s")


def template(seconds: float) -> dict[str, Any]:
    """Ken Burns scenes with cuts, `seconds` long in all."""
    count = max(1, math.ceil(seconds / MAX_SCENE_S))
    scenes = [
        {
            "primitiveId": "ken-burns",
            "animationOption": OPTIONS[n % len(OPTIONS)],
            "durationOverride": round(seconds / count, 3),
            "transition": "cut",
            "sceneData": {"caption": f"Part {n + 1}", "credit": "reelsmith bench"},
        }
        for n in range(count)
    ]
    return {"id": "chunk-bench", "name": "Chunk bench", "scenes": scenes, "dataSlots": []}


def worker_env(settings: Settings, args: argparse.Namespace) -> dict[str, str]:
    values = {
        "worker_concurrency": 1,
        "render_parallelism": 1,
        "chunk_threshold_s": args.threshold,
        "chunk_min_s": args.min_chunk,
        "job_timeout_s": args.timeout,
    }
    return {**os.environ, **settings_env(settings, "work_dir", **values)}


async def new_job(db: Database, account_id: str, args: argparse.Namespace) -> str:
    options = RenderOptions.model_validate(
        {"output": {"resolution": args.resolution, "fps": args.fps}}
    )
    spec = build_job_spec(template(args.seconds), {}, "enterprise", options=options)
    async with db.session() as session:
        job = RenderJob(
            account_id=account_id, template_id="chunk-bench", request=spec.model_dump(mode="json")
        )
        session.add(job)
        await session.flush()
        return job.id


async def run_case(
    settings: Settings, args: argparse.Namespace, work: Path, cores: list[int], account: str
) -> dict[str, Any]:
    """Workers pinned one per core in `cores`; one job dispatched; wall time to complete."""
    db = Database(settings.database_url)
    pool = await create_pool(RedisSettings.from_dsn(settings.redis_url))
    env = worker_env(settings, args)
    logs = [work / f"worker-{len(cores)}-{core}.log" for core in cores]
    handles = [log.open("wb") for log in logs]
    procs = [
        subprocess.Popen(
            ["taskset", "-c", str(core), sys.executable, "-m", "app.cli", "worker"],
            cwd=ROOT,
            env=env,
            stdout=handle,
            stderr=subprocess.STDOUT,
        )
        for core, handle in zip(cores, handles, strict=True)
    ]
    try:
        deadline = time.monotonic() + 60
        while await capacity(pool, settings) < len(cores):  # every worker beating
            if time.monotonic() > deadline:
                raise SystemExit("workers did not start; see " + str(logs[0]))
            await asyncio.sleep(0.2)
        job_id = await new_job(db, account, args)
        started = time.monotonic()
        await dispatch(db, pool, settings)
        while True:
            await asyncio.sleep(0.25)
            async with db.session() as session:
                job = await session.get(RenderJob, job_id)
            assert job is not None
            if job.status in ("complete", "failed"):
                break
            if time.monotonic() - started > args.timeout:
                raise SystemExit(f"timed out after {args.timeout}s")
        wall = time.monotonic() - started
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(60)
        for handle in handles:
            handle.close()
        await pool.aclose()
        await db.dispose()
    text = "".join(log.read_text(errors="replace") for log in logs)
    planned = PLANNED.findall(text)
    assembled = ASSEMBLED.findall(text)
    return {
        "workers": len(cores),
        "status": job.status,
        "error": job.error,
        "video_s": (job.duration_ms or 0) / 1000,
        "wall_s": round(wall, 2),
        "pieces": int(planned[0][0]) if planned else 1,
        "plan_s": float(planned[0][1]) if planned else 0.0,
        "assemble_s": float(assembled[0][1]) if assembled else 0.0,
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="reelsmith-chunk-bench-"))
    ns = f"bench:{uuid.uuid4().hex[:8]}"
    settings = Settings().model_copy(
        update={
            "database_url": f"sqlite+aiosqlite:///{work}/bench.db",
            "redis_prefix": ns,
            "queue_name": f"{ns}:queue",
            "media_dir": work / "media",
            "work_dir": work / "work",
        }
    )
    db = Database(settings.database_url)
    await create_all(db)
    async with db.session() as session:
        account = (
            await create_account(session, "bench@example.com", "bench-password", "enterprise", 9)
        ).id
    await db.dispose()
    try:
        one = await run_case(settings, args, work, [0], account)
        two = await run_case(settings, args, work, [0, 1], account)
    finally:
        pool = await create_pool(RedisSettings.from_dsn(settings.redis_url))
        for pattern in (f"{ns}*", f"arq:*:{ns}:*"):
            keys = [k async for k in pool.scan_iter(match=pattern)]
            if keys:
                await pool.delete(*keys)
        await pool.aclose()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    overhead = two["plan_s"] + two["assemble_s"]
    return {
        "seconds": args.seconds,
        "resolution": args.resolution,
        "fps": args.fps,
        "one_worker": one,
        "two_workers": two,
        "speedup": round(one["wall_s"] / two["wall_s"], 3) if two["wall_s"] else None,
        "target_speedup": 1.7,
        "plan_assemble_share": round(overhead / two["wall_s"], 4) if two["wall_s"] else None,
        "target_share": 0.03,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=300.0, help="video length")
    parser.add_argument("--resolution", default="720p", choices=["720p", "1080p", "4k"])
    parser.add_argument("--fps", type=int, default=30, choices=[30, 60])
    parser.add_argument("--threshold", type=float, default=120.0, help="CHUNK_THRESHOLD_S")
    parser.add_argument("--min-chunk", type=float, default=20.0, help="CHUNK_MIN_S")
    parser.add_argument("--timeout", type=int, default=3600, help="per run, seconds")
    parser.add_argument("--keep", action="store_true", help="keep the temp folder (logs)")
    args = parser.parse_args()
    if args.seconds <= args.threshold:
        parser.error("--seconds must exceed --threshold, or nothing is split")
    result = asyncio.run(run(args))
    one, two = result["one_worker"], result["two_workers"]
    print(f"video: {args.seconds:.0f} s {args.resolution}{args.fps}, every frame moving")
    print(f"one worker (core 0):          {one['wall_s']:8.1f} s  ({one['pieces']} piece)")
    print(f"two workers (cores 0 and 1):  {two['wall_s']:8.1f} s  ({two['pieces']} pieces)")
    print(f"speed-up: {result['speedup']}x (target >= 1.7x)")
    print(
        f"planning {two['plan_s']:.2f} s + assembling {two['assemble_s']:.2f} s = "
        f"{(result['plan_assemble_share'] or 0) * 100:.2f} % of wall time (target <= 3 %)"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()

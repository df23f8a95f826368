"""`python -m worker`: run one render worker (the `reelsmith worker` command does the same)."""

from __future__ import annotations

import argparse
import logging

from app.config import Settings
from app.renders.queue import HEARTBEAT_TTL_S
from worker.settings import SHUTDOWN_GRACE_S, SWEEP_EVERY_S, run_worker


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m worker", description=__doc__)
    parser.add_argument("--sweep-every", type=int, default=SWEEP_EVERY_S, help="seconds")
    parser.add_argument("--heartbeat-ttl", type=int, default=HEARTBEAT_TTL_S, help="seconds")
    parser.add_argument(
        "--shutdown-grace",
        type=int,
        default=SHUTDOWN_GRACE_S,
        help="seconds the job in hand may finish after SIGTERM before it is re-queued",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    run_worker(
        Settings(),
        sweep_every_s=args.sweep_every,
        heartbeat_ttl_s=args.heartbeat_ttl,
        shutdown_grace_s=args.shutdown_grace,
    )


if __name__ == "__main__":
    main()

"""A real S3-protocol server (moto in server mode) on the loopback, on a free port."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import boto3
from moto.server import ThreadedMotoServer


@dataclass
class S3Server:
    server: ThreadedMotoServer
    endpoint: str

    def stop(self) -> None:
        """Take the store down: stop serving and close the listening socket."""
        self.server.stop()
        if self.server._server is not None:
            self.server._server.server_close()

    def settings(self, bucket: str | None = None) -> dict[str, Any]:
        """REELSMITH_S3_* overrides for make_settings, with a fresh bucket made here."""
        bucket = bucket or f"reelsmith-{uuid.uuid4().hex[:10]}"
        values: dict[str, Any] = {
            "storage": "s3",
            "s3_endpoint_url": self.endpoint,
            "s3_bucket": bucket,
            "s3_region": "us-east-1",
            "s3_access_key_id": "testing",
            "s3_secret_access_key": "testing",
            "s3_path_style": True,
        }
        boto3.client(
            "s3",
            endpoint_url=self.endpoint,
            region_name="us-east-1",
            aws_access_key_id="testing",
            aws_secret_access_key="testing",
        ).create_bucket(Bucket=bucket)
        return values


@contextmanager
def s3_server() -> Iterator[S3Server]:
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    running = S3Server(server, f"http://{host}:{port}")
    try:
        yield running
    finally:
        if server._server_ready_event.is_set():
            running.stop()

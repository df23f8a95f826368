"""A real S3-protocol server (moto in server mode) on a free port, with S3's check of presigned
URLs in front of it.

moto (5.2) does not check query-string (presigned) signatures or their expiry: its optional
auth reads the Authorization header only, and nothing in it reads X-Amz-Expires. So the
server here puts `PresignedGate` before moto: a request carrying `X-Amz-Signature` is checked
the way S3 checks one (SigV4 query authentication, docs "Authenticating Requests: Using Query
Parameters"): the signature is computed again with the known secret over the request as it
arrived (method, path, query without the signature, the signed headers), by botocore's own
SigV4 signer, and the URL is refused with S3's 403 XML when it does not match
(`SignatureDoesNotMatch`) or when the time now is past X-Amz-Date + X-Amz-Expires
(`AccessDenied`, "Request has expired"). Other requests (the store's own, signed in the
Authorization header) go to moto unchanged."""

from __future__ import annotations

import hmac
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl

import boto3
from botocore.auth import S3SigV4QueryAuth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials
from moto.moto_server.werkzeug_app import (
    DomainDispatcherApplication,
    MotoRequestHandler,
    create_backend_app,
)
from werkzeug.serving import BaseWSGIServer, make_server

ACCESS_KEY = SECRET_KEY = "testing"
SIGV4_TIME = "%Y%m%dT%H%M%SZ"
MAX_EXPIRES_S = 7 * 24 * 3600  # S3's longest presigned URL

StartResponse = Callable[[str, list[tuple[str, str]]], Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def check_presigned(
    method: str,
    raw_uri: str,
    headers: dict[str, str],
    secrets: dict[str, str],
    now: datetime,
) -> None:
    """Raise Refused unless this presigned request is signed and not expired (S3's rules)."""
    path, _, query = raw_uri.partition("?")
    pairs = [p for p in query.split("&") if p]
    params = dict(parse_qsl(query, keep_blank_values=True))
    try:
        signature = params["X-Amz-Signature"]
        access_key, day, region, service, _ = params["X-Amz-Credential"].split("/")
        stamp = params["X-Amz-Date"]
        expires = int(params["X-Amz-Expires"])
        signed_headers = params["X-Amz-SignedHeaders"].split(";")
        signed_at = datetime.strptime(stamp, SIGV4_TIME).replace(tzinfo=UTC)
    except (KeyError, ValueError) as exc:
        raise Refused("AuthorizationQueryParametersError", f"bad query auth: {exc}") from exc
    if params.get("X-Amz-Algorithm") != "AWS4-HMAC-SHA256":
        raise Refused("AuthorizationQueryParametersError", "X-Amz-Algorithm must be SigV4")
    if not 1 <= expires <= MAX_EXPIRES_S:
        raise Refused("AuthorizationQueryParametersError", "X-Amz-Expires out of range")
    if access_key not in secrets:
        raise Refused("InvalidAccessKeyId", "The AWS Access Key Id does not exist")
    if stamp[:8] != day:
        raise Refused("SignatureDoesNotMatch", "credential date differs from X-Amz-Date")
    unsigned = "&".join(p for p in pairs if not p.startswith("X-Amz-Signature="))
    request = AWSRequest(
        method=method,
        url=f"http://{headers.get('host', '')}{path}?{unsigned}",
        headers={h: headers.get(h, "") for h in signed_headers},
    )
    request.context["timestamp"] = stamp
    signer = S3SigV4QueryAuth(Credentials(access_key, secrets[access_key]), service, region)
    expected = signer.signature(
        signer.string_to_sign(request, signer.canonical_request(request)), request
    )
    if not hmac.compare_digest(expected, signature):
        raise Refused(
            "SignatureDoesNotMatch",
            "The request signature we calculated does not match the signature you provided",
        )
    if now > signed_at + timedelta(seconds=expires):
        raise Refused("AccessDenied", "Request has expired")


class PresignedGate:
    """WSGI middleware: presigned requests are checked (check_presigned), then passed on."""

    def __init__(self, app: WsgiApp, secrets: dict[str, str]) -> None:
        self.app, self.secrets = app, secrets
        self.refused: list[str] = []  # codes of refused requests, for tests to look at

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        raw_uri = environ.get("RAW_URI") or environ.get("REQUEST_URI") or ""
        if "X-Amz-Signature=" in raw_uri.partition("?")[2]:
            headers = {
                k[5:].lower().replace("_", "-"): str(v)
                for k, v in environ.items()
                if k.startswith("HTTP_")
            }
            try:
                check_presigned(
                    environ["REQUEST_METHOD"], raw_uri, headers, self.secrets, datetime.now(UTC)
                )
            except Refused as refused:
                self.refused.append(refused.code)
                body = (
                    '<?xml version="1.0" encoding="UTF-8"?>\n'
                    f"<Error><Code>{refused.code}</Code><Message>{refused.message}</Message>"
                    f"<RequestId>{uuid.uuid4().hex[:16]}</RequestId></Error>"
                ).encode()
                start_response(
                    "403 Forbidden",
                    [("Content-Type", "application/xml"), ("Content-Length", str(len(body)))],
                )
                return [body]
        return self.app(environ, start_response)


@dataclass
class S3Server:
    server: BaseWSGIServer
    thread: threading.Thread
    gate: PresignedGate
    endpoint: str

    def stop(self) -> None:
        """Take the store down: stop serving and close the listening socket."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join(10)
        self.server.server_close()

    def settings(self, bucket: str | None = None) -> dict[str, Any]:
        """REELSMITH_S3_* overrides for make_settings, with a fresh bucket made here."""
        bucket = bucket or f"reelsmith-{uuid.uuid4().hex[:10]}"
        values: dict[str, Any] = {
            "storage": "s3",
            "s3_endpoint_url": self.endpoint,
            "s3_bucket": bucket,
            "s3_region": "us-east-1",
            "s3_access_key_id": ACCESS_KEY,
            "s3_secret_access_key": SECRET_KEY,
            "s3_path_style": True,
        }
        boto3.client(
            "s3",
            endpoint_url=self.endpoint,
            region_name="us-east-1",
            aws_access_key_id=ACCESS_KEY,
            aws_secret_access_key=SECRET_KEY,
        ).create_bucket(Bucket=bucket)
        return values


@contextmanager
def s3_server(host: str = "127.0.0.1", port: int = 0) -> Iterator[S3Server]:
    """moto's S3 behind the presigned-URL gate, served from a thread on host:port (0: free)."""
    gate = PresignedGate(DomainDispatcherApplication(create_backend_app), {ACCESS_KEY: SECRET_KEY})
    server = make_server(host, port, gate, threaded=True, request_handler=MotoRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    running = S3Server(server, thread, gate, f"http://{host}:{server.server_port}")
    try:
        yield running
    finally:
        running.stop()

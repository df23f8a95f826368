"""Verify a webhook delivery: `verify(body, headers, secret)` returns the parsed event or
raises `InvalidSignature`.

Both schemes reelsmith signs with are checked, whichever the delivery carries:
- Standard Webhooks: `webhook-signature` (`v1,<base64 HMAC-SHA256>` of
  `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64 part of the `whsec_` secret;
  several space-separated during a secret rotation), with `webhook-timestamp` within
  `tolerance` seconds of now (a replayed old delivery is refused).
- `X-Service-Signature`: hex HMAC-SHA256 of the raw body keyed with the whole secret string
  (`X-Service-Signature-Previous` during a rotation). It signs no time; the
  `webhook-timestamp` sent beside it is still held to the tolerance.

Pass the raw body (bytes, as received: not re-serialized JSON).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

from reelsmith_client.errors import ReelsmithError

PREFIX = "whsec_"
DEFAULT_TOLERANCE = 300  # seconds, as the Standard Webhooks libraries


class InvalidSignature(ReelsmithError):
    """The delivery is not from reelsmith with this secret, was altered, or is too old."""


def _header(headers: Mapping[str, str], name: str) -> str | None:
    lower = name.lower()
    for key, value in headers.items():
        if key.lower() == lower:
            return value
    return None


def _check_time(timestamp: str | None, tolerance: float, now: float | None) -> None:
    if timestamp is None:
        return
    try:
        sent = int(timestamp)
    except ValueError as exc:
        raise InvalidSignature("webhook-timestamp is not a number") from exc
    if abs((now if now is not None else time.time()) - sent) > tolerance:
        raise InvalidSignature(f"webhook-timestamp is more than {tolerance:g}s from now")


def _standard_ok(secret: str, message_id: str, timestamp: str, body: bytes, sent: str) -> bool:
    key = base64.b64decode(secret.removeprefix(PREFIX))
    signed = f"{message_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for entry in sent.split():
        version, _, signature = entry.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return True
    return False


def _service_ok(secret: str, body: bytes, headers: Mapping[str, str]) -> bool:
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    for name in ("X-Service-Signature", "X-Service-Signature-Previous"):
        sent = _header(headers, name)
        if sent and hmac.compare_digest(sent.strip().lower(), expected):
            return True
    return False


def verify(
    body: bytes | str,
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance: float = DEFAULT_TOLERANCE,
    now: float | None = None,
) -> Any:
    """The delivery's JSON payload once its signatures and time check out; InvalidSignature
    otherwise. Every signature scheme present must verify; at least one must be present."""
    raw = body.encode() if isinstance(body, str) else bytes(body)
    standard = _header(headers, "webhook-signature")
    service = _header(headers, "X-Service-Signature")
    if not standard and not service:
        raise InvalidSignature("no webhook-signature or X-Service-Signature header")
    timestamp = _header(headers, "webhook-timestamp")
    if standard:
        message_id = _header(headers, "webhook-id")
        if not message_id or not timestamp:
            raise InvalidSignature("webhook-signature without webhook-id and webhook-timestamp")
        if not _standard_ok(secret, message_id, timestamp, raw, standard):
            raise InvalidSignature("webhook-signature does not match")
    if service and not _service_ok(secret, raw, headers):
        raise InvalidSignature("X-Service-Signature does not match")
    _check_time(timestamp, tolerance, now)
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise InvalidSignature("the body is not JSON") from exc

"""Delivery signatures: SPEC 6.1's X-Service-Signature and the Standard Webhooks headers.

- `X-Service-Signature`: lowercase hex HMAC-SHA256 of the raw body, keyed with the secret
  string exactly as shown to the user (UTF-8 bytes of `whsec_...`).
- `webhook-signature`: `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}`
  keyed with the base64-decoded part of the secret after `whsec_` (the Standard Webhooks rule,
  so the `standardwebhooks` libraries verify it and reject old timestamps).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

SECRET_PREFIX = "whsec_"
# Leading characters of the secret shown after creation (enough to recognize it).
SHOWN_PREFIX_LENGTH = len(SECRET_PREFIX) + 6


def new_secret() -> str:
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(24)).decode()


def shown_prefix(secret: str) -> str:
    return secret[:SHOWN_PREFIX_LENGTH]


def service_signature(secret: str, body: bytes) -> str:
    return hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def standard_signature(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    key = base64.b64decode(secret.removeprefix(SECRET_PREFIX))
    signed = f"{message_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def signature_headers(
    secret: str, previous_secret: str | None, message_id: str, timestamp: int, body: bytes
) -> dict[str, str]:
    """All signature headers of one attempt. While a rotated-out secret is still valid its
    signatures travel alongside: a second `webhook-signature` entry (space-separated, as the
    standard allows) and `X-Service-Signature-Previous`."""
    standard = [standard_signature(secret, message_id, timestamp, body)]
    headers = {
        "X-Service-Signature": service_signature(secret, body),
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
    }
    if previous_secret:
        standard.append(standard_signature(previous_secret, message_id, timestamp, body))
        headers["X-Service-Signature-Previous"] = service_signature(previous_secret, body)
    headers["webhook-signature"] = " ".join(standard)
    return headers

"""Delivery signatures: SPEC 6.1's hex HMAC and the Standard Webhooks scheme."""

from __future__ import annotations

import hashlib
import hmac
import time

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from app.webhooks.signing import new_secret, service_signature, shown_prefix, signature_headers

BODY = b'{"event":"test.event","timestamp":"2026-11-23T19:00:00Z","data":{}}'


def test_service_signature_is_lowercase_hex_hmac_sha256_of_the_raw_body():
    secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    expected = hmac.new(secret.encode(), BODY, hashlib.sha256).hexdigest()
    assert service_signature(secret, BODY) == expected
    assert expected == expected.lower() and len(expected) == 64


def test_standard_webhooks_headers_verify_with_the_library():
    secret = new_secret()
    headers = signature_headers(secret, None, "msg_1", int(time.time()), BODY)
    assert headers["webhook-signature"].startswith("v1,")
    assert Webhook(secret).verify(BODY, headers) == {
        "event": "test.event",
        "timestamp": "2026-11-23T19:00:00Z",
        "data": {},
    }
    with pytest.raises(WebhookVerificationError):
        Webhook(new_secret()).verify(BODY, headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(BODY + b" ", headers)


def test_an_old_timestamp_is_rejected_by_the_library():
    secret = new_secret()
    headers = signature_headers(secret, None, "msg_1", int(time.time()) - 3600, BODY)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(BODY, headers)


def test_a_rotated_out_secret_signs_alongside_the_new_one():
    old, new = new_secret(), new_secret()
    headers = signature_headers(new, old, "msg_1", int(time.time()), BODY)
    Webhook(new).verify(BODY, headers)
    Webhook(old).verify(BODY, headers)
    assert headers["X-Service-Signature"] == service_signature(new, BODY)
    assert headers["X-Service-Signature-Previous"] == service_signature(old, BODY)


def test_secrets_are_random_and_shown_by_prefix_only():
    a, b = new_secret(), new_secret()
    assert a != b and a.startswith("whsec_")
    assert shown_prefix(a) == a[:12] and len(shown_prefix(a)) < len(a)

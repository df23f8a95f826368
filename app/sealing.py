"""Sealed values: authenticated encryption (AES-256-GCM) under keys derived from the secret key,
one key per purpose, for values that leave the server (an unsubscribe link says nothing about
whom it unsubscribes) or rest in the database (webhook signing secrets).

A sealed value is `<version>.<base64url(nonce | ciphertext | tag)>`; `open_sealed` tries the
current secret key, then REELSMITH_PREVIOUS_SECRET_KEYS, so a secret key can be rotated
(docs/operate/operations.md#rotating-the-secret-key)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
from collections.abc import Iterable
from dataclasses import dataclass

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

VERSION = "s1"
NONCE_BYTES = 12


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def derive_key(secret: str, purpose: str) -> bytes:
    """The 256-bit key of one purpose (never the secret key itself)."""
    return hmac.new(secret.encode(), f"reelsmith-seal:{purpose}".encode(), hashlib.sha256).digest()


def seal(secret: str, purpose: str, value: bytes) -> str:
    nonce = os.urandom(NONCE_BYTES)
    sealed = AESGCM(derive_key(secret, purpose)).encrypt(nonce, value, purpose.encode())
    return f"{VERSION}.{_b64(nonce + sealed)}"


def is_sealed(text: str) -> bool:
    return text.startswith(VERSION + ".")


def open_sealed(secrets_: Iterable[str], purpose: str, token: str) -> bytes | None:
    """The value sealed under one of `secrets_` (current first) for `purpose`; None for
    anything else (forged, truncated, another purpose, an unknown key)."""
    if not is_sealed(token) or len(token) > 8192:
        return None
    try:
        raw = _unb64(token[len(VERSION) + 1 :])
    except (binascii.Error, ValueError):
        return None
    if len(raw) <= NONCE_BYTES + 16:
        return None
    nonce, sealed = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
    for secret in secrets_:
        try:
            return AESGCM(derive_key(secret, purpose)).decrypt(nonce, sealed, purpose.encode())
        except InvalidTag:
            continue
    return None


@dataclass(frozen=True)
class Box:
    """Sealing for one purpose under the secret keys (current first)."""

    keys: tuple[str, ...]
    purpose: str

    def seal(self, value: str) -> str:
        return seal(self.keys[0], self.purpose, value.encode())

    def open(self, stored: str | None) -> str | None:
        """The value of `stored`: sealed ones opened (None when no key opens them), values
        stored before sealing (plain text) as they are, until they are re-sealed."""
        if stored is None or not is_sealed(stored):
            return stored
        opened = open_sealed(self.keys, self.purpose, stored)
        return opened.decode() if opened is not None else None

    def sealed_now(self, stored: str) -> bool:
        """Sealed under the current key (nothing to re-seal)."""
        return is_sealed(stored) and open_sealed(self.keys[:1], self.purpose, stored) is not None

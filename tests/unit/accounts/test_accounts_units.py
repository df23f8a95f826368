"""Passwords, session cookies and settings rules, without HTTP."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.accounts.service import hash_password, verify_password
from app.auth import cookie_secure, sign_session_id, unsign_session_id
from app.config import Settings


def test_password_hash_is_argon2_and_verifies_only_the_right_password():
    hashed = hash_password("hunter2")
    assert hashed.startswith("$argon2") and "hunter2" not in hashed
    assert verify_password(hashed, "hunter2")
    assert not verify_password(hashed, "hunter3")


def test_production_refuses_to_start_without_secret_key():
    with pytest.raises(ValidationError, match="REELSMITH_SECRET_KEY"):
        Settings(env="production", secret_key=None)
    good = "Zr8kq2Lw0pX4mV7nB1cT9yH3jD6fG5sA"
    assert Settings(env="production", secret_key=good).session_secret == good


def test_session_cookie_signature_is_checked():
    settings = Settings(secret_key="one")
    value = sign_session_id(settings, "session-123")
    assert "session-123" in unsign_session_id(settings, value)  # type: ignore[operator]
    assert unsign_session_id(Settings(secret_key="two"), value) is None
    assert unsign_session_id(settings, value[:-2] + "xx") is None


def test_expired_session_cookie_is_rejected():
    settings = Settings(secret_key="k", session_max_age_s=-1)
    assert unsign_session_id(settings, sign_session_id(settings, "s")) is None


@pytest.mark.parametrize(
    ("env", "url", "secure"),
    [
        ("development", "http://127.0.0.1:8000", False),
        ("development", "https://v.example.com", True),
        ("production", "http://10.0.0.1", True),
    ],
)
def test_cookie_secure_flag(env, url, secure):
    settings = Settings(env=env, public_url=url, secret_key="Zr8kq2Lw0pX4mV7nB1cT9yH3jD6fG5sA")
    assert cookie_secure(settings) is secure


def test_tier_override_changes_only_the_named_figure(monkeypatch):
    monkeypatch.setenv("REELSMITH_TIERS__STUDIO__BATCH_MAX", "200")
    tiers = Settings().tiers
    assert tiers["studio"].batch_max == 200
    assert tiers["studio"].prompt_builder_daily == 50
    assert tiers["free"].batch_max == 10


def test_unknown_tier_in_override_is_refused(monkeypatch):
    monkeypatch.setenv("REELSMITH_TIERS__GOLD__BATCH_MAX", "1")
    with pytest.raises(ValidationError, match="unknown tier 'gold'"):
        Settings()

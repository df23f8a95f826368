"""The session and preview-token secret: generated per install in development, required for a
service other machines can reach."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from pydantic import ValidationError

from app.auth import sign_session_id, unsign_session_id
from app.config import Settings, check_can_serve_on, generated_secret


def test_development_generates_a_random_secret_once_and_keeps_it(tmp_path: Path) -> None:
    first = Settings(data_dir=tmp_path / "a")
    secret = first.session_secret
    path = tmp_path / "a" / "secret_key"
    assert path.read_text().strip() == secret and len(secret) >= 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "development" not in secret
    generated_secret.cache_clear()  # as a restart would
    assert Settings(data_dir=tmp_path / "a").session_secret == secret
    other = Settings(data_dir=tmp_path / "b").session_secret
    assert other != secret  # no two installs share a key
    # A cookie signed by one install is refused by another.
    cookie = sign_session_id(first, "s1")
    assert unsign_session_id(Settings(data_dir=tmp_path / "b"), cookie) is None
    assert unsign_session_id(first, cookie) is not None


def test_the_generated_secret_is_read_once_whatever_the_folder_is_called(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    secret = Settings(data_dir=Path("data")).session_secret
    assert Settings(data_dir=tmp_path / "data").session_secret == secret

    # Every beacon and signed link asks for it: no file system call after the first read.
    def no_disk(*args: object) -> None:
        raise AssertionError("the secret's folder was looked up again")

    monkeypatch.setattr(Path, "resolve", no_disk)
    monkeypatch.setattr(Path, "exists", no_disk)
    monkeypatch.setattr(Path, "read_text", no_disk)
    assert Settings(data_dir=Path("data")).session_secret == secret


def test_a_set_secret_key_is_used_and_nothing_is_written(tmp_path: Path) -> None:
    assert Settings(secret_key="k" * 40, data_dir=tmp_path).session_secret == "k" * 40
    assert not (tmp_path / "secret_key").exists()


def test_an_unusable_secret_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "secret_key").write_text("short\n")
    with pytest.raises(ValueError, match="secret_key holds no usable secret"):
        _ = Settings(data_dir=tmp_path).session_secret


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "", "10.0.0.5", "api.example.com"])
def test_serving_beyond_the_loopback_needs_a_secret_key(host: str) -> None:
    with pytest.raises(ValidationError, match="REELSMITH_SECRET_KEY must be set to serve on"):
        Settings(host=host)
    with pytest.raises(ValueError, match="bind to 127.0.0.1"):
        check_can_serve_on(host, None)
    assert Settings(host=host, secret_key="s" * 40).host == host


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_loopback_serving_needs_no_secret_key(host: str) -> None:
    check_can_serve_on(host, None)
    assert Settings(host=host).host == host

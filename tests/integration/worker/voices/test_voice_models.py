"""The installed voice models are what was pinned: the joined Kokoro model and every voice file
are checked against their recorded SHA-256 before a process loads them."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from app.config import Settings
from app.voices.catalog import kokoro_voice_names
from worker.voices.engines import VoiceError
from worker.voices.models import (
    KOKORO_MODEL,
    KOKORO_SHA256,
    MANIFEST,
    kokoro_model,
    models_dir,
    voice_style,
)


@pytest.fixture
def installed() -> Path:
    root = models_dir(Settings())
    if not (root / MANIFEST).exists():
        pytest.fail(f"voice models are not installed in {root}: run `make venv`")
    return root


def test_the_install_holds_the_pinned_model_and_every_catalog_voice(installed: Path) -> None:
    manifest = json.loads((installed / MANIFEST).read_text())
    assert manifest["kokoro-upstream-sha256"] == KOKORO_SHA256
    assert kokoro_model(installed) == installed / KOKORO_MODEL
    for name in kokoro_voice_names():
        assert voice_style(installed, name).shape == (510, 1, 256)
    assert "Apache" in (installed / "LICENSE-kokoro-js").read_text()


def test_a_changed_voice_file_is_refused(installed: Path, tmp_path: Path) -> None:
    (tmp_path / "kokoro-voices").mkdir()
    original = installed / "kokoro-voices" / "af_heart.bin"
    copy = tmp_path / "kokoro-voices" / "af_heart.bin"
    shutil.copyfile(original, copy)
    digest = hashlib.sha256(original.read_bytes()).hexdigest()
    (tmp_path / MANIFEST).write_text(json.dumps({"kokoro-voices/af_heart.bin": digest}))
    assert voice_style(tmp_path, "af_heart").shape == (510, 1, 256)
    data = bytearray(copy.read_bytes())
    data[1000] ^= 0xFF
    copy.write_bytes(bytes(data))
    with pytest.raises(VoiceError, match="corrupted"):
        voice_style(tmp_path, "af_heart")
    with pytest.raises(VoiceError, match="not installed"):
        voice_style(tmp_path, "bf_emma")


def test_a_model_that_does_not_match_its_recorded_hash_is_refused(tmp_path: Path) -> None:
    (tmp_path / KOKORO_MODEL).write_bytes(b"not a model")
    (tmp_path / MANIFEST).write_text(json.dumps({KOKORO_MODEL: "0" * 64}))
    with pytest.raises(VoiceError, match="does not match its recorded SHA-256"):
        kokoro_model(tmp_path)

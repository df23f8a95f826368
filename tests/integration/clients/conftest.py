"""The client libraries' tests: the tools `make clients` installs (npm ci in
clients/typescript) and, for the live tests, one API with a real worker shared by all."""

from __future__ import annotations

import pytest

from clients import generate


@pytest.fixture(scope="session")
def typescript_tools() -> None:
    if not generate.TS_BIN.exists():
        pytest.fail("clients/typescript has no node_modules: run `make clients` (make test does)")

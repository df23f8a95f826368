"""The contract generates clean: /openapi.json as served gives a Python client
(openapi-python-client) and TypeScript types (openapi-typescript) with no warning, and what
clients/ commits from it is current (clients/generate.py regenerates it)."""

from __future__ import annotations

import filecmp
import json
from pathlib import Path

import pytest

from clients import generate

pytestmark = pytest.mark.usefixtures("typescript_tools")


@pytest.fixture
async def served(client, tmp_path: Path) -> Path:
    """The live /openapi.json, written as clients/generate.py writes it (keys sorted)."""
    resp = await client.get("/openapi.json")
    assert resp.status_code == 200
    path = tmp_path / "openapi.json"
    generate.write_document(await resp.get_json(), path)
    return path


def differences(left: Path, right: Path) -> list[str]:
    """Files that differ between two trees (caches aside)."""
    compare = filecmp.dircmp(left, right, ignore=["__pycache__"])
    out = [*compare.left_only, *compare.right_only, *compare.diff_files, *compare.funny_files]
    for name in compare.subdirs:
        out += [f"{name}/{d}" for d in differences(left / name, right / name)]
    return out


def test_every_error_response_refers_to_one_error_body(served: Path):
    doc = json.loads(served.read_text())
    schemas = doc["components"]["schemas"]
    assert "ErrorBody" in schemas
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for status, response in op["responses"].items():
                for media in response.get("content", {}).values():
                    schema = media["schema"]
                    assert "properties" not in schema, f"{method} {path} {status}: inline model"
                    if status.startswith(("4", "5")):
                        assert schema["$ref"].endswith(("/ErrorBody", "/CreditsErrorBody"))


def test_operation_ids_name_each_operation_once(served: Path):
    doc = json.loads(served.read_text())
    ids = [op["operationId"] for ops in doc["paths"].values() for op in ops.values()]
    assert len(ids) == len(set(ids))
    assert {"create_render", "list_keys", "get_languages", "get_render"} <= set(ids)
    assert not [i for i in ids if i.split("_")[0] in ("post", "put", "patch") or "get_get" in i]
    tags = {op["operationId"]: op["tags"] for ops in doc["paths"].values() for op in ops.values()}
    assert tags["create_render"] == ["Renders"] and tags["create_batch"] == ["Batches"]
    assert all(tags.values())


def test_python_client_generates_without_warnings(served: Path, tmp_path: Path):
    output = generate.generate_python(served, tmp_path / "_generated")
    assert "warning" not in output.lower(), output
    assert (tmp_path / "_generated" / "api" / "renders" / "create_render.py").is_file()
    assert (tmp_path / "_generated" / "models" / "error_body.py").is_file()


def test_typescript_types_generate_without_warnings(served: Path, tmp_path: Path):
    output = generate.generate_typescript(served, tmp_path / "schema.ts")
    assert "warn" not in output.lower() and "⚠" not in output, output
    assert "ErrorBody: {" in (tmp_path / "schema.ts").read_text()


def test_committed_contract_and_generated_code_are_current(served: Path, tmp_path: Path):
    """Regenerating from today's /openapi.json gives no diff (else: python clients/generate.py)."""
    assert served.read_text() == (generate.CLIENTS / "openapi.json").read_text()
    generate.generate_python(served, tmp_path / "_generated")
    assert differences(tmp_path / "_generated", generate.GENERATED) == []
    generate.generate_typescript(served, tmp_path / "schema.ts")
    assert (tmp_path / "schema.ts").read_text() == generate.TS_SCHEMA.read_text()

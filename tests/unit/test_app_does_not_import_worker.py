"""`app` never imports `worker`, except the CLI entry point (it starts the worker)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"


def worker_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        else:
            continue
        found += [n for n in names if n == "worker" or n.startswith("worker.")]
    return found


def test_only_the_cli_imports_the_worker() -> None:
    offenders = {
        str(path.relative_to(APP.parent)): names
        for path in sorted(APP.rglob("*.py"))
        if path.name != "cli.py" or path.parent != APP
        if (names := worker_imports(path))
    }
    assert offenders == {}
    assert worker_imports(APP / "cli.py")  # the check sees imports at all

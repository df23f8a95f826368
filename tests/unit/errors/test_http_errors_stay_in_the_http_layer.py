"""Services raise domain errors; only the HTTP layer (routes, the auth and rate-limit
decorators, the error handler, the dashboard's pages) builds an HTTP error itself."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HTTP_HELPERS = {"ApiError", "bad_request", "not_found", "forbidden", "error_response"}
HTTP_MODULES = {
    "app/errors.py",
    "app/auth.py",
    "app/ratelimit.py",
    "app/metrics.py",
    "app/apidocs.py",
}


def http_layer(path: str, source: str = "") -> bool:
    """Routes modules (routes.py, or a module with a Blueprint of its own, such as the live
    player's app/viewers/live.py), the modules above and the dashboard's pages."""
    return (
        path in HTTP_MODULES
        or path.endswith("/routes.py")
        or path.startswith("app/dashboard/")
        or " = Blueprint(" in source
    )


def http_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "app.errors":
            names |= {alias.name for alias in node.names} & HTTP_HELPERS
    return names


def test_no_service_builds_an_http_error():
    offenders = {}
    for package in ("app", "worker"):
        for file in sorted((ROOT / package).rglob("*.py")):
            path = file.relative_to(ROOT).as_posix()
            source = file.read_text()
            names = http_names(ast.parse(source, path))
            if names and not http_layer(path, source):
                offenders[path] = sorted(names)
    assert offenders == {}, f"raise a DomainError with a kind instead: {offenders}"

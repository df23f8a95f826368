"""/openapi.json (3.1, from the route models) and the offline /docs page built from it."""

from __future__ import annotations

import re


async def openapi(client) -> dict:
    resp = await client.get("/openapi.json")
    assert resp.status_code == 200
    return await resp.get_json()


async def test_openapi_is_3_1_with_security_schemes(client):
    doc = await openapi(client)
    assert doc["openapi"].startswith("3.1")
    assert doc["info"]["version"] == "1.0.0"
    schemes = doc["components"]["securitySchemes"]
    assert schemes["ApiKey"] == {"type": "apiKey", "in": "header", "name": "X-API-Key"}
    assert schemes["Session"]["in"] == "cookie"


async def test_openapi_names_the_scope_each_operation_needs(client):
    doc = await openapi(client)
    assert doc["paths"]["/api/billing"]["get"]["security"][0] == {"ApiKey": ["billing:read"]}
    assert doc["paths"]["/api/projects"]["post"]["security"][0] == {"ApiKey": ["projects:write"]}
    assert doc["paths"]["/api/keys"]["post"]["security"] == [{"Session": []}]
    assert "security" not in doc["paths"]["/api/auth/login"]["post"]


async def test_openapi_documents_request_response_and_error_bodies(client):
    doc = await openapi(client)
    op = doc["paths"]["/api/keys"]["post"]
    schemas = doc["components"]["schemas"]

    def resolve(schema: dict) -> dict:
        return schemas[schema["$ref"].rsplit("/", 1)[-1]]

    request = resolve(op["requestBody"]["content"]["application/json"]["schema"])
    assert set(request["required"]) == {"name", "scopes"}
    assert {"201", "400", "401"} <= set(op["responses"])

    def props(status: str) -> set[str]:
        schema = op["responses"][status]["content"]["application/json"]["schema"]
        return set(resolve(schema)["properties"])

    assert {"key", "apiKey", "message", "success"} <= props("201")
    assert {"success", "error", "message", "details"} <= props("401")


async def test_every_api_route_is_in_the_openapi_document(app, client):
    doc = await openapi(client)
    documented = {(method.upper(), path) for path, ops in doc["paths"].items() for method in ops}
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (method, path) in documented, f"{method} {path} missing from /openapi.json"


async def test_docs_page_lists_every_operation_without_external_assets(client):
    doc = await openapi(client)
    resp = await client.get("/docs")
    assert resp.status_code == 200
    assert resp.mimetype == "text/html"
    html = await resp.get_data(as_text=True)
    for path, ops in doc["paths"].items():
        for method in ops:
            assert f"{method}</span>{path}" in html, f"{method} {path} not on /docs"
    assert "API key with scope billing:read" in html
    assert "session cookie" in html
    assert "keyPrefix" in html  # response fields are listed
    assert not re.search(r"""(src|href)=["']https?://""", html)  # nothing from a CDN


async def test_docs_page_shows_account_and_public_rate_limits(client):
    html = await (await client.get("/docs")).get_data(as_text=True)
    assert "30/min, burst 10 per key and account" in html  # POST /api/render
    assert "GET /media/{path:key}" in html and "POST /preview/render" in html
    assert "not limited" in html  # /healthz

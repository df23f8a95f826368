"""/docs: the human API reference, rendered on the server from the OpenAPI document, and
/docs/guide/: the guides (docs/, built into a static site by `make docs`) when they are built.

No CDN and no JavaScript: it works offline, as self-hosters often are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from quart import Blueprint, Response, current_app, render_template, send_from_directory
from quart_schema import hide

from app.errors import STATUS_CODES, ApiError
from app.ratelimit import (
    DEFAULT_RULE,
    PUBLIC_RATE_LIMITS,
    RATE_LIMITS,
    UNLIMITED_PREFIXES,
    Rule,
    public_rule_for,
    rule_for,
)
from app.scopes import PRESETS, SCOPES
from app.state import get_settings

bp = Blueprint("apidocs", __name__)

METHOD_ORDER = {"get": 0, "post": 1, "put": 2, "patch": 3, "delete": 4}

# The front page of each reader's guides (docs/<page>.md, built to <page>.html); each links
# every page of its part.
GUIDES = (
    ("Start here", "index"),
    ("API guide", "api/index"),
    ("Operating", "operate/index"),
    ("Developing", "develop/index"),
    ("The dashboard", "use/dashboard"),
)


@dataclass
class Field:
    name: str
    type: str
    required: bool
    description: str
    ref: str | None = None


@dataclass
class Operation:
    method: str
    path: str
    summary: str
    description: str
    auth: str
    rate: str
    tag: str
    parameters: list[Field] = field(default_factory=list)
    body: list[Field] = field(default_factory=list)
    body_ref: str | None = None
    responses: list[tuple[str, str | None, list[Field]]] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return (
            f"{self.method}-{self.path}".lower().replace("/", "-").replace("{", "").replace("}", "")
        )


def ref_name(schema: dict[str, Any]) -> str | None:
    ref = schema.get("$ref")
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None


def type_label(schema: dict[str, Any]) -> str:
    """A short human type: `string`, `array of SceneConfig`, `one of a, b`, `integer or null`."""
    if name := ref_name(schema):
        return name
    if "anyOf" in schema or "oneOf" in schema:
        options = schema.get("anyOf") or schema.get("oneOf") or []
        labels = [type_label(o) for o in options if o.get("type") != "null"]
        nullable = any(o.get("type") == "null" for o in options)
        return " or ".join(labels) + (" or null" if nullable else "")
    if "enum" in schema:
        return "one of " + ", ".join(map(str, schema["enum"]))
    if "const" in schema:
        return f"always {schema['const']}"
    kind = schema.get("type", "any")
    if kind == "array":
        return "array of " + type_label(schema.get("items", {}))
    if kind == "object" and "additionalProperties" in schema:
        inner = schema["additionalProperties"]
        return "object of " + (type_label(inner) if isinstance(inner, dict) else "any")
    if fmt := schema.get("format"):
        return f"{kind} ({fmt})"
    return str(kind)


def first_ref(schema: dict[str, Any]) -> str | None:
    if name := ref_name(schema):
        return name
    for key in ("anyOf", "oneOf"):
        for option in schema.get(key, []):
            if name := first_ref(option):
                return name
    if schema.get("type") == "array":
        return first_ref(schema.get("items", {}))
    return None


def constraints(schema: dict[str, Any]) -> str:
    parts = []
    for key, word in (
        ("minLength", "min length"),
        ("maxLength", "max length"),
        ("minimum", "min"),
        ("maximum", "max"),
        ("maxItems", "max items"),
    ):
        if key in schema:
            parts.append(f"{word} {schema[key]}")
    if "default" in schema and schema["default"] is not None:
        parts.append(f"default {schema['default']!r}")
    return "; ".join(parts)


def fields_of(schema: dict[str, Any], schemas: dict[str, Any]) -> list[Field]:
    """The properties of an object schema (following one $ref)."""
    if name := ref_name(schema):
        schema = schemas.get(name, {})
    required = set(schema.get("required", []))
    out = []
    for prop, sub in schema.get("properties", {}).items():
        note = " ".join(x for x in (sub.get("description", ""), constraints(sub)) if x)
        out.append(Field(prop, type_label(sub), prop in required, note, first_ref(sub)))
    return out


def describe_auth(security: list[dict[str, list[str]]] | None) -> str:
    if not security:
        return "none"
    if any("Session" in s for s in security):
        return "session cookie (POST /api/auth/login)"
    scopes = next((v for s in security for v in s.values() if v), [])
    optional = any(s == {} for s in security)
    text = f"API key with scope {scopes[0]}" if scopes else "API key (any scope)"
    return ("optional; " + text) if optional else text


def json_schema(content: dict[str, Any]) -> dict[str, Any]:
    return content.get("application/json", {}).get("schema", {})


def operations(document: dict[str, Any]) -> list[Operation]:
    """Every operation of the document, sorted by tag, path and method."""
    schemas = document.get("components", {}).get("schemas", {})
    out = []
    for path, ops in document.get("paths", {}).items():
        for method, op in ops.items():
            rule_path = path.replace("{", "<").replace("}", ">")
            rule: Rule | None = None
            if (method.upper(), rule_path) in PUBLIC_RATE_LIMITS or not path.startswith("/api/"):
                if not path.startswith(UNLIMITED_PREFIXES):
                    rule = public_rule_for(method.upper(), rule_path)[1]
            else:
                rule = rule_for(method.upper(), rule_path)
            if rule is None:
                rate = "not limited"
            else:
                who = " per IP" if rule.per_ip else " per key and account"
                rate = f"{rule.limit}/min, burst {rule.burst}{who}"
            operation = Operation(
                method=method,
                path=path,
                summary=op.get("summary", ""),
                description=op.get("description", "").strip(),
                auth=describe_auth(op.get("security")),
                rate=rate,
                tag=(op.get("tags") or [path.split("/")[2] if path.count("/") > 1 else "Service"])[
                    0
                ].title(),
            )
            for param in op.get("parameters", []):
                sub = param.get("schema", {})
                note = " ".join(x for x in (param.get("description", ""), constraints(sub)) if x)
                operation.parameters.append(
                    Field(
                        f"{param['name']} ({param['in']})",
                        type_label(sub),
                        bool(param.get("required")),
                        note,
                    )
                )
            if body := op.get("requestBody"):
                schema = json_schema(body.get("content", {}))
                operation.body_ref = ref_name(schema)
                operation.body = fields_of(schema, schemas)
            for status, response in sorted(op.get("responses", {}).items()):
                schema = json_schema(response.get("content", {}))
                operation.responses.append((status, ref_name(schema), fields_of(schema, schemas)))
            out.append(operation)
    out.sort(key=lambda o: (o.tag, o.path, METHOD_ORDER.get(o.method, 9)))
    return out


@bp.get("/docs")
@hide
async def docs() -> str:
    """The human API reference."""
    document = current_app.extensions["QUART_SCHEMA"].openapi_provider.schema()
    schemas = document.get("components", {}).get("schemas", {})
    ops = operations(document)
    tags: dict[str, list[Operation]] = {}
    for op in ops:
        tags.setdefault(op.tag, []).append(op)
    return await render_template(
        "docs.html",
        info=document.get("info", {}),
        tags=tags,
        total=len(ops),
        schemas={name: fields_of(s, schemas) for name, s in sorted(schemas.items())},
        schema_docs={name: s.get("description", "") for name, s in schemas.items()},
        scopes=SCOPES,
        presets=PRESETS,
        status_codes=sorted((s, c) for s, c in STATUS_CODES.items() if s not in (413, 415)),
        rate_rows=sorted(
            ((method, path.replace("<", "{").replace(">", "}")), rule)
            for (method, path), rule in (RATE_LIMITS | PUBLIC_RATE_LIMITS).items()
        ),
        default_rule=DEFAULT_RULE,
        guides=GUIDES,
        guides_built=(get_settings().guide_dir / "index.html").is_file(),
    )


@bp.get("/docs/guide/")
@bp.get("/docs/guide/<path:page>")
@hide
async def guide(page: str = "index.html") -> Response:
    """A file of the built guides; 404 (the JSON error body) while they are not built."""
    site = get_settings().guide_dir
    if not (site / "index.html").is_file():
        raise ApiError(404, "The guides are not built here: run `make docs` (source: docs/)")
    return await send_from_directory(site, page)

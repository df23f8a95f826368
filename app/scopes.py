"""Who may call the API with a key, and for what: the tier keys need, the single table of
scopes, presets, and the scope each endpoint needs. Read by auth, the keys domain, the API
docs, the CLI and the tests alike."""

from __future__ import annotations

from app.errors import DomainError, Kind
from app.spec import TIER_RANK

# SPEC 5: API access (and so API keys) needs the Studio tier or above.
API_MIN_TIER = "studio"

SCOPES: dict[str, str] = {
    "videos:create": "Single render jobs",
    "videos:create:batch": "Batch render jobs",
    "videos:read": "Poll status, video URLs",
    "videos:delete": "Delete rendered videos",
    "templates:read": "List templates, view data schemas",
    "templates:write": "Create, update, fork, delete templates",
    "projects:read": "List and view projects",
    "projects:write": "Create, update, delete projects",
    "billing:read": "View credits and usage",
    "webhooks:manage": "Create and update webhooks",
    "keys:manage": "Create and revoke keys",
}

PRESETS: dict[str, tuple[str, ...]] = {
    "render-only": ("videos:create", "videos:read"),
    "render-batch": ("videos:create", "videos:create:batch", "videos:read"),
    "full-access": ("videos:*", "projects:*", "templates:read"),
    "read-only": ("videos:read", "projects:read", "billing:read"),
    "admin": ("*",),
}

# (method, route rule) -> scope needed. Routes decorated with @require_auth or @optional_auth
# look themselves up here; tests/integration/auth/test_api_key_auth.py fails on a missing row.
ENDPOINT_SCOPES: dict[tuple[str, str], str] = {
    ("POST", "/api/render"): "videos:create",
    ("POST", "/api/render/batch"): "videos:create:batch",
    ("GET", "/api/render/batch"): "videos:read",
    ("GET", "/api/render/<job_id>"): "videos:read",
    ("DELETE", "/api/render/<job_id>"): "videos:delete",
    ("GET", "/api/templates"): "templates:read",
    ("GET", "/api/templates/<template_id>"): "templates:read",
    ("POST", "/api/templates"): "templates:write",
    ("PATCH", "/api/templates/<template_id>"): "templates:write",
    ("PUT", "/api/templates/<template_id>"): "templates:write",
    ("DELETE", "/api/templates/<template_id>"): "templates:write",
    ("POST", "/api/prompt-builder"): "templates:write",
    ("POST", "/api/generate-script"): "templates:write",
    ("POST", "/api/translate"): "templates:write",
    ("GET", "/api/projects"): "projects:read",
    ("GET", "/api/projects/<project_id>"): "projects:read",
    ("POST", "/api/projects"): "projects:write",
    ("PATCH", "/api/projects/<project_id>"): "projects:write",
    ("DELETE", "/api/projects/<project_id>"): "projects:write",
    ("GET", "/api/billing"): "billing:read",
    ("GET", "/api/webhooks"): "webhooks:manage",
    ("POST", "/api/webhooks"): "webhooks:manage",
    ("DELETE", "/api/webhooks/<webhook_id>"): "webhooks:manage",
    ("POST", "/api/webhooks/test"): "webhooks:manage",
    ("GET", "/api/webhooks/<webhook_id>"): "webhooks:manage",
    ("PATCH", "/api/webhooks/<webhook_id>"): "webhooks:manage",
    ("POST", "/api/webhooks/<webhook_id>/rotate-secret"): "webhooks:manage",
    ("GET", "/api/webhooks/<webhook_id>/deliveries"): "webhooks:manage",
    ("POST", "/api/webhooks/deliveries/<delivery_id>/redeliver"): "webhooks:manage",
    ("POST", "/api/webhooks/<webhook_id>/replay"): "webhooks:manage",
    ("GET", "/api/analytics/campaign/<batch_id>/heatmap"): "videos:read",
    ("GET", "/api/analytics/campaign/<batch_id>/ab"): "videos:read",
    ("GET", "/api/analytics/campaign/<batch_id>/recipients"): "videos:read",
    ("GET", "/api/analytics/campaign/<batch_id>/renders"): "videos:read",
    ("GET", "/api/render/<job_id>/engagement"): "videos:read",
    ("POST", "/api/thumbnail"): "videos:read",
    ("GET", "/api/triggers"): "videos:read",
    ("POST", "/api/triggers"): "videos:create",
    ("GET", "/api/triggers/<rule_id>"): "videos:read",
    ("PATCH", "/api/triggers/<rule_id>"): "videos:create",
    ("DELETE", "/api/triggers/<rule_id>"): "videos:create",
    ("POST", "/api/events/ingest"): "videos:create",
}

# /api endpoints that take no key and no session (SPEC part 5 item 5, plus our audio catalogs
# and signing in). A key sent there is not checked; the same test keeps this set truthful.
PUBLIC_ENDPOINTS: frozenset[tuple[str, str]] = frozenset(
    {
        ("GET", "/api/primitives"),
        ("GET", "/api/languages"),
        ("GET", "/api/music"),
        ("GET", "/api/voices"),
        ("POST", "/api/track"),
        ("POST", "/api/track/session"),
        ("POST", "/api/auth/login"),
    }
)


class UnknownScope(DomainError):
    """A scope or preset name that does not exist (400). `str()` is the name alone: the CLI
    and the dashboard put it in their own words; the API answers with `message`."""

    kind = Kind.INVALID

    def __init__(self, scope: str) -> None:
        super().__init__(
            f"Unknown scope '{scope}'. Use a preset ({', '.join(PRESETS)}) or a comma-separated "
            f"list of: {', '.join(SCOPES)} (wildcards `group:*` and `*` allowed)",
            details=[{"loc": ["scopes"], "msg": f"unknown scope '{scope}'", "type": "enum"}],
        )
        self.scope = scope

    def __str__(self) -> str:
        return self.scope


class TierTooLow(DomainError):
    """The account's tier does not allow API access (403), whether using a key or making one."""

    kind = Kind.FORBIDDEN

    def __init__(self, tier: str) -> None:
        super().__init__(
            f"API access requires the {API_MIN_TIER} tier or above; this account is {tier}. "
            f"Upgrade the account to {API_MIN_TIER} to use API keys."
        )
        self.tier = tier


def tier_allows_keys(tier: str) -> bool:
    return TIER_RANK.get(tier, 0) >= TIER_RANK[API_MIN_TIER]


def parse_scopes(value: str) -> tuple[str, ...]:
    """A preset name or a comma-separated scope list -> the granted scope patterns.

    Patterns may be exact scopes, `group:*`, or `*`. Unknown names raise UnknownScope.
    """
    value = value.strip()
    if value in PRESETS:
        return PRESETS[value]
    granted: list[str] = []
    for raw in value.split(","):
        scope = raw.strip()
        if not scope:
            continue
        if scope == "*":
            pass
        elif scope.endswith(":*"):
            group = scope[:-2]
            if not any(s.split(":", 1)[0] == group for s in SCOPES):
                raise UnknownScope(scope)
        elif scope not in SCOPES:
            raise UnknownScope(scope)
        if scope not in granted:
            granted.append(scope)
    if not granted:
        raise UnknownScope(value)
    return tuple(granted)


def stored_scopes(value: str) -> tuple[str, ...]:
    """The granted patterns of a stored key (`ApiKey.scopes`: comma-joined, already checked)."""
    return tuple(s for s in value.split(",") if s)


def scope_allows(granted: tuple[str, ...] | list[str], needed: str | None) -> bool:
    """Whether granted patterns cover the needed scope (`videos:*` covers `videos:create:batch`)."""
    if needed is None:
        return True
    for pattern in granted:
        if pattern == "*" or pattern == needed:
            return True
        if pattern.endswith(":*") and needed.startswith(pattern[:-1]):
            return True
    return False


def expand(granted: tuple[str, ...] | list[str]) -> list[str]:
    """Concrete scopes a set of patterns grants (for display)."""
    return [s for s in SCOPES if scope_allows(granted, s)]

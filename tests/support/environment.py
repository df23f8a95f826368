"""Settings as the REELSMITH_* environment of a subprocess (a worker, a live API server) that
shares this process's database, Redis namespace and media."""

from __future__ import annotations

from typing import Any

from app.config import Settings

# What every process of one deployment shares (the voice quality too: a test's worker speaks
# with the voices the test chose, tests/conftest.py).
SHARED = (
    "database_url",
    "redis_url",
    "redis_prefix",
    "queue_name",
    "media_dir",
    "public_url",
    "voice_quality",
)


def setting_vars(**values: Any) -> dict[str, str]:
    """REELSMITH_<NAME> for each setting given (booleans as true/false, as the app reads them)."""
    return {
        f"REELSMITH_{name.upper()}": str(value).lower() if isinstance(value, bool) else str(value)
        for name, value in values.items()
    }


def settings_env(settings: Settings, *fields: str, **values: Any) -> dict[str, str]:
    """The variables of the SHARED settings and of `fields`, read from `settings`, then of
    `values` as given."""
    read = {name: getattr(settings, name) for name in (*SHARED, *fields)}
    # One secret key for every process, as a deployment has (REELSMITH_SECRET_KEY): signed
    # viewing sessions, sealed webhook secrets and links agree across them.
    read["secret_key"] = settings.session_secret
    return setting_vars(**{**read, **values})
